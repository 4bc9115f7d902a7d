/**
 * The fabric model's state after the fixed point in this tree against another tree's (session 18, speed
 * work): solveModel on the same params in both trees, every typed array of the state (per channel and
 * per turn: loads, moments, waits, head-wait probabilities, …) compared element by element with
 * Object.is, and the iteration counts. fabric-model-same.ts compares the result; this also sees the
 * numbers the result does not show (a step that leaves a state array to be written later must leave it
 * as before). Cases: four reference topologies (1 and 2 SLs) at 30, 70, 95, 120 and 200 % of the
 * simulated saturation load, FIFO and VoQ inputs, and the 10,000 random pairs (41 solves).
 *
 *   node --import tsx benchmarks/fabric-model-same-state.ts /path/to/other/src
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as here from '../src/model/index.js';
import { solveModel as solveHere } from '../src/model/solve.js';
import { fabricModelCases } from './fabric-model-cases.js';

const other = process.argv[2];
if (other === undefined) throw new Error('usage: fabric-model-same-state.ts /path/to/other/src');
const there = (await import(join(other, 'model', 'index.ts'))) as typeof here;
const { solveModel: solveThere } = (await import(join(other, 'model', 'solve.ts'))) as { solveModel: typeof solveHere };
const DIR = join(import.meta.dirname, '..', 'test', 'fixtures', 'fabric-model');
const cases: [string, object][] = [];
for (const name of ['4ary2tree-uniform-1sl', 'mesh8x8-transpose-1sl', '4ary3tree-transpose-1sl', '4ary2tree-bitcomp-2sl']) {
  const c = JSON.parse(readFileSync(join(DIR, `${name}.json`), 'utf8')) as { scenarioFile: string; points: { label: string; flowRatePps: number }[] };
  const sc = JSON.parse(readFileSync(join(DIR, c.scenarioFile), 'utf8')) as { params: { flows: object[] } & Record<string, unknown> };
  const saturation = c.points.find((p) => p.label === '90%')!.flowRatePps / 0.9;
  for (const share of [0.3, 0.7, 0.95, 1.2, 2]) {
    for (const inputQueueing of ['voq', 'fifo']) {
      cases.push([`${name} ${inputQueueing} ${share}`, { ...sc.params, inputQueueing, flows: sc.params.flows.map((f) => ({ ...f, traffic: { kind: 'poisson', rate: share * saturation } })) }]);
    }
  }
}
cases.push(['10,000 random pairs', fabricModelCases().pairs]);
let differing = 0;
for (const [name, params] of cases) {
  const a = solveThere(there.fabricModelNetwork(params), 1e-7, 200, 0.5);
  const b = solveHere(here.fabricModelNetwork(params), 1e-7, 200, 0.5);
  const notes: string[] = a.iterations === b.iterations ? [] : [`iterations ${a.iterations} against ${b.iterations}`];
  const sa = a.s as unknown as Record<string, unknown>;
  const sb = b.s as unknown as Record<string, unknown>;
  for (const key of Object.keys(sa)) {
    const x = sa[key];
    const y = sb[key];
    if (!ArrayBuffer.isView(x) || !ArrayBuffer.isView(y)) continue;
    const xs = x as unknown as ArrayLike<number>;
    const ys = y as unknown as ArrayLike<number>;
    let i = 0;
    while (i < xs.length && Object.is(xs[i], ys[i])) i++;
    if (i < xs.length || xs.length !== ys.length) notes.push(`${key}[${i}] ${xs[i]} against ${ys[i]}`);
  }
  if (notes.length > 0) ((differing += 1), console.log(`${name}: ${notes.join('; ')}`));
}
console.log(`${cases.length} solves, ${differing} with another iteration count or a state array not the same bit for bit`);

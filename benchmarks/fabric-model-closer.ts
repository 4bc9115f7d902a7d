/**
 * The fabric model's answer in this tree and in another tree, each against the fixed point solved to
 * a tolerance of 10⁻¹³ (issue 31, speed work: a change of the fixed point's path may land elsewhere
 * within the tolerance, but no farther from the fixed point than the other tree's answer). The solves of
 * fabric-model-same.ts (every reference case of test/fixtures/fabric-model at each load point, 120 % and
 * 200 % of the simulated saturation load, the 512- and 648-host cases at 50 %, 90 % and 200 %, FIFO and
 * VoQ inputs); the tight solve is the other tree's, made only where its default solve converged.
 * Printed per case: iterations of both trees (sums), the largest relative difference of a flow's
 * latency and of its throughput from the tight solve, for each tree, over the converged solves; then
 * every solve whose convergence, flags or capping differ between the trees, or whose answer is
 * farther from the tight solve in this tree than in the other by more than 10⁻¹² relative.
 *
 *   node --import tsx benchmarks/fabric-model-closer.ts /path/to/other/src [case-substring] [--skip a,b]
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import * as here from '../src/model/index.js';

const args = process.argv.slice(2);
const other = args[0];
if (other === undefined) throw new Error('usage: fabric-model-closer.ts /path/to/other/src [case-substring] [--skip a,b]');
const skipAt = args.indexOf('--skip');
const skip = skipAt >= 0 ? args[skipAt + 1]!.split(',') : [];
const only = args[1] !== undefined && args[1] !== '--skip' ? args[1] : undefined;
const there = (await import(join(other, 'model', 'index.ts'))) as typeof here;
const DIR = join(import.meta.dirname, '..', 'test', 'fixtures', 'fabric-model');
const LARGE = /^(8ary3tree|gran648)-/;
/** Relative difference; 0 for equal numbers (NaN and NaN, Infinity and Infinity included), Infinity for a finite number against NaN or Infinity. */
const rel = (a: number, b: number) => (Object.is(a, b) || a === b ? 0 : !Number.isFinite(a) || !Number.isFinite(b) ? Infinity : Math.abs(a - b) / Math.max(Math.abs(a), Math.abs(b)));
type Result = ReturnType<typeof here.solveFabric>;
/** Largest relative difference of a flow's latency and of its throughput. */
function apart(a: Result, b: Result): [number, number] {
  let dl = 0;
  let dt = 0;
  a.flows.forEach((x, i) => ((dl = Math.max(dl, rel(x.latency, b.flows[i]!.latency))), (dt = Math.max(dt, rel(x.throughput, b.flows[i]!.throughput)))));
  return [dl, dt];
}

interface Point {
  label: string;
  flowRatePps: number;
}
let solves = 0;
let flagged = 0;
const total = { itThere: 0, itHere: 0, worstThere: 0, worstHere: 0 };
for (const file of readdirSync(DIR).filter((f) => f.endsWith('.json') && (only === undefined || f.includes(only)) && !skip.some((k) => f.includes(k))).sort()) {
  const c = JSON.parse(readFileSync(join(DIR, file), 'utf8')) as { scenarioFile: string; points: Point[] };
  const scenario = JSON.parse(readFileSync(join(DIR, c.scenarioFile), 'utf8')) as { params: { flows: object[] } & Record<string, unknown> };
  const saturation = c.points.find((p) => p.label === '90%')!.flowRatePps / 0.9;
  const rates = [...c.points.map((p) => p.flowRatePps), 1.2 * saturation, 2 * saturation];
  const k = { itThere: 0, itHere: 0, lThere: 0, lHere: 0, tThere: 0, tHere: 0, nonConverged: 0 };
  for (const inputQueueing of ['fifo', 'voq']) {
    for (const pps of LARGE.test(file) ? [rates[1]!, rates[3]!, rates[5]!] : rates) {
      const params = { ...scenario.params, inputQueueing, flows: scenario.params.flows.map((f) => ({ ...f, traffic: { kind: 'poisson', rate: pps } })) };
      const netThere = there.fabricModelNetwork(params);
      const a = there.solveFabric(netThere);
      const b = here.solveFabric(here.fabricModelNetwork(params));
      solves++;
      k.itThere += a.diagnostics.iterations;
      k.itHere += b.diagnostics.iterations;
      const notes: string[] = [];
      if (a.diagnostics.converged !== b.diagnostics.converged) notes.push(`converged ${a.diagnostics.converged} against ${b.diagnostics.converged}`);
      const flagsDiffer = a.flows.filter((x, i) => x.flags.join() !== b.flows[i]!.flags.join() || x.capped !== b.flows[i]!.capped || x.cappedBy !== b.flows[i]!.cappedBy).length;
      if (flagsDiffer > 0) notes.push(`${flagsDiffer} flows' flags or capping`);
      if (a.diagnostics.converged && b.diagnostics.converged) {
        const tight = there.solveFabric(netThere, { tolerance: 1e-13, maxIterations: 2000 });
        const [lA, tA] = apart(a, tight);
        const [lB, tB] = apart(b, tight);
        if (!tight.diagnostics.converged) notes.push(`the tight solve did not converge (residual ${tight.diagnostics.residual.toExponential(1)})`);
        if (lB > lA * (1 + 1e-3) + 1e-12 || tB > tA * (1 + 1e-3) + 1e-12) notes.push(`farther from the tight solve: latency ${lB.toExponential(2)} against ${lA.toExponential(2)}, throughput ${tB.toExponential(2)} against ${tA.toExponential(2)}`);
        ((k.lThere = Math.max(k.lThere, lA)), (k.lHere = Math.max(k.lHere, lB)), (k.tThere = Math.max(k.tThere, tA)), (k.tHere = Math.max(k.tHere, tB)));
      } else if (!a.diagnostics.converged) k.nonConverged++;
      if (b.diagnostics.iterations > a.diagnostics.iterations) notes.push("more iterations");
      if (notes.length > 0) {
        flagged++;
        console.log(`  ${file} ${inputQueueing} ${pps.toFixed(0)} packets/s (iterations ${a.diagnostics.iterations} and ${b.diagnostics.iterations}): ${notes.join('; ')}`);
      }
    }
  }
  ((total.itThere += k.itThere), (total.itHere += k.itHere), (total.worstThere = Math.max(total.worstThere, k.lThere, k.tThere)), (total.worstHere = Math.max(total.worstHere, k.lHere, k.tHere)));
  console.log(`${file}: iterations ${k.itThere} → ${k.itHere}; from the tight solve, latency ${k.lThere.toExponential(1)} → ${k.lHere.toExponential(1)}, throughput ${k.tThere.toExponential(1)} → ${k.tHere.toExponential(1)}${k.nonConverged > 0 ? `; ${k.nonConverged} solves not converged in the other tree` : ''}`);
}
console.log(`${solves} solves, ${flagged} noted above; iterations ${total.itThere} → ${total.itHere}; largest relative difference from the tight solve (latency or throughput, converged solves) ${total.worstThere.toExponential(1)} → ${total.worstHere.toExponential(1)}`);

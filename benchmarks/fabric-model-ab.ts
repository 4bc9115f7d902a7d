/**
 * The fabric model's speed in this tree against another tree's, in one process (issue 31: the
 * machine is shared, so the ratio of the two in the same run is the robust figure): the two cases of
 * benchmarks/fabric-model.ts (10,000 random pairs at 30 %, Gran's 648-host all-to-all at 50 %), each
 * tree's `solveFabric` on its own resolved network, the two taken in turn, CPU time best of 10 and 4
 * after 8 and 2 warm-up solves, a collection before each; the front ends (`fabricModelNetwork`) best
 * of 2. Solve as in fabric-model.ts: the fixed point to the per-channel answer and each flow's
 * throughput and latency in typed arrays; not the per-flow records, built on first access.
 *
 *   node --expose-gc --import tsx benchmarks/fabric-model-ab.ts /path/to/other/src [pairs|all] [--no-gc] [--fresh] [--n N]
 *
 * `--n N` (session 17): N timed solves of each tree per case instead of 10 and 4 (a best of more on a busy machine).
 *
 * `--fresh`: each solve of a network object made for it (`{ ...net }`: the same ports and flows), so
 * that nothing the tree keeps with a network it has solved (the compiled model and its work arrays,
 * session 13) serves the next solve: the cost of a first solve, less the front end.
 */
import { join } from 'node:path';
import os from 'node:os';
import * as here from '../src/model/index.js';
import { gc, machineLine } from './harness.js';
import { fabricModelCases } from './fabric-model-cases.js';

const other = process.argv[2];
if (other === undefined) throw new Error('usage: fabric-model-ab.ts /path/to/other/src [pairs|all]');
const which = process.argv[3]?.startsWith('--') ? undefined : process.argv[3];
/** `--no-gc`: no collection forced before each solve (the steady state of solves one after another; a forced full collection leaves the collector's threads busy, and their CPU time counts, during the solve after it). */
const forceGc = !process.argv.includes('--no-gc');
const fresh = process.argv.includes('--fresh');
const nAt = process.argv.indexOf('--n');
const repeats = nAt > 0 ? Number(process.argv[nAt + 1]) : undefined;
if (repeats !== undefined && !(Number.isInteger(repeats) && repeats >= 1)) throw new Error(`--n: a whole number of solves >= 1, got ${process.argv[nAt + 1]}`);
const there = (await import(join(other, 'model', 'index.ts'))) as typeof here;
const { pairs, allToAll } = fabricModelCases();
/** CPU and wall milliseconds of one call, after a collection. */
function timed(fn: () => unknown): [number, number] {
  if (forceGc) gc?.();
  const c0 = process.cpuUsage();
  const w0 = performance.now();
  fn();
  const c = process.cpuUsage(c0);
  return [(c.user + c.system) / 1000, performance.now() - w0];
}
console.log(machineLine());
const cases = [
  { key: 'pairs', name: '10,000 random pairs, 30 % per host', params: pairs, warm: 8, n: repeats ?? 10 },
  { key: 'all', name: "Gran's 648 all-to-all (419,256 flows), 50 % per host", params: allToAll, warm: 2, n: repeats ?? 4 },
];
for (const c of cases.filter((x) => which === undefined || x.key === which)) {
  const netThere = there.fabricModelNetwork(c.params);
  const netHere = here.fabricModelNetwork(c.params);
  for (let i = 0; i < c.warm; i++) (there.solveFabric(netThere), here.solveFabric(netHere));
  let a: [number, number] = [Infinity, Infinity];
  let b: [number, number] = [Infinity, Infinity];
  for (let i = 0; i < c.n; i++) {
    const ta = timed(() => there.solveFabric(fresh ? { ...netThere } : netThere));
    const tb = timed(() => here.solveFabric(fresh ? { ...netHere } : netHere));
    if (ta[0] < a[0]) a = ta;
    if (tb[0] < b[0]) b = tb;
  }
  let fa = Infinity;
  let fb = Infinity;
  for (let i = 0; i < 2; i++) ((fa = Math.min(fa, timed(() => there.fabricModelNetwork(c.params))[0])), (fb = Math.min(fb, timed(() => here.fabricModelNetwork(c.params))[0])));
  console.log(`${c.name}${forceGc ? '' : ' (no forced collection)'}${fresh ? ' (a fresh network object per solve)' : ''}: solve, other tree ${a[0].toFixed(1)} ms CPU (${a[1].toFixed(1)} wall), this tree ${b[0].toFixed(1)} ms CPU (${b[1].toFixed(1)} wall), ratio ${(a[0] / b[0]).toFixed(2)}; front end ${fa.toFixed(0)} and ${fb.toFixed(0)} ms CPU; load average ${os.loadavg()[0]!.toFixed(1)}`);
}

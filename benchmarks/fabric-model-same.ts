/**
 * The fabric model's numbers in this tree against another tree's (issue 31, speed work: a change of
 * structure must leave the answer as it was). Every reference case of test/fixtures/fabric-model at
 * each load point, 120 % and 200 % of the simulated saturation load (the 512- and 648-host cases at
 * 50 %, 90 % and 200 %), FIFO and VoQ inputs: both trees solve the same params; printed per case, the
 * largest relative difference of a flow's latency, and every solve whose iteration count,
 * convergence, a flow's throughput, flags or capping resource differ (those must be equal); at the
 * end the largest relative difference of any other number above 10⁻⁶ (queueing per hop, credit waits,
 * the channels' utilisation, mean queue, credit stall, far-end full probability).
 *
 *   node --import tsx benchmarks/fabric-model-same.ts /path/to/other/src [case-substring] [--plain-damping] [--within 1e-6] [--skip SUBSTR ...]
 *
 * `--within TOL` (session 14): a change that sums in another order may move the numbers by rounding; then
 * a solve counts as differing only where a verdict differs (convergence, a flow's flags or capping) or,
 * for a solve both trees converged, a flow's throughput or latency or another number above 10⁻⁶ differs
 * by more than TOL relative; iteration counts that differ are counted apart, and the solves that did not
 * converge (whose last iterate is at the mercy of the rounding) are reported apart, with their flags.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import * as here from '../src/model/index.js';

const other = process.argv[2];
if (other === undefined) throw new Error('usage: fabric-model-same.ts /path/to/other/src [case-substring]');
const only = process.argv[3]?.startsWith('--') ? undefined : process.argv[3];
/** `--skip SUBSTR` (repeatable, session 16): leave out the cases whose file name holds SUBSTR (8ary3tree-uniform-2sl's non-converging solves take a quarter of an hour a tree). */
const skip = process.argv.flatMap((a, i) => (a === '--skip' && process.argv[i + 1] !== undefined ? [process.argv[i + 1]!] : []));
const withinAt = process.argv.indexOf('--within');
/** Relative tolerance for converged solves (0: bit for bit, the default). */
const within = withinAt > 0 ? Number(process.argv[withinAt + 1]) : 0;
if (!(within >= 0 && within < 1)) throw new Error(`--within: a relative tolerance in [0, 1), got ${process.argv[withinAt + 1]}`);
/** `--plain-damping`: this tree's solves with ω throughout (no adaptive damping, session 12), to check a change of structure alone. */
const options = process.argv.includes('--plain-damping') ? { adaptiveDamping: false } : {};
const there = (await import(join(other, 'model', 'index.ts'))) as typeof here;
const DIR = join(import.meta.dirname, '..', 'test', 'fixtures', 'fabric-model');
const LARGE = /^(8ary3tree|gran648)-/;
/** Relative difference; 0 for equal numbers (NaN and NaN, Infinity and Infinity included: the same answer). */
const rel = (a: number, b: number) => (Object.is(a, b) || a === b || (a !== a && b !== b) ? 0 : Math.abs(a - b) / Math.max(Math.abs(a), Math.abs(b)) || Infinity);

interface Point {
  label: string;
  flowRatePps: number;
}
let worstLatency = 0;
let worstOther = 0;
let solves = 0;
let differing = 0;
/** With --within: solves whose iteration counts differ; the largest differences in solves that did not converge. */
let iterationsDiffer = 0;
let worstUnconverged = 0;
let worstThroughput = 0;
/** With --within: the solves (by number) that converged in neither tree and flag or cap some flow otherwise. */
const unconvergedFlags = new Set<number>();
for (const file of readdirSync(DIR).filter((f) => f.endsWith('.json') && (only === undefined || f.includes(only)) && !skip.some((x) => f.includes(x))).sort()) {
  const c = JSON.parse(readFileSync(join(DIR, file), 'utf8')) as { scenarioFile: string; points: Point[] };
  const scenario = JSON.parse(readFileSync(join(DIR, c.scenarioFile), 'utf8')) as { params: { flows: object[] } & Record<string, unknown> };
  const saturation = c.points.find((p) => p.label === '90%')!.flowRatePps / 0.9;
  const rates = [...c.points.map((p) => p.flowRatePps), 1.2 * saturation, 2 * saturation];
  let caseLatency = 0;
  for (const inputQueueing of ['fifo', 'voq']) {
    for (const pps of LARGE.test(file) ? [rates[1]!, rates[3]!, rates[5]!] : rates) {
      const params = { ...scenario.params, inputQueueing, flows: scenario.params.flows.map((f) => ({ ...f, traffic: { kind: 'poisson', rate: pps } })) };
      const a = there.solveFabric(there.fabricModelNetwork(params));
      const b = here.solveFabric(here.fabricModelNetwork(params), options);
      solves++;
      const notes: string[] = [];
      const bothConverged = a.diagnostics.converged && b.diagnostics.converged;
      // Bit for bit (within 0), or within the tolerance where both converged; a solve that did not converge is reported apart.
      const loose = within > 0 && !bothConverged;
      if (a.diagnostics.iterations !== b.diagnostics.iterations) {
        if (within > 0) {
          iterationsDiffer++;
          console.log(`${file} ${inputQueueing} ${pps.toFixed(0)} packets/s: iterations ${a.diagnostics.iterations} against ${b.diagnostics.iterations} (converged ${a.diagnostics.converged} / ${b.diagnostics.converged})`);
        }
        else notes.push(`iterations ${a.diagnostics.iterations} against ${b.diagnostics.iterations}`);
      }
      if (a.diagnostics.converged !== b.diagnostics.converged) notes.push('convergence');
      if (a.flows.length !== b.flows.length) notes.push('flow count');
      let solveWorst = 0;
      a.flows.forEach((x, i) => {
        const y = b.flows[i];
        if (y === undefined || x.name !== y.name) return;
        const dt = rel(x.throughput, y.throughput);
        if (loose) worstUnconverged = Math.max(worstUnconverged, dt);
        else if (dt > within) notes.push(`${x.name} throughput ${x.throughput} against ${y.throughput}`);
        else worstThroughput = Math.max(worstThroughput, dt);
        if (x.flags.join() !== y.flags.join() || x.capped !== y.capped || x.cappedBy !== y.cappedBy) {
          if (within > 0 && !a.diagnostics.converged && !b.diagnostics.converged) unconvergedFlags.add(solves);
          else notes.push(`${x.name} flags or capping`);
        }
        const dl = rel(x.latency, y.latency);
        if (loose) worstUnconverged = Math.max(worstUnconverged, dl);
        else {
          caseLatency = Math.max(caseLatency, dl);
          if (dl > within) notes.push(`${x.name} latency ${x.latency} against ${y.latency}`);
        }
        for (const [p, q] of [[x.fixedLatency, y.fixedLatency], [x.creditWait, y.creditWait], ...x.queueingPerHop.map((w, h) => [w, y.queueingPerHop[h]!])] as [number, number][]) {
          if (Math.abs(p) > 1e-6) solveWorst = Math.max(solveWorst, rel(p, q));
        }
      });
      a.channels.forEach((x, i) => {
        const y = b.channels[i]!;
        for (const k of ['utilization', 'meanQueue', 'creditStall', 'downstreamFullProbability'] as const) if (Math.abs(x[k]) > 1e-6) solveWorst = Math.max(solveWorst, rel(x[k], y[k]));
      });
      if (loose) worstUnconverged = Math.max(worstUnconverged, solveWorst);
      else {
        worstOther = Math.max(worstOther, solveWorst);
        if (within > 0 && solveWorst > within) notes.push(`another number by ${solveWorst.toExponential(1)}`);
      }
      if (unconvergedFlags.has(solves)) console.log(`${file} ${inputQueueing} ${pps.toFixed(0)} packets/s: not converged in either tree (${a.diagnostics.iterations} iterations, residual ${a.diagnostics.residual.toExponential(1)} against ${b.diagnostics.residual.toExponential(1)}), ${a.flows.filter((x, i) => x.flags.join() !== b.flows[i]?.flags.join() || x.cappedBy !== b.flows[i]?.cappedBy).length} flows flagged or capped otherwise`);
      if (notes.length > 0) {
        differing++;
        console.log(`${file} ${inputQueueing} ${pps.toFixed(0)} packets/s: ${notes.slice(0, 4).join('; ')}${notes.length > 4 ? ` (and ${notes.length - 4} more)` : ''}`);
      }
    }
  }
  worstLatency = Math.max(worstLatency, caseLatency);
  console.log(`${file}: largest relative difference of a flow's latency ${caseLatency.toExponential(1)}`);
}
if (within > 0) {
  console.log(`${solves} solves; ${differing} with a different convergence, flag or capping, or a converged solve's number more than ${within} apart; converged solves: latencies within ${worstLatency.toExponential(1)} relative, throughputs within ${worstThroughput.toExponential(1)}, every other number above 1e-6 within ${worstOther.toExponential(1)}; ${iterationsDiffer} with another iteration count; solves not converged (in either tree): numbers within ${worstUnconverged.toExponential(1)}, ${unconvergedFlags.size} of them (converged in neither) with flows flagged or capped otherwise`);
} else console.log(`${solves} solves, ${differing} with a different iteration count, convergence, throughput, flag or capping; latencies within ${worstLatency.toExponential(1)} relative; every other number above 1e-6 within ${worstOther.toExponential(1)}`);

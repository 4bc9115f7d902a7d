/**
 * H44e (entry 410): the two-input merge of sim-case-params.ts `merge2-bare` (hosts a, b → o on one switch, λx each): per
 * flow the model's mean latency (this tree's src; run with and without TRY410=1) beside the simulator's (replications, 95 %
 * half-width), in transmissions x.
 *
 *     TRY410=1 npx tsx benchmarks/merge2-bare-latency.ts 0.30 0.40 0.45 [--reps 5] [--packets 10000] [--no-sim]
 */
import { takeNumber } from './harness.js';
import { MTU_US } from '../test/helpers/mergeBare.js';
import { simCaseParams } from './sim-case-params.js';
import { simulate } from '../src/index.js';
import { fabricModelNetwork } from '../src/model/spec/scenario.js';
import { solveModel } from '../src/model/solve.js';
import { modelResult } from '../src/model/results/assemble.js';

const argv = process.argv.slice(2);
const reps = takeNumber(argv, '--reps', 5);
const packets = takeNumber(argv, '--packets', 10000);
const noSim = argv.includes('--no-sim');
for (const lx of argv.filter((a) => !a.startsWith('--')).map(Number)) {
  const { params: p, pps } = simCaseParams('merge2-bare', String(lx));
  const solved = solveModel(fabricModelNetwork(p as never), 1e-7, 500, 1);
  const res = modelResult(solved as never) as unknown as { flows: { name: string; latency: number }[] };
  let simLat: Record<string, { mean: number; halfWidth?: number }> = {};
  if (!noSim) {
    const until = packets / pps;
    simLat = (simulate({ scenario: 'fabric', params: p } as never, { replications: reps, seed: 1, until, warmup: until / 5 }) as unknown as { metrics: { latency: Record<string, { mean: number; halfWidth?: number }> } }).metrics.latency;
  }
  const x = (v: number) => (v / MTU_US).toFixed(3);
  for (const f of res.flows) {
    const sm = simLat[f.name];
    console.log(`λx ${lx} TRY410=${process.env.TRY410 ?? ''} ${f.name}: model ${x(f.latency)} x` + (sm ? `  sim ${x(sm.mean)} x ± ${((100 * (sm.halfWidth ?? NaN)) / sm.mean).toFixed(1)} %  err ${(100 * (f.latency / sm.mean - 1)).toFixed(1)} %` : ''));
  }
}

/**
 * Why the DRB seed's IB CC (`--cc ibcc-drb-paper`) did not throttle, and what it does with the seed's
 * recovery rule: static routing on the 8×8 torus and the 4×8 mesh (perfect shuffle) without CC, with
 * the seed's IB CC whose timer lowers the level at every expiry ('timer'), and with the seed's rule
 * that it does so only after a period without notification ('quiet'). Prints received load,
 * latency, the mean and largest throttle level (CCTI) at the end of the run, and the mean injection
 * rate limit. docs/drb.md quotes its output.
 *
 *   node --import tsx benchmarks/analysis/drb-ibcc-throttle.ts            (2 ms after 0.4 ms, 2 replications)
 *   UNTIL=0.005 REPS=3 node --import tsx benchmarks/analysis/drb-ibcc-throttle.ts
 */
import { simulate } from '../../src/sim/index.js';
import '../../src/studies/index.js'; // registers the seed studies' scenarios
import { machineLine } from '../harness.js';

const UNTIL = Number(process.env.UNTIL ?? 0.002);
const REPS = Number(process.env.REPS ?? 2);
const LOADS = (process.env.LOADS ?? '600,800,1000,1200').split(',').map(Number);
const TOPOLOGIES = (process.env.TOPOLOGIES ?? 'torus:8x8,mesh:4x8').split(',').map((t) => t.split(':') as [string, string]);
const CONFIGS = [
  { label: 'static, no CC', routing: 'static', cc: 'none' },
  { label: 'IB CC, timer', routing: 'static', cc: 'ibcc-drb-paper', ccRecovery: 'timer' },
  { label: 'IB CC, quiet', routing: 'static', cc: 'ibcc-drb-paper', ccRecovery: 'quiet' },
  { label: 'DRB', routing: 'drb', cc: 'none' },
] as const;
type M = { mean: number; halfWidth: number };

console.log(`# DRB seed's IB CC: does it throttle? — ${machineLine()}; ${REPS} replications of ${UNTIL * 1e3} ms after ${UNTIL * 200} ms`);
for (const [topology, size] of TOPOLOGIES) {
  console.log(`\n## ${topology} ${size}\n\n| offered | mechanism | received Mb/s | latency µs | mean CCTI (end) | max CCTI (end) |\n|---|---|---|---|---|---|`);
  for (const load of LOADS) {
    for (const c of CONFIGS) {
      const { label, ...params } = c;
      const r = simulate({ scenario: 'drb', params: { topology, size, load, ...params } }, { seed: 1, replications: REPS, until: UNTIL, warmup: UNTIL / 5 });
      const m = r.metrics as unknown as Record<string, M | M[]>;
      const lvl = m.throttleLevel as M[];
      const top = m.throttleLevelMax as M[];
      const f = (x: M, d = 0): string => `${x.mean.toFixed(d)} ± ${x.halfWidth.toFixed(d)}`;
      console.log(`| ${load} | ${label} | ${f(m.throughputMbps as M)} | ${f(m.latencyUs as M, 1)} | ${lvl.at(-1)!.mean.toFixed(2)} | ${top.at(-1)!.mean.toFixed(1)} |`);
    }
  }
}

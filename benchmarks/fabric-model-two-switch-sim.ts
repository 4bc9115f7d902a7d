/**
 * The exact two-switch chain (src/model/exact/exactTwoSwitch.ts) against the simulator on the same network
 * (`twoSwitchScenario`: the `fabric` scenario with exponential links, store-and-forward, no delays):
 * an independent check of the chain beyond its limits (test/model/exactTwoSwitch.test.ts checks the
 * reductions only). The chain's idle outputs choose a waiting input at random, the simulator's the
 * older request: per-flow means may differ by that much. Figures: docs/fabric-model.md.
 *
 *   nice -n 10 npx tsx benchmarks/fabric-model-two-switch-sim.ts [--replications 5] [--packets 200000]
 */
import { confidenceInterval, type FabricScenarioParams } from '../src/index.js';
import { solveTwoSwitchChain, twoSwitchScenario, TWO_SWITCH_CASES } from '../src/model/exact/exactTwoSwitch.js';
import { replicate } from './fabric-model-reference/replicate.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const replications = arg('replications', 5);
const packets = arg('packets', 200000);
console.log(`${replications} replications, about ${packets} packets offered in total per replication (a tenth more as warm-up)`);
console.log('case | per flow: sojourn exact, simulated ± 95 % hw (difference); throughput exact, simulated (difference)   (µs, packets per µs)');
for (const p of TWO_SWITCH_CASES) {
  const c = solveTwoSwitchChain(p);
  const total = p.lambda.reduce((a, b) => a + b, 0);
  const untilS = packets / total / 1e6;
  const params = twoSwitchScenario(p) as unknown as FabricScenarioParams;
  const runs = Array.from({ length: replications }, (_, r) => replicate(params, 1, r, untilS, untilS / 10));
  const cells = Object.keys(runs[0]!.flows).map((name) => {
    const i = Number(name.slice(1));
    const w = confidenceInterval(runs.map((r) => r.flows[name]![1]), 0.95);
    const x = confidenceInterval(runs.map((r) => (r.flows[name]![0] * 1e3) / (2048 * 8)), 0.95);
    const d = (a: number, b: number) => `${(((a - b) / b) * 100).toFixed(1)} %`;
    return `${name}: ${c.responseTime[i]!.toFixed(3)}, ${w.mean.toFixed(3)} ± ${w.halfWidth.toFixed(3)} (${d(w.mean, c.responseTime[i]!)}); ${c.throughput[i]!.toFixed(4)}, ${x.mean.toFixed(4)} (${d(x.mean, c.throughput[i]!)})`;
  });
  console.log(`λ=${p.lambda.join('/')} μ=${p.mu.join('/')} μ12=${p.mu12} μout=${p.muOut} n=${p.n} m=${p.m} | ${cells.join(' | ')}`);
}

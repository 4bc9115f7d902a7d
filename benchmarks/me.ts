/**
 * Speed of the GE-type queue solvers (run: npm run bench:me). Prints figures; passes or fails nothing.
 *
 * - evaluations per second of gege1nThreshold (full record: P(0..K), coefficients, regimes),
 *   gege1nThresholdMetrics (validated, metrics only) and the bare product-form kernel, at K = 8, 64,
 *   1024, on an ET queue (one threshold at K/2) whose λ changes every call;
 * - the exact chain's solve time (build + dense GTH) against K.
 * Target (issue 3): over 1e6 evaluations per second at K = 8 on one core.
 */
import { callsPerSecond, gc, machineLine } from './harness.js';
import { gege1nThreshold, gege1nThresholdMetrics, solveGeQueueExact } from '../src/index.js';
import { productFormKernel, SLOT_COUNT } from '../src/me/kernel.js';

function rate(label: string, seconds: number, fn: (i: number) => number): number {
  return callsPerSecond(label, seconds, fn, { warmup: 20_000, unit: 'evals/s', labelWidth: 44, nsDecimals: 0 });
}

console.log(machineLine());
console.log('');
const out = new Float64Array(SLOT_COUNT);
const into = { emptyProbability: 0, fullProbability: 0, blockingProbability: 0, meanQueueLength: 0, utilization: 0, throughput: 0, responseTime: 0 };
for (const K of [8, 64, 1024]) {
  const T = K / 2;
  const thresholds = [T];
  const mu = [8, 16];
  const starts = [1, T];
  const lambda = (i: number) => 2 + (i % 1000) * 0.014;
  const seconds = 1.5;
  rate(`gege1nThreshold            K=${K}`, seconds, (i) => gege1nThreshold({ lambda: lambda(i), ca2: 5, cs2: 7, capacity: K, thresholds, mu }).meanQueueLength);
  rate(`gege1nThresholdMetrics     K=${K}`, seconds, (i) => gege1nThresholdMetrics({ lambda: lambda(i), ca2: 5, cs2: 7, capacity: K, thresholds, mu }, into).meanQueueLength);
  rate(`kernel (no validation)     K=${K}`, seconds, (i) => {
    productFormKernel(lambda(i), 1 / 3, 1 / 4, K, starts, mu, 2, false, out);
    return out[3]!;
  });
  console.log('');
}

console.log('exact chain (build + dense GTH), one solve:');
for (const K of [8, 32, 128, 256, 512, 1024, 2048]) {
  const params = { lambda: 10, ca2: 5, cs2: 7, capacity: K, thresholds: [Math.ceil(K / 2)], mu: [8, 16] };
  solveGeQueueExact({ ...params, capacity: 64, thresholds: [32] }); // warm-up
  gc?.();
  const repeats = K <= 128 ? 20 : K <= 512 ? 3 : 1;
  const start = process.hrtime.bigint();
  let residual = 0;
  for (let r = 0; r < repeats; r++) residual = solveGeQueueExact(params).diagnostics!.residual;
  const ms = Number(process.hrtime.bigint() - start) / 1e6 / repeats;
  console.log(`  K=${String(K).padStart(5)}  ${ms.toFixed(ms < 10 ? 3 : 0).padStart(9)} ms   residual ${residual.toExponential(1)}`);
}

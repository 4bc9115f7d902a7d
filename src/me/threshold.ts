/**
 * GE/GE/1/N with a queue-length-dependent service rate: the ET (one threshold) and AJT (several
 * thresholds) queues of thesis chapter 5, and any μ(n) (docs/models.md §4).
 */
import { parseQueueParams, type GeThresholdParams } from './params.js';
import { productFormKernel, SLOT, SLOT_COUNT } from './kernel.js';
import { solveProductForm } from './productForm.js';
import type { GeQueueMetrics, GeQueueResult } from './types.js';
import { geQueueDisplay } from './display.js';

/**
 * The ET/AJT threshold queue by maximum entropy. With μ(n) = mu[r] on regime r
 * (T_{r−1} ≤ n ≤ T_r − 1, T_0 = 1, last T = K + 1), one Ca² and one Cs²:
 *
 *     P(n) = P(0)·g(μ(n))·Π_{k=1}^{n} x(μ(k))·[y(μ(K)) if n = K]
 *
 * with g, x, y of {@link gege1n} evaluated at ρ = λ/μ(k). For ET this is
 * P(n) = g1·x1ⁿ/Z (n < T), g2·x1^(T−1)·x2^(n−T+1)/Z (T ≤ n < K), ·y2 at n = K. Under docs/models.md
 * §1.3 it is the exact distribution (it is not if Cs² differs between regimes; see
 * {@link solveGeQueueExact} for that case). T = 1 gives GE/GE/1/K at the last rate, T = K + 1
 * GE/GE/1/K at the first.
 *
 * `variant: 'thesis'` replaces y(μ(K)) by ρ_K/g_K, the thesis's eq. 5.18 as read in docs/models.md §4.4;
 * the result says so in `note`, and its flow balance fails by the amount the reading is off.
 *
 * @throws InvalidParameterError for λ not > 0, Ca² or Cs² < 1, a non-integer capacity or one < 1,
 *   thresholds that are not strictly increasing integers in 1..K+1, a `mu` of the wrong length or
 *   with a rate not > 0 (per-state functions are called for n = 1..K and checked), an unknown
 *   variant or key.
 * @example
 * gege1nThreshold({ lambda: 5, ca2: 5, cs2: 7, capacity: 16, thresholds: [8], mu: [8, 16] })
 */
export function gege1nThreshold(params: GeThresholdParams): GeQueueResult {
  return geQueueDisplay(solveProductForm(parseQueueParams(params)));
}

/**
 * The metrics of {@link gege1nThreshold} without P(0..K), coefficients or regime records: the
 * fast path for large sweeps (one allocation-free kernel pass; the same numbers to the last bit).
 * Validates like {@link gege1nThreshold}. If `into` is given, it is filled and returned instead of
 * a new record, so a sweep can reuse one object.
 */
export function gege1nThresholdMetrics(params: GeThresholdParams, into?: { -readonly [K in keyof GeQueueMetrics]: number }): GeQueueMetrics {
  const spec = parseQueueParams(params);
  const out = scratch;
  productFormKernel(
    spec.lambda,
    spec.tau,
    spec.sigma,
    spec.capacity,
    spec.starts,
    spec.mus,
    spec.mus.length,
    spec.variant === 'thesis',
    out,
  );
  const r = into ?? ({} as { -readonly [K in keyof GeQueueMetrics]: number });
  r.emptyProbability = out[SLOT.empty]!;
  r.fullProbability = out[SLOT.full]!;
  r.blockingProbability = out[SLOT.blocking]!;
  r.meanQueueLength = out[SLOT.meanQueueLength]!;
  r.utilization = out[SLOT.utilization]!;
  r.throughput = out[SLOT.throughput]!;
  r.responseTime = r.meanQueueLength / r.throughput;
  return r;
}

/** Kernel output buffer reused across calls (the kernel is synchronous, so sharing is safe). */
const scratch = new Float64Array(SLOT_COUNT);

/**
 * The product-form kernel of the GE-type queues (docs/models.md §4.1): one pass of the ratio recursion
 *
 *     P(1)/P(0)   = τσλ / (σμ(1) + (1−σ)τλ)
 *     P(n)/P(n−1) = (τλ + (1−τ)σμ(n−1)) / (σμ(n) + (1−σ)τλ),        2 ≤ n ≤ K−1
 *     P(K)/P(K−1) = (τλ + (1−τ)σμ(K−1)) / (D·σμ(K))                   (K ≥ 2; τλ/(Dμ(1)) if K = 1)
 *
 * i.e. P(n) = P(0)·g(μ(n))·Π_{k≤n} x(μ(k))·[y(μ(K)) if n = K]. The thesis variant replaces the
 * factor y(μ(K)) = (σμ + (1−σ)τλ)/(Dσμ) by ρ/g = (τλ + σ(1−τ)μ)/(τσμ).
 *
 * Why a hand-written kernel: a sweep of a million parameter points must run in about a second,
 * which leaves ~1 µs per evaluation at K = 8. Building P(0..K), coefficient records and validating
 * options each time costs several times that (measured in benchmarks/me.ts), so the metrics come
 * from one allocation-free loop that accumulates Σu, Σn·u, Σμ(n)u and the blocking sum as it goes.
 *
 * Numerical care: every ratio is a quotient of sums of non-negative terms (no cancellation, finite
 * at ρ = 1). The unnormalised weights u(n) can span far more than the double range (ρ = 1e3 over
 * K = 1e5 states gives 10^300000; a dip-then-rise ET queue underflows first and overflows later),
 * so u is kept as a mantissa times 2^(400·e) with its own exponent e, and the accumulators share a
 * second exponent; a term more than 2^−800 below the accumulators is dropped, which cannot change
 * a sum of positive numbers at double precision. No logarithms are taken, so each P(n) carries
 * only the rounding of its n multiplications (relative error ≲ n·2⁻⁵², typically √n·2⁻⁵³).
 *
 * Kernels trust their input (validated by the callers) and never throw.
 */
import { dConstant } from './coefficients.js';

const UP = 2 ** 400;
const DOWN = 2 ** -400;

/** Slots of the kernel's output array. */
export const SLOT = {
  empty: 0,
  full: 1,
  blocking: 2,
  meanQueueLength: 3,
  utilization: 4,
  throughput: 5,
  /** Mantissa of the normaliser Z = Σ u(n) (internal, for {@link normaliseWeights}). */
  zMantissa: 6,
  /** Exponent of Z and of the accumulators, in units of 2^400 (internal). */
  zExponent: 7,
} as const;
export const SLOT_COUNT = 8;

/** 2^(−400·k) for k ≥ 0, 0 once it underflows. */
function down(k: number): number {
  let f = 1;
  for (; k > 0 && f !== 0; k--) f *= DOWN;
  return f;
}

/**
 * Runs the ratio recursion for states 0..K.
 *
 * @param starts first state of each regime (starts[0] = 1), ascending; `mus` their rates.
 * @param thesisY use y = ρ/g for state K.
 * @param out (length ≥ SLOT_COUNT) receives the metrics at {@link SLOT}.
 * @param mant if given with `expo` (both of length ≥ K + 1), receive the unnormalised weights
 *   u(n) = mant[n]·2^(400·expo[n]), which {@link normaliseWeights} turns into P(n).
 */
export function productFormKernel(
  lambda: number,
  tau: number,
  sigma: number,
  capacity: number,
  starts: ArrayLike<number>,
  mus: ArrayLike<number>,
  regimes: number,
  thesisY: boolean,
  out: Float64Array,
  mant?: Float64Array,
  expo?: Int32Array,
): void {
  const q = 1 - tau;
  const d = dConstant(tau, sigma);
  const tl = tau * lambda;
  const tsl = tl * sigma;
  const c1 = (1 - sigma) * tl;
  // u(0) = 1 at exponent 0; accumulators at exponent ae.
  let um = 1;
  let ue = 0;
  let ae = 0;
  let z = 1;
  let usum = 0;
  let lsum = 0;
  let xsum = 0;
  // A_n = Σ_{k≤n} δ_k (1−τ)^(n−k) P(k), δ_0 = σ/D: the blocking sum of docs/models.md §3, built by
  // A_n = (1−τ)A_{n−1} + P(n) (docs/models.md §4.1, proof sketch).
  let a = sigma / d;
  if (mant !== undefined && expo !== undefined) {
    mant[0] = 1;
    expo[0] = 0;
  }
  let r = 0;
  let nextStart = regimes > 1 ? starts[1]! : capacity + 1;
  let muPrev = 0;
  let c = 1;
  for (let n = 1; n <= capacity; n++) {
    while (n >= nextStart) {
      r++;
      nextStart = r + 1 < regimes ? starts[r + 1]! : capacity + 1;
    }
    const mu = mus[r]!;
    const num = n === 1 ? tsl : tl + q * sigma * muPrev;
    let ratio: number;
    if (n < capacity) ratio = num / (sigma * mu + c1);
    else if (!thesisY) ratio = num / (d * sigma * mu);
    else ratio = (num / (sigma * mu + c1)) * ((tl + sigma * q * mu) / (tau * sigma * mu));
    um *= ratio;
    if (um > UP) {
      um *= DOWN;
      ue++;
    } else if (um < DOWN) {
      um *= UP;
      ue--;
    }
    if (mant !== undefined && expo !== undefined) {
      mant[n] = um;
      expo[n] = ue;
    }
    // Bring u to the accumulators' scale (or the accumulators up to u's, if u has overtaken them).
    if (ue > ae) {
      const f = down(ue - ae);
      z *= f;
      usum *= f;
      lsum *= f;
      xsum *= f;
      a *= f;
      ae = ue;
      c = um;
    } else if (ue === ae) c = um;
    else c = um * down(ae - ue);
    z += c;
    usum += c;
    lsum += n * c;
    xsum += mu * c;
    a = q * a + c;
    if (z > UP) {
      z *= DOWN;
      usum *= DOWN;
      lsum *= DOWN;
      xsum *= DOWN;
      a *= DOWN;
      c *= DOWN;
      ae++;
    }
    muPrev = mu;
  }
  out[SLOT.empty] = down(ae) / z;
  out[SLOT.full] = c / z;
  out[SLOT.blocking] = a / z;
  out[SLOT.meanQueueLength] = lsum / z;
  out[SLOT.utilization] = usum / z;
  out[SLOT.throughput] = xsum / z;
  out[SLOT.zMantissa] = z;
  out[SLOT.zExponent] = ae;
}

/** Turns the weights stored by a {@link productFormKernel} call into P(0..K), given its output. */
export function normaliseWeights(mant: Float64Array, expo: Int32Array, capacity: number, out: Float64Array): number[] {
  const z = out[SLOT.zMantissa]!;
  const ae = out[SLOT.zExponent]!;
  const p = new Array<number>(capacity + 1);
  for (let n = 0; n <= capacity; n++) {
    const e = expo[n]! - ae;
    p[n] = (e === 0 ? mant[n]! : e > 0 ? mant[n]! * UP ** e : mant[n]! * down(-e)) / z;
  }
  return p;
}

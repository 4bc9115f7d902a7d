/**
 * The GTH state reduction (Grassmann, Taksar & Heyman 1985, "Regenerative analysis and steady
 * state distributions for Markov chains", Oper. Res. 33(5)): the stationary vector of a generator
 * given by its off-diagonal rates, computed adding only non-negative numbers, so every probability
 * keeps full relative accuracy, however small. The one implementation of the library: the generic
 * CTMC solver (markov), the exact ME chains (me) and the credit solvers all call these.
 *
 * - {@link gthStationary}: the scalar elimination, O(n³), for chains up to a few thousand states;
 *   {@link gthKernel} normalises its result.
 * - {@link stationaryFromOffDiagonal}: the same reduction by blocks (the elimination of
 *   float64Dense.ts's eliminateMMatrix, products in WebAssembly), rescaled against overflow, for the
 *   credit solvers' level matrices.
 */
import { eliminateMMatrix } from './float64Dense.js';

/**
 * Stationary vector of a small generator given dense (row-major, n×n), by GTH state reduction
 * (Grassmann, Taksar & Heyman 1985): only non-negative quantities are ever added, so the result
 * keeps full relative accuracy. The diagonal is ignored. Overwrites `a`. Returns an unnormalised
 * vector with x[0] = 1, or null if a state cannot be left (reducible).
 */
export function gthStationary(a: Float64Array, n: number): Float64Array | null {
  for (let k = n - 1; k > 0; k--) {
    let s = 0;
    const rk = k * n;
    for (let j = 0; j < k; j++) s += a[rk + j]!;
    if (!(s > 0)) return null;
    for (let i = 0; i < k; i++) {
      const ri = i * n;
      const f = a[ri + k]! / s;
      if (f === 0) continue;
      for (let j = 0; j < k; j++) if (j !== i) a[ri + j] += f * a[rk + j]!;
    }
  }
  const x = new Float64Array(n);
  x[0] = 1;
  for (let k = 1; k < n; k++) {
    let s = 0;
    const rk = k * n;
    for (let j = 0; j < k; j++) s += a[rk + j]!;
    let p = 0;
    for (let i = 0; i < k; i++) p += x[i]! * a[i * n + k]!;
    x[k] = p / s;
  }
  return x;
}

/**
 * GTH on the off-diagonal rates (row-major, diagonal ignored), normalised: Σ π = 1. Overwrites `a`.
 * Returns null when a state has no outflow to the states not yet eliminated (reducible chain).
 */
export function gthKernel(a: Float64Array, size: number): Float64Array | null {
  const pi = gthStationary(a, size);
  if (pi === null) return null;
  let total = 0;
  for (let k = 0; k < size; k++) total += pi[k]!;
  for (let k = 0; k < size; k++) pi[k]! /= total;
  return pi;
}

/**
 * Stationary vector, unnormalised and up to a power-of-two scale, of the n-state generator whose
 * off-diagonal rates are w (row-major n × n, diagonal ignored; rows sum to zero): GTH without a
 * subtraction, as {@link eliminateMMatrix} with zero row sums in reversed state order, then
 * π = e_last·(I − F)⁻¹ adding only non-negative terms — rescaled by 2^-600 whenever an entry passes
 * 2^600, so entries spanning more than a double's range do not overflow (those below the largest by
 * more than that come out 0 or subnormal). Null if a pivot is not positive (a generator with a
 * transient or absorbing part, in floating point). `fac` (n × n) and `panel` (8n) are work space
 * (in the WebAssembly memory for the fast products); w is not changed.
 */
export function stationaryFromOffDiagonal(
  w: Float64Array, n: number, fac: Float64Array, panel: Float64Array,
): Float64Array | null { // prettier-ignore
  const m = n - 1;
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) fac[(m - r) * n + (m - c)] = w[r * n + c]!;
  if (!eliminateMMatrix(fac, new Float64Array(n), new Float64Array(n), n, m, panel)) return null;
  const rev = new Float64Array(n);
  rev[m] = 1;
  for (let k = m; k > 0; k--) {
    const xk = rev[k]!;
    if (xk === 0) continue;
    let big = 0;
    for (let i = 0; i < k; i++) {
      const v = rev[i]! + xk * fac[k * n + i]!;
      rev[i] = v;
      if (v > big) big = v;
    }
    if (big > 2 ** 600) for (let i = 0; i <= m; i++) rev[i]! *= 2 ** -600;
  }
  const pi = new Float64Array(n);
  for (let j = 0; j < n; j++) pi[j] = rev[m - j]!;
  return pi;
}

/**
 * The level vectors of the geometric method — π0, Σ_i π_i and Σ_i i·π_i — from the split form of
 * U = N̂ at the end of the split reduction (issue 35, route 2: the tail in split form), instead of
 * the dense eliminations of geometricLevels.ts, whose O(b³) work was 15 % of the solve at
 * (∞, 2048). The equations are those of geometricLevels.ts:
 *
 * - π0·(U − D) = 0, D = diag(μ1·[j < m]): U − D is a generator (zero row sums, off-diagonal part
 *   Ŵ). It is factored blockwise in *reversed* phase order (high phases first, so that the last
 *   pivot left out is phase 0's, as GTH in geometricLevels.ts): the Schur complement S on the low
 *   phases is a generator too, eliminated but for its last pivot, its stationary vector
 *   π_low = e_last·(I − F_S)⁻¹ (non-negative terms), then π_high = π_low·W_{low→high}·N_high⁻¹.
 * - x·(U − λI) = π0·D and y·(U − λI) = λx (row sums μ1 − λ, and −λ for j = m), in phase order:
 *   with the split factors (N11, S = N22 − W21·N11⁻¹·W12), a row solve x·N = c is
 *   y1 = c1·N11⁻¹, z = (c2 + y1·W12)·S⁻¹, x = [(c1 + z·W21)·N11⁻¹, z]: three O(b²) row solves and
 *   rank-k products.
 *
 * Two half-size eliminations for each of the two factorisations: a quarter of the dense work.
 * Normwise accurate, as every split iterate. Null (the caller then keeps the dense route) if a
 * pivot fails or a vector comes out non-finite.
 */
import { solveEliminatedRow } from '../../linalg/float64Dense.js';
import { factorSplit, type SplitContext, type SplitFactors, type SplitMatrix } from './splitStep.js';
import type { LowRank } from './lowRank.js';

/** The three level vectors, normalised so that Σ_j levelSum[j] = 1. */
export interface LevelVectors {
  readonly level0: Float64Array;
  readonly levelSum: Float64Array;
  readonly levelMoment: Float64Array;
}

/** x·W for a row vector x (length rows) and W = U·Vᵀ (rows × cols), added into out[off..]. */
function rowTimesLowRank(x: Float64Array, f: LowRank, rows: number, cols: number, out: Float64Array, off: number): void {
  for (let j = 0; j < f.k; j++) {
    let t = 0;
    for (let i = 0; i < rows; i++) t += x[i]! * f.u[i * f.k + j]!;
    if (t !== 0) for (let c = 0; c < cols; c++) out[off + c] += t * f.vt[j * cols + c]!;
  }
}

/** The split matrix with its phases in reverse order (p and q swap). */
function reversed(m: SplitMatrix, p: number, q: number): SplitMatrix {
  const flip = (a: Float64Array, n: number): Float64Array => {
    const r = new Float64Array(n * n);
    for (let i = 0; i < n; i++) for (let c = 0; c < n; c++) r[(n - 1 - i) * n + (n - 1 - c)] = a[i * n + c]!;
    return r;
  };
  // block (rows × cols) reversed: U's rows reversed, Vᵀ's columns reversed
  const flipLowRank = (f: LowRank, rows: number, cols: number): LowRank => {
    const u = new Float64Array(rows * f.k);
    const vt = new Float64Array(f.k * cols);
    for (let i = 0; i < rows; i++) for (let j = 0; j < f.k; j++) u[(rows - 1 - i) * f.k + j] = f.u[i * f.k + j]!;
    for (let j = 0; j < f.k; j++) for (let c = 0; c < cols; c++) vt[j * cols + (cols - 1 - c)] = f.vt[j * cols + c]!;
    return { u, vt, k: f.k };
  };
  // new block 11 = old 22 reversed (q × q); new 12 (q × p) = old 21 reversed; new 21 = old 12
  return { a11: flip(m.a22, q), a22: flip(m.a11, p), a12: flipLowRank(m.a21, q, p), a21: flipLowRank(m.a12, p, q) };
}

/** x with x·N = c (length b), N factored by factorSplit (v = e). */
function rowSolve(cx: SplitContext, f: SplitFactors, c: Float64Array): Float64Array {
  const { p, q } = cx;
  const c1 = c.subarray(0, p);
  const y1 = solveEliminatedRow(f.f1, f.piv1, p, c1);
  const c2 = c.slice(p);
  rowTimesLowRank(y1, f.w.a12, p, q, c2, 0);
  const z = solveEliminatedRow(f.fS, f.pivS, q, c2);
  const r1 = Float64Array.from(c1);
  rowTimesLowRank(z, f.w.a21, q, p, r1, 0);
  const x = new Float64Array(p + q);
  x.set(solveEliminatedRow(f.f1, f.piv1, p, r1), 0);
  x.set(z, p);
  return x;
}

/**
 * π0, Σπ_i, Σ i·π_i from N̂ = U in split form (`w` its off-diagonal part), the chain's λ, μ1, m.
 * Work space from `cx.ar` (and JavaScript arrays); null if a pivot fails.
 */
export function splitLevelVectors(cx: SplitContext, w: SplitMatrix, lambda: number, mu1: number, m: number): LevelVectors | null {
  const { p, q } = cx;
  const b = p + q;
  const ones = new Float64Array(b).fill(1);
  // π0: U − D in reversed phase order, a generator; its last pivot (phase 0) left out
  const rcx: SplitContext = { ...cx, p: q, q: p, grade12: undefined };
  const rw = reversed(w, p, q);
  const g = factorSplit(rcx, rw, new Float64Array(b), ones, true);
  if (g === null) return null;
  const low = new Float64Array(p); // reversed order: phases p−1 … 0, the last phase 0
  low[p - 1] = 1;
  for (let k = p - 1; k > 0; k--) {
    const xk = low[k]!;
    if (xk === 0) continue;
    for (let i = 0; i < k; i++) low[i] += xk * g.fS[k * p + i]!;
  }
  const rhs = new Float64Array(q);
  rowTimesLowRank(low, rw.a21, p, q, rhs, 0);
  const high = solveEliminatedRow(g.f1, g.piv1, q, rhs); // reversed: phases m … p
  const level0 = new Float64Array(b);
  for (let j = 0; j < p; j++) level0[j] = low[p - 1 - j]!;
  for (let j = 0; j < q; j++) level0[p + j] = high[q - 1 - j]!;
  // the level sums: U − λI in phase order, row sums μ1 − λ (j < m) and −λ (j = m)
  const sums = new Float64Array(b).fill(mu1 - lambda);
  sums[m] = -lambda;
  const f = factorSplit(cx, w, sums, ones);
  if (f === null) return null;
  const levelSum = rowSolve(cx, f, level0.map((x, j) => (j < m ? mu1 * x : 0)));
  const levelMoment = rowSolve(cx, f, levelSum.map((x) => lambda * x));
  let mass = 0;
  for (let j = 0; j < b; j++) mass += levelSum[j]!;
  if (!(mass > 0 && Number.isFinite(mass))) return null;
  for (const v of [level0, levelSum, levelMoment]) for (let j = 0; j < b; j++) v[j]! /= mass;
  if (!level0.every(Number.isFinite) || !levelMoment.every(Number.isFinite)) return null;
  return { level0, levelSum, levelMoment };
}

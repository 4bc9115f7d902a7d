/**
 * N̂⁻¹ from its one-level split form (issue 35, the tail after the split reduction): with
 * N̂ = [[N11, −W12], [−W21, N22]], W12 = U12·V12ᵀ, W21 = U21·V21ᵀ and S = N22 − W21·N11⁻¹·W12
 * (factored by factorSplit, T = N11⁻¹·U12),
 *   N̂⁻¹ = [[N11⁻¹ + T·(V12ᵀS⁻¹U21)·(V21ᵀN11⁻¹),  T·(V12ᵀS⁻¹)],
 *          [(S⁻¹U21)·(V21ᵀN11⁻¹),                S⁻¹       ]],
 * every block a sum of non-negative terms in exact arithmetic. Two inversions of half the size
 * (N11 and S from their subtraction-free eliminations) and products of rank k: a quarter of the
 * dense inversion's ≈ 2b³ flops plus O(b²k). Normwise accurate, as the split iterates are.
 */
import { gemmAdd } from '../../linalg/float64Dense.js';
import { factorSplit, solve11, solveS, type SplitContext, type SplitMatrix } from './splitStep.js';

/**
 * N̂⁻¹ (dense b × b, JavaScript memory) of the M-matrix N̂ = diag(d) − W given by its split
 * off-diagonal part `w` and row sums `s` = N̂·e. Work space from `cx.ar`. Null if a pivot fails.
 */
export function splitInverse(cx: SplitContext, w: SplitMatrix, s: Float64Array): Float64Array | null {
  const { p, q, ar, panel } = cx;
  const b = p + q;
  const f = factorSplit(cx, w, s, new Float64Array(b).fill(1));
  if (f === null) return null;
  const mul = (m: number, n: number, k: number, a: Float64Array, x: Float64Array): Float64Array => {
    const c = ar.alloc(m * n);
    if (k > 0) gemmAdd(m, n, k, a, 0, k, x, 0, n, c, 0, n, panel);
    return c;
  };
  const identity = (n: number): Float64Array => {
    const e = ar.alloc(n * n);
    for (let i = 0; i < n; i++) e[i * n + i] = 1;
    return e;
  };
  const n11Inv = identity(p);
  solve11(cx, f, n11Inv, p);
  const sInv = identity(q);
  solveS(cx, f, sInv, q);
  const [k12, k21] = [w.a12.k, w.a21.k];
  const out = ar.alloc(b * b);
  for (let i = 0; i < p; i++) out.set(n11Inv.subarray(i * p, i * p + p), i * b);
  for (let i = 0; i < q; i++) out.set(sInv.subarray(i * q, i * q + q), (p + i) * b + p);
  const r21 = mul(k21, p, p, w.a21.vt, n11Inv); // V21ᵀ·N11⁻¹
  const r12 = mul(k12, q, q, w.a12.vt, sInv); // V12ᵀ·S⁻¹
  if (k21 > 0) {
    const l21 = ar.allocRaw(q * k21);
    l21.set(w.a21.u.subarray(0, q * k21));
    solveS(cx, f, l21, k21); // S⁻¹·U21
    gemmAdd(q, p, k21, l21, 0, k21, r21, 0, p, out, p * b, b, panel);
    if (k12 > 0) {
      const core = mul(k12, k21, q, r12, w.a21.u); // V12ᵀ·S⁻¹·U21
      const left = mul(p, k21, k12, f.t, core);
      gemmAdd(p, p, k21, left, 0, k21, r21, 0, p, out, 0, b, panel);
    }
  }
  if (k12 > 0) gemmAdd(p, q, k12, f.t, 0, k12, r12, 0, q, out, p, b, panel);
  return out.slice();
}

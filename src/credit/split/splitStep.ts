/**
 * The one-level rank-structured step of cyclic reduction (issue 35; docs/credit.md, "The
 * rank-structured step"): every b × b iterate is kept as two dense diagonal blocks (p × p and
 * q × q, p = ⌈b/2⌉) and two off-diagonal blocks as low-rank factor pairs U·Vᵀ (lowRank.ts), and
 * a step's eliminations, block solves and products are done blockwise — the dense kernel
 * (eliminateMMatrix, solveEliminated, the WebAssembly products) on the diagonal blocks, products
 * of thin factors off them, and a recompression of every off-diagonal result.
 *
 * N = diag(d) − W is given, as in the dense kernel, by its off-diagonal part W ≥ 0 and its row sums
 * s = N·e. Block elimination: N11 is factored from (W11, s1 + W12·e); its Schur complement
 * S = N22 − W21·N11⁻¹·W12 has off-diagonal part W22 + W21·N11⁻¹·W12 and row sums
 * s2 + W21·N11⁻¹·s1 (N11⁻¹W12·e = e − N11⁻¹s1), so S is factored from a triplet too, every term
 * added. The low-rank blocks are only normwise accurate (their factors have mixed signs): this
 * step trades the dense kernel's entrywise accuracy for the truncation tolerance.
 */
import { eliminateMMatrix, gemmAdd, solveEliminated } from '../../linalg/float64Dense.js';
import { addLowRankInto, Arena, concatLowRank, EMPTY, recompress, type Grade, type LowRank } from './lowRank.js';
import { dot } from './householder.js';

/** A b × b matrix split at p: dense a11 (p × p), a22 (q × q); a12 (p × q), a21 (q × p) low-rank. */
export interface SplitMatrix {
  readonly a11: Float64Array;
  readonly a22: Float64Array;
  readonly a12: LowRank;
  readonly a21: LowRank;
}

/** The shapes, the work space and the truncation tolerance (relative) of a split reduction. */
export interface SplitContext {
  readonly p: number;
  readonly q: number;
  readonly ar: Arena;
  /** 8·b doubles of the WebAssembly memory for the products. */
  readonly panel: Float64Array;
  readonly tolerance: number;
  /** The grading of the upper off-diagonal block (rows 0..p, columns p..b), if any. */
  readonly grade12?: Grade;
}

/** N factored blockwise: N11 and S eliminated, T = N11⁻¹·U12 (W12 = U12·V12ᵀ), and W itself. */
export interface SplitFactors {
  readonly f1: Float64Array;
  readonly piv1: Float64Array;
  readonly v1: Float64Array;
  readonly fS: Float64Array;
  readonly pivS: Float64Array;
  readonly v2: Float64Array;
  readonly t: Float64Array;
  readonly w: SplitMatrix;
}

function gemm(
  cx: SplitContext, m: number, n: number, k: number, a: Float64Array, lda: number, b: Float64Array, ldb: number,
  c: Float64Array, cOff: number, ldc: number,
): void { // prettier-ignore
  if (k > 0) gemmAdd(m, n, k, a, 0, lda, b, 0, ldb, c, cOff, ldc, cx.panel);
}

/** A·B for small/thin operands, allocated in the arena (m × n). */
function mul(cx: SplitContext, m: number, n: number, k: number, a: Float64Array, b: Float64Array): Float64Array {
  const c = cx.ar.alloc(m * n);
  gemm(cx, m, n, k, a, k, b, n, c, 0, n);
  return c;
}

function copy(cx: SplitContext, a: Float64Array): Float64Array {
  const c = cx.ar.allocRaw(a.length);
  c.set(a);
  return c;
}

function frobenius(a: Float64Array): number {
  return Math.sqrt(dot(a, 0, a, 0, a.length));
}

/** out ← M·x (x of length b). */
export function splitMatVec(cx: SplitContext, m: SplitMatrix, x: Float64Array, out: Float64Array): Float64Array {
  const { p, q } = cx;
  out.fill(0);
  for (let i = 0; i < p; i++) out[i] = dot(m.a11, i * p, x, 0, p);
  for (let i = 0; i < q; i++) out[p + i] = dot(m.a22, i * q, x, p, q);
  lowRankMatVec(m.a12, p, q, x, p, out, 0);
  lowRankMatVec(m.a21, q, p, x, 0, out, p);
  return out;
}

function lowRankMatVec(f: LowRank, rows: number, cols: number, x: Float64Array, xOff: number, out: Float64Array, oOff: number): void {
  for (let j = 0; j < f.k; j++) {
    const t = dot(f.vt, j * cols, x, xOff, cols);
    for (let i = 0; i < rows; i++) out[oOff + i] += f.u[i * f.k + j]! * t;
  }
}

/**
 * N = diag(d) − W factored blockwise, given W and the weighted row sums s = N·v (v > 0; v = e
 * without grading). Each diagonal block B is eliminated as B·diag(v_B), whose off-diagonal part is
 * W_B·diag(v_B) and whose row sums B·v_B are known: N11·v1 = s1 + W12·v2 and, for the Schur
 * complement S = N22 − W21·N11⁻¹·W12, S·v2 = s2 + W21·N11⁻¹·s1 (as N11⁻¹W12·v2 = v1 − N11⁻¹s1);
 * then B⁻¹ = diag(v_B)·(B·diag(v_B))⁻¹. Null if a pivot is not positive. `singular`: N is a
 * generator (s = 0), and S's last pivot, zero, is left out (as GTH does; splitLevels.ts).
 */
export function factorSplit(
  cx: SplitContext, w: SplitMatrix, s: Float64Array, v: Float64Array, singular = false,
): SplitFactors | null { // prettier-ignore
  const { p, q, ar } = cx;
  const v1 = v.slice(0, p);
  const v2 = v.slice(p);
  const s1 = s.slice(0, p);
  lowRankMatVec(w.a12, p, q, v2, 0, s1, 0);
  const f1 = copy(cx, w.a11);
  scaleColumns(f1, p, v1);
  const piv1 = new Float64Array(p);
  if (!eliminateMMatrix(f1, s1, piv1, p, p, cx.panel)) return null;
  const k12 = w.a12.k;
  const k21 = w.a21.k;
  const partial = { f1, piv1, v1 };
  const t = copy(cx, w.a12.u);
  solve11(cx, partial, t, k12);
  const t1 = ar.alloc(p);
  t1.set(s.subarray(0, p));
  solve11(cx, partial, t1, 1);
  // S: off-diagonal part W22 + U21·(V21ᵀ·T)·V12ᵀ, weighted row sums s2 + U21·(V21ᵀ·t1)
  const fS = copy(cx, w.a22);
  if (k12 > 0 && k21 > 0) {
    const core = mul(cx, k21, k12, p, w.a21.vt, t);
    const left = mul(cx, q, k12, k21, w.a21.u, core);
    gemm(cx, q, q, k12, left, k12, w.a12.vt, q, fS, 0, q);
  }
  for (let i = 0; i < q; i++) fS[i * q + i] = 0;
  scaleColumns(fS, q, v2);
  const sS = s.slice(p);
  lowRankMatVec(w.a21, q, p, t1, 0, sS, 0);
  const pivS = new Float64Array(q);
  if (!eliminateMMatrix(fS, sS, pivS, q, singular ? q - 1 : q, cx.panel)) return null;
  return { f1, piv1, v1, fS, pivS, v2, t, w };
}

function scaleColumns(a: Float64Array, n: number, v: Float64Array): void {
  for (let i = 0; i < n; i++) for (let c = 0; c < n; c++) a[i * n + c] *= v[c]!;
}

/** y ← N11⁻¹·y (p × k): the eliminated N11·diag(v1), then the rows scaled by v1. */
export function solve11(cx: SplitContext, f: { f1: Float64Array; piv1: Float64Array; v1: Float64Array }, y: Float64Array, k: number): void {
  solveEliminated(f.f1, f.piv1, cx.p, y, k, cx.panel);
  scaleRows(y, cx.p, k, f.v1);
}

/** y ← S⁻¹·y (q × k). */
export function solveS(cx: SplitContext, f: SplitFactors, y: Float64Array, k: number): void {
  solveEliminated(f.fS, f.pivS, cx.q, y, k, cx.panel);
  scaleRows(y, cx.q, k, f.v2);
}

function scaleRows(y: Float64Array, rows: number, k: number, v: Float64Array): void {
  for (let i = 0; i < rows; i++) {
    const x = v[i]!;
    if (x !== 1) for (let c = 0; c < k; c++) y[i * k + c] *= x;
  }
}

/** x ← N⁻¹·x (length b). */
export function solveSplitVector(cx: SplitContext, f: SplitFactors, x: Float64Array): Float64Array {
  const { p, q } = cx;
  const z1 = x.slice(0, p);
  solve11(cx, f, z1, 1);
  const x2 = x.slice(p);
  lowRankMatVec(f.w.a21, q, p, z1, 0, x2, 0);
  solveS(cx, f, x2, 1);
  // x1 = z1 + T·(V12ᵀ·x2)
  const k12 = f.w.a12.k;
  for (let j = 0; j < k12; j++) {
    let v = 0;
    for (let c = 0; c < q; c++) v += f.w.a12.vt[j * q + c]! * x2[c]!;
    for (let i = 0; i < p; i++) z1[i] += f.t[i * k12 + j]! * v;
  }
  x.set(z1, 0);
  x.set(x2, p);
  return x;
}

/** N⁻¹·B for a split B, blockwise, its off-diagonal blocks recompressed. */
export function solveSplit(cx: SplitContext, f: SplitFactors, bm: SplitMatrix): SplitMatrix {
  const { p, q, ar } = cx;
  const w = f.w;
  const [k12, k21, kb12] = [w.a12.k, w.a21.k, bm.a12.k];
  // column block 1: Z1 = N11⁻¹B11;  X21 = S⁻¹(B21 + W21·Z1) = S⁻¹[Ub21 | U21]·[Vb21ᵀ; V21ᵀZ1]
  const z1 = copy(cx, bm.a11);
  solve11(cx, f, z1, p);
  // column block 2: Zb = N11⁻¹Ub12;  X22 = S⁻¹(B22 + U21·(V21ᵀ·Zb)·Vb12ᵀ)
  const zb = copy(cx, bm.a12.u);
  solve11(cx, f, zb, kb12);
  const x22 = copy(cx, bm.a22);
  if (k21 > 0 && kb12 > 0) {
    const core = mul(cx, k21, kb12, p, w.a21.vt, zb);
    const left = mul(cx, q, kb12, k21, w.a21.u, core);
    gemm(cx, q, q, kb12, left, kb12, bm.a12.vt, q, x22, 0, q);
  }
  solveS(cx, f, x22, q);
  const tol = cx.tolerance * Math.hypot(frobenius(z1), frobenius(x22));
  const l21 = concatLowRank(ar, q, p, [bm.a21, { u: w.a21.u, vt: mul(cx, k21, p, p, w.a21.vt, z1), k: k21 }]);
  solveS(cx, f, l21.u, l21.k);
  const x21 = recompress(ar, l21.u, l21.vt, q, p, l21.k, tol, cx.panel);
  // X11 = Z1 + T·(V12ᵀ·X21)
  if (k12 > 0 && x21.k > 0) {
    const core = mul(cx, k12, x21.k, q, w.a12.vt, x21.u);
    const left = mul(cx, p, x21.k, k12, f.t, core);
    gemm(cx, p, p, x21.k, left, x21.k, x21.vt, p, z1, 0, p);
  }
  // X12 = Zb·Vb12ᵀ + T·(V12ᵀ·X22)
  const l12 = concatLowRank(ar, p, q, [
    { u: zb, vt: bm.a12.vt, k: kb12 },
    { u: f.t, vt: mul(cx, k12, q, q, w.a12.vt, x22), k: k12 },
  ]);
  const x12 = recompress(ar, l12.u, l12.vt, p, q, l12.k, tol, cx.panel, cx.grade12);
  return { a11: z1, a22: x22, a12: x12, a21: x21 };
}

/** A·B for split A and B, blockwise, its off-diagonal blocks recompressed. */
export function multiplySplit(cx: SplitContext, a: SplitMatrix, bm: SplitMatrix): SplitMatrix {
  const { p, q, ar } = cx;
  const c11 = mul(cx, p, p, p, a.a11, bm.a11);
  if (a.a12.k > 0 && bm.a21.k > 0) {
    const core = mul(cx, a.a12.k, bm.a21.k, q, a.a12.vt, bm.a21.u);
    const left = mul(cx, p, bm.a21.k, a.a12.k, a.a12.u, core);
    gemm(cx, p, p, bm.a21.k, left, bm.a21.k, bm.a21.vt, p, c11, 0, p);
  }
  const c22 = mul(cx, q, q, q, a.a22, bm.a22);
  if (a.a21.k > 0 && bm.a12.k > 0) {
    const core = mul(cx, a.a21.k, bm.a12.k, p, a.a21.vt, bm.a12.u);
    const left = mul(cx, q, bm.a12.k, a.a21.k, a.a21.u, core);
    gemm(cx, q, q, bm.a12.k, left, bm.a12.k, bm.a12.vt, q, c22, 0, q);
  }
  const tol = cx.tolerance * Math.hypot(frobenius(c11), frobenius(c22));
  // C12 = A11·Ub12·Vb12ᵀ + Ua12·(Va12ᵀ·B22);  C21 = Ua21·(Va21ᵀ·B11) + A22·Ub21·Vb21ᵀ
  const l12 = concatLowRank(ar, p, q, [
    { u: mul(cx, p, bm.a12.k, p, a.a11, bm.a12.u), vt: bm.a12.vt, k: bm.a12.k },
    { u: a.a12.u, vt: mul(cx, a.a12.k, q, q, a.a12.vt, bm.a22), k: a.a12.k },
  ]);
  const c12 = recompress(ar, l12.u, l12.vt, p, q, l12.k, tol, cx.panel, cx.grade12);
  const l21 = concatLowRank(ar, q, p, [
    { u: a.a21.u, vt: mul(cx, a.a21.k, p, p, a.a21.vt, bm.a11), k: a.a21.k },
    { u: mul(cx, q, bm.a21.k, q, a.a22, bm.a21.u), vt: bm.a21.vt, k: bm.a21.k },
  ]);
  const c21 = recompress(ar, l21.u, l21.vt, q, p, l21.k, tol, cx.panel);
  return { a11: c11, a22: c22, a12: c12, a21: c21 };
}

/** W + Σ terms, off-diagonal parts: dense blocks added (diagonals ignored), low-rank ones recompressed. */
export function addSplit(cx: SplitContext, w: SplitMatrix, terms: readonly SplitMatrix[]): SplitMatrix {
  const { p, q, ar } = cx;
  const a11 = copy(cx, w.a11);
  const a22 = copy(cx, w.a22);
  for (const t of terms) {
    for (let k = 0; k < p * p; k++) a11[k] += t.a11[k]!;
    for (let k = 0; k < q * q; k++) a22[k] += t.a22[k]!;
  }
  for (let i = 0; i < p; i++) a11[i * p + i] = 0;
  for (let i = 0; i < q; i++) a22[i * q + i] = 0;
  const tol = cx.tolerance * Math.hypot(frobenius(a11), frobenius(a22));
  const s12 = concatLowRank(ar, p, q, [w.a12, ...terms.map((t) => t.a12)]);
  const s21 = concatLowRank(ar, q, p, [w.a21, ...terms.map((t) => t.a21)]);
  return {
    a11,
    a22,
    a12: recompress(ar, s12.u, s12.vt, p, q, s12.k, tol, cx.panel, cx.grade12),
    a21: recompress(ar, s21.u, s21.vt, q, p, s21.k, tol, cx.panel),
  };
}

/** The split matrix as a dense b × b array (JavaScript memory). */
export function denseOfSplit(cx: SplitContext, m: SplitMatrix): Float64Array {
  const { p, q } = cx;
  const b = p + q;
  const mark = cx.ar.mark();
  const d = cx.ar.alloc(b * b);
  for (let i = 0; i < p; i++) d.set(m.a11.subarray(i * p, i * p + p), i * b);
  for (let i = 0; i < q; i++) d.set(m.a22.subarray(i * q, i * q + q), (p + i) * b + p);
  addLowRankInto(m.a12, p, q, d, p, b, cx.panel);
  addLowRankInto(m.a21, q, p, d, p * b, b, cx.panel);
  const out = d.slice();
  cx.ar.reset(mark);
  return out;
}

export { EMPTY };

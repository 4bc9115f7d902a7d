/**
 * Householder QR, with or without column pivoting, of a tall matrix stored by columns (each column
 * a contiguous row of a `cols × n` row-major array), for the low-rank recompressions of the
 * rank-structured reduction step (splitStep.ts, issue 35).
 *
 * Hand-written rather than ml-matrix's QrDecomposition: that works on arrays of arrays and
 * measured 6.9 ms for 256 × 40 here (this: well under 1 ms), it has no column pivoting (the
 * truncation below needs a rank-revealing factorisation) and no way to apply Q to a thin block
 * without forming it. The Gram-based route (CholeskyQR) that would put the work in the
 * WebAssembly products was measured to break down on these rank-deficient factors
 * (docs/credit.md, "The rank-structured step, measured").
 *
 * Storage: after a factorisation, column c (row c of the array) holds R's column c in its entries
 * 0..c and the Householder vector of step c below (v_c = 1 implicit), with `tau` beside: Q = H_0
 * H_1 ⋯ H_{k−1}, H_j = I − τ_j v_j v_jᵀ (LAPACK's dgeqrf/dgeqp3 convention).
 */
import { wasmReflect } from '../../linalg/wasmGemm.js';

/**
 * Column norms below which a downdated norm is recomputed (LAPACK dgeqp3's test: the
 * downdate lost about half its digits).
 */
const RECOMPUTE = Math.sqrt(2.220446049250313e-16);

/**
 * Householder step j on column j (contiguous: a[base + j .. base + n)): makes it β·e_j, stores v
 * below and returns τ (0 when the column below j is zero already).
 */
function reflect(a: Float64Array, base: number, n: number, j: number): number {
  const alpha = a[base + j]!;
  const sigma = dot(a, base + j + 1, a, base + j + 1, n - j - 1);
  if (sigma === 0) return 0;
  const norm = Math.sqrt(alpha * alpha + sigma);
  const beta = alpha <= 0 ? norm : -norm;
  const inv = 1 / (alpha - beta);
  for (let i = j + 1; i < n; i++) a[base + i] *= inv;
  a[base + j] = beta;
  return (beta - alpha) / beta;
}

/**
 * Σ_{i<len} x[xo + i]·y[yo + i] in four partial sums s_(i mod 4), combined as
 * ((s0 + s2) + (s1 + s3)), then the last len mod 4 terms in order: a single running sum waits on
 * each addition's latency (four go ≈ 3× faster in V8), and the order is that of the WebAssembly
 * reflector (src/linalg/wasmReflect.ts), so both give the same bits.
 */
export function dot(x: Float64Array, xo: number, y: Float64Array, yo: number, len: number): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let i = 0;
  for (; i + 3 < len; i += 4) {
    s0 += x[xo + i]! * y[yo + i]!;
    s1 += x[xo + i + 1]! * y[yo + i + 1]!;
    s2 += x[xo + i + 2]! * y[yo + i + 2]!;
    s3 += x[xo + i + 3]! * y[yo + i + 3]!;
  }
  let s = s0 + s2 + (s1 + s3);
  for (; i < len; i++) s += x[xo + i]! * y[yo + i]!;
  return s;
}

/**
 * Applies H_j (v in column j of `a`, τ) to `count` columns of y of length n, the first at `yBase`,
 * `stride` apart: in WebAssembly SIMD when both live in its memory (the same operations in the
 * same order as the loop below).
 */
function applyReflector(
  a: Float64Array, j: number, n: number, tau: number, y: Float64Array, yBase: number, count = 1, stride = n,
): void { // prettier-ignore
  if (tau === 0 || count <= 0) return;
  const vb = j * n;
  if (wasmReflect(a, vb + j + 1, y, yBase + j, stride, count, n - j - 1, tau)) return;
  for (let c = 0; c < count; c++) {
    const yb = yBase + c * stride;
    let w = y[yb + j]! + dot(a, vb + j + 1, y, yb + j + 1, n - j - 1);
    w *= tau;
    y[yb + j] -= w;
    for (let i = j + 1; i < n; i++) y[yb + i] -= w * a[vb + i]!;
  }
}

/** QR of the n × k matrix whose columns are the rows of `a` (k × n), in place; τ into `tau`. */
export function householderQr(a: Float64Array, k: number, n: number, tau: Float64Array): void {
  for (let j = 0; j < Math.min(k, n); j++) {
    const t = reflect(a, j * n, n, j);
    tau[j] = t;
    applyReflector(a, j, n, t, a, (j + 1) * n, k - j - 1);
  }
}

/**
 * QR with column pivoting of the n × k matrix whose columns are the rows of `a` (k × n), in place
 * (columns swapped as whole rows), stopped at the first r with ‖R[r.., r..]‖_F ≤ `tolerance`
 * (the exact norm of what truncating to rank r drops: A·Π = Q·R, and the trailing block is what
 * the first r columns of Q and rows of R leave out). Returns r; `perm[j]` is the original index of
 * column j. The norm test uses downdated column norms, recomputed as dgeqp3 does when a downdate
 * has lost half its digits; at the stopping point they are recomputed exactly before deciding.
 */
export function pivotedQr(
  a: Float64Array, k: number, n: number, tolerance: number, tau: Float64Array, perm: Int32Array,
): number { // prettier-ignore
  const norm = new Float64Array(k);
  const ref = new Float64Array(k);
  const exact = (c: number, from: number): number => Math.sqrt(dot(a, c * n + from, a, c * n + from, n - from));
  for (let c = 0; c < k; c++) {
    perm[c] = c;
    norm[c] = ref[c] = exact(c, 0);
  }
  const tol2 = tolerance * tolerance;
  const kMax = Math.min(k, n);
  for (let j = 0; j < kMax; j++) {
    let rest = 0;
    for (let c = j; c < k; c++) rest += norm[c]! * norm[c]!;
    if (rest <= 4 * tol2) {
      rest = 0;
      for (let c = j; c < k; c++) rest += (norm[c] = ref[c] = exact(c, j)) ** 2;
      if (rest <= tol2) return j;
    }
    let p = j;
    for (let c = j + 1; c < k; c++) if (norm[c]! > norm[p]!) p = c;
    if (p !== j) {
      for (let i = 0; i < n; i++) {
        const t = a[j * n + i]!;
        a[j * n + i] = a[p * n + i]!;
        a[p * n + i] = t;
      }
      [perm[j], perm[p]] = [perm[p]!, perm[j]!];
      [norm[j], norm[p]] = [norm[p]!, norm[j]!];
      [ref[j], ref[p]] = [ref[p]!, ref[j]!];
    }
    const t = reflect(a, j * n, n, j);
    tau[j] = t;
    applyReflector(a, j, n, t, a, (j + 1) * n, k - j - 1);
    for (let c = j + 1; c < k; c++) {
      if (norm[c] === 0) continue;
      const r = Math.abs(a[c * n + j]!) / norm[c]!;
      const d = Math.max(0, (1 - r) * (1 + r));
      const ratio = norm[c]! / ref[c]!;
      if (d * ratio * ratio <= RECOMPUTE) norm[c] = ref[c] = exact(c, j + 1);
      else norm[c] = norm[c]! * Math.sqrt(d);
    }
  }
  return kMax;
}

/**
 * y ← Q·y for `count` columns of length n stored as the rows of y (count × n), Q = H_0 ⋯ H_{k−1}
 * from a factorisation of `a` (k × n).
 */
export function applyQ(a: Float64Array, k: number, n: number, tau: Float64Array, y: Float64Array, count: number): void {
  for (let j = Math.min(k, n) - 1; j >= 0; j--) applyReflector(a, j, n, tau[j]!, y, 0, count);
}

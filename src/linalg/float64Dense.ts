/**
 * Dense square-matrix kernels on row-major Float64Array, for the block solvers.
 *
 * Hand-written rather than ml-matrix: the block solvers of the credit chain spend nearly all their
 * time in b×b products and inversions with b up to ~1000, and ml-matrix's `mmul` (arrays of
 * arrays) measured 6× slower than `matMul` (gemm.ts): 84 ms against 13 ms at n = 300, 397 ms against
 * 68 ms at n = 513 (Node 20, best of 4). These kernels assume valid input and never throw;
 * callers check shapes.
 *
 * The products run in WebAssembly SIMD (wasmGemm.ts) when their operands live in its memory —
 * matMul and invertMMatrix copy theirs in — with results equal bit for bit to the JavaScript
 * kernel (gemm.ts), about 5× faster at n = 513. The product (gemm.ts) and the M-matrix
 * elimination with its solves (mMatrixElimination.ts) live in their own files and are re-exported
 * here.
 */
import { gemmAdd } from './gemm.js';
import { eliminateMMatrix, nonzeroWidth, solveEliminated } from './mMatrixElimination.js';
import { wasmScratch } from './wasmGemm.js';

export { gemmAdd, matMul } from './gemm.js';
export { eliminateMMatrix, nonzeroWidth, solveEliminated, solveEliminatedRow, solveEliminatedRows } from './mMatrixElimination.js';

/** y ← x·A (row vector times n×n matrix). */
export function vecMat(x: Float64Array, a: Float64Array, y: Float64Array, n: number): Float64Array {
  y.fill(0);
  for (let k = 0; k < n; k++) {
    const xk = x[k]!;
    if (xk === 0) continue;
    const ak = k * n;
    for (let j = 0; j < n; j++) y[j] += xk * a[ak + j]!;
  }
  return y;
}

/**
 * In-place LU factorisation with partial pivoting, PA = LU (unit lower L). Returns the pivot
 * permutation, or null if a pivot is exactly zero (singular matrix).
 */
export function luFactor(a: Float64Array, n: number): Int32Array | null {
  const piv = new Int32Array(n);
  for (let i = 0; i < n; i++) piv[i] = i;
  for (let k = 0; k < n; k++) {
    let p = k;
    let max = Math.abs(a[k * n + k]!);
    for (let i = k + 1; i < n; i++) {
      const v = Math.abs(a[i * n + k]!);
      if (v > max) {
        max = v;
        p = i;
      }
    }
    if (max === 0) return null;
    if (p !== k) {
      for (let j = 0; j < n; j++) {
        const t = a[k * n + j]!;
        a[k * n + j] = a[p * n + j]!;
        a[p * n + j] = t;
      }
      const t = piv[k]!;
      piv[k] = piv[p]!;
      piv[p] = t;
    }
    const pivot = a[k * n + k]!;
    const rk = k * n;
    for (let i = k + 1; i < n; i++) {
      const ri = i * n;
      const f = a[ri + k]! / pivot;
      if (f === 0) continue;
      a[ri + k] = f;
      for (let j = k + 1; j < n; j++) a[ri + j] -= f * a[rk + j]!;
    }
  }
  return piv;
}

/** Solves x·A = b for a row vector x (A n×n, copied); null if singular. */
export function solveRowVector(a: Float64Array, b: Float64Array, n: number): Float64Array | null {
  // x A = b  ⇔  Aᵀ xᵀ = bᵀ
  const at = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) at[j * n + i] = a[i * n + j]!;
  const piv = luFactor(at, n);
  if (piv === null) return null;
  const x = new Float64Array(n);
  for (let i = 0; i < n; i++) x[i] = b[piv[i]!]!;
  for (let i = 0; i < n; i++) {
    let s = x[i]!;
    for (let k = 0; k < i; k++) s -= at[i * n + k]! * x[k]!;
    x[i] = s;
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = x[i]!;
    for (let k = i + 1; k < n; k++) s -= at[i * n + k]! * x[k]!;
    x[i] = s / at[i * n + i]!;
  }
  return x;
}

/** Block size of invertMMatrix: 32–96 measured alike at n = 513. */
const NB = 48;

/**
 * Inverse of a diagonally dominant M-matrix A = diag(d) − W, given W ≥ 0 (the negated
 * off-diagonal part, row-major n×n; its diagonal is ignored) and the row sums s = A·e ≥ 0, so
 * that d_i = s_i + Σ_{j≠i} w_ij. Returns A^{-1} ≥ 0, or null if a pivot vanishes (A singular).
 *
 * Subtraction-free, hence entrywise accurate to a few ulps even for entries many orders of
 * magnitude below the largest: Gaussian elimination on the triplet (W, s) in the manner of GTH,
 * carrying the row sums instead of the diagonal (Alfa, Xue & Ye 2002, "Accurate computation of
 * the smallest eigenvalue of a diagonally dominant M-matrix", Math. Comp. 71: 217–236), then
 * A^{-1} = U^{-1}L^{-1} by substitutions that add only non-negative terms.
 * Cost ≈ 2n³ flops, nearly all of it in {@link gemmAdd}: elimination 16 pivots at a time
 * ({@link eliminateMMatrix}), the triangular inverses by row blocks of 48, and the product of the
 * two triangles by blocks. Measured at n = 513: 37 ms with the WebAssembly products (95 ms with
 * the JavaScript ones, 215 ms for the same arithmetic row by row). Overwrites neither input.
 */
export function invertMMatrix(w: Float64Array, rowSums: Float64Array, n: number): Float64Array | null {
  // Work arrays in the WebAssembly memory when available (the products then run there).
  const nn = n * n;
  const scratch = n >= 8 ? wasmScratch(4 * nn + 8 * n) : null;
  const work = (k: number, len: number) =>
    scratch === null ? new Float64Array(len) : scratch.subarray(k * nn, k * nn + len).fill(0);
  const a = work(0, nn); // off-diagonal magnitudes; diagonal entries are never read
  a.set(w);
  const x = work(1, nn);
  const y = work(2, nn);
  const out = work(3, nn);
  const panel = work(4, 8 * n);
  const s = rowSums.slice();
  const pivot = new Float64Array(n);
  // 1. Elimination (eliminateMMatrix): F strictly below the diagonal, W above, pivots.
  if (!eliminateMMatrix(a, s, pivot, n, n, panel)) return null;
  // 2. X = L⁻¹ ≥ 0 (L = I − F unit lower): X_I = (I − F_II)⁻¹ (E_I + F_{I,<i0} X_{<i0}), by row blocks.
  for (let i0 = 0; i0 < n; i0 += NB) {
    const i1 = Math.min(i0 + NB, n);
    for (let i = i0; i < i1; i++) x[i * n + i] = 1;
    // off-block part: rows [i0,i1), cols [0,i0): += F[i0..i1, 0..i0) · X[0..i0, 0..i0)
    gemmAdd(i1 - i0, i0, i0, a, i0 * n, n, x, 0, n, x, i0 * n, n, panel);
    // in-block forward substitution
    for (let i = i0; i < i1; i++) {
      const ri = i * n;
      for (let k = i0; k < i; k++) {
        const f = a[ri + k]!;
        if (f === 0) continue;
        const rk = k * n;
        for (let j = 0; j <= k; j++) x[ri + j] += f * x[rk + j]!;
      }
    }
  }
  // 3. Y = U⁻¹ ≥ 0 (U = diag(pivot) − W upper): rows from the bottom by blocks:
  //    Y_I = (D_I − W_II)⁻¹ (E_I + W_{I,>i1} Y_{>i1}).
  const lastStart = Math.floor((n - 1) / NB) * NB;
  for (let i0 = lastStart; i0 >= 0; i0 -= NB) {
    const i1 = Math.min(i0 + NB, n);
    for (let i = i0; i < i1; i++) y[i * n + i] = 1;
    // rows [i0,i1), cols [i1,n): += W[i0..i1, i1..n) · Y[i1..n, i1..n)
    gemmAdd(i1 - i0, n - i1, n - i1, a, i0 * n + i1, n, y, i1 * n + i1, n, y, i0 * n + i1, n, panel);
    for (let i = i1 - 1; i >= i0; i--) {
      const ri = i * n;
      for (let k = i + 1; k < i1; k++) {
        const wik = a[ri + k]!;
        if (wik === 0) continue;
        const rk = k * n;
        for (let j = k; j < n; j++) y[ri + j] += wik * y[rk + j]!;
      }
      const inv = 1 / pivot[i]!;
      for (let j = i; j < n; j++) y[ri + j] *= inv;
    }
  }
  // 4. A⁻¹ = Y·X with Y upper and X lower: block (I, J) = Σ over blocks K ≥ max(I, J) of Y_IK X_KJ.
  for (let i0 = 0; i0 < n; i0 += NB) {
    const i1 = Math.min(i0 + NB, n);
    for (let j0 = 0; j0 < n; j0 += NB) {
      const j1 = Math.min(j0 + NB, n);
      const k0 = Math.max(i0, j0);
      gemmAdd(i1 - i0, j1 - j0, n - k0, y, i0 * n + k0, n, x, k0 * n + j0, n, out, i0 * n + j0, n, panel);
    }
  }
  return scratch === null ? out : out.slice();
}

/** out[r] = Σ_c a[off + r·n + c] for an n × n block (row sums, added left to right). */
export function rowSumsInto(a: Float64Array, off: number, n: number, out: Float64Array): void {
  for (let r = 0; r < n; r++) {
    let t = 0;
    const o = off + r * n;
    for (let c = 0; c < n; c++) t += a[o + c]!;
    out[r] = t;
  }
}

/**
 * The products of one cyclic-reduction step: with N factored by {@link eliminateMMatrix} and
 * du = [D; U] stacked (2n × n, row-major), xy ← [X | Y] = N⁻¹·[D | U] (n × 2n) and
 * pq ← [D; U]·[X | Y] (2n × 2n: [D·X | D·Y] over [U·X | U·Y]). The product runs by blocks of 64
 * rows, each only over its non-zero columns (the blocks are often triangular). All arrays, with
 * `panel` (8n), should live in the WebAssembly memory for the fast products.
 */
export function reductionProducts(
  a: Float64Array, pivot: Float64Array, n: number,
  du: Float64Array, xy: Float64Array, pq: Float64Array, panel: Float64Array,
): void { // prettier-ignore
  const nn = n * n;
  const n2 = 2 * n;
  for (let r = 0; r < n; r++) {
    xy.set(du.subarray(r * n, r * n + n), r * n2);
    xy.set(du.subarray(nn + r * n, nn + r * n + n), r * n2 + n);
  }
  solveEliminated(a, pivot, n, xy, n2, panel);
  pq.fill(0);
  for (let r0 = 0; r0 < n2; r0 += 64) {
    const rows = Math.min(64, n2 - r0);
    const inner = nonzeroWidth(du, r0 * n, n, rows, n);
    gemmAdd(rows, n2, inner, du, r0 * n, n, xy, 0, n2, pq, r0 * n2, n2, panel);
  }
}

/**
 * The block update of one cyclic-reduction step, once {@link reductionProducts} has filled pq:
 * w, the off-diagonal part of N (n × n, magnitudes ≥ 0, diagonal ignored), gains D·Y + U·X (the
 * new N = N − D·Y − U·X); du ← [D·X; U·Y]; dnE, upE ← the row sums of the new D and U (the new
 * N's row sums are dnE + upE). What the boundary levels gain besides is the caller's.
 */
export function reductionUpdate(
  n: number, pq: Float64Array, w: Float64Array, du: Float64Array, dnE: Float64Array, upE: Float64Array,
): void { // prettier-ignore
  const nn = n * n;
  const n2 = 2 * n;
  for (let r = 0; r < n; r++) {
    const p = r * n2; // row r of [D·X | D·Y]
    const q = (n + r) * n2; // row r of [U·X | U·Y]
    for (let c = 0; c < n; c++) {
      if (c !== r) w[r * n + c] += pq[p + n + c]! + pq[q + c]!;
      du[r * n + c] = pq[p + c]!;
      du[nn + r * n + c] = pq[q + n + c]!;
    }
  }
  rowSumsInto(du, 0, n, dnE);
  rowSumsInto(du, nn, n, upE);
}

/** w[r·n + c] += a[off + r·ld + c] for c ≠ r: an n × n block added to an off-diagonal part. */
export function addOffDiagonal(w: Float64Array, n: number, a: Float64Array, off: number, ld: number): void {
  for (let r = 0; r < n; r++) {
    const o = off + r * ld;
    for (let c = 0; c < n; c++) if (c !== r) w[r * n + c] += a[o + c]!;
  }
}

/**
 * Zero-filled work arrays for kernels whose products should run in WebAssembly: `take(offset,
 * length)` hands out sub-arrays of one {@link wasmScratch} view of `doubles` values, or fresh
 * arrays where WebAssembly SIMD is unavailable. A later wasmScratch call that grows the memory
 * invalidates them.
 */
export function scratchRegions(doubles: number): (offset: number, length: number) => Float64Array {
  const scratch = wasmScratch(doubles);
  return (offset, length) =>
    scratch === null ? new Float64Array(length) : scratch.subarray(offset, offset + length).fill(0);
}

/**
 * Dense square-matrix kernels on row-major Float64Array, for the block solvers.
 *
 * Hand-written rather than ml-matrix: the block solvers of the credit chain spend nearly all their
 * time in b×b products and inversions with b up to ~1000, and ml-matrix's `mmul` (arrays of
 * arrays) measured 6× slower than `matMul` below: 84 ms against 13 ms at n = 300, 397 ms against
 * 68 ms at n = 513 (Node 20, best of 4). These kernels assume valid input and never throw;
 * callers check shapes.
 *
 * The products run in WebAssembly SIMD (wasmGemm.ts) when their operands live in its memory —
 * matMul and invertMMatrix copy theirs in — with results equal bit for bit to the JavaScript
 * kernel below, about 5× faster at n = 513.
 */
import { wasmGemmAdd, wasmPanelRow, wasmScratch, wasmSolveLeaf } from './wasmGemm.js';

/**
 * C[m×n] += A[m×k]·B[k×n], row-major with leading dimensions and offsets (all entries of the
 * sub-blocks addressed as a[aOff + r·lda + c]). 4 × 4 register blocks over a packed 4-column
 * panel of B; per entry the k-sum runs in increasing order.
 */
export function gemmAdd(
  m: number, n: number, k: number,
  a: Float64Array, aOff: number, lda: number,
  b: Float64Array, bOff: number, ldb: number,
  c: Float64Array, cOff: number, ldc: number,
  panel: Float64Array = new Float64Array(4 * k),
): void {
  if (m <= 0 || n <= 0 || k <= 0) return;
  if (wasmGemmAdd(m, n, k, a, aOff, lda, b, bOff, ldb, c, cOff, ldc, panel)) return;
  const n4 = n - (n % 4);
  for (let j = 0; j < n4; j += 4) {
    for (let p = 0; p < k; p++) {
      const bp = bOff + p * ldb + j;
      const q = p * 4;
      panel[q] = b[bp]!;
      panel[q + 1] = b[bp + 1]!;
      panel[q + 2] = b[bp + 2]!;
      panel[q + 3] = b[bp + 3]!;
    }
    let i = 0;
    for (; i + 3 < m; i += 4) {
      const r0 = aOff + i * lda;
      const r1 = r0 + lda;
      const r2 = r1 + lda;
      const r3 = r2 + lda;
      let c00 = 0, c01 = 0, c02 = 0, c03 = 0, c10 = 0, c11 = 0, c12 = 0, c13 = 0; // prettier-ignore
      let c20 = 0, c21 = 0, c22 = 0, c23 = 0, c30 = 0, c31 = 0, c32 = 0, c33 = 0; // prettier-ignore
      for (let p = 0; p < k; p++) {
        const q = p * 4;
        const b0 = panel[q]!;
        const b1 = panel[q + 1]!;
        const b2 = panel[q + 2]!;
        const b3 = panel[q + 3]!;
        const x0 = a[r0 + p]!;
        const x1 = a[r1 + p]!;
        const x2 = a[r2 + p]!;
        const x3 = a[r3 + p]!;
        c00 += x0 * b0; c01 += x0 * b1; c02 += x0 * b2; c03 += x0 * b3; // prettier-ignore
        c10 += x1 * b0; c11 += x1 * b1; c12 += x1 * b2; c13 += x1 * b3; // prettier-ignore
        c20 += x2 * b0; c21 += x2 * b1; c22 += x2 * b2; c23 += x2 * b3; // prettier-ignore
        c30 += x3 * b0; c31 += x3 * b1; c32 += x3 * b2; c33 += x3 * b3; // prettier-ignore
      }
      const o0 = cOff + i * ldc + j;
      const o1 = o0 + ldc;
      const o2 = o1 + ldc;
      const o3 = o2 + ldc;
      c[o0] += c00; c[o0 + 1] += c01; c[o0 + 2] += c02; c[o0 + 3] += c03; // prettier-ignore
      c[o1] += c10; c[o1 + 1] += c11; c[o1 + 2] += c12; c[o1 + 3] += c13; // prettier-ignore
      c[o2] += c20; c[o2 + 1] += c21; c[o2 + 2] += c22; c[o2 + 3] += c23; // prettier-ignore
      c[o3] += c30; c[o3 + 1] += c31; c[o3 + 2] += c32; c[o3 + 3] += c33; // prettier-ignore
    }
    for (; i < m; i++) {
      const r = aOff + i * lda;
      const o = cOff + i * ldc + j;
      let t0 = 0, t1 = 0, t2 = 0, t3 = 0; // prettier-ignore
      for (let p = 0; p < k; p++) {
        const x = a[r + p]!;
        const q = p * 4;
        t0 += x * panel[q]!;
        t1 += x * panel[q + 1]!;
        t2 += x * panel[q + 2]!;
        t3 += x * panel[q + 3]!;
      }
      c[o] += t0; c[o + 1] += t1; c[o + 2] += t2; c[o + 3] += t3; // prettier-ignore
    }
  }
  for (let j = n4; j < n; j++) {
    for (let i = 0; i < m; i++) {
      const r = aOff + i * lda;
      let t = 0;
      for (let p = 0; p < k; p++) t += a[r + p]! * b[bOff + p * ldb + j]!;
      c[cOff + i * ldc + j] += t;
    }
  }
}

/**
 * C ← A·B (n×n). C must not alias A or B. Register-blocked through {@link gemmAdd}; per entry the
 * summation order is plain k = 0..n−1, so results equal the textbook triple loop bit for bit.
 * Measured on Node 20 at n = 513: 1.1 GFLOP/s for the plain i-k-j loop, 2.6 for four rows of C per
 * pass, 3.9 for the 4 × 4 register blocks.
 */
export function matMul(a: Float64Array, b: Float64Array, c: Float64Array, n: number): Float64Array {
  const nn = n * n;
  const s = n >= 8 ? wasmScratch(3 * nn + 8 * n) : null;
  if (s === null) {
    c.fill(0);
    gemmAdd(n, n, n, a, 0, n, b, 0, n, c, 0, n);
    return c;
  }
  const [wa, wb, wc] = [s.subarray(0, nn), s.subarray(nn, 2 * nn), s.subarray(2 * nn, 3 * nn)];
  wa.set(a);
  wb.set(b);
  wc.fill(0);
  gemmAdd(n, n, n, wa, 0, n, wb, 0, n, wc, 0, n, s.subarray(3 * nn));
  c.set(wc);
  return c;
}

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

/** Pivots per block of eliminateMMatrix. */
const NBE = 16;

/**
 * The elimination step of {@link invertMMatrix}, on its own: Gaussian elimination without
 * pivoting of the diagonally dominant M-matrix A = diag(d) − W given as the triplet (W, s = A·e)
 * (Alfa, Xue & Ye 2002), carrying the row sums instead of the diagonal, so that no subtraction
 * occurs while every s ≥ 0. In place: on return `a` (n × n, row-major, W on entry, its diagonal
 * ignored) holds the multipliers F ≥ 0 strictly below the diagonal and the eliminated W ≥ 0 above
 * it, so A = (I − F)(diag(pivot) − W_upper); `s` holds the updated row sums. Only the first
 * `count` pivots are eliminated (count = n − 1 for a singular generator, whose last pivot is 0).
 * Returns false if a pivot is not positive (A singular, or negative row sums cancelled it).
 * The update of the rows below each block of 16 pivots (NBE) is one product ({@link gemmAdd}).
 */
export function eliminateMMatrix(
  a: Float64Array,
  s: Float64Array,
  pivot: Float64Array,
  n: number,
  count: number = n,
  panel: Float64Array = new Float64Array(8 * n),
): boolean {
  // NBE pivots at a time: the panel rows are updated over their whole width, the rows below only
  // in the panel's columns; then one product updates the trailing block.
  for (let kb = 0; kb < count; kb += NBE) {
    const ke = Math.min(kb + NBE, count);
    // the panel rows [kb, ke), over their whole width, pivot by pivot — or, in the WebAssembly
    // memory, pivot by pivot in the panel's columns while each row's columns ≥ ke are brought up
    // to date by the earlier pivots just before its own (the same updates in the same order)
    for (let k = kb; k < ke; k++) {
      const rk = k * n;
      const width = wasmPanelRow(a, n, kb, ke, k) ? ke : n;
      let d = s[k]!;
      for (let j = k + 1; j < n; j++) d += a[rk + j]!;
      if (!(d > 0)) return false;
      pivot[k] = d;
      const sk = s[k]!;
      for (let i = k + 1; i < ke; i++) {
        const ri = i * n;
        const wik = a[ri + k]!;
        if (wik === 0) continue;
        const f = wik / d;
        a[ri + k] = f;
        s[i] += f * sk;
        for (let j = k + 1; j < width; j++) a[ri + j] += f * a[rk + j]!;
      }
    }
    // the rows below, in the panel's columns only: row by row (contiguous), each entry receiving
    // the pivots' updates in the same order and from the same values as pivot by pivot
    for (let i = ke; i < n; i++) {
      const ri = i * n;
      for (let k = kb; k < ke; k++) {
        const wik = a[ri + k]!;
        if (wik === 0) continue;
        const rk = k * n;
        const f = wik / pivot[k]!;
        a[ri + k] = f;
        s[i] += f * s[k]!;
        for (let j = k + 1; j < ke; j++) a[ri + j] += f * a[rk + j]!;
      }
    }
    // trailing block rows/cols ≥ ke: += F[ke.., kb..ke) · A[kb..ke, ke..), over the columns where
    // the panel rows are not all zero (a Hessenberg matrix has no trailing update at all)
    const cols = nonzeroWidth(a, kb * n + ke, n, ke - kb, n - ke);
    gemmAdd(n - ke, cols, ke - kb, a, ke * n + kb, n, a, kb * n + ke, n, a, ke * n + ke, n, panel);
  }
  return true;
}

/**
 * 1 + the largest column index c < cols with a[off + r·ld + c] ≠ 0 for some row r < rows (0 if
 * the block is zero): products may stop there, skipping only exact zeros.
 */
export function nonzeroWidth(a: Float64Array, off: number, ld: number, rows: number, cols: number): number {
  let width = 0;
  for (let r = 0; r < rows; r++) {
    const o = off + r * ld;
    for (let c = cols - 1; c >= width; c--) {
      if (a[o + c] !== 0) {
        width = c + 1;
        break;
      }
    }
    if (width === cols) break;
  }
  return width;
}

/** Rows below which solveEliminated's recursion substitutes directly (measured at n = 513, 2n
 * right-hand sides: 8 → 42 ms, 16 → 48, 32 → 61; a flat loop over blocks of 16 took 53). */
const NBS = 8;

/**
 * B ← A⁻¹·B for B n × k (row-major, in place), A factored by {@link eliminateMMatrix}: forward
 * substitution with I − F, then back substitution with diag(pivot) − W, both recursive on row
 * halves so that nearly all the work is in large products. For B ≥ 0 every step adds non-negative terms, so the
 * result is entrywise accurate. `panel`: 8·n values of work space (in the WebAssembly memory
 * for the fast products).
 */
export function solveEliminated(
  a: Float64Array,
  pivot: Float64Array,
  n: number,
  b: Float64Array,
  k: number,
  panel: Float64Array = new Float64Array(8 * n),
): Float64Array {
  forwardRows(a, n, b, k, panel, 0, n);
  backRows(a, pivot, n, b, k, panel, 0, n);
  return b;
}

/** Where a row range [lo, hi) is split: its middle, on a multiple of 4 rows (the kernel's block). */
function splitPoint(lo: number, hi: number): number {
  return lo + Math.max(4, ((hi - lo) >> 1) & ~3); // < hi, as hi − lo > NBS ≥ 4
}

/**
 * Rows [lo, hi) of Z = (I − F)⁻¹B, the contributions of rows < lo being already added:
 * recursively, so most of the work is in few large products (Z_2 += F_21·Z_1).
 */
function forwardRows(a: Float64Array, n: number, b: Float64Array, k: number, panel: Float64Array, lo: number, hi: number): void {
  if (hi - lo <= NBS) {
    if (wasmSolveLeaf(a, n, b, k, lo, hi, null, panel)) return;
    for (let i = lo; i < hi; i++) {
      const ri = i * k;
      for (let p = lo; p < i; p++) {
        const f = a[i * n + p]!;
        if (f === 0) continue;
        const rp = p * k;
        for (let j = 0; j < k; j++) b[ri + j] += f * b[rp + j]!;
      }
    }
    return;
  }
  const mid = splitPoint(lo, hi);
  forwardRows(a, n, b, k, panel, lo, mid);
  gemmAdd(hi - mid, k, mid - lo, a, mid * n + lo, n, b, lo * k, k, b, mid * k, k, panel);
  forwardRows(a, n, b, k, panel, mid, hi);
}

/**
 * Rows [lo, hi) of X = (diag(pivot) − W)⁻¹Z, the contributions of rows ≥ hi being already added:
 * recursively (X_1 = D_1⁻¹(Z_1 + W_12·X_2) after X_2), skipping W's all-zero columns.
 */
function backRows(
  a: Float64Array, pivot: Float64Array, n: number, b: Float64Array, k: number, panel: Float64Array, lo: number, hi: number,
): void { // prettier-ignore
  if (hi - lo <= NBS) {
    if (wasmSolveLeaf(a, n, b, k, lo, hi, pivot, panel)) return;
    for (let i = hi - 1; i >= lo; i--) {
      const ri = i * k;
      for (let p = i + 1; p < hi; p++) {
        const w = a[i * n + p]!;
        if (w === 0) continue;
        const rp = p * k;
        for (let j = 0; j < k; j++) b[ri + j] += w * b[rp + j]!;
      }
      const inv = 1 / pivot[i]!;
      for (let j = 0; j < k; j++) b[ri + j] *= inv;
    }
    return;
  }
  const mid = splitPoint(lo, hi);
  backRows(a, pivot, n, b, k, panel, mid, hi);
  const inner = nonzeroWidth(a, lo * n + mid, n, mid - lo, hi - mid); // W's columns beyond are 0
  gemmAdd(mid - lo, k, inner, a, lo * n + mid, n, b, mid * k, k, b, lo * k, k, panel);
  backRows(a, pivot, n, b, k, panel, lo, mid);
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

/** Columns per block of solveEliminatedRows. */
const NBR = 32;

/**
 * Rows of X with X·A = C for C r × n (row-major, in place), A factored by {@link eliminateMMatrix}:
 * Z·(diag(pivot) − W) = C column block by column block from the left, then X·(I − F) = Z from the
 * right, nearly all the work in products ({@link gemmAdd}) of the rows solved so far with A's
 * factors. For C ≥ 0 only non-negative terms are added, so every entry is accurate. `panel`: 8·n
 * values of work space (in the WebAssembly memory, with `a` and `c`, for the fast products).
 */
export function solveEliminatedRows(
  a: Float64Array,
  pivot: Float64Array,
  n: number,
  c: Float64Array,
  r: number,
  panel: Float64Array = new Float64Array(8 * n),
): Float64Array {
  for (let j0 = 0; j0 < n; j0 += NBR) {
    const j1 = Math.min(j0 + NBR, n);
    gemmAdd(r, j1 - j0, j0, c, 0, n, a, j0, n, c, j0, n, panel); // Z[:, J] += Z[:, <J]·W[<J, J]
    for (let j = j0; j < j1; j++) {
      const inv = 1 / pivot[j]!;
      for (let row = 0; row < r; row++) {
        const o = row * n;
        let t = c[o + j]!;
        for (let i = j0; i < j; i++) t += c[o + i]! * a[i * n + j]!;
        c[o + j] = t * inv;
      }
    }
  }
  const lastStart = Math.floor((n - 1) / NBR) * NBR;
  for (let j0 = lastStart; j0 >= 0; j0 -= NBR) {
    const j1 = Math.min(j0 + NBR, n);
    gemmAdd(r, j1 - j0, n - j1, c, j1, n, a, j1 * n + j0, n, c, j0, n, panel); // X[:, J] += X[:, >J]·F[>J, J]
    for (let i = j1 - 1; i >= j0; i--) {
      for (let row = 0; row < r; row++) {
        const o = row * n;
        let t = c[o + i]!;
        for (let k = i + 1; k < j1; k++) t += c[o + k]! * a[k * n + i]!;
        c[o + i] = t;
      }
    }
  }
  return c;
}

/**
 * Row vector x with x·A = b, A factored by {@link eliminateMMatrix}: z·(diag(pivot) − W) = b, then
 * x·(I − F) = z. For b ≥ 0 only non-negative terms are added. O(n²).
 */
export function solveEliminatedRow(a: Float64Array, pivot: Float64Array, n: number, b: Float64Array): Float64Array {
  const z = Float64Array.from(b);
  for (let j = 0; j < n; j++) {
    z[j] = z[j]! / pivot[j]!;
    const zj = z[j]!;
    if (zj === 0) continue;
    const rj = j * n;
    for (let c = j + 1; c < n; c++) z[c] += zj * a[rj + c]!;
  }
  // x_i = z_i + Σ_{k>i} x_k F_ki, from the bottom
  for (let k = n - 1; k > 0; k--) {
    const xk = z[k]!;
    if (xk === 0) continue;
    const rk = k * n;
    for (let i = 0; i < k; i++) z[i] += xk * a[rk + i]!;
  }
  return z;
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

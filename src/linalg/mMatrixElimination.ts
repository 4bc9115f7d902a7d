/**
 * Elimination of diagonally dominant M-matrices from their off-diagonal part and row sums (no
 * subtraction: Alfa, Xue & Ye 2002) and the block solves with the factors, for the cyclic
 * reductions of src/credit. Split from float64Dense.ts, which re-exports these functions.
 */
import { gemmAdd } from './gemm.js';
import { wasmPanelRow, wasmSolveLeaf } from './wasmGemm.js';

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

/**
 * Low-rank factor pairs C = U·Vᵀ for the off-diagonal blocks of the rank-structured reduction step
 * (splitStep.ts, issue 35), their recompression, and the bump allocator that keeps every array of
 * the step in the WebAssembly memory (where the products run fast: src/linalg/wasmGemm.ts).
 *
 * Recompression (C given as U·Vᵀ of K columns, K the sum of the ranks of the terms that made it):
 * Householder QR U = Q_U·R_U, then F = R_U·Vᵀ (K × cols, one WebAssembly product) and a
 * Householder QR with column pivoting of Fᵀ, stopped where the trailing block's Frobenius norm —
 * exactly the error of the truncation — drops below the tolerance; so ‖C − C_r‖_F ≤ tolerance.
 * A rank-revealing QR in place of an SVD of the core: its rank may exceed the optimal one by a
 * little, but its error bound is exact and it costs O(cols·K·r), with no iteration.
 */
import { gemmAdd } from '../../linalg/float64Dense.js';
import { applyQ, householderQr, pivotedQr } from './householder.js';

/** C = U·Vᵀ, rows × cols: `u` is rows × k and `vt` k × cols, both row-major. */
export interface LowRank {
  readonly u: Float64Array;
  readonly vt: Float64Array;
  readonly k: number;
}

/** Time and count of the recompressions (ms), for the benchmark's breakdown. */
export const recompressionStats = { ms: 0, count: 0, columnsIn: 0, columnsOut: 0 };

/** The most any arena held (doubles), for sizing. */
export const arenaHighWater = { doubles: 0 };

/**
 * Sub-arrays of one Float64Array (a view of the WebAssembly memory), handed out in order and
 * given back by {@link Arena.reset} to a {@link Arena.mark}. Zero-filled on allocation.
 */
export class Arena {
  private top: number;
  constructor(
    private readonly mem: Float64Array,
    private readonly start: number,
    private readonly end: number,
  ) {
    this.top = start;
  }
  alloc(length: number): Float64Array {
    return this.allocRaw(length).fill(0);
  }
  /** As {@link Arena.alloc}, the contents left as they are (for arrays written in full). */
  allocRaw(length: number): Float64Array {
    const at = this.top;
    if (at + length > this.end) throw new Error(`rank-structured step: work space exhausted (${this.end - this.start} doubles)`);
    this.top = at + length;
    if (this.top - this.start > arenaHighWater.doubles) arenaHighWater.doubles = this.top - this.start;
    return this.mem.subarray(at, at + length);
  }
  mark(): number {
    return this.top;
  }
  reset(mark: number = this.start): void {
    this.top = mark;
  }
}

export const EMPTY: LowRank = { u: new Float64Array(0), vt: new Float64Array(0), k: 0 };

/**
 * A grading of a block: the block M is recompressed as M̃ = diag(row)⁻¹·M·diag(col) and scaled
 * back, so that the truncation and the rounding of the new factors are small relative to M̃'s
 * entries rather than to M's norm (see splitStep.ts, "grading").
 */
export interface Grade {
  readonly row: Float64Array;
  readonly col: Float64Array;
}

/**
 * Recompresses C = U·Vᵀ (U rows × K, Vᵀ K × cols, row-major) to the least rank r the pivoted QR
 * finds with ‖C − U_r·V_rᵀ‖_F ≤ tolerance. The result (U_r with orthogonal columns scaled by R,
 * V_r orthonormal) is allocated in `ar`; the work space above it is given back.
 */
export function recompress(
  ar: Arena, u: Float64Array, vt: Float64Array, rows: number, cols: number, K: number, tolerance: number, panel: Float64Array,
  grade?: Grade,
): LowRank { // prettier-ignore
  if (K === 0) return EMPTY;
  const t0 = performance.now();
  const cap = Math.min(K, rows, cols);
  const outU = ar.alloc(rows * cap);
  const outVt = ar.alloc(cap * cols);
  const mark = ar.mark();
  const ut = ar.allocRaw(K * rows); // U's columns, contiguous
  for (let i = 0; i < rows; i++) {
    const g = grade === undefined ? 1 : 1 / grade.row[i]!;
    for (let c = 0; c < K; c++) ut[c * rows + i] = u[i * K + c]! * g;
  }
  if (grade !== undefined) {
    const scaled = ar.alloc(K * cols);
    for (let k = 0; k < K; k++) for (let j = 0; j < cols; j++) scaled[k * cols + j] = vt[k * cols + j]! * grade.col[j]!;
    vt = scaled;
  }
  const tauU = new Float64Array(K);
  householderQr(ut, K, rows, tauU);
  const kr = Math.min(K, rows);
  const rU = ar.alloc(K * K); // R_U, upper: R[j][c] = ut[c·rows + j], j ≤ c
  for (let c = 0; c < K; c++) for (let j = 0; j <= Math.min(c, kr - 1); j++) rU[j * K + c] = ut[c * rows + j]!;
  const f = ar.alloc(K * cols);
  gemmAdd(K, cols, K, rU, 0, K, vt, 0, cols, f, 0, cols, panel);
  rU.fill(0); // reused as G (K × r, ld K): F ≈ G·V_rᵀ
  const r = truncateRows(f, K, cols, tolerance, outVt, (row, j, value) => {
    rU[row * K + j] = value;
  });
  // U_r = Q_U·[G; 0]: G's columns, padded to length rows, through Q_U
  const y = ar.alloc(r * rows);
  for (let j = 0; j < r; j++) for (let i = 0; i < K; i++) y[j * rows + i] = rU[i * K + j]!;
  applyQ(ut, kr, rows, tauU, y, r);
  for (let i = 0; i < rows; i++) for (let j = 0; j < r; j++) outU[i * r + j] = y[j * rows + i]!;
  if (grade !== undefined) ungrade(outU, outVt, rows, cols, r, grade);
  ar.reset(mark);
  recompressionStats.ms += performance.now() - t0;
  recompressionStats.count++;
  recompressionStats.columnsIn += K;
  recompressionStats.columnsOut += r;
  return { u: outU.subarray(0, rows * r), vt: outVt.subarray(0, r * cols), k: r };
}

/** U ← diag(row)·U, Vᵀ ← Vᵀ·diag(col)⁻¹. */
function ungrade(u: Float64Array, vt: Float64Array, rows: number, cols: number, r: number, grade: Grade): void {
  for (let i = 0; i < rows; i++) for (let j = 0; j < r; j++) u[i * r + j] *= grade.row[i]!;
  for (let j = 0; j < r; j++) for (let c = 0; c < cols; c++) vt[j * cols + c] /= grade.col[c]!;
}

/**
 * Pivoted QR of Fᵀ (F: `count` × n, its rows the columns), truncated at `tolerance`: writes
 * V_rᵀ (r × n, orthonormal rows) into `vt` and the non-zero entries G[perm[c]][j] = R[j][c]
 * through `put`, so that F ≈ G·V_rᵀ (G: count × r). Returns r.
 */
function truncateRows(
  f: Float64Array, count: number, n: number, tolerance: number, vt: Float64Array,
  put: (row: number, j: number, value: number) => void,
): number { // prettier-ignore
  const tau = new Float64Array(count);
  const perm = new Int32Array(count);
  const r = pivotedQr(f, count, n, tolerance, tau, perm);
  for (let c = 0; c < count; c++) for (let j = 0; j < Math.min(r, c + 1); j++) put(perm[c]!, j, f[c * n + j]!);
  vt.fill(0, 0, r * n);
  for (let j = 0; j < r; j++) vt[j * n + j] = 1;
  applyQ(f, r, n, tau, vt, r);
  return r;
}

/**
 * The block M[off + i·ld + c] (rows × cols) as U·Vᵀ with ‖M − U·Vᵀ‖_F ≤ tolerance (pivoted QR of
 * its rows), allocated in `ar`.
 */
export function compressDense(
  ar: Arena, m: Float64Array, off: number, ld: number, rows: number, cols: number, tolerance: number, grade?: Grade,
): LowRank { // prettier-ignore
  const cap = Math.min(rows, cols);
  const outU = ar.alloc(rows * cap);
  const outVt = ar.alloc(cap * cols);
  const mark = ar.mark();
  const f = ar.alloc(rows * cols);
  for (let i = 0; i < rows; i++) {
    f.set(m.subarray(off + i * ld, off + i * ld + cols), i * cols);
    if (grade !== undefined) for (let j = 0; j < cols; j++) f[i * cols + j] *= grade.col[j]! / grade.row[i]!;
  }
  const entries: Array<[number, number, number]> = [];
  const r = truncateRows(f, rows, cols, tolerance, outVt, (row, j, value) => entries.push([row, j, value]));
  ar.reset(mark);
  const u = outU.subarray(0, rows * r);
  for (const [row, j, value] of entries) u[row * r + j] = value;
  const vt = outVt.subarray(0, r * cols);
  if (grade !== undefined) ungrade(u, vt, rows, cols, r, grade);
  return { u, vt, k: r };
}

/** U·Vᵀ added into c[off + i·ld + j] (rows × cols). */
export function addLowRankInto(
  x: LowRank, rows: number, cols: number, c: Float64Array, off: number, ld: number, panel: Float64Array,
): void { // prettier-ignore
  if (x.k > 0) gemmAdd(rows, cols, x.k, x.u, 0, x.k, x.vt, 0, cols, c, off, ld, panel);
}

/** Concatenates factor pairs [U_1 | U_2 | …] and [Vᵀ_1; Vᵀ_2; …] in `ar`: the sum of the terms. */
export function concatLowRank(ar: Arena, rows: number, cols: number, terms: readonly LowRank[]): LowRank {
  const K = terms.reduce((s, t) => s + t.k, 0);
  const u = ar.allocRaw(rows * K);
  const vt = ar.allocRaw(K * cols);
  let at = 0;
  for (const t of terms) {
    for (let i = 0; i < rows; i++) for (let c = 0; c < t.k; c++) u[i * K + at + c] = t.u[i * t.k + c]!;
    vt.set(t.vt.subarray(0, t.k * cols), at * cols);
    at += t.k;
  }
  return { u, vt, k: K };
}

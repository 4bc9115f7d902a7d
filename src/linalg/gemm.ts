/**
 * The register-blocked product C += A·B on row-major Float64Array (JavaScript, or the WebAssembly
 * kernel of wasmGemm.ts when the operands live in its memory, with the same results bit for bit),
 * and the square product built on it. Split from float64Dense.ts, which re-exports both.
 */
import { wasmGemmAdd, wasmScratch } from './wasmGemm.js';

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

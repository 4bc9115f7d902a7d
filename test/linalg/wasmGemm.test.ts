import { describe, expect, it } from 'vitest';
import { seededStream } from '../../src/core/random.js';
import { eliminateMMatrix, gemmAdd, solveEliminated } from '../../src/linalg/float64Dense.js';
import { wasmGemmAdd, wasmMemoryShared, wasmScratch, wasmSolveLeaf } from '../../src/linalg/wasmGemm.js';
import { gemmModuleBytes } from '../../src/linalg/wasmGemmModule.js';

// The WebAssembly JS API is not in tsconfig's lib (ES2022); declared as far as used here.
declare const WebAssembly: {
  validate(bytes: Uint8Array): boolean;
  Module: {
    new (bytes: Uint8Array): object;
    exports(module: object): { kind: string; name: string }[];
    imports(module: object): { kind: string; module: string; name: string }[];
  };
};

describe('gemmModuleBytes', () => {
  it.each([true, false])('shared = %s → valid WebAssembly exporting gemm, importing env.memory (Node 20 has SIMD and threads)', (shared) => {
    const bytes = gemmModuleBytes(shared);
    expect(WebAssembly.validate(bytes)).toBe(true);
    const module = new WebAssembly.Module(bytes);
    expect(WebAssembly.Module.exports(module).map((e) => `${e.kind}:${e.name}`)).toEqual(['function:gemm', 'function:leafForward', 'function:leafBack', 'function:reflect']);
    expect(WebAssembly.Module.imports(module).map((e) => `${e.kind}:${e.module}.${e.name}`)).toEqual(['memory:env.memory']);
  });

  it('on Node 20 the kernel runs in a shared memory (so products can be split over threads)', () => {
    expect(wasmScratch(1)).not.toBeNull();
    expect(wasmMemoryShared()).toBe(true);
    expect(wasmScratch(1)!.buffer).toBeInstanceOf(SharedArrayBuffer);
  });
});

describe('wasmScratch', () => {
  it('a request → a view of at least that many doubles over the kernel memory, growing it', () => {
    const small = wasmScratch(10)!;
    expect(small.length).toBe(10);
    const big = wasmScratch(3_000_000)!; // 24 MB: beyond the initial 64 KiB page
    expect(big.length).toBe(3_000_000);
    expect(big.buffer.byteLength).toBeGreaterThanOrEqual(24_000_000);
  });
});

describe('wasmGemmAdd', () => {
  it.each([
    [1, 1, 1],
    [4, 4, 4],
    [5, 7, 3],
    [13, 6, 11],
    [48, 97, 48],
    [66, 130, 65],
    [2, 8, 5], // one 8-column panel, one 2-row block
    [3, 12, 7], // an 8-panel and a 4-panel, a 2-row block and a single row
    [1, 17, 9], // 8 + 8 + a scalar column, one row
    [9, 15, 4], // 8 + 4 + 3 scalar columns
  ])('%i×%i·(…×%i) sub-blocks at offsets → bit for bit the JavaScript kernel, nothing else touched', (m, n, k) => {
    const rnd = seededStream(m * 1000 + n * 10 + k);
    const [lda, ldb, ldc] = [k + 3, n + 2, n + 5];
    const [la, lb, lc] = [(m + 2) * lda, (k + 2) * ldb, (m + 3) * ldc];
    const s = wasmScratch(la + lb + lc + 8 * k)!;
    const a = s.subarray(0, la);
    const b = s.subarray(la, la + lb);
    const c = s.subarray(la + lb, la + lb + lc);
    const panel = s.subarray(la + lb + lc);
    for (let q = 0; q < la; q++) a[q] = rnd.next() - 0.4;
    for (let q = 0; q < lb; q++) b[q] = rnd.next() - 0.4;
    for (let q = 0; q < lc; q++) c[q] = rnd.next();
    const expected = c.slice(); // plain arrays: the JavaScript path
    gemmAdd(m, n, k, a.slice(), lda + 1, lda, b.slice(), 2 * ldb + 1, ldb, expected, ldc + 2, ldc);
    expect(wasmGemmAdd(m, n, k, a, lda + 1, lda, b, 2 * ldb + 1, ldb, c, ldc + 2, ldc, panel)).toBe(true);
    expect(Array.from(c)).toEqual(Array.from(expected));
  });

  it('operands outside the kernel memory → false, C untouched', () => {
    const a = new Float64Array(4).fill(1);
    const c = new Float64Array(4);
    expect(wasmGemmAdd(2, 2, 2, a, 0, 2, a, 0, 2, c, 0, 2, new Float64Array(8))).toBe(false);
    expect(Array.from(c)).toEqual([0, 0, 0, 0]);
  });
});

describe('wasmSolveLeaf and solveEliminated in the kernel memory', () => {
  /** A factored diagonally dominant M-matrix (n × n) and a right-hand side n × k, in the kernel memory. */
  function factored(n: number, k: number, seed: number) {
    const rnd = seededStream(seed);
    const s = wasmScratch(n * n + n * k + 8 * n)!;
    const a = s.subarray(0, n * n);
    const b = s.subarray(n * n, n * n + n * k);
    const panel = s.subarray(n * n + n * k);
    for (let q = 0; q < n * n; q++) a[q] = rnd.next() < 0.2 ? 0 : rnd.next() * 2 ** Math.floor(rnd.next() * 30 - 15);
    for (let q = 0; q < n * k; q++) b[q] = rnd.next() * 2 ** Math.floor(rnd.next() * 30 - 15);
    const rowSums = Float64Array.from({ length: n }, () => rnd.next());
    const pivot = new Float64Array(n);
    expect(eliminateMMatrix(a, rowSums, pivot, n, n, panel)).toBe(true);
    return { a, b, panel, pivot };
  }

  it.each([
    [8, 5, false],
    [8, 5, true],
    [7, 12, false],
    [6, 1, true],
    [3, 2, true],
  ])('an %i-row leaf with %i columns (back: %s) → bit for bit the JavaScript loop, nothing else touched', (rows, k, back) => {
    const n = rows + 3;
    const { a, b, panel, pivot } = factored(n, k, rows * 100 + k);
    const [lo, hi] = [1, 1 + rows];
    const expected = b.slice();
    const [fa, piv] = [a.slice(), pivot.slice()];
    // the JavaScript loops of float64Dense.ts (forwardRows / backRows at a leaf), spelled out
    if (!back) {
      for (let i = lo; i < hi; i++) for (let p = lo; p < i; p++) if (fa[i * n + p] !== 0) for (let j = 0; j < k; j++) expected[i * k + j] += fa[i * n + p]! * expected[p * k + j]!;
    } else {
      for (let i = hi - 1; i >= lo; i--) {
        for (let p = i + 1; p < hi; p++) if (fa[i * n + p] !== 0) for (let j = 0; j < k; j++) expected[i * k + j] += fa[i * n + p]! * expected[p * k + j]!;
        const inv = 1 / piv[i]!;
        for (let j = 0; j < k; j++) expected[i * k + j] *= inv;
      }
    }
    expect(wasmSolveLeaf(a, n, b, k, lo, hi, back ? pivot : null, panel)).toBe(true);
    expect(Array.from(b)).toEqual(Array.from(expected));
  });

  it.each([
    [37, 9],
    [130, 261],
  ])('solveEliminated, n = %i with %i right-hand sides → the all-JavaScript result bit for bit', (n, k) => {
    const { a, b, panel, pivot } = factored(n, k, n + k);
    const expected = solveEliminated(a.slice(), pivot, n, b.slice(), k); // plain arrays: JavaScript only
    solveEliminated(a, pivot, n, b, k, panel);
    expect(Array.from(b)).toEqual(Array.from(expected));
  });
});

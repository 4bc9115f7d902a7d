/**
 * The product split over worker threads (src/linalg/gemmThreads.ts) gives the one-thread result
 * bit for bit, in the products themselves and in the credit kernels built on them; small products
 * stay on the calling thread; the workers never keep a process alive, and stop on request.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededStream } from '../../src/core/random.js';
import { foldingKernel } from '../../src/credit/folding.js';
import { geometricKernel } from '../../src/credit/geometric/geometric.js';
import { solveCreditChain } from '../../src/credit/index.js';
import { gemmAdd } from '../../src/linalg/float64Dense.js';
import {
  gemmThreadStats,
  gemmThreadsReady,
  PARALLEL_MIN_WORK,
  stopGemmThreads,
  withGemmThreads,
} from '../../src/linalg/gemmThreads.js';
import { wasmScratch } from '../../src/linalg/wasmGemm.js';

/** Exact equality of contents (Object.is per entry: −0 and NaN payloads included). */
function identical(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (!Object.is(a[k], b[k])) return false;
  return true;
}

/** A product C += A·B on sub-blocks at offsets in the kernel memory, with `threads` threads. */
function product(m: number, n: number, k: number, threads: number, seed: number): Float64Array {
  const rnd = seededStream(seed);
  const [lda, ldb, ldc] = [k + 3, n + 2, n + 5];
  const [la, lb, lc] = [(m + 2) * lda, (k + 2) * ldb, (m + 3) * ldc];
  const s = wasmScratch(la + lb + lc + 8 * k)!;
  const [a, b, c] = [s.subarray(0, la), s.subarray(la, la + lb), s.subarray(la + lb, la + lb + lc)];
  // entries spanning many binades, some exact zeros, so that rounding differs with any reordering
  for (let q = 0; q < la; q++) a[q] = rnd.next() < 0.05 ? 0 : (rnd.next() - 0.4) * 2 ** Math.floor(rnd.next() * 40 - 20);
  for (let q = 0; q < lb; q++) b[q] = (rnd.next() - 0.3) * 2 ** Math.floor(rnd.next() * 40 - 20);
  for (let q = 0; q < lc; q++) c[q] = rnd.next();
  withGemmThreads(threads, () => gemmAdd(m, n, k, a, lda + 1, lda, b, 2 * ldb + 1, ldb, c, ldc + 2, ldc, s.subarray(la + lb + lc)));
  return c.slice();
}

beforeAll(async () => {
  // start the workers (the first large product does) and wait until they take part
  product(64, 256, 64, 3, 1);
  await gemmThreadsReady(2);
}, 30_000);

afterAll(async () => {
  await stopGemmThreads();
  expect(gemmThreadStats().workers).toBe(0);
});

describe('gemmAdd split over threads', () => {
  it.each([
    [130, 517, 70], // 64 full 8-column panels and 5 columns more: a 4-panel and a scalar column
    [64, 1026, 33], // the reduction product's shape at m = 512, one 64-row block
    [200, 23, 300], // narrow: 8 + 8 + 7 columns, three chunks of one panel each
    [97, 1000, 11], // the elimination's update shape (k = 16 pivots at a time)
    [1, 4100, 300], // a single row, more columns than 2047 chunks of 8 could hold at 1 thread
  ])('%i×%i·(…×%i) with 2 and 3 threads → the one-thread Float64Array, entry for entry', (m, n, k) => {
    expect(m * n * k).toBeGreaterThanOrEqual(PARALLEL_MIN_WORK);
    const one = product(m, n, k, 1, m + n + k);
    for (const threads of [2, 3]) {
      const before = gemmThreadStats().workerChunks;
      let many = product(m, n, k, threads, m + n + k);
      // a worker the OS has not scheduled takes no chunk; try again until one did (or give up)
      for (let tries = 0; tries < 20 && gemmThreadStats().workerChunks === before; tries++) many = product(m, n, k, threads, m + n + k);
      expect(gemmThreadStats().workerChunks).toBeGreaterThan(before);
      expect(identical(many, one)).toBe(true);
    }
  });

  it('operands in memory grown after the workers started (beyond 64 MB) → the workers take part, same result', () => {
    const before = wasmScratch(1)!.buffer.byteLength;
    const [m, n, k] = [64, 512, 64];
    const offset = Math.max(before / 8, 8_000_000); // doubles: past the old end of the memory
    const rnd = seededStream(99);
    const s = wasmScratch(offset + m * k + k * n + m * n + 8 * k)!;
    expect(s.buffer.byteLength).toBeGreaterThan(before);
    const a = s.subarray(offset, offset + m * k);
    const b = s.subarray(offset + m * k, offset + m * k + k * n);
    const c = s.subarray(offset + m * k + k * n, offset + m * k + k * n + m * n);
    const panel = s.subarray(offset + m * k + k * n + m * n);
    for (let q = 0; q < m * k; q++) a[q] = rnd.next();
    for (let q = 0; q < k * n; q++) b[q] = rnd.next();
    const expected = new Float64Array(m * n);
    gemmAdd(m, n, k, a.slice(), 0, k, b.slice(), 0, n, expected, 0, n); // plain arrays: JavaScript
    const chunks = gemmThreadStats().workerChunks;
    for (let tries = 0; tries < 20; tries++) {
      c.fill(0);
      withGemmThreads(2, () => gemmAdd(m, n, k, a, 0, k, b, 0, n, c, 0, n, panel));
      expect(identical(c, expected)).toBe(true);
      if (gemmThreadStats().workerChunks > chunks) break;
    }
    expect(gemmThreadStats().workerChunks).toBeGreaterThan(chunks);
  });

  it('a product below PARALLEL_MIN_WORK multiply-adds → computed on the calling thread alone', () => {
    const before = gemmThreadStats().workerChunks;
    const small = product(32, 64, 32, 2, 7); // 65 536 multiply-adds
    expect(gemmThreadStats().workerChunks).toBe(before);
    expect(identical(small, product(32, 64, 32, 1, 7))).toBe(true);
  });
});

describe('the credit kernels with threads', () => {
  it('geometricKernel at m = 300, both rate sets → level0, rate, levelSum, levelMoment identical with 1 and 2 threads', () => {
    for (const [l, a, b] of [
      [5, 6, 8],
      [5.5, 6, 6],
    ] as const) {
      const one = withGemmThreads(1, () => geometricKernel(l, a, b, 300, 1e-12));
      const before = gemmThreadStats().workerChunks;
      const two = withGemmThreads(2, () => geometricKernel(l, a, b, 300, 1e-12));
      expect(gemmThreadStats().workerChunks).toBeGreaterThan(before);
      for (const key of ['level0', 'rate', 'levelSum', 'levelMoment'] as const) expect(identical(two[key], one[key]), key).toBe(true);
      expect(two.iterations).toBe(one.iterations);
      expect(Object.is(two.residual, one.residual)).toBe(true);
    }
  });

  it('foldingKernel (structured) on (400, 250) → every probability identical with 1 and 2 threads', () => {
    const one = withGemmThreads(1, () => foldingKernel(6, 6, 6, 400, 250))!;
    const two = withGemmThreads(2, () => foldingKernel(6, 6, 6, 400, 250))!;
    expect(identical(two.p, one.p)).toBe(true);
  });

  it('solveCreditChain({ threads: 1 }) and ({ threads: 2 }) at (∞, 300) → the same record, number for number', () => {
    const p = { lambda: 5.5, mu1: 6, mu2: 6, upstreamCapacity: Infinity, downstreamCapacity: 300 };
    const one = solveCreditChain(p, { threads: 1 });
    const two = solveCreditChain(p, { threads: 2 });
    expect(one.meanQueueLength).toEqual(two.meanQueueLength);
    expect(one.distribution.kind).toBe('level-geometric');
    if (one.distribution.kind === 'level-geometric' && two.distribution.kind === 'level-geometric') {
      expect(identical(two.distribution.rate.flat(), one.distribution.rate.flat())).toBe(true);
      expect(identical(two.distribution.level0, one.distribution.level0)).toBe(true);
    }
  });
});

describe('worker lifetime', () => {
  it('a process that used the workers and never stopped them → exits by itself, with the right sum', () => {
    const src = fileURLToPath(new URL('../../src/linalg/float64Dense.ts', import.meta.url));
    const threads = fileURLToPath(new URL('../../src/linalg/gemmThreads.ts', import.meta.url));
    const code = [
      `import { matMul } from ${JSON.stringify(src)};`,
      `import { withGemmThreads, gemmThreadStats } from ${JSON.stringify(threads)};`,
      'const n = 300; const a = new Float64Array(n * n).fill(1);',
      'const c = withGemmThreads(2, () => matMul(a, a, new Float64Array(n * n), n));',
      'console.log(c[0], c[n * n - 1], gemmThreadStats().workers);',
    ].join('\n');
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { encoding: 'utf8', timeout: 30_000 });
    expect(r.error).toBeUndefined();
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe('300 300 1');
    expect(r.status).toBe(0);
  });
});

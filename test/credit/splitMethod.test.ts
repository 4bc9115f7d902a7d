/**
 * Issue 35: the rank-structured reduction (`geometric-split`: src/credit/split*.ts, lowRank.ts,
 * householder.ts) against the dense, entrywise-accurate kernel (`geometric`, the reference), the
 * recompression's own identities, the choice `auto` makes, and the answer's independence of the
 * thread count.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { solveCreditChain } from '../../src/credit/index.js';
import { geometricKernel, saturationThroughput } from '../../src/credit/geometric/geometric.js';
import { checkCreditParams } from '../../src/credit/params.js';
import { chooseMethod } from '../../src/credit/solve.js';
import { applyQ, householderQr, pivotedQr } from '../../src/credit/split/householder.js';
import { wasmScratch } from '../../src/linalg/wasmGemm.js';
import { Arena, recompress } from '../../src/credit/split/lowRank.js';
import type { SplitStepRecord } from '../../src/credit/split/splitReduction.js';
import { stopGemmThreads } from '../../src/linalg/gemmThreads.js';
import { maxRelative, metricList } from './helpers.js';

afterAll(async () => {
  await stopGemmThreads();
});

const THESIS = { lambda: 5, mu1: 6, mu2: 8 };
const HEAVY = { lambda: 5.5, mu1: 6, mu2: 6 };

/** A deterministic pseudo-random stream in [-1, 1) (a 32-bit LCG). */
function stream(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 31 - 1;
  };
}

describe('householderQr', () => {
  it('in the WebAssembly memory (reflections in SIMD) and in plain arrays (JavaScript) → the same bits, QR and pivoted QR', () => {
    for (const [k, n] of [
      [5, 7],
      [13, 256],
      [40, 257],
    ] as const) {
      const rnd = stream(k * n);
      const mem = wasmScratch(3 * k * n + 1)!;
      const a = mem.subarray(1, 1 + k * n); // odd offset: unaligned f64x2 loads
      for (let i = 0; i < a.length; i++) a[i] = rnd();
      const plain = a.slice();
      const [t1, t2] = [new Float64Array(k), new Float64Array(k)];
      householderQr(a, k, n, t1);
      householderQr(plain, k, n, t2);
      expect(a.every((x, i) => Object.is(x, plain[i]))).toBe(true);
      expect(t1.every((x, i) => Object.is(x, t2[i]))).toBe(true);
      const y = mem.subarray(1 + k * n, 1 + k * n + 3 * n);
      for (let i = 0; i < y.length; i++) y[i] = rnd();
      const yPlain = y.slice();
      applyQ(a, k, n, t1, y, 3);
      applyQ(plain, k, n, t2, yPlain, 3);
      expect(y.every((x, i) => Object.is(x, yPlain[i]))).toBe(true);
      const b = mem.subarray(1 + 2 * k * n, 1 + 3 * k * n);
      for (let i = 0; i < b.length; i++) b[i] = rnd();
      const bPlain = b.slice();
      const [p1, p2] = [new Int32Array(k), new Int32Array(k)];
      expect(pivotedQr(b, k, n, 1e-3, t1, p1)).toBe(pivotedQr(bPlain, k, n, 1e-3, t2, p2));
      expect(b.every((x, i) => Object.is(x, bPlain[i]))).toBe(true);
    }
  });

  it('a 60 × 7 matrix → Q·R reproduces it to 1e-15 and Q has orthonormal columns', () => {
    const [n, k] = [60, 7];
    const rnd = stream(7);
    const a = Float64Array.from({ length: k * n }, rnd); // columns as rows
    const f = a.slice();
    const tau = new Float64Array(k);
    householderQr(f, k, n, tau);
    // Q·R column by column: column c of R padded, through Q
    const qr = new Float64Array(k * n);
    for (let c = 0; c < k; c++) for (let j = 0; j <= c; j++) qr[c * n + j] = f[c * n + j]!;
    applyQ(f, k, n, tau, qr, k);
    let err = 0;
    for (let i = 0; i < k * n; i++) err = Math.max(err, Math.abs(qr[i]! - a[i]!));
    expect(err).toBeLessThan(1e-14);
    const q = new Float64Array(k * n);
    for (let c = 0; c < k; c++) q[c * n + c] = 1;
    applyQ(f, k, n, tau, q, k);
    for (let c = 0; c < k; c++) {
      for (let d = 0; d < k; d++) {
        let dot = 0;
        for (let i = 0; i < n; i++) dot += q[c * n + i]! * q[d * n + i]!;
        expect(Math.abs(dot - (c === d ? 1 : 0))).toBeLessThan(1e-14);
      }
    }
  });
});

describe('recompress', () => {
  it('U·Vᵀ of 12 columns and rank 5 (repeated columns) → rank 5, ‖C − C_r‖_F within the tolerance', () => {
    const [rows, cols, K] = [40, 30, 12];
    const rnd = stream(35);
    const base = Float64Array.from({ length: rows * 5 }, rnd);
    const u = new Float64Array(rows * K);
    for (let i = 0; i < rows; i++) for (let c = 0; c < K; c++) u[i * K + c] = base[i * 5 + (c % 5)]! * (1 + c);
    const vt = Float64Array.from({ length: K * cols }, rnd);
    const exact = new Float64Array(rows * cols);
    for (let i = 0; i < rows; i++) {
      for (let j = 0; j < cols; j++) {
        let t = 0;
        for (let c = 0; c < K; c++) t += u[i * K + c]! * vt[c * cols + j]!;
        exact[i * cols + j] = t;
      }
    }
    const ar = new Arena(new Float64Array(100_000), 0, 100_000);
    const tol = 1e-12;
    const r = recompress(ar, u, vt, rows, cols, K, tol, new Float64Array(8 * K));
    expect(r.k).toBe(5);
    let err2 = 0;
    for (let i = 0; i < rows; i++) {
      for (let j = 0; j < cols; j++) {
        let t = 0;
        for (let c = 0; c < r.k; c++) t += r.u[i * r.k + c]! * r.vt[c * cols + j]!;
        err2 += (t - exact[i * cols + j]!) ** 2;
      }
    }
    expect(Math.sqrt(err2)).toBeLessThan(tol);
  });
});

describe('geometric-split against the dense reference kernel', () => {
  const cases = [
    ['thesis', 1, THESIS],
    ['thesis', 2, THESIS],
    ['heavy', 7, HEAVY],
    ['thesis', 40, THESIS],
    ['thesis', 300, THESIS],
    ['heavy', 300, HEAVY],
  ] as const;
  /** L1, L2, L, X, W and the utilisations: the metrics that are sums of large probabilities. */
  const bulk = (r: ReturnType<typeof solveCreditChain>): number[] => {
    const [l1, l2, l, x, w, , , u1, u2] = metricList(r);
    return [l1!, l2!, l!, x!, w!, u1!, u2!];
  };
  it.each(cases)('%s rates, m = %i → L1, L2, L, X, W, utilisations within 1e-12 relative; Pcb within 1e-15', (_, m, rates) => {
    const params = { ...rates, upstreamCapacity: Infinity, downstreamCapacity: m };
    const dense = solveCreditChain(params, { method: 'geometric', threads: 1 });
    const split = solveCreditChain(params, { method: 'geometric-split', threads: 1 });
    expect(split.diagnostics.method).toBe('geometric-split');
    expect(maxRelative(bulk(split), bulk(dense))).toBeLessThan(1e-12);
    // not entrywise: a credit-blocked probability of 2e-62 (thesis, m = 300) keeps only its absolute accuracy
    expect(Math.abs(split.creditBlockedProbability - dense.creditBlockedProbability)).toBeLessThan(1e-15);
    expect(split.diagnostics.residual).toBeLessThan(1e-13);
  });

  it('m = 300 → the marginal law of j within 1e-15 absolute; thesis rates: within 1e-12 relative down to 1e-15', () => {
    for (const { lambda, mu1, mu2 } of [THESIS, HEAVY]) {
      const d = geometricKernel(lambda, mu1, mu2, 300, 1e-12);
      const s = geometricKernel(lambda, mu1, mu2, 300, 1e-12, { split: {} });
      expect(s.reduction).toBe('split');
      for (let j = 0; j <= 300; j++) {
        expect(Math.abs(s.levelSum[j]! - d.levelSum[j]!)).toBeLessThan(1e-15);
        if (lambda === 5 && d.levelSum[j]! >= 1e-15) {
          expect(Math.abs(s.levelSum[j]! - d.levelSum[j]!) / d.levelSum[j]!).toBeLessThan(1e-12);
        }
      }
    }
  });

  it('m = 300, both rate sets → every off-diagonal rank stays ≤ 40 through the reduction', () => {
    for (const { lambda, mu1, mu2 } of [THESIS, HEAVY]) {
      let steps: readonly SplitStepRecord[] = [];
      geometricKernel(lambda, mu1, mu2, 300, 1e-12, { split: { onSteps: (s) => (steps = s) } });
      expect(steps.length).toBeGreaterThan(5);
      for (const s of steps) for (const r of Object.values(s.ranks)) expect(r).toBeLessThanOrEqual(40);
    }
  });

  it('threads 1 and 2 (m = 200) → the same Float64Arrays, entry for entry', () => {
    const params = { ...HEAVY, upstreamCapacity: Infinity, downstreamCapacity: 200 };
    const one = solveCreditChain(params, { method: 'geometric-split', threads: 1 });
    const two = solveCreditChain(params, { method: 'geometric-split', threads: 2 });
    expect(two.distribution).toEqual(one.distribution);
    expect(metricList(two)).toEqual(metricList(one));
  });
});

describe('auto for n = Infinity', () => {
  const pick = (lambda: number, mu1: number, mu2: number, m: number) =>
    chooseMethod(checkCreditParams({ lambda, mu1, mu2, upstreamCapacity: Infinity, downstreamCapacity: m }), 'auto');
  it('m = 512 and 192 → geometric-split; m = 191 → geometric', () => {
    expect(pick(5, 6, 8, 512)).toBe('geometric-split');
    expect(pick(5.5, 6, 6, 1024)).toBe('geometric-split');
    expect(pick(5, 6, 8, 192)).toBe('geometric-split');
    expect(pick(5, 6, 8, 191)).toBe('geometric');
  });
  it('λ at 0.9999 of saturation, m = 512 → geometric (the dense kernel near the stability boundary)', () => {
    expect(pick(0.9999 * saturationThroughput(6, 8, 512), 6, 8, 512)).toBe('geometric');
    expect(pick(0.96 * saturationThroughput(6, 6, 512), 6, 6, 512)).toBe('geometric');
  });
  it("'geometric-split' with a finite upstream capacity → InvalidParameterError on options.method", () => {
    expect(() =>
      solveCreditChain({ ...THESIS, upstreamCapacity: 5, downstreamCapacity: 5 }, { method: 'geometric-split' }),
    ).toThrow(/options.method/);
  });
});

/**
 * Issue 35, the tail after the split reduction: N̂⁻¹ from the split form (splitInverse.ts) against
 * the dense, subtraction-free inversion (invertMMatrix), π0 and the level sums from the split form
 * (splitLevels.ts) against the dense eliminations (geometricLevels.ts), and the rate matrix R and
 * π0 of `geometric-split` against the dense reference kernel's.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { geometricKernel } from '../../src/credit/geometric/geometric.js';
import { Arena, compressDense } from '../../src/credit/split/lowRank.js';
import { splitInverse } from '../../src/credit/split/splitInverse.js';
import { splitLevelVectors } from '../../src/credit/split/splitLevels.js';
import { levelVectors } from '../../src/credit/geometric/geometricLevels.js';
import type { SplitContext, SplitMatrix } from '../../src/credit/split/splitStep.js';
import { invertMMatrix } from '../../src/linalg/float64Dense.js';
import { stopGemmThreads } from '../../src/linalg/gemmThreads.js';

afterAll(async () => {
  await stopGemmThreads();
});

/** A deterministic pseudo-random stream in [0, 1) (a 32-bit LCG). */
function stream(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

/** W ≥ 0 (b × b, zero diagonal): dense diagonal blocks (split at p), rank-3 non-negative blocks off them, times `scale`. */
function rankThreeOffDiagonal(b: number, p: number, rnd: () => number, scale: number): Float64Array {
  const q = b - p;
  const w = new Float64Array(b * b);
  const factor = (n: number): number[][] => Array.from({ length: n }, () => [rnd(), rnd(), rnd()]);
  const [u12, v12, u21, v21] = [factor(p), factor(q), factor(q), factor(p)];
  const dot = (x: number[], y: number[]): number => x[0]! * y[0]! + x[1]! * y[1]! + x[2]! * y[2]!;
  for (let i = 0; i < b; i++) {
    for (let j = 0; j < b; j++) {
      if (i === j) continue;
      if (i < p === j < p) w[i * b + j] = scale * rnd();
      else w[i * b + j] = scale * (i < p ? dot(u12[i]!, v12[j - p]!) : dot(u21[i - p]!, v21[j]!));
    }
  }
  return w;
}

/** W in split form at p (diagonal blocks dense, the others compressed to `tolerance`), with a work context. */
function splitOf(w: Float64Array, b: number, p: number, tolerance: number): { cx: SplitContext; split: SplitMatrix } {
  const q = b - p;
  const mem = new Float64Array(40 * b * b);
  const ar = new Arena(mem, 8 * b, mem.length);
  const cx: SplitContext = { p, q, ar, panel: mem.subarray(0, 8 * b), tolerance: 1e-16 };
  const a11 = new Float64Array(p * p);
  const a22 = new Float64Array(q * q);
  for (let i = 0; i < p; i++) a11.set(w.subarray(i * b, i * b + p), i * p);
  for (let i = 0; i < q; i++) a22.set(w.subarray((p + i) * b + p, (p + i) * b + b), i * q);
  const a12 = compressDense(ar, w, p, b, p, q, tolerance);
  const a21 = compressDense(ar, w, p * b, b, q, p, tolerance);
  return { cx, split: { a11, a22, a12, a21 } };
}

describe('splitInverse', () => {
  it('a 41 × 41 M-matrix with rank-3 off-diagonal blocks → the dense inverse to 1e-14 of its largest entry; N̂·N̂⁻¹ = I to 1e-13', () => {
    const [b, p] = [41, 21];
    const rnd = stream(35);
    // W ≥ 0: dense diagonal blocks, rank-3 non-negative off-diagonal blocks; row sums s > 0
    const w = rankThreeOffDiagonal(b, p, rnd, 1);
    const s = Float64Array.from({ length: b }, () => 0.1 + rnd());
    const { cx, split } = splitOf(w, b, p, 1e-12);
    expect(split.a12.k).toBe(3);
    const inv = splitInverse(cx, split, s)!;
    const ref = invertMMatrix(w, s, b)!;
    let big = 0;
    let err = 0;
    for (let k = 0; k < b * b; k++) {
      big = Math.max(big, ref[k]!);
      err = Math.max(err, Math.abs(inv[k]! - ref[k]!));
    }
    expect(err / big).toBeLessThan(1e-14);
    // N̂ = diag(s + W·e) − W times N̂⁻¹
    let worst = 0;
    for (let i = 0; i < b; i++) {
      let d = s[i]!;
      for (let j = 0; j < b; j++) if (j !== i) d += w[i * b + j]!;
      for (let c = 0; c < b; c++) {
        let t = d * inv[i * b + c]!;
        for (let j = 0; j < b; j++) if (j !== i) t -= w[i * b + j]! * inv[j * b + c]!;
        worst = Math.max(worst, Math.abs(t - (i === c ? 1 : 0)));
      }
    }
    expect(worst).toBeLessThan(1e-13);
  });
});

describe('splitLevelVectors', () => {
  it('a 41-phase U with rank-3 off-diagonal blocks → π0, Σπ_i, Σiπ_i of the dense eliminations to 1e-13 relative', () => {
    // U = diag(d) − W with U·e = μ1·[j < m]: W ≥ 0 random, dense diagonal blocks, rank-3 blocks off them
    const [b, p, lambda, mu1] = [41, 21, 0.05, 1.5];
    const m = b - 1;
    const w = rankThreeOffDiagonal(b, p, stream(53), 0.1);
    const dense = levelVectors(lambda, mu1, m, w, new Float64Array(b * b));
    const { cx, split } = splitOf(w, b, p, 1e-15);
    expect(split.a21.k).toBe(3);
    const got = splitLevelVectors(cx, split, lambda, mu1, m)!;
    for (const key of ['level0', 'levelSum', 'levelMoment'] as const) {
      for (let j = 0; j < b; j++) {
        expect(dense[key][j]!, key).toBeGreaterThan(0);
        expect(Math.abs(got[key][j]! - dense[key][j]!) / dense[key][j]!, `${key}[${j}]`).toBeLessThan(1e-13);
      }
    }
  });
});

describe('geometric-split: R and π0 against the dense kernel', () => {
  it.each([
    ['thesis', 5, 6, 8],
    ['heavy', 5.5, 6, 6],
  ] as const)('%s rates, m = 300 → R within 1e-13 of its largest entry, π0 within 1e-15', (_, lambda, mu1, mu2) => {
    const d = geometricKernel(lambda, mu1, mu2, 300, 1e-12);
    const times: Record<string, number> = {};
    const s = geometricKernel(lambda, mu1, mu2, 300, 1e-12, { split: {}, times });
    expect(s.reduction).toBe('split');
    // π0 and the level sums came from the split form, not the dense eliminations
    expect(times.splitLevels).toBeDefined();
    expect(times.level0).toBeUndefined();
    let big = 0;
    let err = 0;
    for (let k = 0; k < d.rate.length; k++) {
      big = Math.max(big, d.rate[k]!);
      err = Math.max(err, Math.abs(s.rate[k]! - d.rate[k]!));
    }
    expect(err / big).toBeLessThan(1e-13);
    for (let j = 0; j <= 300; j++) expect(Math.abs(s.level0[j]! - d.level0[j]!)).toBeLessThan(1e-15);
  });
});

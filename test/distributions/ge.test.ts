/** The GE distribution (docs/models.md §1): moments, CDF, transform, and sampling from a seeded stream. */
import { describe, expect, it } from 'vitest';
import { InvalidParameterError } from '../../src/core/errors.js';
import { relativeDifference as rel } from '../../src/core/tolerance.js';
import {
  geCdf,
  geDistribution,
  geLaplaceTransform,
  geMoment,
  geSample,
  geSampleBatch,
  geSurvival,
  seededStream,
  type RandomStream,
} from '../../src/index.js';

/** ∫₀^∞ f by composite Simpson on [0, T] with T far in the tail (an independent check of moments). */
function integrate(f: (t: number) => number, upper: number, steps = 200_000): number {
  const h = upper / steps;
  let s = f(0) + f(upper);
  for (let i = 1; i < steps; i++) s += (i % 2 === 1 ? 4 : 2) * f(i * h);
  return (s * h) / 3;
}

describe('geDistribution', () => {
  it('geDistribution({rate: 2, scv: 3}) → τ = 0.5, point mass 0.5, exponential rate 1', () => {
    const d = geDistribution({ rate: 2, scv: 3 });
    expect(d.tau).toBe(0.5);
    expect(d.zeroProbability).toBe(0.5);
    expect(d.exponentialRate).toBe(1);
    expect(d.mean).toBe(0.5);
    expect(d.variance).toBe(0.75);
  });

  it('SCV 1 is the exponential distribution', () => {
    const d = geDistribution({ rate: 3, scv: 1 });
    expect(d.zeroProbability).toBe(0);
    expect(rel(geCdf(d, 0.7), 1 - Math.exp(-2.1))).toBeLessThan(1e-15);
  });

  it.each([0.5, 0.999, -1, Number.NaN, Infinity])('scv %s → InvalidParameterError naming scv', (scv) => {
    expect(() => geDistribution({ rate: 1, scv })).toThrow(InvalidParameterError);
    try {
      geDistribution({ rate: 1, scv });
    } catch (e) {
      expect((e as InvalidParameterError).parameter).toBe('scv');
    }
  });

  it.each([0, -2, Infinity])('rate %s → InvalidParameterError naming rate', (rate) => {
    expect(() => geDistribution({ rate, scv: 2 })).toThrow(/^rate must be/);
  });

  it('a hand-made record with SCV < 1 is rejected by every function', () => {
    const bad = { rate: 1, scv: 0.5 };
    expect(() => geCdf(bad, 1)).toThrow(InvalidParameterError);
    expect(() => geMoment(bad, 1)).toThrow(InvalidParameterError);
    expect(() => geSample(bad, seededStream(1))).toThrow(InvalidParameterError);
  });
});

describe('CDF, moments and transform', () => {
  const d = geDistribution({ rate: 1.5, scv: 5 });

  it('F(0) = 1 − τ, F rises to 1, F + survival = 1, F(t<0) = 0', () => {
    expect(rel(geCdf(d, 0), 1 - d.tau)).toBeLessThan(1e-15);
    expect(geCdf(d, -1)).toBe(0);
    expect(geCdf(d, Infinity)).toBe(1);
    let last = 0;
    for (let t = 0; t < 20; t += 0.37) {
      const f = geCdf(d, t);
      expect(f).toBeGreaterThanOrEqual(last);
      expect(Math.abs(f + geSurvival(d, t) - 1)).toBeLessThan(1e-15);
      last = f;
    }
  });

  it('E[W] = 1/ν and E[W²] = 2/(τν²), and they agree with ∫ of the survival function', () => {
    expect(rel(geMoment(d, 1), 1 / 1.5)).toBeLessThan(1e-15);
    expect(rel(geMoment(d, 2), 2 / (d.tau * 1.5 ** 2))).toBeLessThan(1e-15);
    const scv = geMoment(d, 2) / geMoment(d, 1) ** 2 - 1;
    expect(rel(scv, 5)).toBeLessThan(1e-14);
    // E[W] = ∫ S, E[W²] = 2∫ t S: computed by quadrature, not by the formula.
    expect(rel(integrate((t) => geSurvival(d, t), 200), geMoment(d, 1))).toBeLessThan(1e-9);
    expect(rel(integrate((t) => 2 * t * geSurvival(d, t), 200), geMoment(d, 2))).toBeLessThan(1e-9);
    expect(geMoment(d, 0)).toBe(1);
  });

  it('the Laplace transform is 1 at 0, tends to 1 − τ, and its derivatives at 0 give the moments', () => {
    expect(geLaplaceTransform(d, 0)).toBe(1);
    expect(Math.abs(geLaplaceTransform(d, 1e12) - d.zeroProbability)).toBeLessThan(1e-11);
    const h = 1e-4;
    const first = (geLaplaceTransform(d, h) - geLaplaceTransform(d, -h)) / (2 * h);
    const second = (geLaplaceTransform(d, h) - 2 + geLaplaceTransform(d, -h)) / (h * h);
    expect(rel(-first, geMoment(d, 1))).toBeLessThan(1e-6);
    expect(rel(second, geMoment(d, 2))).toBeLessThan(1e-5);
    expect(() => geLaplaceTransform(d, -d.exponentialRate)).toThrow(InvalidParameterError);
  });
});

/** A stream that replays fixed numbers. */
function replay(values: number[]): RandomStream {
  let i = 0;
  return { next: () => values[i++ % values.length]! };
}

describe('sampling', () => {
  const d = geDistribution({ rate: 2, scv: 4 }); // τ = 0.4

  it('per-job form: a uniform below 1 − τ gives 0, otherwise an inverse-CDF exponential', () => {
    expect(geSample(d, replay([0.59, 0.5]))).toBe(0);
    expect(rel(geSample(d, replay([0.61, 0.5])), Math.log(2) / (0.4 * 2))).toBeLessThan(1e-15);
  });

  it('batch form: B = 1 + ⌊ln U / ln(1 − τ)⌋ with U = 1 − next()', () => {
    expect(geSampleBatch(d, replay([0.3, 0])).size).toBe(1);
    // U = 0.6^3 exactly at the boundary gives 4; just above it gives 3.
    expect(geSampleBatch(d, replay([0.3, 1 - 0.6 ** 3 * 0.999])).size).toBe(4);
    expect(geSampleBatch(geDistribution({ rate: 1, scv: 1 }), replay([0.3, 0.99])).size).toBe(1);
  });

  it('200 000 seeded draws: zero fraction, mean and SCV within 5 standard errors', () => {
    const s = seededStream(20240601);
    const n = 200_000;
    let zeros = 0;
    let sum = 0;
    let sum2 = 0;
    for (let i = 0; i < n; i++) {
      const w = geSample(d, s);
      if (w === 0) zeros++;
      sum += w;
      sum2 += w * w;
    }
    const p0 = 1 - d.tau;
    expect(Math.abs(zeros / n - p0)).toBeLessThan(5 * Math.sqrt((p0 * (1 - p0)) / n));
    expect(Math.abs(sum / n - d.mean)).toBeLessThan(5 * Math.sqrt(d.variance / n));
    const m2 = geMoment(d, 2);
    const varW2 = geMoment(d, 4) - m2 * m2;
    expect(Math.abs(sum2 / n - m2)).toBeLessThan(5 * Math.sqrt(varW2 / n));
  });

  it('batch form: mean batch size 1/τ and mean gap 1/(τν), so jobs arrive at rate ν', () => {
    const s = seededStream(7);
    const n = 200_000;
    let size = 0;
    let gap = 0;
    let ones = 0;
    for (let i = 0; i < n; i++) {
      const b = geSampleBatch(d, s);
      size += b.size;
      gap += b.gap;
      if (b.size === 1) ones++;
    }
    const q = 1 - d.tau;
    expect(Math.abs(size / n - 1 / d.tau)).toBeLessThan(5 * Math.sqrt(q / d.tau ** 2 / n));
    expect(Math.abs(gap / n - 1 / d.exponentialRate)).toBeLessThan(5 * (1 / d.exponentialRate) / Math.sqrt(n));
    expect(Math.abs(ones / n - d.tau)).toBeLessThan(5 * Math.sqrt((d.tau * q) / n));
  });

  it('seededStream is reproducible and rejects bad seeds', () => {
    const a = seededStream(3);
    const b = seededStream(3);
    for (let i = 0; i < 10; i++) expect(a.next()).toBe(b.next());
    expect(() => seededStream(-1)).toThrow(InvalidParameterError);
    expect(() => seededStream(1.5)).toThrow(InvalidParameterError);
  });
});

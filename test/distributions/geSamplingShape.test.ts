/**
 * The shape (not only the moments) of the GE samplers (docs/models.md §1.2, §1.4): seeded chi-square
 * goodness-of-fit tests. Critical values are the 0.999 quantiles of χ² (df 6: 22.458, df 9: 27.877,
 * from scipy.stats.chi2.ppf), so a correct sampler fails a given seed with probability 0.001; the
 * seeds are fixed, so the outcome is reproducible.
 */
import { describe, expect, it } from 'vitest';
import { geDistribution, geSample, geSampleBatch, seededStream } from '../../src/index.js';

function chiSquare(observed: readonly number[], expected: readonly number[]): number {
  return observed.reduce((s, o, i) => s + (o - expected[i]!) ** 2 / expected[i]!, 0);
}

describe('GE sampling: the whole law, not only its moments', () => {
  const d = geDistribution({ rate: 2, scv: 4 }); // τ = 0.4
  const n = 100_000;

  it('geSampleBatch sizes follow P(B = k) = τ(1 − τ)^(k−1) (χ², 7 bins, df 6)', () => {
    const s = seededStream(11);
    const observed = new Array<number>(7).fill(0);
    for (let i = 0; i < n; i++) observed[Math.min(geSampleBatch(d, s).size, 7) - 1]!++;
    const q = 1 - d.tau;
    const expected = observed.map((_, k) => n * (k < 6 ? d.tau * q ** k : q ** 6));
    expect(chiSquare(observed, expected)).toBeLessThan(22.458);
  });

  it('geSampleBatch gaps and the non-zero per-job draws are Exp(τν) (χ², 10 equiprobable bins, df 9)', () => {
    const edge = (k: number) => -Math.log1p(-k / 10) / d.exponentialRate; // the k/10 quantile
    for (const draw of [
      (s: ReturnType<typeof seededStream>) => geSampleBatch(d, s).gap,
      (s: ReturnType<typeof seededStream>) => {
        let w = 0;
        while (w === 0) w = geSample(d, s); // W | W > 0
        return w;
      },
    ]) {
      const s = seededStream(12);
      const observed = new Array<number>(10).fill(0);
      for (let i = 0; i < n; i++) {
        const w = draw(s);
        let k = 0;
        while (k < 9 && w >= edge(k + 1)) k++;
        observed[k]!++;
      }
      expect(chiSquare(observed, observed.map(() => n / 10))).toBeLessThan(27.877);
    }
  });
});

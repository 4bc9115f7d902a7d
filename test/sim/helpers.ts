/**
 * Comparing simulated intervals with exact answers: the exact values come from the analytic
 * solvers (which src/sim may not import; the tests may), never from the simulator itself.
 *
 * Multiple comparisons: a suite that checks N metrics at 99 % sees about N/100 of them outside
 * their intervals by chance, even with a perfect simulator. So each check asks for the exact value
 * inside the 99.9 % interval (a hard failure otherwise), and a {@link CoverageLedger} counts those
 * outside the 99 % interval; the suite then asks that count to be no larger than a binomial bound.
 */
import { expect } from 'vitest';
import { studentTQuantile, type ConfidenceInterval } from '../../src/index.js';

/** Expects `exact` inside the interval, with a message that shows both and how far out it is. */
export function expectCovers(ci: ConfidenceInterval, exact: number, label: string): void {
  const distance = Math.abs(ci.mean - exact);
  expect(
    distance,
    `${label}: exact ${exact} vs simulated ${ci.mean} ± ${ci.halfWidth} (${(100 * ci.confidence).toFixed(1)} %), ${(distance / ci.halfWidth).toFixed(2)} half-widths out`,
  ).toBeLessThanOrEqual(ci.halfWidth);
}

/** The node of a nested record at a dotted path ('meanQueueLength.upstream', 'probabilities.3'). */
export function valueAt(record: unknown, path: string): unknown {
  let node: unknown = record;
  for (const key of path.split('.')) node = (node as Record<string, unknown>)[key];
  return node;
}

/** The interval of a metric by path, in a simulation's metrics. */
export function metricAt(metrics: unknown, path: string): ConfidenceInterval {
  return valueAt(metrics, path) as ConfidenceInterval;
}

/** The same data's interval at another confidence level (Student-t with `replications − 1` df). */
export function rescale(ci: ConfidenceInterval, replications: number, confidence: number): ConfidenceInterval {
  const df = replications - 1;
  const factor = studentTQuantile((1 + confidence) / 2, df) / studentTQuantile((1 + ci.confidence) / 2, df);
  return { mean: ci.mean, halfWidth: ci.halfWidth * factor, confidence };
}

/** One metric of a case: its simulated 99 % interval, the exact value, a name. */
export type Comparison = readonly [ci: ConfidenceInterval, exact: number, label: string];

/**
 * Counts, across a suite, the cases whose metrics are not all inside their intervals.
 *
 * The metrics of one case come from the same replications and are strongly correlated (L, W and
 * P(K) move together), so misses are counted per case, with a Bonferroni family: with m metrics,
 * each is judged at level 1 − 0.01/m, so a correct simulator misses a case with probability at most
 * 1 %. Cases use different seeds, so the number of cases missed is at most Binomial(cases, 0.01).
 */
export class CoverageLedger {
  cases = 0;
  readonly misses: string[] = [];

  /**
   * Checks one case. Each interval must be a 99 % interval over `replications` replications.
   * Hard failure if an exact value is outside its family-wise 99.9 % interval (level 1 − 0.001/m);
   * recorded as a missed case if outside the family-wise 99 % one.
   */
  checkCase(name: string, comparisons: readonly Comparison[], replications: number): void {
    const m = comparisons.length;
    this.cases++;
    const missed: string[] = [];
    for (const [ci, exact, label] of comparisons) {
      expect(ci.confidence).toBe(0.99);
      const family99 = rescale(ci, replications, 1 - 0.01 / m);
      if (Math.abs(ci.mean - exact) > family99.halfWidth) missed.push(`${label}: exact ${exact}, simulated ${ci.mean} ± ${family99.halfWidth}`);
      expectCovers(rescale(ci, replications, 1 - 0.001 / m), exact, `${name}: ${label}`);
    }
    if (missed.length > 0) this.misses.push(`${name}: ${missed.join('; ')}`);
  }

  /**
   * Largest number of missed cases accepted: the smallest k with P(Binomial(cases, 0.01) > k) < 0.005,
   * so a correct simulator fails this bound less than once in 200 suites.
   */
  bound(): number {
    const n = this.cases;
    let k = 0;
    let cdf = 0;
    let term = Math.pow(0.99, n); // P(X = 0)
    for (;;) {
      cdf += term;
      if (1 - cdf < 0.005) return k;
      term *= ((n - k) / (k + 1)) * (0.01 / 0.99);
      k++;
    }
  }
}

/**
 * Observation statistics (tallies): count, mean, variance, minimum and maximum of a stream of
 * values, each observation weighing the same (waiting times, packet latencies, per-replication
 * estimates).
 */

/**
 * Welford's running mean and variance (Welford 1962; Knuth, TAOCP vol. 2, §4.2.2): the update
 * M_k = M_{k−1} + (x − M_{k−1})/k, S_k = S_{k−1} + (x − M_{k−1})(x − M_k) avoids the cancellation of
 * Σx² − (Σx)²/n in long runs.
 *
 * @example
 * const t = new Tally();
 * for (const x of [1, 2, 3, 4]) t.add(x);
 * t.mean; // 2.5
 * t.variance; // 1.6666666666666667 (sample variance, n − 1)
 */
export class Tally {
  private n = 0;
  private m = 0;
  private s = 0;
  private lo = Infinity;
  private hi = -Infinity;

  /** Adds one observation (NaN is counted and poisons the mean: hot path, no check). */
  add(x: number): void {
    const n = ++this.n;
    const d = x - this.m;
    this.m += d / n;
    this.s += d * (x - this.m);
    if (x < this.lo) this.lo = x;
    if (x > this.hi) this.hi = x;
  }

  /** Forgets every observation (warm-up deletion). */
  reset(): void {
    this.n = 0;
    this.m = 0;
    this.s = 0;
    this.lo = Infinity;
    this.hi = -Infinity;
  }

  /** Number of observations. */
  get count(): number {
    return this.n;
  }

  /** Sample mean (NaN with no observation). */
  get mean(): number {
    return this.n === 0 ? NaN : this.m;
  }

  /** Sample variance with divisor n − 1 (NaN with fewer than 2 observations). */
  get variance(): number {
    return this.n < 2 ? NaN : this.s / (this.n - 1);
  }

  /** √variance. */
  get standardDeviation(): number {
    return Math.sqrt(this.variance);
  }

  /** Smallest observation (Infinity with none). */
  get min(): number {
    return this.lo;
  }

  /** Largest observation (−Infinity with none). */
  get max(): number {
    return this.hi;
  }
}

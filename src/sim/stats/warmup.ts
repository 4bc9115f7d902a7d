/**
 * Choosing the warm-up to delete: MSER-5 (White 1997; White, Cobb & Spratt 2000; Franklin & White
 * 2008). The output series is averaged in batches of 5; for each candidate truncation point d (in
 * batches) the marginal standard error
 *
 *     MSER(d) = (1/(n − d)²)·Σ_{i=d+1}^{n} (Z_i − Z̄_d)²,   Z̄_d the mean of the batches after d,
 *
 * is computed, and the d that minimises it over d ≤ n/2 is the warm-up (the search stops at half
 * the run, as Franklin & White advise: near the end the few batches left make MSER small by
 * chance). A minimum at d = n/2 means the statistic was still falling: the run is too short to
 * tell, and the result says so.
 */
import { InvalidParameterError } from '../../core/errors.js';
import { seriesParameter } from '../../core/guards.js';

/** What {@link mser5} found. */
export interface WarmupEstimate {
  /** Observations to delete (a multiple of the batch size 5). */
  readonly truncate: number;
  /** False when the minimum is at the end of the search (half the series): run longer. */
  readonly reliable: boolean;
}

/**
 * MSER-5 truncation point of an output series (observations in time order, e.g. per-job waiting
 * times or per-interval averages).
 *
 * @throws InvalidParameterError if the series has fewer than 10 observations (two batches).
 * @example mser5([10, 9, 8, 7, 6, ...Array(95).fill(1)]).truncate; // 5
 */
export function mser5(series: ArrayLike<number>): WarmupEstimate {
  seriesParameter('series', series);
  const b = 5;
  const n = Math.floor(series.length / b);
  if (n < 2) throw new InvalidParameterError('series', 'at least 10 observations', series.length);
  const z = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let k = 0; k < b; k++) s += series[i * b + k]!;
    z[i] = s / b;
  }
  // Suffix sums of Z and Z² give Σ(Z − Z̄)² = ΣZ² − (ΣZ)²/m for each d in O(1); the batches are
  // centred on the overall mean first so the difference does not cancel badly.
  let mean = 0;
  for (let i = 0; i < n; i++) mean += z[i]!;
  mean /= n;
  let s1 = 0;
  let s2 = 0;
  let bestD = 0;
  let best = Infinity;
  const values = new Float64Array(n);
  for (let d = n - 1; d >= 0; d--) {
    const c = z[d]! - mean;
    s1 += c;
    s2 += c * c;
    const m = n - d;
    values[d] = (s2 - (s1 * s1) / m) / (m * m);
  }
  const limit = Math.floor(n / 2);
  for (let d = 0; d <= limit; d++) {
    if (values[d]! < best) {
      best = values[d]!;
      bestD = d;
    }
  }
  return { truncate: bestD * b, reliable: bestD < limit };
}

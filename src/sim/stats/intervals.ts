/**
 * Confidence intervals for simulation output (STYLE.md habit 11: simulation is judged by confidence
 * intervals over seeded replications).
 *
 * - Independent replications: each replication gives one estimate X_r; the interval is
 *   X̄ ± t_{ν, (1+c)/2}·s/√R with ν = R − 1 (Law, *Simulation Modeling and Analysis*, 5th ed., §9.4.1).
 *   Valid when the X_r are independent and nearly normal (means of long runs are).
 * - Batch means: one long run's observations cut into B batches whose means are treated as
 *   independent (Law §9.5.3); valid when batches are long compared with the correlation time. The
 *   lag-1 correlation of the batch means is returned as a check (|r| ≲ 0.2 is reassuring).
 */
import { InvalidParameterError } from '../../core/errors.js';
import { integerAtLeast } from '../../core/guards.js';
import { studentTQuantile } from './studentT.js';

/** A point estimate with the half-width of its confidence interval: [mean − halfWidth, mean + halfWidth]. */
export interface ConfidenceInterval {
  readonly mean: number;
  /** Infinity when the data cannot give a width (a single replication or batch). */
  readonly halfWidth: number;
  /** The confidence level c, e.g. 0.95. */
  readonly confidence: number;
}

function checkConfidence(confidence: number): number {
  if (typeof confidence !== 'number' || !(confidence > 0 && confidence < 1)) {
    throw new InvalidParameterError('confidence', 'a number in (0, 1)', confidence);
  }
  return confidence;
}

/**
 * The Student-t interval of the mean of independent estimates.
 *
 * @param values the estimates (at least 1; with 1 the half-width is Infinity). NaN values make the
 *   mean NaN (a metric that a replication could not estimate, e.g. a response time with no departure).
 * @param confidence c in (0, 1), default 0.95.
 * @throws InvalidParameterError for an empty array or a confidence outside (0, 1).
 * @example confidenceInterval([1, 2, 3, 4, 5]).halfWidth; // 1.9632 = 2.7764·√2.5/√5
 */
export function confidenceInterval(values: ArrayLike<number>, confidence = 0.95): ConfidenceInterval {
  checkConfidence(confidence);
  const n = values.length;
  if (n === 0) throw new InvalidParameterError('values', 'a non-empty list of estimates', values);
  return studentInterval(values, confidence, tFactor(n, confidence));
}

/** t_{n−1, (1+c)/2}, the half-width's factor for n estimates (NaN for n = 1: no width). */
function tFactor(n: number, confidence: number): number {
  return n > 1 ? studentTQuantile((1 + confidence) / 2, n - 1) : NaN;
}

/** {@link confidenceInterval} of n ≥ 1 checked values, given its {@link tFactor}. */
function studentInterval(values: ArrayLike<number>, confidence: number, t: number): ConfidenceInterval {
  const n = values.length;
  let mean = 0;
  let s = 0;
  for (let i = 0; i < n; i++) {
    // Welford (see Tally), so that nearly equal estimates keep their small spread.
    const x = values[i]!;
    const d = x - mean;
    mean += d / (i + 1);
    s += d * (x - mean);
  }
  if (n === 1) return { mean, halfWidth: Infinity, confidence };
  const sd = Math.sqrt(Math.max(0, s) / (n - 1));
  const halfWidth = sd === 0 ? 0 : (t * sd) / Math.sqrt(n);
  return { mean, halfWidth, confidence };
}

/** A batch-means interval, with what it was computed from. */
export interface BatchMeansInterval extends ConfidenceInterval {
  readonly batches: number;
  readonly batchSize: number;
  /** Lag-1 autocorrelation of the batch means: near 0 when batches are long enough. */
  readonly lag1Correlation: number;
}

/**
 * The batch-means interval of one long run's observations `series` (warm-up already removed): B
 * batches of ⌊n/B⌋ observations (the remainder at the end is dropped).
 *
 * @param options.batches B ≥ 2 (default 20); options.confidence as in {@link confidenceInterval}.
 * @throws InvalidParameterError if the series has fewer than B observations or B < 2.
 * @example batchMeans(waitingTimes, { batches: 20 }); // { mean, halfWidth, confidence, batches, batchSize, lag1Correlation }
 */
export function batchMeans(
  series: ArrayLike<number>,
  options: { readonly batches?: number; readonly confidence?: number } = {},
): BatchMeansInterval {
  const batches = integerAtLeast('batches', options.batches ?? 20, 2);
  const confidence = checkConfidence(options.confidence ?? 0.95);
  const size = Math.floor(series.length / batches);
  if (size < 1) throw new InvalidParameterError('series', `at least batches = ${batches} observations`, series.length);
  const means = new Float64Array(batches);
  for (let b = 0; b < batches; b++) {
    let s = 0;
    for (let i = b * size; i < (b + 1) * size; i++) s += series[i]!;
    means[b] = s / size;
  }
  const ci = confidenceInterval(means, confidence);
  let num = 0;
  let den = 0;
  for (let b = 0; b < batches; b++) {
    const d = means[b]! - ci.mean;
    den += d * d;
    if (b > 0) num += d * (means[b - 1]! - ci.mean);
  }
  return { ...ci, batches, batchSize: size, lag1Correlation: den === 0 ? 0 : num / den };
}

/** A nested record of numbers: what one replication of a scenario returns. */
export type MetricTree = number | readonly MetricTree[] | { readonly [key: string]: MetricTree };

/** The same shape with each number replaced by its interval. */
export type IntervalTree = ConfidenceInterval | readonly IntervalTree[] | { readonly [key: string]: IntervalTree };

/**
 * Summarises replications field by field: every number of the common shape becomes the
 * {@link ConfidenceInterval} of its values across the replications.
 *
 * @param records one {@link MetricTree} per replication, all of the same shape.
 * @throws InvalidParameterError for no records, records of different shapes, or a bad confidence.
 * @example summarizeReplications([{ L: 1 }, { L: 3 }]); // { L: { mean: 2, halfWidth: 12.706…, confidence: 0.95 } }
 */
export function summarizeReplications(records: readonly MetricTree[], confidence = 0.95): IntervalTree {
  checkConfidence(confidence);
  if (!Array.isArray(records) || records.length === 0) {
    throw new InvalidParameterError('records', 'a non-empty array of replication results', records);
  }
  // Every number has one value per record: one t quantile serves them all (a bisection of some
  // 20 µs, which a table of 10^5 probabilities would otherwise repeat 10^5 times).
  const t = tFactor(records.length, confidence);
  const walk = (nodes: readonly MetricTree[], path: string): IntervalTree => {
    const first = nodes[0]!;
    if (typeof first === 'number') {
      const values = nodes.map((v, r) => {
        if (typeof v !== 'number') throw new InvalidParameterError(`records[${r}]${path}`, 'a number, as in records[0]', v);
        return v;
      });
      return studentInterval(values, confidence, t);
    }
    if (Array.isArray(first)) {
      const n = first.length;
      nodes.forEach((v, r) => {
        if (!Array.isArray(v) || v.length !== n) {
          throw new InvalidParameterError(`records[${r}]${path}`, `an array of length ${n}, as in records[0]`, v);
        }
      });
      return Array.from({ length: n }, (_, i) => walk(nodes.map((v) => (v as readonly MetricTree[])[i]!), `${path}[${i}]`));
    }
    const keys = Object.keys(first);
    const out: Record<string, IntervalTree> = {};
    for (const k of keys) {
      out[k] = walk(
        nodes.map((v, r) => {
          const child = typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, MetricTree>)[k] : undefined;
          if (child === undefined) throw new InvalidParameterError(`records[${r}]${path}.${k}`, 'present, as in records[0]', child);
          return child;
        }),
        `${path}.${k}`,
      );
    }
    return out;
  };
  return walk(records, '');
}

/** Scalar metrics of an interval tree as rows 'a.b' → interval (array entries as 'a[2]'). */
export function flattenIntervals(tree: IntervalTree, prefix = '', out: { metric: string; mean: number; halfWidth: number }[] = []): { metric: string; mean: number; halfWidth: number }[] {
  if (Array.isArray(tree)) {
    tree.forEach((child, i) => flattenIntervals(child as IntervalTree, `${prefix}[${i}]`, out));
    return out;
  }
  const node = tree as Record<string, unknown>;
  if (typeof node.mean === 'number' && typeof node.halfWidth === 'number' && typeof node.confidence === 'number') {
    out.push({ metric: prefix, mean: node.mean, halfWidth: node.halfWidth });
    return out;
  }
  for (const [k, v] of Object.entries(node)) flattenIntervals(v as IntervalTree, prefix === '' ? k : `${prefix}.${k}`, out);
  return out;
}

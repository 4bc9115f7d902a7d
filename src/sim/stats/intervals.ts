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
import { maxOf } from '../../core/arrays.js';
import { InvalidParameterError } from '../../core/errors.js';
import { defineOwn, integerAtLeast, seriesParameter } from '../../core/guards.js';
import { studentTQuantile } from './studentT.js';
import { recordParameter } from '../../core/shapes.js';

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
  seriesParameter('values', values);
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
  seriesParameter('series', series);
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

/** An interval over fewer replications than were run: a metric some replications did not report. */
export interface PartialInterval extends ConfidenceInterval {
  /** How many replications reported this metric (fewer than all; the interval is over these alone). */
  readonly replications: number;
}

/**
 * Summarises replications field by field: every number of the common shape becomes the
 * {@link ConfidenceInterval} of its values across the replications.
 *
 * Records whose keys differ (a port idle in one replication reports no metrics for it) are
 * combined over the union of their keys, in order of first appearance: a key that some
 * replications lack gets the interval of the replications that have it, with their count in
 * `replications` ({@link PartialInterval}; a count of 1 gives halfWidth Infinity, as one estimate
 * gives no width). Arrays of different lengths are combined the same way, entry by entry. Every
 * other field is as before: a metric all replications report has no `replications` field.
 *
 * @param records one {@link MetricTree} per replication.
 * @throws InvalidParameterError for no records, a field that is a number in one record and a
 *   record or an array in another, or a bad confidence.
 * @example summarizeReplications([{ L: 1 }, { L: 3 }]); // { L: { mean: 2, halfWidth: 12.706…, confidence: 0.95 } }
 * @example summarizeReplications([{ L: 1, P: 2 }, { L: 3 }]).P; // { mean: 2, halfWidth: Infinity, confidence: 0.95, replications: 1 }
 */
export function summarizeReplications(records: readonly MetricTree[], confidence = 0.95): IntervalTree {
  checkConfidence(confidence);
  if (!Array.isArray(records) || records.length === 0) {
    throw new InvalidParameterError('records', 'a non-empty array of replication results', records);
  }
  const all = records.length;
  // One t quantile per count of replications (all of them, nearly always): a bisection of some
  // 20 µs, which a table of 10^5 probabilities would otherwise repeat 10^5 times.
  const factors = new Map<number, number>();
  const factor = (n: number): number => {
    let t = factors.get(n);
    if (t === undefined) factors.set(n, (t = tFactor(n, confidence)));
    return t;
  };
  // nodes[i] is the value of replication rows[i] (the replications that have this field).
  const walk = (nodes: readonly MetricTree[], rows: readonly number[], path: string): IntervalTree => {
    const first = nodes[0]!;
    const kind = (v: MetricTree): string => (typeof v === 'number' ? 'a number' : Array.isArray(v) ? 'an array' : typeof v === 'object' && v !== null ? 'a record' : typeof v);
    nodes.forEach((v, i) => {
      if (kind(v) !== kind(first)) throw new InvalidParameterError(`records[${rows[i]}]${path}`, `${kind(first)}, as in records[${rows[0]}]`, v);
    });
    if (typeof first === 'number') {
      const interval = studentInterval(nodes as readonly number[], confidence, factor(nodes.length));
      return nodes.length === all ? interval : ({ ...interval, replications: nodes.length } as PartialInterval);
    }
    if (Array.isArray(first)) {
      const length = maxOf(nodes.map((v) => (v as readonly MetricTree[]).length));
      return Array.from({ length }, (_, i) => {
        const have = nodes.flatMap((v, r) => (i < (v as readonly MetricTree[]).length ? [r] : []));
        return walk(have.map((r) => (nodes[r] as readonly MetricTree[])[i]!), have.map((r) => rows[r]!), `${path}[${i}]`);
      });
    }
    const out: Record<string, IntervalTree> = {};
    const keys: string[] = [];
    const seen = new Set<string>();
    for (const v of nodes) for (const k of Object.keys(v)) if (!seen.has(k)) (seen.add(k), keys.push(k));
    for (const k of keys) {
      const have = nodes.flatMap((v, r) => (Object.hasOwn(v as object, k) && (v as Record<string, MetricTree>)[k] !== undefined ? [r] : []));
      // Defined, not assigned: a metric named __proto__ stays an own key (an assignment would set the prototype).
      defineOwn(out, k, walk(have.map((r) => (nodes[r] as Record<string, MetricTree>)[k]!), have.map((r) => rows[r]!), `${path}.${k}`));
    }
    return out;
  };
  return walk(records, records.map((_, r) => r), '');
}

/** A scalar metric of an interval tree: its path, its interval, and the replications it is over when fewer than all. */
export interface FlatInterval {
  readonly metric: string;
  readonly mean: number;
  readonly halfWidth: number;
  /** Present only for a {@link PartialInterval}. */
  readonly replications?: number;
}

/** Scalar metrics of an interval tree as rows 'a.b' → interval (array entries as 'a[2]'). */
export function flattenIntervals(tree: IntervalTree, prefix = '', out: FlatInterval[] = []): FlatInterval[] {
  if (!Array.isArray(tree)) recordParameter('tree', tree);
  if (Array.isArray(tree)) {
    tree.forEach((child, i) => flattenIntervals(child as IntervalTree, `${prefix}[${i}]`, out));
    return out;
  }
  const node = tree as Record<string, unknown>;
  if (typeof node.mean === 'number' && typeof node.halfWidth === 'number' && typeof node.confidence === 'number') {
    out.push(typeof node.replications === 'number' ? { metric: prefix, mean: node.mean, halfWidth: node.halfWidth, replications: node.replications } : { metric: prefix, mean: node.mean, halfWidth: node.halfWidth });
    return out;
  }
  for (const [k, v] of Object.entries(node)) flattenIntervals(v as IntervalTree, prefix === '' ? k : `${prefix}.${k}`, out);
  return out;
}

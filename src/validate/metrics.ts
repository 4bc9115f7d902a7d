/**
 * The shared metric vocabulary (STYLE.md habit 5): analytic records and simulated records use the
 * same field names and nesting, so a metric is named by its dotted path in the record —
 * `throughput`, `meanQueueLength` (a single queue), `meanQueueLength.upstream` (the credit chain).
 * An analytic value is a number; a simulated one is a number or an {@link Estimate} with its
 * confidence interval, as the simulator reports it.
 */
import { checkKind, recordParameter } from '../core/shapes.js';

/** A simulated value with its confidence interval: mean ± halfWidth at level `confidence`. */
export interface Estimate {
  /** The point estimate (mean over replications or batches). */
  readonly mean: number;
  /** Half-width of the confidence interval, in the metric's unit (absent when not known). */
  readonly halfWidth?: number;
  /** Level of the interval, e.g. 0.95 (absent when not known). */
  readonly confidence?: number;
}

/** What a simulated metric may be: a bare number or an estimate with its interval. */
export type SimulatedValue = number | Estimate;

/** True for an object with a numeric `mean` (an {@link Estimate}). */
export function isEstimate(value: unknown): value is Estimate {
  return typeof value === 'object' && value !== null && typeof (value as { mean?: unknown }).mean === 'number';
}

/** A simulated value as an {@link Estimate} (a bare number has no interval). */
export function toEstimate(value: SimulatedValue): Estimate {
  if (typeof value !== 'number') recordParameter('value', value, { mean: 'number' });
  return typeof value === 'number' ? { mean: value } : value;
}

/**
 * The value at a dotted path of a record (`'meanQueueLength.upstream'`), or undefined when a step
 * is missing. A key that itself contains dots is found too (flat records: `{ 'a.b': 1 }`).
 *
 * @example metricValue({ meanQueueLength: { upstream: 2 } }, 'meanQueueLength.upstream') // 2
 */
export function metricValue(record: unknown, path: string): unknown {
  checkKind('path', path, 'string');
  if (typeof record !== 'object' || record === null) return undefined;
  const r = record as Record<string, unknown>;
  if (path in r) return r[path];
  const dot = path.indexOf('.');
  if (dot < 0) return undefined;
  return metricValue(r[path.slice(0, dot)], path.slice(dot + 1));
}

/**
 * The dotted paths of every metric leaf of a record: numbers and {@link Estimate}s, found by
 * walking plain objects (arrays and the keys in `skip` are not entered).
 *
 * @example metricPaths({ throughput: 3, meanQueueLength: { upstream: 1, downstream: 2 } })
 *   // ['throughput', 'meanQueueLength.upstream', 'meanQueueLength.downstream']
 */
export function metricPaths(record: unknown, skip: readonly string[] = []): string[] {
  const out: string[] = [];
  const walk = (value: unknown, prefix: string): void => {
    if (typeof value === 'number' || isEstimate(value)) {
      if (prefix !== '') out.push(prefix);
      return;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return;
    for (const [k, v] of Object.entries(value)) {
      if (prefix === '' && skip.includes(k)) continue;
      walk(v, prefix === '' ? k : `${prefix}.${k}`);
    }
  };
  walk(record, '');
  return out;
}

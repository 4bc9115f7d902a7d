/**
 * A network simulator's per-flow results against ibqos on the same fabric (issue 31): each flow's
 * mean latency (µs) and throughput (Gb/s) from the user's file, against the analytic fabric model
 * (`against: 'model'`, src/model) or against ibqos's own simulator with its confidence intervals
 * (`against: 'sim'`), with the error measure EM = |user − ibqos| / |ibqos| per flow and a verdict.
 *
 * Files: CSV with a header holding `flow` and `latency` and/or `throughput` columns (any order;
 * `#` comment lines); JSON as the `fabric` scenario's metrics, `{ "latency": { "<flow>": v }, … }`,
 * where v is a number or `{ "mean": m, "halfWidth": h }` (what `ibqos sim --json` prints), at the top
 * level or under `metrics`.
 */
import { parse } from 'csv-parse/sync';
import { InvalidParameterError } from '../core/errors.js';
import { fabricModelNetwork, solveFabric } from '../model/index.js';
import { simulate, type IntervalTree } from '../sim/index.js';
import { checkKind } from '../core/shapes.js';

/** The two per-flow metrics compared. */
export const FABRIC_METRICS = ['latency', 'throughput'] as const;
export type FabricMetric = (typeof FABRIC_METRICS)[number];

/** A user's per-flow values: metric → flow → value. */
export type FlowValues = Partial<Record<FabricMetric, Map<string, number>>>;

/** Reads a user's per-flow results (see the module comment); errors name the file, line and field. */
export function parseFlowResults(text: string, file: string, format: 'csv' | 'json'): FlowValues {
  checkKind('text', text, 'string');
  checkKind('file', file, 'string');
  const out: FlowValues = {};
  if (format === 'json') {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (e) {
      throw new InvalidParameterError(file, `valid JSON (${e instanceof Error ? e.message : String(e)})`, text.slice(0, 60));
    }
    const root = (data as { metrics?: unknown })?.metrics ?? data;
    if (typeof root !== 'object' || root === null) throw new InvalidParameterError(file, 'an object with latency and/or throughput per flow', data);
    for (const metric of FABRIC_METRICS) {
      const byFlow = (root as Record<string, unknown>)[metric];
      if (byFlow === undefined) continue;
      if (typeof byFlow !== 'object' || byFlow === null) throw new InvalidParameterError(`${file}: ${metric}`, 'an object flow → value', byFlow);
      const map = new Map<string, number>();
      for (const [flow, v] of Object.entries(byFlow)) {
        const value = typeof v === 'number' ? v : (v as { mean?: unknown })?.mean;
        if (typeof value !== 'number' || !Number.isFinite(value)) throw new InvalidParameterError(`${file}: ${metric}.${flow}`, 'a finite number or { mean, halfWidth }', v);
        map.set(flow, value);
      }
      out[metric] = map;
    }
  } else {
    const rows = parse(text, { comment: '#', skip_empty_lines: true, trim: true }) as string[][];
    const header = rows[0];
    if (!header) throw new InvalidParameterError(file, 'a header line with flow and latency and/or throughput columns', '');
    const col = (name: string) => header.findIndex((h) => h.toLowerCase() === name);
    const flowCol = col('flow');
    if (flowCol < 0) throw new InvalidParameterError(`${file}: header`, 'a column named flow', header.join(','));
    for (const metric of FABRIC_METRICS) {
      const c = col(metric);
      if (c < 0) continue;
      const map = new Map<string, number>();
      rows.slice(1).forEach((row, i) => {
        const v = Number(row[c]);
        if (row[c] === undefined || row[c] === '' || !Number.isFinite(v)) throw new InvalidParameterError(`${file}: line ${i + 2}, ${metric}`, 'a finite number', row[c]);
        map.set(row[flowCol]!, v);
      });
      out[metric] = map;
    }
  }
  if (!out.latency && !out.throughput) throw new InvalidParameterError(file, 'latency and/or throughput per flow', 'neither');
  return out;
}

/** One flow's comparison. */
export interface FlowComparison {
  readonly flow: string;
  readonly metric: FabricMetric;
  readonly user: number;
  readonly ibqos: number;
  /** The simulator's 95 % half-width (against 'sim'), else 0. */
  readonly halfWidth: number;
  /** EM = |user − ibqos| / |ibqos|. */
  readonly error: number;
  readonly pass: boolean;
}

/** The verdict. */
export interface FabricValidation {
  readonly against: 'model' | 'sim';
  readonly flows: readonly FlowComparison[];
  readonly passed: number;
  readonly failed: number;
  readonly pass: boolean;
  /** Median and largest EM per metric. */
  readonly summary: Readonly<Partial<Record<FabricMetric, { readonly median: number; readonly max: number }>>>;
}

/** Options of {@link validateFabric}. */
export interface ValidateFabricOptions {
  readonly against?: 'model' | 'sim';
  /** A flow passes when EM ≤ tolerance (default 0.1) or, against the simulator, when the user's value lies inside its interval. */
  readonly tolerance?: number;
  /** Against the simulator: replications (default 5) and measured time per replication in s (default 0.01). */
  readonly replications?: number;
  readonly until?: number;
  readonly seed?: number;
}

/**
 * Compares a user's per-flow values with ibqos on the same `fabric` params.
 * @throws InvalidParameterError naming the field for bad params, options or a flow ibqos does not know.
 */
export function validateFabric(params: unknown, user: FlowValues, options: ValidateFabricOptions = {}): FabricValidation {
  const against = options.against ?? 'model';
  if (against !== 'model' && against !== 'sim') throw new InvalidParameterError('against', "'model' or 'sim'", against);
  const tolerance = options.tolerance ?? 0.1;
  if (!(tolerance >= 0)) throw new InvalidParameterError('tolerance', 'a number >= 0', tolerance);
  const reference: Record<FabricMetric, Map<string, [number, number]>> = { latency: new Map(), throughput: new Map() };
  if (against === 'model') {
    const r = solveFabric(fabricModelNetwork(params));
    for (const metric of FABRIC_METRICS) for (const [flow, v] of Object.entries(r.metrics[metric])) reference[metric].set(flow, [v, 0]);
  } else {
    const s = simulate({ scenario: 'fabric', params: params as Record<string, unknown> }, { replications: options.replications ?? 5, until: options.until ?? 0.01, seed: options.seed ?? 1 });
    const metrics = s.metrics as Record<string, IntervalTree>;
    for (const metric of FABRIC_METRICS) {
      for (const [flow, v] of Object.entries(metrics[metric] as Record<string, { mean: number; halfWidth: number }>)) reference[metric].set(flow, [v.mean, v.halfWidth]);
    }
  }
  const flows: FlowComparison[] = [];
  const summary: Partial<Record<FabricMetric, { median: number; max: number }>> = {};
  for (const metric of FABRIC_METRICS) {
    const values = user[metric];
    if (!values) continue;
    const errors: number[] = [];
    for (const [flow, u] of values) {
      const ref = reference[metric].get(flow);
      if (ref === undefined) throw new InvalidParameterError(`results: ${metric}.${flow}`, `a flow of the params (${[...reference[metric].keys()].slice(0, 5).join(', ')}${reference[metric].size > 5 ? ', …' : ''})`, flow);
      const [v, hw] = ref;
      const error = v !== 0 ? Math.abs(u - v) / Math.abs(v) : Math.abs(u - v);
      errors.push(error);
      flows.push(Object.freeze({ flow, metric, user: u, ibqos: v, halfWidth: hw, error, pass: error <= tolerance || (hw > 0 && Math.abs(u - v) <= hw) }));
    }
    errors.sort((a, b) => a - b);
    const mid = errors.length >> 1;
    summary[metric] = Object.freeze({ median: errors.length % 2 ? errors[mid]! : (errors[mid - 1]! + errors[mid]!) / 2, max: errors[errors.length - 1]! });
  }
  const failed = flows.filter((f) => !f.pass).length;
  return Object.freeze({ against, flows: Object.freeze(flows), passed: flows.length - failed, failed, pass: failed === 0, summary: Object.freeze(summary) });
}

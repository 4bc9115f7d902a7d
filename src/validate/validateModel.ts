/**
 * A user's simulation results against one of the library's models: for each imported point, the
 * model's parameters (the base parameters, overridden by the point's own parameter columns), the
 * analytic record of the model at those parameters, and the comparison of the two.
 */
import { InvalidParameterError } from '../core/errors.js';
import { oneOf, plainObject } from '../core/guards.js';
import { solveCreditChain } from '../credit/index.js';
import { gege1n, gege1nThreshold } from '../me/index.js';
import { compare, type CompareOptions, type ComparisonResult } from './compare.js';
import { RESULT_MODELS, type ResultModel } from './mapping.js';
import type { ImportedResults } from './results.js';

/**
 * The command line's short names of the credit chain's parameters → the library's names. A Map:
 * keys come from a user's file, and `constructor` or `__proto__` must not find Object's own.
 */
const CREDIT_ALIASES: ReadonlyMap<string, string> = new Map([
  ['n', 'upstreamCapacity'],
  ['m', 'downstreamCapacity'],
]);

/** A parameter record keyed by a user's names: a null-prototype object, so `__proto__` is a plain key. */
function renamed(model: ResultModel, params: Readonly<Record<string, unknown>>, value: (v: unknown) => unknown = (v) => v): Record<string, unknown> {
  const out = Object.create(null) as Record<string, unknown>;
  for (const [k, v] of Object.entries(plainObject('params', params))) out[model === 'credit' ? (CREDIT_ALIASES.get(k) ?? k) : k] = value(v);
  return out;
}

/** Reads "inf"/"Infinity" strings as Infinity (JSON cannot hold it; `n: "inf"` is an unbounded queue). */
function normaliseValue(v: unknown): unknown {
  if (typeof v === 'string' && /^\+?(inf|infinity)$/i.test(v.trim())) return Infinity;
  return v;
}

/**
 * The analytic record of a model at some parameters: `credit` → solveCreditChain (parameters
 * lambda, mu1, mu2, upstreamCapacity or n, downstreamCapacity or m); `gege1n` → gege1n (lambda,
 * mu, ca2, cs2, capacity); `threshold` → gege1nThreshold (lambda, ca2, cs2, capacity, thresholds,
 * mu, variant).
 *
 * @throws InvalidParameterError from the solver, naming the parameter, or for an unknown model.
 * @example analyticRecord('gege1n', { lambda: 0.7, mu: 1, ca2: 3, cs2: 5, capacity: 6 }).blockingProbability // 0.2226…
 */
export function analyticRecord(model: ResultModel, params: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const m = oneOf('model', model, RESULT_MODELS);
  const p = renamed(m, params, normaliseValue);
  switch (m) {
    case 'credit':
      return solveCreditChain(p as never) as unknown as Record<string, unknown>;
    case 'gege1n':
      return gege1n(p as never) as unknown as Record<string, unknown>;
    case 'threshold':
      return gege1nThreshold(p as never) as unknown as Record<string, unknown>;
  }
}

/** Options of {@link validateResults}: those of {@link compare} but `x` and `labels`, which are derived from the points. */
export type ValidateOptions = Omit<CompareOptions, 'x' | 'labels'>;

/** The outcome of {@link validateResults}. */
export interface ValidationResult {
  readonly model: ResultModel;
  /** The parameters of each point (base ⊕ the point's own). */
  readonly params: readonly Readonly<Record<string, unknown>>[];
  readonly analytic: readonly Readonly<Record<string, unknown>>[];
  readonly comparison: ComparisonResult;
}

/**
 * Computes the model at every imported point and compares it with the simulated values. The x
 * axis of the plots is the first parameter that varies between points (the point index if none).
 *
 * @throws InvalidParameterError for invalid base or point parameters (naming the results line),
 *   an unknown model, or an invalid option.
 * @example validateResults('credit', { lambda: 5, mu1: 6, mu2: 8, n: 12 }, parseResultsCsv(text, defaultMapping('credit')))
 */
export function validateResults(
  model: ResultModel,
  baseParams: Readonly<Record<string, unknown>>,
  results: ImportedResults,
  options: ValidateOptions = {},
): ValidationResult {
  const m = oneOf('model', model, RESULT_MODELS);
  // The base parameters under the library's names, so that a point's own columns override them.
  const base = renamed(m, baseParams);
  const params = results.points.map((pt) => Object.assign(Object.create(null) as Record<string, unknown>, base, pt.params));
  // Replications of one point repeat its parameters: each distinct set is solved once.
  const solved = new Map<string, Record<string, unknown>>();
  const analytic = params.map((p, j) => {
    const key = JSON.stringify(Object.entries(p), (_k, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v));
    try {
      let record = solved.get(key);
      if (record === undefined) solved.set(key, (record = analyticRecord(m, p)));
      return record;
    } catch (e) {
      if (!(e instanceof InvalidParameterError)) throw e;
      // A parameter the point does not set came from the base parameters: the error is theirs
      // (`params.bogus`), not the results line's.
      const key = /^params\.([^.[]+)/.exec(e.parameter)?.[1];
      if (key !== undefined && Object.hasOwn(base, key) && !Object.hasOwn(results.points[j]!.params, key)) throw e;
      throw new InvalidParameterError(`${e.parameter} (results ${results.format} line ${results.points[j]!.source.line})`, e.rule, e.value);
    }
  });
  const varying = [...new Set(results.points.flatMap((p) => Object.keys(p.params)))].filter((k) => new Set(params.map((p) => p[k])).size > 1);
  const xName = varying[0];
  const labels = params.map((p, j) => (varying.length === 0 ? `#${j}` : varying.map((k) => `${k}=${String(p[k])}`).join(', ')));
  // The first varying parameter is the x axis; the others name each point's configuration, so the
  // plot draws one line per configuration instead of one zig-zag through all the points.
  const others = varying.slice(1);
  const configurations = others.length === 0 ? undefined : params.map((p) => others.map((k) => `${k}=${String(p[k])}`).join(', '));
  const comparison = compare(
    analytic,
    results.points.map((p) => p.metrics),
    {
      ...options,
      labels,
      ...(xName === undefined ? {} : { x: { label: xName, values: params.map((p) => Number(p[xName])) } }),
      ...(configurations === undefined ? {} : { configurations }),
      title: options.title ?? `${m} model against ${results.format} results`,
    },
  );
  return { model: m, params, analytic, comparison };
}

/**
 * Which column of a user's results (or which OMNeT++ scalar) holds which metric and parameter of a
 * model. Each model has defaults: the library's own field names (`meanQueueLength.upstream`) and
 * the short names its command line prints (`L1`); a user mapping (`L1=queue1.length:timeavg`)
 * replaces the candidates of one name.
 */
import { InvalidParameterError } from '../core/errors.js';
import { oneOf, plainObject } from '../core/guards.js';
import { checkKind, recordParameter } from '../core/shapes.js';

/** The models `validate` can compute analytic values for. */
export const RESULT_MODELS = ['credit', 'gege1n', 'threshold'] as const;
export type ResultModel = (typeof RESULT_MODELS)[number];

/** For each metric path and each parameter name, the column or scalar names that may hold it, in order. */
export interface ResultsMapping {
  readonly metrics: Readonly<Record<string, readonly string[]>>;
  readonly params: Readonly<Record<string, readonly string[]>>;
}

const GE_METRICS: Record<string, readonly string[]> = {
  meanQueueLength: ['meanQueueLength', 'L'],
  utilization: ['utilization', 'U'],
  blockingProbability: ['blockingProbability', 'π', 'blocking'],
  throughput: ['throughput', 'X'],
  responseTime: ['responseTime', 'W'],
  emptyProbability: ['emptyProbability', 'P(0)', 'P0'],
  fullProbability: ['fullProbability', 'P(K)', 'PK'],
};

const DEFAULTS: Record<ResultModel, ResultsMapping> = {
  credit: {
    metrics: {
      'meanQueueLength.upstream': ['meanQueueLength.upstream', 'L1'],
      'meanQueueLength.downstream': ['meanQueueLength.downstream', 'L2'],
      'meanQueueLength.total': ['meanQueueLength.total', 'L'],
      // X, W, π1, Pcb: the glossary's symbols, as `ibqos credit` prints them; T, R, loss, blocked: the
      // names it printed before (docs/glossary.md), still read.
      throughput: ['throughput', 'X', 'T'],
      responseTime: ['responseTime', 'W', 'R'],
      upstreamLossProbability: ['upstreamLossProbability', 'π1', 'loss'],
      creditBlockedProbability: ['creditBlockedProbability', 'Pcb', 'blocked'],
      'utilization.upstream': ['utilization.upstream', 'U1'],
      'utilization.downstream': ['utilization.downstream', 'U2'],
    },
    params: {
      lambda: ['lambda'],
      mu1: ['mu1'],
      mu2: ['mu2'],
      upstreamCapacity: ['upstreamCapacity', 'n'],
      downstreamCapacity: ['downstreamCapacity', 'm'],
    },
  },
  gege1n: {
    metrics: GE_METRICS,
    params: { lambda: ['lambda'], mu: ['mu'], ca2: ['ca2'], cs2: ['cs2'], capacity: ['capacity', 'K'] },
  },
  threshold: {
    metrics: GE_METRICS,
    params: { lambda: ['lambda'], ca2: ['ca2'], cs2: ['cs2'], capacity: ['capacity', 'K'] },
  },
};

/**
 * The default mapping of a model.
 *
 * @throws InvalidParameterError for an unknown model.
 * @example defaultMapping('credit').metrics['meanQueueLength.upstream'] // ['meanQueueLength.upstream', 'L1']
 */
export function defaultMapping(model: ResultModel): ResultsMapping {
  return DEFAULTS[oneOf('model', model, RESULT_MODELS)];
}

/**
 * A mapping with some names replaced: each key is a metric path or a parameter name of `base`
 * (a key `base` does not know is taken as a further metric path), each value the one column or
 * scalar name that holds it.
 *
 * @throws InvalidParameterError for a value that is not a non-empty string.
 * @example withMapping(defaultMapping('gege1n'), { meanQueueLength: 'queue.length:timeavg' })
 */
export function withMapping(base: ResultsMapping, overrides: Readonly<Record<string, string>>): ResultsMapping {
  const o = plainObject('mapping', overrides);
  const metrics: Record<string, readonly string[]> = { ...base.metrics };
  const params: Record<string, readonly string[]> = { ...base.params };
  for (const [key, value] of Object.entries(o)) {
    if (typeof value !== 'string' || value.trim() === '') throw new InvalidParameterError(`mapping.${key}`, 'a non-empty column or scalar name', value);
    if (key in params) params[key] = [value];
    else metrics[key] = [value];
  }
  return { metrics, params };
}

/**
 * Reads `name=source` pairs (the `--map` option; several pairs may be comma-separated, and the
 * source may contain '=' after the first one).
 *
 * @throws InvalidParameterError naming `option` for a pair without '=' or with an empty side.
 * @example parseMappingPairs(['L1=q1.len,L2=q2.len']) // { L1: 'q1.len', L2: 'q2.len' }
 */
export function parseMappingPairs(texts: readonly string[], option = '--map'): Record<string, string> {
  checkKind('texts', texts, 'array');
  const out: Record<string, string> = {};
  for (const text of texts) {
    for (const pair of text.split(',')) {
      const eq = pair.indexOf('=');
      const key = eq < 0 ? '' : pair.slice(0, eq).trim();
      const value = eq < 0 ? '' : pair.slice(eq + 1).trim();
      if (key === '' || value === '') throw new InvalidParameterError(option, 'name=column pairs (metric or parameter = column or scalar name)', pair);
      out[key] = value;
    }
  }
  return out;
}

/**
 * Resolves short names in a user mapping to metric paths: `L1=x` for the credit model means
 * `meanQueueLength.upstream=x`, because `L1` is one of that metric's default names.
 */
export function resolveMappingKeys(base: ResultsMapping, overrides: Readonly<Record<string, string>>): Record<string, string> {
  recordParameter('base', base, { metrics: 'object', params: 'object' });
  recordParameter('overrides', overrides);
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(overrides)) {
    const metric = Object.entries(base.metrics).find(([path, names]) => path === key || names.includes(key));
    const param = Object.entries(base.params).find(([name, names]) => name === key || names.includes(key));
    out[metric?.[0] ?? param?.[0] ?? key] = value;
  }
  return out;
}

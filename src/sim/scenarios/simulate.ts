/**
 * `simulate()`: runs a registered scenario over independent replications and summarises every
 * metric as a Student-t confidence interval (STYLE.md habits 12–13: one seed, named streams,
 * replications and intervals in the run layer, never in the model).
 */
import { InvalidParameterError } from '../../core/errors.js';
import { integerAtLeast, knownKeys, plainObject, positiveRate } from '../../core/guards.js';
import { checkSeed, RandomStreams } from '../random/streams.js';
import { summarizeReplications, type IntervalTree, type MetricTree } from '../stats/intervals.js';
import { DEFAULT_MAX_LENGTH, getScenario, type RunLength, type ScenarioDefinition } from './registry.js';
import { simulationDisplay } from './display.js';

/** A scenario with its parameters: what a scenario file holds besides the run options. */
export interface ScenarioSpec {
  /** A registered scenario name (`gege1n`, `credit-tandem`, …). */
  readonly scenario: string;
  /** The scenario's parameters (validated by the scenario; see docs/sim.md). */
  readonly params?: Record<string, unknown>;
}

/** Options of {@link simulate}: how to run, not what. */
export interface SimulateOptions {
  /** The run's seed, an integer in 0..2^53 − 1 (default 1). */
  readonly seed?: number;
  /** Independent replications R ≥ 2 (default 10): the intervals have R − 1 degrees of freedom. */
  readonly replications?: number;
  /** Simulated time measured per replication (after the warm-up). Give `until` or `jobs`, not both. */
  readonly until?: number;
  /** Arrivals (jobs offered) measured per replication (after the warm-up). */
  readonly jobs?: number;
  /**
   * Warm-up deleted at the start of each replication, in the unit of the run length (time with
   * `until`, arrivals with `jobs`). Default: 10 % of the run length.
   */
  readonly warmup?: number;
  /** Confidence level of the intervals, in (0, 1) (default 0.95). */
  readonly confidence?: number;
  /** Called after each replication with (done, total). */
  readonly onReplication?: (done: number, total: number) => void;
  /**
   * Called within a replication, by the scenarios that report it (the fabric and its studies, by
   * simulated time), with the fraction of the current replication done and its 0-based number:
   * for a progress bar on a long single replication. The results are the same with it as without.
   */
  readonly onProgress?: (fraction: number, replication: number) => void;
}

/** The result of {@link simulate}: intervals under the analytic field names, plus the run facts. */
export interface SimulationResult {
  readonly scenario: string;
  /** The parameters as validated by the scenario (defaults filled in). */
  readonly params: unknown;
  /** Every metric as { mean, halfWidth, confidence }, nested as in the analytic result records. */
  readonly metrics: IntervalTree;
  readonly run: {
    readonly seed: number;
    readonly replications: number;
    readonly confidence: number;
    /** Per replication: the measured length ({ until } or { jobs }) and the warm-up before it. */
    readonly length: RunLength;
    readonly warmup: number;
    /** Simulated time measured, summed over the replications (warm-ups excluded). */
    readonly simulatedTime: number;
    /** Events processed, summed over the replications (warm-ups included). */
    readonly events: number;
  };
}

/** The most replications a run may ask for: beyond it the intervals stop narrowing usefully and the run does not end. */
export const MAX_REPLICATIONS = 10_000;

/**
 * A replication count: an integer in 2..{@link MAX_REPLICATIONS}. The one rule for `simulate()`,
 * `ibqos sim` and `ibqos report`.
 *
 * @throws InvalidParameterError naming `name`.
 */
export function checkReplications(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 2 || value > MAX_REPLICATIONS) {
    throw new InvalidParameterError(name, `an integer in 2..${MAX_REPLICATIONS}`, value);
  }
  return value;
}

const OPTION_KEYS = ['seed', 'replications', 'until', 'jobs', 'warmup', 'confidence', 'onReplication', 'onProgress'] as const;

/** Checks the run options against a scenario; returns them with defaults filled in. */
export function checkSimulateOptions(
  definition: ScenarioDefinition<unknown>,
  options: SimulateOptions,
  field = 'options',
): { seed: number; replications: number; length: RunLength; warmup: number; confidence: number } {
  const o = plainObject(field, options);
  knownKeys(field, o, OPTION_KEYS);
  const seed = o.seed === undefined ? 1 : checkSeed(`${field}.seed`, o.seed);
  const replications = o.replications === undefined ? 10 : checkReplications(`${field}.replications`, o.replications);
  const lengths = definition.lengths ?? ['until', 'jobs'];
  if (o.until !== undefined && o.jobs !== undefined) {
    throw new InvalidParameterError(`${field}.jobs`, 'absent when until is given (give one run length)', o.jobs);
  }
  let length: RunLength;
  if (o.until !== undefined) {
    length = { until: positiveRate(`${field}.until`, o.until) };
  } else if (o.jobs !== undefined) {
    length = { jobs: integerAtLeast(`${field}.jobs`, o.jobs, 1) };
    if (typeof o.jobs === 'number' && !Number.isSafeInteger(o.jobs)) {
      throw new InvalidParameterError(`${field}.jobs`, 'a safe integer', o.jobs);
    }
  } else {
    length = definition.defaultLength ?? (lengths.includes('jobs') ? { jobs: 1_000_000 } : { until: 1000 });
  }
  const kind = length.until !== undefined ? 'until' : 'jobs';
  const max = definition.maxLength?.[kind] ?? DEFAULT_MAX_LENGTH[kind];
  if (length[kind]! > max) {
    const unit = kind === 'jobs' ? 'jobs' : (definition.timeUnit ?? 'time units');
    throw new InvalidParameterError(`${field}.${kind}`, `at most ${max} ${unit} per replication for scenario '${definition.name}'`, o[kind]);
  }
  if (!lengths.includes(kind)) {
    throw new InvalidParameterError(`${field}.${kind}`, `absent: scenario '${definition.name}' runs by ${lengths.join(' or ')}`, o[kind]);
  }
  const size = length.until ?? length.jobs!;
  let warmup = definition.defaultWarmup ?? 0.1 * size;
  if (kind === 'jobs') warmup = Math.round(warmup);
  if (o.warmup !== undefined) {
    if (typeof o.warmup !== 'number' || !Number.isFinite(o.warmup) || o.warmup < 0 || (kind === 'jobs' && !Number.isInteger(o.warmup))) {
      throw new InvalidParameterError(`${field}.warmup`, kind === 'jobs' ? 'an integer >= 0 (arrivals, like jobs)' : 'a finite number >= 0 (time, like until)', o.warmup);
    }
    // The warm-up is simulated too: it has the run length's bound (1e15 µs would never end).
    if (o.warmup > max) {
      const unit = kind === 'jobs' ? 'jobs' : (definition.timeUnit ?? 'time units');
      throw new InvalidParameterError(`${field}.warmup`, `at most ${max} ${unit} for scenario '${definition.name}' (the longest run allowed)`, o.warmup);
    }
    warmup = o.warmup;
  }
  const confidence = o.confidence === undefined ? 0.95 : (o.confidence as number);
  if (typeof confidence !== 'number' || !(confidence > 0 && confidence < 1)) {
    throw new InvalidParameterError(`${field}.confidence`, 'a number in (0, 1)', o.confidence);
  }
  for (const key of ['onReplication', 'onProgress'] as const) {
    if (o[key] !== undefined && typeof o[key] !== 'function') throw new InvalidParameterError(`${field}.${key}`, 'a function', o[key]);
  }
  return { seed, replications, length, warmup, confidence };
}

/**
 * Runs `spec.scenario` with `spec.params` for `replications` independent replications, each with
 * its own streams (`streams.stream(name, r)`: r jumps of 2^64 draws apart), and returns every metric
 * as a confidence interval.
 *
 * @throws InvalidParameterError for an unknown scenario, bad params (named `params.<key>`) or bad
 *   options (named `options.<key>`).
 * @example
 * const r = simulate({ scenario: 'gege1n', params: { lambda: 0.8, mu: 1, capacity: 4 } }, { seed: 1, jobs: 100000 });
 * r.metrics.meanQueueLength; // { mean: ≈1.563, halfWidth: ≈0.01, confidence: 0.95 }
 */
export function simulate(spec: ScenarioSpec | string, options: SimulateOptions = {}): SimulationResult {
  const s = typeof spec === 'string' ? { scenario: spec } : plainObject('spec', spec);
  if (typeof spec !== 'string') knownKeys('spec', s, ['scenario', 'params']);
  const definition = getScenario(s.scenario, 'spec.scenario');
  let params: unknown;
  try {
    params = definition.parse(s.params ?? {});
  } catch (e) {
    if (e instanceof InvalidParameterError && !e.parameter.startsWith('params')) {
      throw new InvalidParameterError(`params.${e.parameter}`, e.rule, e.value);
    }
    throw e;
  }
  const run = checkSimulateOptions(definition, options);
  const streams = new RandomStreams(run.seed);
  const records: MetricTree[] = [];
  let simulatedTime = 0;
  let events = 0;
  for (let r = 0; r < run.replications; r++) {
    const onProgress = options.onProgress;
    const context = { streams, replication: r, length: run.length, warmup: run.warmup };
    const out = definition.replicate(params, onProgress === undefined ? context : { ...context, onProgress: (f: number) => onProgress(f, r) });
    records.push(out.metrics);
    simulatedTime += out.simulatedTime;
    events += out.events;
    options.onReplication?.(r + 1, run.replications);
  }
  return simulationDisplay({
    scenario: definition.name,
    params: definition.echo === undefined ? params : definition.echo(params),
    metrics: summarizeReplications(records, run.confidence),
    run: {
      seed: run.seed,
      replications: run.replications,
      confidence: run.confidence,
      length: run.length,
      warmup: run.warmup,
      simulatedTime,
      events,
    },
  });
}

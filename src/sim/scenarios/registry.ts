/**
 * The scenario registry: a scenario is a named, self-validating recipe for one replication of a
 * simulation. `simulate()` and `ibqos sim --scenario NAME` run any registered scenario the same way
 * (seed → streams, replications, warm-up, confidence intervals), so a new scenario (a fabric
 * experiment such as `congestion-spreading`) only has to say how to check its parameters and how to
 * run one replication.
 *
 * Division of labour (STYLE.md habit 12):
 * - the scenario builds its model, runs it for the length asked, and returns its metrics (plain
 *   numbers, nested records and arrays, named as the analytic results name them);
 * - warm-up deletion is done by the scenario's recorders when the run layer's context says so
 *   (`context.warmup`), replications and intervals by `simulate()`; the model code never sees them.
 */
import { InvalidParameterError } from '../../core/errors.js';
import type { RandomStreams } from '../random/streams.js';
import type { MetricTree } from '../stats/intervals.js';
import { checkKind } from '../../core/shapes.js';

/** How long one replication runs: a simulated time, or a number of arrivals (jobs offered). */
export type RunLength = { readonly until: number; readonly jobs?: undefined } | { readonly jobs: number; readonly until?: undefined };

/** What the run layer hands a scenario for one replication. */
export interface ReplicationContext {
  /** The run's streams: draw with `streams.stream(name, replication)`, one name per component. */
  readonly streams: RandomStreams;
  /** 0-based replication number (use it as the streams' replication argument). */
  readonly replication: number;
  /**
   * The measured part of the run, after the warm-up: `until` time units, or `jobs` arrivals
   * (offered, blocked ones included).
   */
  readonly length: RunLength;
  /**
   * Warm-up to delete before measuring, in the unit of `length` (time units with `until`,
   * arrivals with `jobs`). The scenario runs it first, then resets its recorders.
   */
  readonly warmup: number;
  /**
   * Where the run layer wants to hear how far this replication has got: called now and then with
   * the fraction of its simulated time (warm-up included) done, in [0, 1]. Optional for a scenario
   * (a progress bar then moves by whole replications); one that calls it must run the same events
   * in the same order with it as without it.
   */
  readonly onProgress?: (fraction: number) => void;
}

/** What one replication returns. */
export interface ReplicationOutput {
  /** The metrics, under the analytic results' field names and nesting. */
  readonly metrics: MetricTree;
  /** Simulated time measured (after the warm-up). */
  readonly simulatedTime: number;
  /** Events processed in the whole replication (warm-up included). */
  readonly events: number;
}

/** A scenario option on the command line (`ibqos sim --scenario NAME --flag value`). */
export interface ScenarioCliOption {
  /** commander flag text, e.g. '--rate-control <name>' or '--lambda <rate>'. */
  readonly flag: string;
  /** The parameter the value goes to (a key of the scenario's params object). */
  readonly param: string;
  readonly description: string;
  /**
   * How to read the text: 'number' (a decimal), 'integer', 'capacity' (an integer or inf),
   * 'numbers' / 'integers' (comma lists), 'string' (as typed), 'flag' (a boolean switch, no value).
   */
  readonly kind: 'number' | 'integer' | 'capacity' | 'numbers' | 'integers' | 'string' | 'flag';
}

/** A registered scenario. `P` is its validated parameter type. */
export interface ScenarioDefinition<P = unknown> {
  /** Name used by `simulate({ scenario: name })` and `--scenario name` (lower-case, dashes). */
  readonly name: string;
  /** One line for `ibqos sim --help` and the docs. */
  readonly description: string;
  /**
   * Checks a JSON-like params object (defaults filled in) and returns the validated form.
   * Must throw an InvalidParameterError naming the parameter, the rule and the value (the run layer
   * prefixes 'params.' for messages about scenario files).
   */
  parse(params: unknown): P;
  /**
   * The params as results show them (the user's vocabulary, JSON-friendly). Default: the
   * validated params themselves.
   */
  echo?(params: P): unknown;
  /** Runs one replication with validated params; must draw only from `context.streams`. */
  replicate(params: P, context: ReplicationContext): ReplicationOutput;
  /** Which run lengths it understands (default both). */
  readonly lengths?: readonly ('until' | 'jobs')[];
  /** Its command-line options (each maps to one params key). Default: none. */
  readonly cliOptions?: readonly ScenarioCliOption[];
  /** Run length when the caller gives none (default { jobs: 1_000_000 }, or { until: 1000 } if only 'until'). */
  readonly defaultLength?: RunLength;
  /**
   * The warm-up when the caller gives none, in the unit of the run length (default 10 % of the run).
   * A study whose paper measures from t = 0 says 0 here.
   */
  readonly defaultWarmup?: number;
  /**
   * The longest run accepted, so a typo (`--until 1e308`) is an error instead of a run that never
   * ends. Default {@link DEFAULT_MAX_LENGTH}: 10^9 jobs, or 10^9 units of the model's time.
   */
  readonly maxLength?: { readonly until?: number; readonly jobs?: number };
  /** The unit of simulated time (`until`, `warmup`), e.g. 's' for the fabric. Default: the model's own time unit (the reciprocal of its rates). */
  readonly timeUnit?: string;
  /** One line stating the metrics' units, for reports (e.g. 'throughput Gb/s, latency µs'). Default: none. */
  readonly metricUnits?: string;
}

/** The longest run of a scenario that states none: 10^9 jobs or 10^9 time units per replication. */
export const DEFAULT_MAX_LENGTH = { until: 1e9, jobs: 1e9 } as const;

const REGISTRY = new Map<string, ScenarioDefinition<unknown>>();

/**
 * Registers a scenario so `simulate()` and `ibqos sim` can run it by name. Call it once, at the
 * import of the module that defines the scenario (then import that module from `src/sim/index.ts`).
 *
 * @throws InvalidParameterError for a malformed name or a name already registered.
 * @example registerScenario({ name: 'congestion-spreading', description: '…', parse, replicate, lengths: ['until'] });
 */
export function registerScenario<P>(definition: ScenarioDefinition<P>): void {
  const name = definition?.name;
  if (typeof name !== 'string' || !/^[a-z][a-z0-9-]*$/.test(name)) {
    throw new InvalidParameterError('definition.name', 'lower-case letters, digits and dashes, starting with a letter', name);
  }
  if (REGISTRY.has(name)) throw new InvalidParameterError('definition.name', 'a name not yet registered', name);
  if (typeof definition.parse !== 'function' || typeof definition.replicate !== 'function') {
    throw new InvalidParameterError(`scenario ${name}`, 'an object with parse() and replicate() functions', definition);
  }
  REGISTRY.set(name, definition as ScenarioDefinition<unknown>);
}

/** The registered scenario of that name, or undefined. */
export function findScenario(name: string): ScenarioDefinition<unknown> | undefined {
  checkKind('name', name, 'string');
  return REGISTRY.get(name);
}

/** Names of the registered scenarios, in registration order. */
export function scenarioNames(): string[] {
  return [...REGISTRY.keys()];
}

/** The registered scenario of that name. @throws InvalidParameterError naming `field` if unknown. */
export function getScenario(name: unknown, field = 'scenario'): ScenarioDefinition<unknown> {
  const s = typeof name === 'string' ? REGISTRY.get(name) : undefined;
  if (s === undefined) {
    throw new InvalidParameterError(field, `one of ${scenarioNames().map((n) => `'${n}'`).join(', ')}`, name);
  }
  return s;
}

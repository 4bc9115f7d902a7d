/**
 * A sweep's plan: a scenario, its fixed parameters, the swept axes and the replications, expanded
 * into tasks. A task is one (point, replication); its seed depends on the base seed, the point's
 * parameters and nothing else (`deriveSeed(seed, canonicalKey({ scenario, params }))`, the seed
 * `ibqos sim` gives a swept point), and the replication is the stream's replication index. So a
 * task's result is the same whatever runs it — one worker, several, a Slurm array task — and in
 * whatever order, and a point's replications gathered are exactly `simulate()` of that point with
 * its derived seed.
 */
import { InvalidParameterError } from '../core/errors.js';
import { integerAtLeast, knownKeys, plainObject } from '../core/guards.js';
import { canonicalKey, checkSeed, checkSimulateOptions, deriveSeed, getScenario } from '../sim/index.js';
import { recordParameter } from '../core/shapes.js';
import '../studies/index.js'; // registers the seed studies' scenarios (they stand above the simulator)

/** What to sweep: the input of {@link planSweep} and of `runSweep`. */
export interface SweepSpec {
  /** A registered scenario name. */
  readonly scenario: string;
  /** Parameters shared by every point (the scenario's defaults fill in the rest). */
  readonly params?: Readonly<Record<string, unknown>>;
  /**
   * The swept parameters: [key, values] pairs; the points are their cartesian product, the last
   * axis varying fastest. No axes = one point.
   */
  readonly axes?: ReadonlyArray<readonly [string, readonly unknown[]]>;
  /** Replications per point, ≥ 2 (default 10). */
  readonly replications?: number;
  /** Base seed, an integer in 0..2^53 − 1 (default 1). */
  readonly seed?: number;
  /** Run length per replication: as `simulate`'s options (until or jobs, warmup, confidence). */
  readonly run?: { readonly until?: number; readonly jobs?: number; readonly warmup?: number; readonly confidence?: number };
}

/** One unit of work: a point's replication. */
export interface SweepTask {
  /** 0-based task number: point · replications + replication. */
  readonly id: number;
  readonly point: number;
  readonly replication: number;
}

/** The plan of a sweep, as written to its manifest. */
export interface SweepPlan {
  readonly format: 'ibqos-sweep';
  readonly version: 1;
  readonly scenario: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly axes: ReadonlyArray<readonly [string, readonly unknown[]]>;
  /** Every point's full parameters (fixed params with the swept values). */
  readonly points: ReadonlyArray<Readonly<Record<string, unknown>>>;
  /** Every point's seed, derived from the base seed and the point's parameters. */
  readonly seeds: readonly number[];
  readonly replications: number;
  readonly seed: number;
  readonly run: { readonly until?: number; readonly jobs?: number; readonly warmup: number; readonly confidence: number };
  /** A canonical text of all of the above: two plans are the same sweep when their keys are equal. */
  readonly key: string;
}

/** At most this many tasks in one sweep (a guard against a mistyped range, not a hardware limit). */
export const MAX_SWEEP_TASKS = 10_000_000;

/**
 * Checks a sweep and expands it into its points and seeds.
 *
 * @throws InvalidParameterError for an unknown scenario, an axis with no values (a grid with no
 *   points), an axis named twice, a parameter the scenario does not know (`params.<key>`, from the
 *   scenario's own check of every point), bad run options (`run.<key>`), or more than
 *   {@link MAX_SWEEP_TASKS} tasks.
 * @example planSweep({ scenario: 'gege1n', params: { mu: 8 }, axes: [['lambda', [2, 4]]], replications: 2, run: { jobs: 1000 } }).points.length; // 2
 */
export function planSweep(spec: SweepSpec): SweepPlan {
  const s = plainObject('sweep', spec);
  knownKeys('sweep', s, ['scenario', 'params', 'axes', 'replications', 'seed', 'run']);
  const definition = getScenario(s.scenario, 'sweep.scenario');
  const params = s.params === undefined ? {} : { ...plainObject('sweep.params', s.params) };
  const axes = (s.axes ?? []) as ReadonlyArray<readonly [string, readonly unknown[]]>;
  if (!Array.isArray(axes)) throw new InvalidParameterError('sweep.axes', 'an array of [parameter, values] pairs', axes);
  const seen = new Set<string>();
  for (const [i, axis] of axes.entries()) {
    if (!Array.isArray(axis) || axis.length !== 2 || typeof axis[0] !== 'string' || !Array.isArray(axis[1])) {
      throw new InvalidParameterError(`sweep.axes[${i}]`, 'a [parameter, values] pair', axis);
    }
    if (axis[1].length === 0) throw new InvalidParameterError(`sweep.axes[${i}] (${axis[0]})`, 'a non-empty list of values (a grid with no points)', axis[1]);
    if (seen.has(axis[0])) throw new InvalidParameterError(`sweep.axes[${i}]`, 'a parameter swept once', axis[0]);
    seen.add(axis[0]);
  }
  const replications = s.replications === undefined ? 10 : integerAtLeast('sweep.replications', s.replications, 2);
  const seed = s.seed === undefined ? 1 : checkSeed('sweep.seed', s.seed);
  const runIn = s.run === undefined ? {} : plainObject('sweep.run', s.run);
  const checked = checkSimulateOptions(definition, { ...runIn, seed, replications }, 'sweep.run');
  const count = axes.reduce((n, [, values]) => n * values.length, 1);
  if (count * replications > MAX_SWEEP_TASKS) {
    throw new InvalidParameterError('sweep', `at most ${MAX_SWEEP_TASKS} tasks (points × replications)`, count * replications);
  }
  const points = cartesianPoints(params, axes);
  // The scenario checks every point now, so a bad value fails before any task runs.
  points.forEach((point, i) => {
    try {
      definition.parse(point);
    } catch (e) {
      if (e instanceof InvalidParameterError) {
        const where = axes.length === 0 ? '' : ` (point ${i}: ${canonicalKey(pick(point, axes))})`;
        throw new InvalidParameterError(`params.${e.parameter.replace(/^params\./, '')}${where}`, e.rule, e.value);
      }
      throw e;
    }
  });
  const seeds = points.map((point) => deriveSeed(seed, canonicalKey({ scenario: definition.name, params: point })));
  const run = {
    ...(checked.length.until !== undefined ? { until: checked.length.until } : { jobs: checked.length.jobs! }),
    warmup: checked.warmup,
    confidence: checked.confidence,
  };
  const body = { format: 'ibqos-sweep' as const, version: 1 as const, scenario: definition.name, params, axes, points, seeds, replications, seed, run };
  return { ...body, key: canonicalKey(body) };
}

/** The tasks of a plan, in order (point-major). */
export function sweepTasks(plan: Pick<SweepPlan, 'points' | 'replications'>): SweepTask[] {
  recordParameter('plan', plan, { points: 'array', replications: 'number' });
  const tasks: SweepTask[] = [];
  for (let point = 0; point < plan.points.length; point++) {
    for (let replication = 0; replication < plan.replications; replication++) {
      tasks.push({ id: point * plan.replications + replication, point, replication });
    }
  }
  return tasks;
}

/** The swept values of a point. */
export function pick(point: Readonly<Record<string, unknown>>, axes: SweepPlan['axes']): Record<string, unknown> {
  return Object.fromEntries(axes.map(([k]) => [k, point[k]]));
}

function cartesianPoints(params: Record<string, unknown>, axes: SweepPlan['axes']): Record<string, unknown>[] {
  let points: Record<string, unknown>[] = [{ ...params }];
  for (const [key, values] of axes) {
    const next: Record<string, unknown>[] = [];
    for (const p of points) for (const v of values) next.push({ ...p, [key]: v });
    points = next;
  }
  return points;
}

/**
 * A scenario as a per-point simulator for sweeps and reports: the function shape
 * `(point, { seed, replications, quick }) → metrics` that `src/report`'s experiments accept as their
 * `PointSimulator`, built from a registered scenario and a mapping from the point to its params.
 */
import { integerAtLeast } from '../../core/guards.js';
import { canonicalKey, deriveSeed } from '../random/streams.js';
import type { IntervalTree } from '../stats/intervals.js';
import { simulate, type ScenarioSpec, type SimulateOptions, type SimulationResult } from './simulate.js';
import { checkKind, recordParameter } from '../../core/shapes.js';

/** Runs a scenario as `simulate` does, now or later (a worker pool's `simulateOnPool`). */
export type ScenarioRunner = (spec: ScenarioSpec, options: SimulateOptions) => SimulationResult | Promise<SimulationResult>;

/** What the per-point simulator is given besides the point. */
export interface PointRunOptions {
  /**
   * Base seed. Each point runs with its own seed, `deriveSeed(seed, canonicalKey({ scenario,
   * params }))`, so the points of a sweep are independent experiments (their intervals miss the
   * truth independently) and a point's numbers do not depend on which other points are run.
   */
  readonly seed: number;
  readonly replications: number;
  /** Shorter runs (`jobs.quick` instead of `jobs.full`). */
  readonly quick: boolean;
}

/**
 * @param scenario a registered scenario name ('gege1n', 'credit-tandem', …).
 * @param toParams the scenario's params for a point.
 * @param jobs arrivals measured per replication: `full` (default 1e6) and `quick` (default 1e5).
 * @param runner what runs the scenario (default `simulate`); a runner that returns a promise makes
 *   the simulator return one.
 * @returns a function that simulates one point and returns its metrics as intervals, in the
 *   analytic records' vocabulary. The point runs with the seed derived from the base seed and its
 *   params (see {@link PointRunOptions.seed}): independent points, each reproducible.
 * @throws InvalidParameterError for job counts that are not integers ≥ 1 (when built), and as
 *   `simulate` (when called).
 * @example
 * const sim = scenarioPointSimulator('credit-tandem', (p) => ({ lambda: p.lambda, mu1: p.mu1, mu2: p.mu2, upstreamCapacity: p.n, downstreamCapacity: p.m }));
 * sim({ lambda: 5, mu1: 6, mu2: 8, n: 12, m: 3 }, { seed: 1, replications: 10, quick: true }); // { meanQueueLength: { upstream: { mean, halfWidth, confidence }, … }, … }
 */
export function scenarioPointSimulator<P>(
  scenario: string,
  toParams: (point: P) => Record<string, unknown>,
  jobs: { readonly full?: number; readonly quick?: number } = {},
  runner: ScenarioRunner = simulate,
): (point: P, options: PointRunOptions) => IntervalTree | Promise<IntervalTree> {
  checkKind('scenario', scenario, 'string');
  checkKind('toParams', toParams, 'function');
  recordParameter('jobs', jobs);
  checkKind('runner', runner, 'function');
  const full = integerAtLeast('jobs.full', jobs.full ?? 1_000_000, 1);
  const quick = integerAtLeast('jobs.quick', jobs.quick ?? 100_000, 1);
  return (point, options) => {
    const params = toParams(point);
    const seed = deriveSeed(options.seed, canonicalKey({ scenario, params }));
    const result = runner({ scenario, params }, { seed, replications: options.replications, jobs: options.quick ? quick : full });
    return result instanceof Promise ? result.then((r) => r.metrics) : result.metrics;
  };
}

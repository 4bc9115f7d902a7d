/**
 * Running one task of a sweep: the scenario's replication `task.replication`, drawn from the
 * streams of the point's seed — exactly what `simulate()` runs for that replication of that point.
 */
import { InvalidParameterError } from '../core/errors.js';
import { RandomStreams, checkSimulateOptions, getScenario, type MetricTree } from '../sim/index.js';
import type { SweepPlan, SweepTask } from './plan.js';

/** What a task leaves behind: its metrics and the run facts `simulate` sums. */
export interface TaskRecord {
  readonly task: number;
  readonly point: number;
  readonly replication: number;
  readonly seed: number;
  readonly metrics: MetricTree;
  readonly simulatedTime: number;
  readonly events: number;
  /** Wall-clock time of the replication, ms (for the docs' sizing advice; not part of the result). */
  readonly wallMs: number;
}

/**
 * Runs one task.
 *
 * @throws InvalidParameterError for a task outside the plan, and whatever the scenario throws.
 */
export function runSweepTask(plan: SweepPlan, task: SweepTask): TaskRecord {
  const params = plan.points[task.point];
  if (params === undefined || !Number.isInteger(task.replication) || task.replication < 0 || task.replication >= plan.replications) {
    throw new InvalidParameterError('task', `a task of this sweep (${plan.points.length} points × ${plan.replications} replications)`, task);
  }
  const definition = getScenario(plan.scenario);
  const parsed = definition.parse(params);
  const seed = plan.seeds[task.point]!;
  const run = checkSimulateOptions(definition, { ...plan.run, seed, replications: plan.replications });
  const started = performance.now();
  const out = definition.replicate(parsed, {
    streams: new RandomStreams(seed),
    replication: task.replication,
    length: run.length,
    warmup: run.warmup,
  });
  return {
    task: task.id,
    point: task.point,
    replication: task.replication,
    seed,
    metrics: out.metrics,
    simulatedTime: out.simulatedTime,
    events: out.events,
    wallMs: performance.now() - started,
  };
}

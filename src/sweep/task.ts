/**
 * Running one replication of a scenario on its own: the replication `replication` of `params`,
 * drawn from the streams of `seed` — exactly what `simulate()` runs for that replication of that
 * point with that seed. A sweep's task is one such replication; the local pool's workers, a Slurm
 * array task and the report all run them through here.
 */
import { InvalidParameterError } from '../core/errors.js';
import { RandomStreams, checkSimulateOptions, getScenario, type MetricTree, type ReplicationOutput } from '../sim/index.js';
import '../studies/index.js'; // registers the seed studies' scenarios (they stand above the simulator)
import type { SweepPlan, SweepTask } from './plan.js';
import { recordParameter } from '../core/shapes.js';

/** One replication, as data (what crosses to a worker thread). */
export interface ReplicationJob {
  readonly scenario: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly seed: number;
  readonly replication: number;
  /** The run options as `simulate` takes them (until or jobs, warmup, confidence, replications). */
  readonly run: Readonly<Record<string, unknown>>;
}

/** Runs one replication; adds its wall-clock time in ms. @throws as the scenario's parse and replicate. */
export function runReplication(job: ReplicationJob): ReplicationOutput & { readonly wallMs: number } {
  recordParameter('job', job, { scenario: 'string', seed: 'number' });
  const definition = getScenario(job.scenario);
  const parsed = definition.parse(job.params);
  const run = checkSimulateOptions(definition, { replications: 2, ...job.run, seed: job.seed });
  const started = performance.now();
  const out = definition.replicate(parsed, { streams: new RandomStreams(job.seed), replication: job.replication, length: run.length, warmup: run.warmup });
  return { ...out, wallMs: performance.now() - started };
}

/** What a task leaves behind: its metrics and the run facts `simulate` sums. */
export interface TaskRecord {
  readonly task: number;
  readonly point: number;
  readonly replication: number;
  readonly seed: number;
  readonly metrics: MetricTree;
  readonly simulatedTime: number;
  readonly events: number;
  /** Wall-clock time of the replication, ms (for sizing advice; not part of the result). */
  readonly wallMs: number;
}

/** The replication a task of a plan runs. @throws InvalidParameterError for a task outside the plan. */
export function taskJob(plan: SweepPlan, task: SweepTask): ReplicationJob {
  const params = plan.points[task.point];
  if (params === undefined || !Number.isInteger(task.replication) || task.replication < 0 || task.replication >= plan.replications) {
    throw new InvalidParameterError('task', `a task of this sweep (${plan.points.length} points × ${plan.replications} replications)`, task);
  }
  return { scenario: plan.scenario, params, seed: plan.seeds[task.point]!, replication: task.replication, run: { ...plan.run, replications: plan.replications } };
}

/** Runs one task of a plan. @throws as {@link taskJob} and the scenario. */
export function runSweepTask(plan: SweepPlan, task: SweepTask): TaskRecord {
  recordParameter('plan', plan, { scenario: 'string', points: 'array', seeds: 'array' });
  recordParameter('task', task, { id: 'number', point: 'number', replication: 'number' });
  const job = taskJob(plan, task);
  return taskRecord(task, job.seed, runReplication(job));
}

/** A task's record from its replication's output. */
export function taskRecord(task: SweepTask, seed: number, out: ReplicationOutput & { readonly wallMs: number }): TaskRecord {
  return { task: task.id, point: task.point, replication: task.replication, seed, metrics: out.metrics, simulatedTime: out.simulatedTime, events: out.events, wallMs: out.wallMs };
}

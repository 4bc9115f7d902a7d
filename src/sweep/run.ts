/**
 * `runSweep`: plans a sweep, opens (or resumes) its results directory and runs the tasks not yet
 * done on the chosen backend; a local sweep that ends with every task done is gathered at once.
 */
import { resolve } from 'node:path';
import { InvalidParameterError } from '../core/errors.js';
import { writeGathered, type SweepPointResult } from './gather.js';
import { planSweep, sweepTasks, type SweepPlan, type SweepSpec } from './plan.js';
import { runLocalPool, checkPoolOptions, type PoolOptions } from './pool.js';
import { checkSlurmAvailable, checkSlurmOptions, slurmLogPattern, submitSlurm, type SlurmOptions, type SlurmSubmission } from './slurm.js';
import { openSweepDir, storedTasks, type TaskFailure } from './store.js';
import { scanTaskFiles, type DamagedTask } from './taskFile.js';
import { taskJob } from './task.js';
import { sweepRunDisplay } from './display.js';
import { notebookProgress } from '../present/liveProgress.js';
import { recordParameter } from '../core/shapes.js';

/** Options of {@link runSweep}. */
export interface RunSweepOptions extends PoolOptions {
  /** The results directory: new, empty, or holding this same sweep (then it resumes). */
  readonly out: string;
  /** 'local' (default): worker threads on this machine; 'slurm': a job array. */
  readonly backend?: 'local' | 'slurm';
  /** The job array's options (backend 'slurm'). */
  readonly slurm?: SlurmOptions;
}

/** What {@link runSweep} did. */
export interface SweepRun {
  readonly plan: SweepPlan;
  readonly out: string;
  /** The directory already held this sweep. */
  readonly resumed: boolean;
  readonly total: number;
  /** Tasks found done before this run. */
  readonly skipped: number;
  /** Task files found damaged (cut, empty, binary, edited, another task's): run again now (local) or submitted. */
  readonly damaged: readonly DamagedTask[];
  /** Tasks run now (local) or submitted (slurm). */
  readonly ran: number;
  /** Tasks that failed every attempt in this run (local). */
  readonly failed: readonly TaskFailure[];
  /** The gathered points, when every task is done (local backend, or nothing left to run). */
  readonly points?: readonly SweepPointResult[];
  readonly files?: { readonly json: string; readonly csv: string };
  /** The job array (backend 'slurm'). */
  readonly submission?: SlurmSubmission;
}

/**
 * Runs a sweep: one task per (point, replication), each with the seed of its point.
 *
 * @throws InvalidParameterError for a bad sweep (see `planSweep`), bad options, a directory holding
 *   another sweep or foreign files, or `backend: 'slurm'` without Slurm's commands; nothing is
 *   created or overwritten before these checks pass.
 * @example
 * const r = await runSweep({ scenario: 'gege1n', params: { mu: 8 }, axes: [['lambda', [2, 4]]], replications: 4, run: { jobs: 10000 } }, { out: 'sweep-out', workers: 2 });
 * r.points?.[1].metrics; // { meanQueueLength: { mean, halfWidth, confidence }, … }
 */
export async function runSweep(spec: SweepSpec, options: RunSweepOptions): Promise<SweepRun> {
  recordParameter('spec', spec);
  recordParameter('options', options, { out: 'string' });
  return sweepRunDisplay(await runSweepRecord(spec, options));
}

/** {@link runSweep} without the notebook display. */
async function runSweepRecord(spec: SweepSpec, options: RunSweepOptions): Promise<SweepRun> {
  const backend = options.backend ?? 'local';
  if (backend !== 'local' && backend !== 'slurm') throw new InvalidParameterError('backend', "'local' or 'slurm'", backend);
  const plan = planSweep(spec);
  if (backend === 'slurm') {
    checkSlurmOptions(options.slurm ?? {});
    slurmLogPattern(resolve(options.out)); // a path the batch script cannot hold is refused before anything is made
    checkSlurmAvailable();
  } else checkPoolOptions(options);
  const { resumed, manifest } = openSweepDir(options.out, plan);
  const tasks = sweepTasks(plan);
  // Every stored record is read back: a damaged one is run again, never counted as done.
  const { done, damaged } = scanTaskFiles(options.out, manifest, tasks, storedTasks(options.out));
  const pending = tasks.filter((t) => !done.has(t.id));
  const base = { plan, out: options.out, resumed, total: tasks.length, skipped: tasks.length - pending.length, damaged };
  if (pending.length === 0) {
    const g = writeGathered(options.out);
    return { ...base, ran: 0, failed: [], points: g.points, files: { json: g.json, csv: g.csv } };
  }
  if (backend === 'slurm') {
    const submission = submitSlurm(options.out, pending, options.slurm ?? {});
    return { ...base, ran: pending.length, failed: [], submission };
  }
  // In a notebook (Deno's Jupyter kernel) and without an onTask of the caller's: a bar that updates as tasks end.
  const progress = options.onTask === undefined ? notebookProgress('tasks of the sweep') : undefined;
  progress?.update(0, pending.length);
  const onTask = options.onTask ?? (progress ? (ended: number, total: number) => progress.update(ended, total) : undefined);
  const outcome = await runLocalPool(options.out, pending, (t) => taskJob(plan, t), { ...options, ...(onTask ? { onTask } : {}) }).finally(() =>
    progress?.finish(),
  );
  if (outcome.failed.length > 0) return { ...base, ran: pending.length, failed: outcome.failed };
  const g = writeGathered(options.out);
  return { ...base, ran: pending.length, failed: [], points: g.points, files: { json: g.json, csv: g.csv } };
}

/**
 * Gathering a sweep: every point's replications summarised as Student-t intervals (the run layer's
 * `summarizeReplications`, as `simulate` does), written as `results.json` (one record per point:
 * `{ scenario, params, metrics, run }`, the shape `ibqos validate` and the report read) and
 * `results.csv` (one row per point: the swept parameters, then each scalar metric's mean and its
 * half-width in a `<metric>_hw` column, the names `ibqos validate` reads intervals from).
 */
import { stringify } from 'csv-stringify/sync';
import { join } from 'node:path';
import { InvalidParameterError } from '../core/errors.js';
import { flattenIntervals, summarizeReplications, type IntervalTree, type MetricTree, type RunLength } from '../sim/index.js';

export { flattenIntervals };
import { pick, sweepTasks } from './plan.js';
import { doneTasks, failedTasks, readManifest, readTaskRecord, toJson, writeAtomic, type SweepManifest, type TaskFailure } from './store.js';
import { sweepPointsDisplay } from './display.js';

/** One point of a gathered sweep: the record `simulate` would give for it. */
export interface SweepPointResult {
  readonly scenario: string;
  /** The point's full parameters (as the sweep was given them). */
  readonly params: Readonly<Record<string, unknown>>;
  /** The swept parameters' values at this point. */
  readonly point: Readonly<Record<string, unknown>>;
  readonly metrics: IntervalTree;
  readonly run: {
    /** The point's seed (derived from the sweep's seed and its parameters). */
    readonly seed: number;
    readonly sweepSeed: number;
    readonly replications: number;
    readonly confidence: number;
    readonly length: RunLength;
    readonly warmup: number;
    readonly simulatedTime: number;
    readonly events: number;
  };
}

/** Where a sweep stands: tasks done, failed (every attempt) and not yet run. */
export interface SweepStatus {
  readonly total: number;
  readonly done: number;
  readonly failed: readonly TaskFailure[];
  /** Ids of the tasks neither done nor failed. */
  readonly pending: readonly number[];
}

/** Counts a results directory's tasks. @throws InvalidParameterError naming `option` when it holds no sweep. */
export function sweepStatus(dir: string, option = 'out'): SweepStatus & { readonly manifest: SweepManifest } {
  const manifest = readManifest(dir, option);
  const done = doneTasks(dir);
  const failures = failedTasks(dir);
  const tasks = sweepTasks(manifest);
  const pending = tasks.filter((t) => !done.has(t.id) && !failures.has(t.id)).map((t) => t.id);
  const failed = [...failures.values()].filter((f) => !done.has(f.task)).sort((a, b) => a.task - b.task);
  return { manifest, total: tasks.length, done: tasks.filter((t) => done.has(t.id)).length, failed, pending };
}

/**
 * Summarises a finished sweep, point by point.
 *
 * @throws InvalidParameterError naming `option` when tasks are missing or failed (listed), or the
 *   folder holds no sweep: a gathered result never silently lacks a replication.
 */
export function gatherSweep(dir: string, option = 'out'): SweepPointResult[] {
  const status = sweepStatus(dir, option);
  const { manifest } = status;
  if (status.failed.length > 0 || status.pending.length > 0) {
    const failed = status.failed.slice(0, 5).map((f) => `task ${f.task} (${f.attempts} attempts): ${f.error}`);
    throw new InvalidParameterError(
      option,
      `a finished sweep: ${status.done} of ${status.total} tasks done, ${status.failed.length} failed, ${status.pending.length} not run` +
        (failed.length > 0 ? ` — ${failed.join('; ')}${status.failed.length > 5 ? '; …' : ''}` : '') +
        ' (run the same sweep again to resume it)',
      dir,
    );
  }
  const r = manifest.replications;
  return sweepPointsDisplay(manifest.points.map((params, p) => {
    const records = Array.from({ length: r }, (_, k) => readTaskRecord(dir, p * r + k));
    const metrics = summarizeReplications(records.map((x) => x.metrics as MetricTree), manifest.run.confidence);
    const length: RunLength = manifest.run.until !== undefined ? { until: manifest.run.until } : { jobs: manifest.run.jobs! };
    return {
      scenario: manifest.scenario,
      params,
      point: pick(params, manifest.axes),
      metrics,
      run: {
        seed: manifest.seeds[p]!,
        sweepSeed: manifest.seed,
        replications: r,
        confidence: manifest.run.confidence,
        length,
        warmup: manifest.run.warmup,
        // Summed in replication order, as simulate() sums them.
        simulatedTime: records.reduce((s, x) => s + x.simulatedTime, 0),
        events: records.reduce((s, x) => s + x.events, 0),
      },
    };
  }));
}

/** The CSV text of gathered points: swept parameters, then `<metric>` and `<metric>_hw` per scalar metric (array entries left out). */
export function sweepCsv(points: readonly SweepPointResult[]): string {
  if (points.length === 0) return '';
  const axes = Object.keys(points[0]!.point);
  const names = flattenIntervals(points[0]!.metrics).filter((c) => !c.metric.includes('[')).map((c) => c.metric);
  const header = [...axes, 'seed', ...names.flatMap((n) => [n, `${n}_hw`]), 'confidence'];
  const cell = (v: unknown): string => (typeof v === 'number' ? (Number.isFinite(v) ? String(v) : v > 0 ? 'inf' : v < 0 ? '-inf' : 'nan') : typeof v === 'string' ? v : JSON.stringify(v));
  const rows = points.map((p) => {
    const byName = new Map(flattenIntervals(p.metrics).map((c) => [c.metric, c]));
    return [
      ...axes.map((a) => cell(p.point[a])),
      String(p.run.seed),
      ...names.flatMap((n) => [cell(byName.get(n)?.mean ?? NaN), cell(byName.get(n)?.halfWidth ?? NaN)]),
      String(p.run.confidence),
    ];
  });
  return stringify([header, ...rows]);
}

/** Gathers the sweep in `dir` and writes `results.json` and `results.csv` there; returns the points and the paths. */
export function writeGathered(dir: string, option = 'out'): { points: SweepPointResult[]; json: string; csv: string } {
  const points = gatherSweep(dir, option);
  const json = join(dir, 'results.json');
  const csv = join(dir, 'results.csv');
  writeAtomic(json, `${toJson(points)}\n`);
  writeAtomic(csv, sweepCsv(points));
  return { points, json, csv };
}

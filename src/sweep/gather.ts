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
import { failedTasks, readManifest, storedTasks, toJson, writeAtomic, type SweepManifest, type TaskFailure } from './store.js';
import { damagedList, readCheckedRecord, scanTaskFiles, type DamagedTask } from './taskFile.js';
import type { TaskRecord } from './task.js';
import { sweepPointsDisplay } from './display.js';
import { checkKind } from '../core/shapes.js';

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

/** Where a sweep stands: tasks done, failed (every attempt), with a damaged file, and not yet run. */
export interface SweepStatus {
  readonly total: number;
  /** Tasks whose record file was read back whole and is theirs (see `readCheckedRecord`). */
  readonly done: number;
  readonly failed: readonly TaskFailure[];
  /** Task files that are cut, empty, binary, edited or another task's: never counted as done; a resume runs them again. */
  readonly damaged: readonly DamagedTask[];
  /** Ids of the tasks neither done, failed nor damaged. */
  readonly pending: readonly number[];
}

/**
 * Counts a results directory's tasks, reading every task file back (so a damaged one is not counted as done).
 *
 * @throws InvalidParameterError naming `option` when it holds no sweep.
 */
export function sweepStatus(dir: string, option = 'out'): SweepStatus & { readonly manifest: SweepManifest } {
  const manifest = readManifest(dir, option);
  const tasks = sweepTasks(manifest);
  const { done, damaged } = scanTaskFiles(dir, manifest, tasks, storedTasks(dir));
  const bad = new Set(damaged.map((d) => d.task));
  const failures = failedTasks(dir);
  const pending = tasks.filter((t) => !done.has(t.id) && !failures.has(t.id) && !bad.has(t.id)).map((t) => t.id);
  const failed = [...failures.values()].filter((f) => !done.has(f.task) && f.task < tasks.length).sort((a, b) => a.task - b.task);
  return { manifest, total: tasks.length, done: done.size, failed, damaged, pending };
}

/**
 * Summarises a finished sweep, point by point.
 *
 * @throws InvalidParameterError naming `option` when tasks are missing, failed or their files damaged
 *   (each damaged file named with its reason), or the folder holds no sweep: a gathered result
 *   never silently lacks a replication nor takes in a record that is not its task's.
 */
export function gatherSweep(dir: string, option = 'out'): SweepPointResult[] {
  const manifest = readManifest(dir, option);
  const tasks = sweepTasks(manifest);
  const failures = failedTasks(dir);
  const r = manifest.replications;
  // Each point's records are read (and checked) once, and kept only if every task is fine.
  const byPoint: TaskRecord[][] = [];
  const damaged: DamagedTask[] = [];
  const done = new Set<number>();
  let missing = 0;
  const stored = storedTasks(dir);
  for (const task of tasks) {
    const got = stored.has(task.id) ? readCheckedRecord(dir, manifest, task) : undefined;
    if (got === undefined) missing++;
    else if ('damaged' in got) damaged.push(got.damaged);
    else {
      done.add(task.id);
      if (missing === 0 && damaged.length === 0) (byPoint[task.point] ??= []).push(got.record);
    }
  }
  const failed = [...failures.values()].filter((f) => f.task < tasks.length && !done.has(f.task)).sort((a, b) => a.task - b.task);
  if (missing > 0 || damaged.length > 0) {
    const failedText = failed.slice(0, 5).map((f) => `task ${f.task} (${f.attempts} attempts): ${f.error}`);
    throw new InvalidParameterError(
      option,
      `a finished sweep: ${done.size} of ${tasks.length} tasks done, ${failed.length} failed, ${Math.max(0, missing - failed.length)} not run` +
        (damaged.length > 0 ? `, ${damaged.length} with a damaged task file (${damagedList(damaged)})` : '') +
        (failedText.length > 0 ? ` — ${failedText.join('; ')}${failed.length > 5 ? '; …' : ''}` : '') +
        ' (run the same sweep again to resume it; damaged tasks are run again)',
      dir,
    );
  }
  return sweepPointsDisplay(manifest.points.map((params, p) => {
    const records = byPoint[p]!;
    let metrics: IntervalTree;
    try {
      metrics = summarizeReplications(records.map((x) => x.metrics as MetricTree), manifest.run.confidence);
    } catch (e) {
      if (!(e instanceof InvalidParameterError)) throw e;
      const k = /^records\[(\d+)\]/.exec(e.parameter);
      const where = k === null ? `point ${p}` : `task ${p * r + Number(k[1])} (point ${p}, replication ${k[1]})`;
      throw new InvalidParameterError(`${option}: ${where}, ${e.parameter.replace(/^records\[\d+\]/, 'metrics')}`, `${e.rule} (replications whose metrics disagree in kind)`, e.value);
    }
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

/**
 * The scalar metrics of gathered points, in order of first appearance over every point (array
 * entries left out), each with the replications that reported it at each point: `partial` when some
 * point's replications did not all report it (a port idle in a replication).
 */
export function gatheredColumns(points: readonly SweepPointResult[]): { names: string[]; partial: Set<string>; cells: Map<string, { mean: number; halfWidth: number; replications: number }>[] } {
  const names: string[] = [];
  const seen = new Set<string>();
  const partial = new Set<string>();
  const cells = points.map((p) => {
    const byName = new Map<string, { mean: number; halfWidth: number; replications: number }>();
    for (const c of flattenIntervals(p.metrics)) {
      if (c.metric.includes('[')) continue;
      const count = c.replications ?? p.run.replications;
      byName.set(c.metric, { mean: c.mean, halfWidth: c.halfWidth, replications: count });
      if (count < p.run.replications) partial.add(c.metric);
      if (!seen.has(c.metric)) (seen.add(c.metric), names.push(c.metric));
    }
    return byName;
  });
  for (const n of names) if (cells.some((m) => !m.has(n))) partial.add(n);
  return { names, partial, cells };
}

/**
 * The CSV text of gathered points: swept parameters, then `<metric>` and `<metric>_hw` per scalar
 * metric (array entries left out). A metric that some replications did not report also gets
 * `<metric>_n`, the replications its interval is over (0 and nan cells where none did).
 */
export function sweepCsv(points: readonly SweepPointResult[]): string {
  checkKind('points', points, 'array');
  if (points.length === 0) return '';
  const axes = Object.keys(points[0]!.point);
  const { names, partial, cells } = gatheredColumns(points);
  const header = [...axes, 'seed', ...names.flatMap((n) => (partial.has(n) ? [n, `${n}_hw`, `${n}_n`] : [n, `${n}_hw`])), 'confidence'];
  const cell = (v: unknown): string => (typeof v === 'number' ? (Number.isFinite(v) ? String(v) : v > 0 ? 'inf' : v < 0 ? '-inf' : 'nan') : typeof v === 'string' ? v : JSON.stringify(v));
  const rows = points.map((p, i) => {
    const byName = cells[i]!;
    return [
      ...axes.map((a) => cell(p.point[a])),
      String(p.run.seed),
      ...names.flatMap((n) => {
        const c = byName.get(n);
        const pair = [cell(c?.mean ?? NaN), cell(c?.halfWidth ?? NaN)];
        return partial.has(n) ? [...pair, String(c?.replications ?? 0)] : pair;
      }),
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

/**
 * The results directory of a sweep, shared by every backend:
 *
 *     DIR/manifest.json          the plan (scenario, points, seeds, run length) and when it began
 *     DIR/tasks/000042.json      one file per task done (its metrics), written atomically
 *     DIR/tasks/000042.error.json  a task that failed every attempt: its last error
 *     DIR/slurm/                 the generated sbatch scripts, their job ids and logs
 *     DIR/results.json, .csv     what `gatherSweep` writes
 *
 * Every file is written to a temporary name beside its target and renamed over it, so a crash, a
 * killed worker or a cancelled array task leaves either the whole file or none: rerunning the same
 * sweep finds exactly the tasks done and runs the rest.
 */
import { type Dirent, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { InvalidParameterError } from '../core/errors.js';
import { makeDirectory, writeFileAtomic } from '../core/files.js';
import { checkJsonDepth } from '../core/jsonDepth.js';
import type { SweepPlan } from './plan.js';
import type { TaskRecord } from './task.js';

/** The manifest: the plan and the time the sweep was first started. */
export interface SweepManifest extends SweepPlan {
  readonly created: string;
  /** 'sha256': every task record carries its digest (sweeps begun before issue 33 have none). */
  readonly recordDigest?: 'sha256';
}

/** A task that failed: its attempts so far and the last error's message. */
export interface TaskFailure {
  readonly task: number;
  readonly attempts: number;
  readonly error: string;
}

/** JSON with ±Infinity and NaN kept (as the strings "Infinity", "-Infinity", "NaN"). */
export function toJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v), 1);
}

/** The inverse of {@link toJson}. @throws InvalidParameterError naming `source` for JSON nested too deep (SyntaxError for text that is not JSON). */
export function fromJson(text: string, source = 'text'): unknown {
  checkJsonDepth(source, text);
  return JSON.parse(text, (_k, v: unknown) => (v === 'Infinity' ? Infinity : v === '-Infinity' ? -Infinity : v === 'NaN' ? NaN : v));
}

/** Writes `text` to `path` atomically: a temporary file in the same folder, then a rename (a link at `path` is replaced, not followed). */
export function writeAtomic(path: string, text: string): void {
  writeFileAtomic(path, text);
}

/**
 * Makes the results folder and its `tasks/` (one level at a time: never a spin where a folder
 * cannot be made).
 *
 * @throws InvalidParameterError naming `option`, with the system's error code, when it cannot be made.
 */
function makeSweepDir(dir: string, option: string): void {
  try {
    makeDirectory(join(dir, 'tasks'));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? String(e);
    throw new InvalidParameterError(option, 'a directory that can be made and written (a new, empty or earlier results folder)', `${dir} (${code})`);
  }
}

const manifestPath = (dir: string): string => join(dir, 'manifest.json');
/** The path of task `id`'s failure record. */
export const failurePath = (dir: string, id: number): string => join(dir, 'tasks', `${String(id).padStart(6, '0')}.error.json`);

/** Reads a sweep's manifest. @throws InvalidParameterError naming `option` when the folder holds none. */
export function readManifest(dir: string, option = 'out'): SweepManifest {
  let text: string;
  try {
    text = readFileSync(manifestPath(dir), 'utf8');
  } catch {
    throw new InvalidParameterError(option, 'a sweep results directory (holding manifest.json)', dir);
  }
  let m: SweepManifest;
  try {
    m = fromJson(text, `${option} (${manifestPath(dir)})`) as SweepManifest;
  } catch (e) {
    if (e instanceof InvalidParameterError) throw e;
    throw new InvalidParameterError(`${option} (${manifestPath(dir)})`, 'an ibqos sweep manifest of version 1 (JSON)', `not JSON: ${(e as Error).message}`);
  }
  if (m === null || typeof m !== 'object' || m.format !== 'ibqos-sweep' || m.version !== 1 || typeof m.key !== 'string') {
    throw new InvalidParameterError(`${option} (${manifestPath(dir)})`, 'an ibqos sweep manifest of version 1', m);
  }
  return m;
}

/**
 * Opens the results directory for a plan: creates it with the manifest, or, when it already holds
 * the manifest of the same sweep, keeps it (a resume).
 *
 * @returns the manifest and whether the sweep was already started there.
 * @throws InvalidParameterError naming `option` when the folder holds another sweep's manifest, or
 *   files and no manifest (nothing of the user's is overwritten).
 */
export function openSweepDir(dir: string, plan: SweepPlan, option = 'out', now = new Date()): { manifest: SweepManifest; resumed: boolean } {
  if (typeof dir !== 'string' || dir === '') throw new InvalidParameterError(option, 'a directory path', dir);
  if (typeof plan !== 'object' || plan === null || plan.format !== 'ibqos-sweep' || typeof plan.key !== 'string') {
    throw new InvalidParameterError('plan', 'a sweep plan (from planSweep)', plan);
  }
  if (existsSync(dir) && !statSync(dir).isDirectory()) throw new InvalidParameterError(option, 'a directory (new, empty or holding this sweep), not a file', dir);
  if (existsSync(manifestPath(dir))) {
    const manifest = readManifest(dir, option);
    if (manifest.key !== plan.key) {
      throw new InvalidParameterError(
        option,
        `a directory for this sweep: it holds the manifest of another sweep (scenario '${manifest.scenario}', ${manifest.points.length} points × ${manifest.replications} replications, begun ${manifest.created}); choose another directory`,
        dir,
      );
    }
    makeSweepDir(dir, option);
    return { manifest, resumed: true };
  }
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    throw new InvalidParameterError(option, 'a new or empty directory, or one holding this sweep (it holds files and no manifest.json)', dir);
  }
  makeSweepDir(dir, option);
  const manifest: SweepManifest = { ...plan, created: now.toISOString(), recordDigest: 'sha256' };
  try {
    writeAtomic(manifestPath(dir), toJson(manifest));
  } catch (e) {
    throw new InvalidParameterError(option, 'a directory that can be written', `${dir} (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
  return { manifest, resumed: false };
}

/** Stores a task's failure. */
export function writeTaskFailure(dir: string, failure: TaskFailure): void {
  writeAtomic(failurePath(dir, failure.task), toJson(failure));
}

/** The ids of the tasks whose record file is present (not yet checked: see `scanTaskFiles`). */
export function storedTasks(dir: string): Set<number> {
  const done = new Set<number>();
  for (const entry of listTasks(dir)) {
    const m = /^(\d+)\.json$/.exec(entry.name);
    if (m !== null && entry.isFile()) done.add(Number(m[1]));
  }
  return done;
}

/** The stored failures (of tasks not done since), by task id. */
export function failedTasks(dir: string): Map<number, TaskFailure> {
  const failed = new Map<number, TaskFailure>();
  for (const entry of listTasks(dir)) {
    const m = /^(\d+)\.error\.json$/.exec(entry.name);
    if (m === null || !entry.isFile()) continue;
    const task = Number(m[1]);
    let f: Partial<TaskFailure> = {};
    try {
      f = fromJson(readFileSync(join(dir, 'tasks', entry.name), 'utf8'), entry.name) as Partial<TaskFailure>;
    } catch {
      // A damaged failure record still says the task failed.
    }
    const ok = typeof f === 'object' && f !== null && f.task === task && Number.isSafeInteger(f.attempts) && typeof f.error === 'string';
    failed.set(task, ok ? (f as TaskFailure) : { task, attempts: 0, error: `its failure record ${entry.name} is damaged` });
  }
  return failed;
}

/** A stored task record, read as it is (unchecked: gather and resume use `readCheckedRecord`). */
export function readTaskRecord(dir: string, id: number): TaskRecord {
  return fromJson(readFileSync(join(dir, 'tasks', `${String(id).padStart(6, '0')}.json`), 'utf8')) as TaskRecord;
}

function listTasks(dir: string): Dirent[] {
  try {
    return readdirSync(join(dir, 'tasks'), { withFileTypes: true });
  } catch {
    return [];
  }
}

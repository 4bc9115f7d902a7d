/**
 * A task file checked before it counts: on `--status`, on resume and on gather every stored record
 * is read back and must be whole (not empty, cut or binary), be JSON of the record's shape, be the
 * record of the task its name says (task, point, replication and the point's seed cross-checked
 * against the manifest), hold finite run facts, and — for a sweep begun by this version — match the
 * SHA-256 digest written into it, so a record edited by hand (a NaN, a 1e308) or replaced by
 * another task's is noticed. A damaged file is named with its reason, run again on resume, and never
 * counted as done.
 *
 * Records of sweeps begun before digests were written (manifests without `recordDigest`) carry
 * none; they are checked for everything else.
 */
import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { InvalidParameterError } from '../core/errors.js';
import type { SweepPlan, SweepTask } from './plan.js';
import { failurePath, fromJson, toJson, writeAtomic } from './store.js';
import type { TaskRecord } from './task.js';
import { checkKind, recordParameter } from '../core/shapes.js';

/** The digest a record's file carries: SHA-256 (hex) of {@link toJson} of the record without it. */
export const RECORD_DIGEST = 'sha256';

/** A task file that cannot be counted: its task, its path and why. */
export interface DamagedTask {
  readonly task: number;
  readonly file: string;
  readonly reason: string;
}

/** The path of task `id`'s record in a results folder. */
export const taskFilePath = (dir: string, id: number): string => join(dir, 'tasks', `${String(id).padStart(6, '0')}.json`);

/** The digest of a record (its `digest` field, if any, left out). */
export function recordDigest(record: TaskRecord): string {
  const { digest: _digest, ...rest } = record as TaskRecord & { digest?: string };
  return createHash('sha256').update(toJson(rest)).digest('hex');
}

/** The record with its digest, as it is written. */
export function sealRecord(record: TaskRecord): TaskRecord & { readonly digest: string } {
  const { digest: _digest, ...rest } = record as TaskRecord & { digest?: string };
  return { ...rest, digest: recordDigest(rest) };
}

/** Stores a task's record with its digest (and removes an earlier failure of it). */
export function writeTaskRecord(dir: string, record: TaskRecord): void {
  writeAtomic(taskFilePath(dir, record.task), toJson(sealRecord(record)));
  rmSync(failurePath(dir, record.task), { force: true });
}

const finiteAtLeast0 = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v) && v >= 0;

/** A metric tree: numbers, arrays and plain records of them, nothing else. */
function metricTreeFault(v: unknown, path: string, depth = 0): string | undefined {
  if (typeof v === 'number') return undefined;
  if (depth > 64) return `metrics${path} nested deeper than 64 levels`;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const f = metricTreeFault(v[i], `${path}[${i}]`, depth + 1);
      if (f !== undefined) return f;
    }
    return undefined;
  }
  if (typeof v === 'object' && v !== null) {
    for (const [k, x] of Object.entries(v)) {
      const f = metricTreeFault(x, `${path}.${k}`, depth + 1);
      if (f !== undefined) return f;
    }
    return undefined;
  }
  return `metrics${path} is ${v === null ? 'null' : typeof v}, not a number`;
}

/** Why a parsed record is not task `task`'s, or undefined when it is. */
function recordFault(value: unknown, plan: Pick<SweepPlan, 'seeds'> & { readonly recordDigest?: string }, task: SweepTask): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not a task record (a JSON object)';
  const r = value as Record<string, unknown>;
  for (const key of ['task', 'point', 'replication', 'seed'] as const) {
    const expected = key === 'task' ? task.id : key === 'point' ? task.point : key === 'replication' ? task.replication : plan.seeds[task.point];
    if (r[key] !== expected) return `its ${key} is ${JSON.stringify(r[key]) ?? 'missing'}, not ${expected} (the record of another task, or edited)`;
  }
  if (!finiteAtLeast0(r.simulatedTime)) return `its simulatedTime is ${String(r.simulatedTime)}, not a finite time ≥ 0`;
  if (!Number.isSafeInteger(r.events) || (r.events as number) < 0) return `its events is ${String(r.events)}, not an integer ≥ 0`;
  if (!finiteAtLeast0(r.wallMs)) return `its wallMs is ${String(r.wallMs)}, not a finite time ≥ 0`;
  if (typeof r.metrics !== 'object' || r.metrics === null) return 'its metrics are missing';
  const fault = metricTreeFault(r.metrics, '');
  if (fault !== undefined) return fault;
  if (r.digest !== undefined || plan.recordDigest === RECORD_DIGEST) {
    if (typeof r.digest !== 'string') return 'its digest is missing (every record of this sweep carries one)';
    if (r.digest !== recordDigest(r as unknown as TaskRecord)) return 'its contents do not match its digest (edited or damaged after it was written)';
  }
  return undefined;
}

/**
 * Reads and checks task `task`'s record.
 *
 * @returns the record, or `{ damaged }` with the reason; a missing file is `undefined` (not run).
 */
export function readCheckedRecord(
  dir: string,
  plan: Pick<SweepPlan, 'seeds'> & { readonly recordDigest?: string },
  task: SweepTask,
): { record: TaskRecord } | { damaged: DamagedTask } | undefined {
  checkKind('dir', dir, 'string');
  recordParameter('plan', plan, { seeds: 'array' });
  recordParameter('task', task, { id: 'number', point: 'number', replication: 'number' });
  const file = taskFilePath(dir, task.id);
  const damaged = (reason: string) => ({ damaged: { task: task.id, file, reason } });
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? undefined : damaged(`it cannot be read (${code ?? String(e)})`);
  }
  if (bytes.length === 0) return damaged('it is empty');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return damaged('it is not UTF-8 text (binary)');
  }
  if (text.includes('\u0000')) return damaged('it holds NUL bytes (binary)');
  let value: unknown;
  try {
    value = fromJson(text, file);
  } catch (e) {
    return damaged(e instanceof InvalidParameterError ? e.rule : `it is not whole JSON (${(e as Error).message}; cut short?)`);
  }
  const fault = recordFault(value, plan, task);
  return fault === undefined ? { record: value as TaskRecord } : damaged(fault);
}

/** Every task's file checked: the ids done, and the damaged files (by task, in order). */
export function scanTaskFiles(
  dir: string,
  plan: Pick<SweepPlan, 'seeds'> & { readonly recordDigest?: string },
  tasks: readonly SweepTask[],
  present: ReadonlySet<number>,
): { done: Set<number>; damaged: DamagedTask[] } {
  const done = new Set<number>();
  const damaged: DamagedTask[] = [];
  for (const task of tasks) {
    if (!present.has(task.id)) continue;
    const r = readCheckedRecord(dir, plan, task);
    if (r === undefined) continue;
    if ('record' in r) done.add(task.id);
    else damaged.push(r.damaged);
  }
  return { done, damaged };
}

/** The message part that lists damaged files (at most `max`). */
export function damagedList(damaged: readonly DamagedTask[], max = 5): string {
  const shown = damaged.slice(0, max).map((d) => `${d.file}: ${d.reason}`);
  return `${shown.join('; ')}${damaged.length > max ? `; … (${damaged.length} in all)` : ''}`;
}

/**
 * The Slurm backend: the sweep's pending tasks as one job array. `submitSlurm` writes an
 * `sbatch --array` script into the results directory and submits it; each array task runs
 * `ibqos sweep --array-task`, which takes its share of the tasks (task list entries i, i + n,
 * i + 2n, … for array index i of n) and stores each record like a local worker. Resubmitting the
 * same sweep submits only what is not done, so a cancelled or killed array task loses nothing.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InvalidParameterError, printable } from '../core/errors.js';
import { makeDirectory } from '../core/files.js';
import { sweepTasks, type SweepTask } from './plan.js';
import { fromJson, readManifest, toJson, writeAtomic, writeTaskFailure } from './store.js';
import { writeTaskRecord } from './taskFile.js';
import { runSweepTask } from './task.js';
import { checkKind, recordParameter } from '../core/shapes.js';

/** Options of the job array. */
export interface SlurmOptions {
  /** Array tasks (each runs its share of the sweep's tasks); default: one per task, at most 1000. */
  readonly arrayTasks?: number;
  /** At most this many array tasks at once (the `%` throttle); default 64. */
  readonly throttle?: number;
  /** Time limit per array task, as sbatch takes it (`--time`), e.g. '00:30:00'; default none. */
  readonly time?: string;
  /** Memory per array task, as sbatch takes it (`--mem`), e.g. '4G'; default none. */
  readonly mem?: string;
  /** Partition (`--partition`); default the cluster's. */
  readonly partition?: string;
  /** Further attempts inside an array task after a task's first failure (default 2). */
  readonly retries?: number;
  /** How long one `sbatch` or `squeue` call may take before it is an error, ms (default 60 000). */
  readonly commandTimeoutMs?: number;
}

/** The default limit of one Slurm client call, ms: a controller that does not answer in a minute is down. */
export const SLURM_COMMAND_TIMEOUT_MS = 60_000;

/**
 * Runs a Slurm client command (no shell: its arguments are never parsed) with a time limit.
 *
 * @throws InvalidParameterError naming `option` and the command when it cannot be started or does
 *   not end in time (a hanging controller must not hang ibqos).
 */
function slurmCommand(command: string, args: readonly string[], timeoutMs: number, option = 'backend'): SpawnSyncReturns<string> {
  const r = spawnSync(command, args, { encoding: 'utf8', timeout: timeoutMs, killSignal: 'SIGKILL' });
  const code = (r.error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ETIMEDOUT' || (r.error === undefined && r.signal !== null)) {
    throw new InvalidParameterError(option, `slurm with a '${command}' that answers within ${timeoutMs / 1000} s (\`${[command, ...args].join(' ')}\` did not; is the controller up?)`, 'slurm');
  }
  return r;
}

/**
 * A path as the Slurm backend may use it: in the batch script it is single-quoted for the shell,
 * and the log pattern goes to sbatch as an argument (never a `#SBATCH` line, which sbatch reads
 * with its own rules); control characters (a newline would end the line it is on) and backslashes
 * (sbatch then drops the %A_%a of the log file pattern) are refused.
 *
 * @throws InvalidParameterError naming `option`.
 */
export function checkSlurmPath(option: string, path: string): string {
  if (typeof path !== 'string') throw new InvalidParameterError(option, 'a path', path);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(path)) {
    throw new InvalidParameterError(option, 'a path without control characters (a newline, a tab) or backslashes, for --backend slurm', path);
  }
  return path;
}

/** The `--output` pattern of the array's logs: the folder's own `%` doubled, so sbatch reads it as a character. */
export function slurmLogPattern(dir: string): string {
  return `${checkSlurmPath('out', dir).replace(/%/g, '%%')}/slurm/%A_%a.out`;
}

/** A submitted array: its job id, script and plan file. */
export interface SlurmSubmission {
  readonly jobId: string;
  readonly script: string;
  readonly plan: string;
  readonly arrayTasks: number;
  readonly tasks: number;
}

/** What the array tasks of one submission share: the tasks to run, in order. */
interface ArrayPlan {
  readonly tasks: readonly number[];
  readonly arrayTasks: number;
  readonly retries: number;
}

/** A Slurm client command answers `--version` (within 10 s). */
function which(command: string): boolean {
  const r = spawnSync(command, ['--version'], { encoding: 'utf8', timeout: 10_000, killSignal: 'SIGKILL' });
  return r.error === undefined && r.status === 0;
}

/** @throws InvalidParameterError naming `option` when Slurm's client commands are not on the PATH. */
export function checkSlurmAvailable(option = 'backend'): void {
  if (!which('sbatch') || !which('squeue')) {
    throw new InvalidParameterError(option, "'local', or 'slurm' on a machine with Slurm's client commands (sbatch, squeue) on the PATH", 'slurm');
  }
}

/** The package's built command line, for the array tasks to run. */
export function builtCli(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'ibqos') {
      const cli = join(dir, 'dist', 'cli', 'main.js');
      if (!existsSync(cli)) throw new InvalidParameterError('backend', 'slurm with the package built (npm run build writes dist/cli/main.js)', cli);
      return cli;
    }
    dir = dirname(dir);
  }
  throw new InvalidParameterError('backend', 'slurm from an installed ibqos package (its package.json was not found)', fileURLToPath(import.meta.url));
}

const quote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * The text of the sbatch script for an array of `arrayTasks` tasks running the plan file. Every
 * path in it is checked ({@link checkSlurmPath}) and single-quoted for the shell; the log files are
 * named on sbatch's command line ({@link slurmLogPattern}), not in a `#SBATCH` line.
 *
 * @throws InvalidParameterError naming `out` for a path that cannot be written safely.
 */
export function slurmScript(dir: string, planFile: string, arrayTasks: number, options: SlurmOptions, node = process.execPath, cli = builtCli()): string {
  if (typeof dir !== 'string') throw new InvalidParameterError('out', 'a results directory path', dir);
  checkSlurmOptions(options);
  const throttle = options.throttle ?? 64;
  checkSlurmPath('out', dir);
  checkSlurmPath('out', planFile);
  checkSlurmPath('node', node);
  checkSlurmPath('backend', cli);
  return [
    '#!/bin/bash',
    '#SBATCH --job-name=ibqos-sweep',
    `#SBATCH --array=0-${arrayTasks - 1}%${throttle}`,
    '#SBATCH --cpus-per-task=1',
    ...(options.time === undefined ? [] : [`#SBATCH --time=${options.time}`]),
    ...(options.mem === undefined ? [] : [`#SBATCH --mem=${options.mem}`]),
    ...(options.partition === undefined ? [] : [`#SBATCH --partition=${options.partition}`]),
    '# The logs (--output) are named on the sbatch command line; no path is written into a #SBATCH line.',
    '# One array task runs its share of the sweep (entries i, i+n, i+2n, … of the plan file).',
    'set -eu',
    `exec ${quote(node)} ${quote(cli)} sweep --array-task --out ${quote(dir)} --array-plan ${quote(planFile)}`,
    '',
  ].join('\n');
}

/** Checks the array options. */
export function checkSlurmOptions(o: SlurmOptions): void {
  if (typeof o !== 'object' || o === null) throw new InvalidParameterError('slurm', 'an options object', o);
  const int = (name: string, v: number | undefined, lo: number, hi: number): void => {
    if (v !== undefined && (!Number.isSafeInteger(v) || v < lo || v > hi)) throw new InvalidParameterError(name, `an integer in ${lo}..${hi}`, v);
  };
  int('array-tasks', o.arrayTasks, 1, 1_000_000);
  int('throttle', o.throttle, 1, 1_000_000);
  int('retries', o.retries, 0, 100);
  int('commandTimeoutMs', o.commandTimeoutMs, 1, 3_600_000);
  const word = (name: string, v: string | undefined, pattern: RegExp, rule: string): void => {
    if (v !== undefined && !pattern.test(v)) throw new InvalidParameterError(name, rule, v);
  };
  word('time', o.time, /^(\d+-)?\d+(:\d{1,2}){0,2}$/, "a Slurm time limit: minutes, 'MM:SS', 'HH:MM:SS' or 'D-HH[:MM[:SS]]'");
  word('mem', o.mem, /^\d+[KMGT]?$/, "a Slurm memory size: an integer with an optional K, M, G or T (e.g. '4G')");
  word('partition', o.partition, /^[A-Za-z0-9_.-]+$/, 'a partition name (letters, digits, _ . -)');
}

/** Job ids submitted for this sweep, oldest first. */
export function submittedJobs(dir: string): string[] {
  checkKind('dir', dir, 'string');
  try {
    return (fromJson(readFileSync(join(dir, 'slurm', 'jobs.json'), 'utf8')) as { jobs: string[] }).jobs;
  } catch {
    return [];
  }
}

/**
 * The states of a job's array tasks still known to squeue ('PENDING', 'RUNNING', …), by array index.
 *
 * @throws InvalidParameterError naming the backend when squeue does not answer within `timeoutMs`.
 */
export function jobStates(jobId: string, timeoutMs = SLURM_COMMAND_TIMEOUT_MS): Map<string, string> {
  checkKind('jobId', jobId, 'string');
  checkKind('timeoutMs', timeoutMs, 'number');
  const r = slurmCommand('squeue', ['-h', '-r', '-j', jobId, '-o', '%i %T'], timeoutMs);
  const states = new Map<string, string>();
  if (r.status !== 0) return states; // a job purged from the controller is over
  for (const line of r.stdout.split('\n')) {
    const [id, state] = line.trim().split(/\s+/);
    if (id !== undefined && state !== undefined && id !== '') states.set(id, state);
  }
  return states;
}

/**
 * Submits the tasks of the sweep in `dir` not yet done as one job array.
 *
 * @throws InvalidParameterError when a job of this sweep is still queued or running, or sbatch fails (its message).
 */
export function submitSlurm(dir: string, tasks: readonly SweepTask[], options: SlurmOptions = {}): SlurmSubmission {
  if (typeof dir !== 'string' || dir === '') throw new InvalidParameterError('out', 'a results directory path', dir);
  if (!Array.isArray(tasks)) throw new InvalidParameterError('tasks', 'an array of sweep tasks', tasks);
  checkSlurmOptions(options);
  const timeoutMs = options.commandTimeoutMs ?? SLURM_COMMAND_TIMEOUT_MS;
  const root = resolve(dir);
  const logs = slurmLogPattern(root);
  const jobs = submittedJobs(root);
  const live = jobs.find((j) => jobStates(j, timeoutMs).size > 0);
  if (live !== undefined) {
    throw new InvalidParameterError('out', `a sweep with no job still in the queue (job ${live} is; follow it with --wait or see --status)`, dir);
  }
  makeDirectory(join(root, 'slurm'));
  const arrayTasks = Math.min(options.arrayTasks ?? Math.min(tasks.length, 1000), tasks.length);
  const n = jobs.length;
  const planFile = join(root, 'slurm', `array-${n}.json`);
  const plan: ArrayPlan = { tasks: tasks.map((t) => t.id), arrayTasks, retries: options.retries ?? 2 };
  writeAtomic(planFile, toJson(plan));
  const script = join(root, 'slurm', `array-${n}.sbatch`);
  writeAtomic(script, slurmScript(root, planFile, arrayTasks, options));
  const args = ['--parsable', `--output=${logs}`, script];
  const r = slurmCommand('sbatch', args, timeoutMs);
  if (r.error !== undefined || r.status !== 0) {
    throw new InvalidParameterError('backend', `slurm with a working sbatch (it said: ${printable((r.stderr || String(r.error)).trim(), 300)})`, 'slurm');
  }
  // --parsable prints "<job id>[;<cluster>]"; anything else (nothing at all) is no submission.
  const jobId = r.stdout.trim().split(';')[0]!;
  if (!/^\d+$/.test(jobId)) {
    throw new InvalidParameterError('backend', `slurm with an sbatch that prints the job id it submitted (\`sbatch ${args.join(' ')}\` printed ${JSON.stringify(printable(r.stdout.trim(), 80))})`, 'slurm');
  }
  writeAtomic(join(root, 'slurm', 'jobs.json'), toJson({ jobs: [...jobs, jobId] }));
  return { jobId, script, plan: planFile, arrayTasks, tasks: tasks.length };
}

/** The largest array plan file read, bytes (a plan lists task ids: 10^7 tasks take some 80 MB). */
const MAX_PLAN_BYTES = 256 * 2 ** 20;

/** Reads and checks an array plan file. @throws InvalidParameterError naming array-plan. */
function readArrayPlan(planFile: string): ArrayPlan {
  const bad = (why: string): never => {
    throw new InvalidParameterError('array-plan', `the plan file written by the Slurm backend (${why})`, planFile);
  };
  let plan: ArrayPlan | undefined;
  try {
    const stat = statSync(planFile);
    if (!stat.isFile()) bad('not a regular file');
    if (stat.size > MAX_PLAN_BYTES) bad(`larger than ${MAX_PLAN_BYTES / 2 ** 20} MB`);
    plan = fromJson(readFileSync(planFile, 'utf8'), 'array-plan') as ArrayPlan;
  } catch (e) {
    if (e instanceof InvalidParameterError) throw e;
    bad((e as NodeJS.ErrnoException).code ?? 'not JSON');
  }
  if (typeof plan !== 'object' || plan === null || !Array.isArray(plan.tasks) || !plan.tasks.every((t) => Number.isSafeInteger(t) && t >= 0) || !Number.isSafeInteger(plan.arrayTasks) || plan.arrayTasks < 1 || !Number.isSafeInteger(plan.retries) || plan.retries < 0) {
    bad('tasks, arrayTasks and retries');
  }
  return plan!;
}

/**
 * Runs array index `index`'s share of a plan file (what `ibqos sweep --array-task` does inside a
 * Slurm array task): the plan's entries index, index + n, …; each task tried up to 1 + retries
 * times, then stored as failed. Tasks already done are skipped.
 *
 * @returns tasks run and tasks that failed.
 */
export function runArrayShare(dir: string, planFile: string, index: number): { ran: number; failed: number } {
  checkKind('dir', dir, 'string');
  checkKind('planFile', planFile, 'string');
  checkKind('index', index, 'number');
  const manifest = readManifest(dir);
  const plan = readArrayPlan(planFile);
  if (!Number.isSafeInteger(index) || index < 0 || index >= plan.arrayTasks) {
    throw new InvalidParameterError('SLURM_ARRAY_TASK_ID', `an integer in 0..${plan.arrayTasks - 1}`, index);
  }
  const all = sweepTasks(manifest);
  let ran = 0;
  let failed = 0;
  for (let k = index; k < plan.tasks.length; k += plan.arrayTasks) {
    const task = all[plan.tasks[k]!];
    if (task === undefined) throw new InvalidParameterError('array-plan', `task ids of this sweep (0..${all.length - 1})`, plan.tasks[k]);
    let error = '';
    let attempts = 0;
    for (; attempts <= plan.retries; attempts++) {
      try {
        writeTaskRecord(dir, runSweepTask(manifest, task));
        error = '';
        break;
      } catch (e) {
        error = e instanceof Error ? e.message : String(e);
      }
    }
    ran++;
    if (error !== '') {
      writeTaskFailure(dir, { task: task.id, attempts, error });
      failed++;
    }
  }
  return { ran, failed };
}

/** Waits until no array task of `jobId` is known to squeue; calls `onPoll` with the states at each poll. */
export async function waitForJob(jobId: string, options: { pollMs?: number; timeoutMs?: number; commandTimeoutMs?: number; onPoll?: (states: Map<string, string>) => void } = {}): Promise<void> {
  checkKind('jobId', jobId, 'string');
  recordParameter('options', options);
  const poll = options.pollMs ?? 2000;
  const deadline = Date.now() + (options.timeoutMs ?? Infinity);
  for (;;) {
    const states = jobStates(jobId, options.commandTimeoutMs);
    options.onPoll?.(states);
    if (states.size === 0) return;
    if (Date.now() > deadline) throw new InvalidParameterError('wait', `the job to end within ${options.timeoutMs} ms`, jobId);
    await new Promise((r) => setTimeout(r, poll));
  }
}

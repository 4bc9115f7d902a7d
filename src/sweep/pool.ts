/**
 * The local backend: a pool of worker threads, each running one replication at a time.
 *
 * - {@link WorkerPool}: the threads and a queue; `run(job)` resolves with the replication's output.
 *   A thread that dies (a crash, out of memory) fails the job it held and is replaced.
 * - {@link runLocalPool}: a sweep's tasks on a pool, each stored by the worker that ran it; a task
 *   that fails is tried again (up to `retries` more times), then stored as a failure.
 * - {@link simulateOnPool}: `simulate()` with its replications spread over the pool — the same
 *   numbers, bit for bit (each replication draws from its own streams either way).
 */
import { createRequire } from 'node:module';
import { availableParallelism, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { InvalidParameterError } from '../core/errors.js';
import { checkSimulateOptions, getScenario, simulationDisplay, summarizeReplications, type ReplicationOutput, type ScenarioSpec, type SimulateOptions, type SimulationResult } from '../sim/index.js';
import '../studies/index.js'; // registers the seed studies' scenarios (they stand above the simulator)
import type { SweepTask } from './plan.js';
import { writeTaskFailure, type TaskFailure } from './store.js';
import type { ReplicationJob } from './task.js';
import type { WorkerReply, WorkerRequest } from './worker.js';
import { notebookProgress } from '../present/liveProgress.js';
import { checkKind, recordParameter } from '../core/shapes.js';

/** Options of {@link runLocalPool}. */
export interface PoolOptions {
  /** Worker threads, ≥ 1 (default: the machine's available parallelism). */
  readonly workers?: number;
  /** Further attempts after a task's first failure (default 2). */
  readonly retries?: number;
  /** Called after each task ends (done or finally failed) with (ended, total). */
  readonly onTask?: (ended: number, total: number) => void;
  /** Called once, before any task runs, when the workers were lowered (see {@link cappedWorkers}), with why. */
  readonly onNote?: (note: string) => void;
}

/** What the pool did: tasks done and tasks that failed every attempt. */
export interface PoolOutcome {
  readonly done: number;
  readonly failed: readonly TaskFailure[];
}

/** Memory set aside per worker thread when capping the workers by the machine's memory, in MiB (2^20 bytes). */
export const WORKER_MEMORY_MIB = 512;

/**
 * The most worker threads this machine can use: one per core it offers (`os.availableParallelism()`;
 * more threads than cores only share the cores and add memory), and at most one per
 * {@link WORKER_MEMORY_MIB} MiB of its memory (`os.totalmem()`). Never below 1.
 */
export function machineWorkerCap(): { workers: number; cores: number; memoryMiB: number } {
  const cores = availableParallelism();
  const memoryMiB = Math.floor(totalmem() / 2 ** 20);
  return { workers: Math.max(1, Math.min(cores, Math.floor(memoryMiB / WORKER_MEMORY_MIB))), cores, memoryMiB };
}

/**
 * The threads a pool starts for `tasks` tasks when `requested` were asked for: at most one per task
 * and at most {@link machineWorkerCap}; with the reason when that is fewer than requested.
 */
export function cappedWorkers(requested: number, tasks: number): { workers: number; note?: string } {
  checkKind('requested', requested, 'number');
  checkKind('tasks', tasks, 'number');
  const machine = machineWorkerCap();
  const workers = Math.max(1, Math.min(requested, tasks, machine.workers));
  if (workers >= requested) return { workers };
  const why =
    workers === tasks && tasks < machine.workers
      ? `${tasks} task${tasks === 1 ? '' : 's'} to run`
      : `this machine: ${machine.cores} cores, ${Math.round(machine.memoryMiB / 1024)} GiB at ${WORKER_MEMORY_MIB} MiB a worker → at most ${machine.workers}`;
  return { workers, note: `${requested} workers lowered to ${workers} (${why})` };
}

/** Checks the pool's options; returns them with the defaults. */
export function checkPoolOptions(options: PoolOptions): { workers: number; retries: number } {
  const workers = options.workers ?? availableParallelism();
  if (!Number.isSafeInteger(workers) || workers < 1 || workers > 1024) throw new InvalidParameterError('workers', 'an integer in 1..1024', options.workers);
  const retries = options.retries ?? 2;
  if (!Number.isSafeInteger(retries) || retries < 0 || retries > 100) throw new InvalidParameterError('retries', 'an integer in 0..100', options.retries);
  return { workers, retries };
}

/**
 * A worker thread: the compiled `worker.js` beside this file, or — when the library runs from its
 * TypeScript sources (the tests, tsx) — `worker.ts` behind tsx's loader, registered inside the
 * thread (a loader registered in the parent does not reach worker threads on Node 20).
 */
function startWorker(): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL('./worker.js', here));
  const tsxRoot = dirname(createRequire(here).resolve('tsx/package.json'));
  const api = pathToFileURL(join(tsxRoot, 'dist', 'esm', 'api', 'index.mjs')).href;
  const target = new URL('./worker.ts', here).href;
  const code = `import { register } from ${JSON.stringify(api)}; register(); await import(${JSON.stringify(target)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(code)}`));
}

type Pending = { request: WorkerRequest; resolve: (r: WorkerReply) => void };

/** Worker threads with a job queue. Close it when done (its threads keep the process alive). */
export class WorkerPool {
  readonly size: number;
  private readonly queue: Pending[] = [];
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Pending>();
  private live = 0;
  private nextId = 0;
  private closed = false;

  /**
   * @param workers threads, an integer in 1..1024 (default: the machine's available parallelism);
   *   at most {@link machineWorkerCap} are started (more would only share the cores).
   */
  constructor(workers?: number) {
    this.size = Math.min(checkPoolOptions({ ...(workers === undefined ? {} : { workers }) }).workers, machineWorkerCap().workers);
  }

  /** Runs one replication on a free thread; resolves with the worker's reply (never rejects for the job's own errors). */
  run(job: ReplicationJob, store?: WorkerRequest['store']): Promise<WorkerReply> {
    if (this.closed) return Promise.reject(new Error('the worker pool is closed'));
    return new Promise((resolve) => {
      this.queue.push({ request: { id: this.nextId++, job, ...(store === undefined ? {} : { store }) }, resolve });
      this.dispatch();
    });
  }

  /** Stops every thread. */
  async close(): Promise<void> {
    this.closed = true;
    const all = [...this.idle, ...this.busy.keys()];
    this.idle.length = 0;
    await Promise.all(all.map((w) => w.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let worker = this.idle.pop();
      if (worker === undefined) {
        if (this.live >= this.size) return;
        worker = this.spawn();
      }
      const pending = this.queue.shift()!;
      this.busy.set(worker, pending);
      worker.postMessage(pending.request);
    }
  }

  private spawn(): Worker {
    const worker = startWorker();
    this.live++;
    worker.on('message', (reply: WorkerReply) => {
      const pending = this.busy.get(worker);
      this.busy.delete(worker);
      if (!this.closed) this.idle.push(worker);
      pending?.resolve(reply);
      this.dispatch();
    });
    worker.on('error', (e) => {
      // The thread died with its job; the job fails, and a new thread takes over the queue.
      const pending = this.busy.get(worker);
      this.busy.delete(worker);
      pending?.resolve({ id: pending.request.id, ok: false, error: `the worker thread died: ${e.message}` });
    });
    worker.on('exit', () => {
      this.live--;
      const i = this.idle.indexOf(worker);
      if (i >= 0) this.idle.splice(i, 1);
      const pending = this.busy.get(worker);
      if (pending !== undefined) {
        this.busy.delete(worker);
        pending.resolve({ id: pending.request.id, ok: false, error: 'the worker thread exited' });
      }
      if (!this.closed) this.dispatch();
    });
    return worker;
  }
}

/**
 * Runs a sweep's `tasks` (the jobs of `jobOf`) on a pool of worker threads; each record is stored in
 * `dir` by the worker that ran it, each final failure by this function.
 */
export async function runLocalPool(dir: string, tasks: readonly SweepTask[], jobOf: (task: SweepTask) => ReplicationJob, options: PoolOptions = {}): Promise<PoolOutcome> {
  checkKind('dir', dir, 'string');
  checkKind('tasks', tasks, 'array');
  checkKind('jobOf', jobOf, 'function');
  recordParameter('options', options);
  const { workers, retries } = checkPoolOptions(options);
  const failed: TaskFailure[] = [];
  if (tasks.length === 0) return { done: 0, failed };
  const capped = cappedWorkers(workers, tasks.length);
  if (capped.note !== undefined) options.onNote?.(capped.note);
  const pool = new WorkerPool(capped.workers);
  let done = 0;
  let ended = 0;
  try {
    await Promise.all(
      tasks.map(async (task) => {
        const job = jobOf(task);
        for (let attempt = 1; ; attempt++) {
          const reply = await pool.run(job, { dir, task });
          if (reply.ok) {
            done++;
            break;
          }
          if (attempt > retries) {
            const failure = { task: task.id, attempts: attempt, error: reply.error };
            writeTaskFailure(dir, failure);
            failed.push(failure);
            break;
          }
        }
        options.onTask?.(++ended, tasks.length);
      }),
    );
  } finally {
    await pool.close();
  }
  failed.sort((a, b) => a.task - b.task);
  return { done, failed };
}

/**
 * `simulate(spec, options)` with the replications run on `pool`: the same result, bit for bit.
 *
 * @throws as `simulate` (checked here, before any thread runs), and an Error carrying a
 *   replication's own error when one fails.
 */
export async function simulateOnPool(pool: WorkerPool, spec: ScenarioSpec, options: Omit<SimulateOptions, 'onReplication' | 'onProgress'> = {}): Promise<SimulationResult> {
  recordParameter('pool', pool, { run: 'function' });
  recordParameter('spec', spec);
  recordParameter('options', options);
  const definition = getScenario(spec.scenario, 'spec.scenario');
  let params: unknown;
  try {
    params = definition.parse(spec.params ?? {});
  } catch (e) {
    if (e instanceof InvalidParameterError && !e.parameter.startsWith('params')) throw new InvalidParameterError(`params.${e.parameter}`, e.rule, e.value);
    throw e;
  }
  const run = checkSimulateOptions(definition, options);
  const runOptions = { ...(run.length.until !== undefined ? { until: run.length.until } : { jobs: run.length.jobs }), warmup: run.warmup, replications: run.replications, confidence: run.confidence };
  // In a notebook (Deno's Jupyter kernel) a bar that updates as replications end; elsewhere nothing.
  const progress = notebookProgress(`replications of ${definition.name}`);
  let ended = 0;
  progress?.update(0, run.replications);
  const outputs = await Promise.all(
    Array.from({ length: run.replications }, async (_, replication): Promise<ReplicationOutput> => {
      const reply = await pool.run({ scenario: definition.name, params: { ...(spec.params ?? {}) }, seed: run.seed, replication, run: runOptions });
      progress?.update(++ended, run.replications);
      if (!reply.ok) throw new Error(`replication ${replication} of '${definition.name}' failed: ${reply.error}`);
      return reply.output!;
    }),
  ).finally(() => progress?.finish());
  return simulationDisplay({
    scenario: definition.name,
    params: definition.echo === undefined ? params : definition.echo(params),
    metrics: summarizeReplications(outputs.map((o) => o.metrics), run.confidence),
    run: {
      seed: run.seed,
      replications: run.replications,
      confidence: run.confidence,
      length: run.length,
      warmup: run.warmup,
      simulatedTime: outputs.reduce((s, o) => s + o.simulatedTime, 0),
      events: outputs.reduce((s, o) => s + o.events, 0),
    },
  });
}

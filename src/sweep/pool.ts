/**
 * The local backend: a pool of worker threads, each running one task at a time. A task that throws
 * is tried again (up to `retries` more times) and then stored as a failure with its error; a worker
 * that dies (out of memory, a crash of the thread) fails its task the same way and is replaced.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { InvalidParameterError } from '../core/errors.js';
import type { SweepTask } from './plan.js';
import { writeTaskFailure, type TaskFailure } from './store.js';
import type { WorkerReply } from './worker.js';

/** Options of {@link runLocalPool}. */
export interface PoolOptions {
  /** Worker threads, ≥ 1 (default: the machine's available parallelism). */
  readonly workers?: number;
  /** Further attempts after a task's first failure (default 2). */
  readonly retries?: number;
  /** Called after each task ends (done or finally failed) with (ended, total). */
  readonly onTask?: (ended: number, total: number) => void;
}

/** What the pool did: tasks done and tasks that failed every attempt. */
export interface PoolOutcome {
  readonly done: number;
  readonly failed: readonly TaskFailure[];
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
 * The worker's entry: the compiled `worker.js` beside this file, or — when the library runs from
 * its TypeScript sources (the tests, tsx) — `worker.ts` behind tsx's loader, registered inside the
 * thread (a loader registered in the parent does not reach worker threads on Node 20).
 */
function startWorker(dir: string): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL('./worker.js', here), { workerData: { dir } });
  const tsxRoot = dirname(createRequire(here).resolve('tsx/package.json'));
  const api = pathToFileURL(join(tsxRoot, 'dist', 'esm', 'api', 'index.mjs')).href;
  const target = new URL('./worker.ts', here).href;
  const code = `import { register } from ${JSON.stringify(api)}; register(); await import(${JSON.stringify(target)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(code)}`), { workerData: { dir } });
}

/** True when the compiled worker can be started (or the sources run under tsx). */
export function workerAvailable(): boolean {
  const here = import.meta.url;
  return here.endsWith('.ts') || existsSync(join(dirname(fileURLToPath(here)), 'worker.js'));
}

/**
 * Runs `tasks` of the sweep stored in `dir` on a pool of worker threads; each record is stored by
 * the worker that ran it.
 */
export async function runLocalPool(dir: string, tasks: readonly SweepTask[], options: PoolOptions = {}): Promise<PoolOutcome> {
  const { workers, retries } = checkPoolOptions(options);
  const queue = [...tasks];
  const attempts = new Map<number, number>();
  const failed: TaskFailure[] = [];
  let done = 0;
  let ended = 0;
  const total = tasks.length;
  if (total === 0) return { done: 0, failed };

  const finish = (task: SweepTask, error: string | null): void => {
    if (error === null) {
      done++;
    } else {
      const n = (attempts.get(task.id) ?? 0) + 1;
      attempts.set(task.id, n);
      if (n <= retries) {
        queue.push(task);
        return;
      }
      const failure = { task: task.id, attempts: n, error };
      writeTaskFailure(dir, failure);
      failed.push(failure);
    }
    ended++;
    options.onTask?.(ended, total);
  };

  await new Promise<void>((resolve, reject) => {
    let live = 0;
    const spawn = (): void => {
      const worker = startWorker(dir);
      live++;
      let current: SweepTask | undefined;
      const next = (): void => {
        current = queue.shift();
        if (current === undefined) {
          void worker.terminate();
          return;
        }
        worker.postMessage({ task: current });
      };
      worker.on('message', (reply: WorkerReply) => {
        const task = current!;
        current = undefined;
        try {
          finish(task, reply.ok ? null : reply.error);
        } catch (e) {
          reject(e);
          return;
        }
        next();
      });
      worker.on('error', (e) => {
        // The thread died (its task failed with it); a new worker takes over the queue.
        const task = current;
        current = undefined;
        if (task !== undefined) {
          try {
            finish(task, `the worker died: ${e.message}`);
          } catch (err) {
            reject(err);
          }
        }
      });
      worker.on('exit', () => {
        live--;
        if (queue.length > 0 && ended < total) spawn();
        else if (live === 0) resolve();
      });
      next();
    };
    for (let w = 0; w < Math.min(workers, total); w++) spawn();
  });
  return { done, failed };
}

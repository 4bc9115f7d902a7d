/**
 * A worker thread of the local pool: runs the replications it is sent. When the request names a
 * results directory and a task, the worker stores the task's record there itself (atomically) and
 * answers with the wall time; otherwise it answers with the replication's output.
 */
import { parentPort } from 'node:worker_threads';
import type { ReplicationOutput } from '../sim/index.js';
import type { SweepTask } from './plan.js';
import { writeTaskRecord } from './taskFile.js';
import { runReplication, taskRecord, type ReplicationJob } from './task.js';

/** A message from the pool. */
export interface WorkerRequest {
  readonly id: number;
  readonly job: ReplicationJob;
  readonly store?: { readonly dir: string; readonly task: SweepTask };
}

/** The answer: the output (or only the wall time, when stored), or the error's message. */
export type WorkerReply =
  | { readonly id: number; readonly ok: true; readonly wallMs: number; readonly output?: ReplicationOutput }
  | { readonly id: number; readonly ok: false; readonly error: string };

const port = parentPort!;
port.on('message', ({ id, job, store }: WorkerRequest) => {
  let reply: WorkerReply;
  try {
    const out = runReplication(job);
    if (store !== undefined) {
      writeTaskRecord(store.dir, taskRecord(store.task, job.seed, out));
      reply = { id, ok: true, wallMs: out.wallMs };
    } else reply = { id, ok: true, wallMs: out.wallMs, output: { metrics: out.metrics, simulatedTime: out.simulatedTime, events: out.events } };
  } catch (e) {
    reply = { id, ok: false, error: e instanceof Error ? e.message : String(e) };
  }
  port.postMessage(reply);
});

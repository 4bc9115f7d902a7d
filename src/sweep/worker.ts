/**
 * A worker thread of the local pool: reads the sweep's manifest once, then runs the tasks it is
 * sent, storing each record itself (atomically) and answering with the task's id or its error.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { readManifest, writeTaskRecord } from './store.js';
import { runSweepTask } from './task.js';
import type { SweepTask } from './plan.js';

/** A message from the pool: run this task. */
export interface WorkerRequest {
  readonly task: SweepTask;
}

/** The answer: done (with the replication's wall time) or failed (with the error's message). */
export type WorkerReply = { readonly task: number; readonly ok: true; readonly wallMs: number } | { readonly task: number; readonly ok: false; readonly error: string };

const { dir } = workerData as { dir: string };
const manifest = readManifest(dir);
const port = parentPort!;
port.on('message', ({ task }: WorkerRequest) => {
  let reply: WorkerReply;
  try {
    const record = runSweepTask(manifest, task);
    writeTaskRecord(dir, record);
    reply = { task: task.id, ok: true, wallMs: record.wallMs };
  } catch (e) {
    reply = { task: task.id, ok: false, error: e instanceof Error ? e.message : String(e) };
  }
  port.postMessage(reply);
});

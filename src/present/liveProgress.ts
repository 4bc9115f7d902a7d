/**
 * Live progress in a notebook. Under Deno's Jupyter kernel, `Deno.jupyter.display(bundle,
 * { display_id, update: true })` replaces an output in place; {@link notebookProgress} uses it to
 * draw one progress bar per long run that updates as tasks end. Outside the kernel it returns
 * undefined: the command line draws its own bars on stderr (src/cli/work/progress.ts), and a library
 * called from a program or a test stays silent.
 *
 * The kernel sends a display message when the event loop gets a turn, so updates show live during
 * asynchronous runs (a sweep, replications on a worker pool); a synchronous run shows its bar when it ends.
 */
import { escapeXml } from './escape.js';
import type { MimeBundle } from './display.js';
import { checkKind } from '../core/shapes.js';

/** The part of `Deno.jupyter` used here. */
interface JupyterKernelApi {
  display(bundle: MimeBundle, options: { raw: true; display_id: string; update?: boolean }): Promise<void>;
}

/** `Deno.jupyter` when this code runs inside Deno's Jupyter kernel, otherwise undefined. */
export function jupyterKernel(): JupyterKernelApi | undefined {
  const deno = (globalThis as { Deno?: { jupyter?: unknown } }).Deno;
  if (deno === undefined) return undefined;
  try {
    // Outside the kernel `Deno.jupyter` is absent (or throws when read): only the kernel sets it up.
    const jupyter = deno.jupyter as Partial<JupyterKernelApi> | undefined;
    return typeof jupyter?.display === 'function' ? (jupyter as JupyterKernelApi) : undefined;
  } catch {
    return undefined;
  }
}

/** A progress display: `update` after each task; `finish` once at the end. */
export interface ProgressDisplay {
  update(done: number, total: number): void;
  /** Sends the last update; resolves once every update has reached the kernel (await it before the cell ends). */
  finish(note?: string): Promise<void>;
}

let displays = 0;

/** The bundle of a progress bar: an HTML `<progress>` with its count, and the same as text. */
export function progressBundle(label: string, done: number, total: number, seconds: number, note?: string): MimeBundle {
  checkKind('label', label, 'string');
  checkKind('done', done, 'number');
  checkKind('total', total, 'number');
  checkKind('seconds', seconds, 'number');
  const count = `${done}/${total} ${label}, ${seconds.toFixed(1)} s${note ? ` — ${note}` : ''}`;
  return {
    'text/plain': `ibqos: ${count}`,
    'text/html': `<div class="ibqos-progress"><progress value="${done}" max="${total}" style="width:20em"></progress> ${escapeXml(count)}</div>`,
  };
}

/**
 * A live progress bar in the notebook, or undefined outside Deno's Jupyter kernel.
 *
 * @param label what is counted ("tasks", "replications")
 * @param minIntervalMs the least time between two updates sent to the front end (default 200 ms)
 */
export function notebookProgress(label: string, minIntervalMs = 200): ProgressDisplay | undefined {
  checkKind('label', label, 'string');
  checkKind('minIntervalMs', minIntervalMs, 'number');
  const kernel = jupyterKernel();
  if (kernel === undefined) return undefined;
  const display_id = `ibqos-progress-${++displays}-${Date.now()}`;
  const started = Date.now();
  let shown = false;
  let last = 0;
  let latest = { done: 0, total: 0 };
  // The displays go out one after another (the first must exist before an update of it), and the last
  // one is awaited by finish(): a display still in flight when the cell ends can be lost.
  let sent: Promise<void> = Promise.resolve();
  const send = (note?: string) => {
    const bundle = progressBundle(label, latest.done, latest.total, (Date.now() - started) / 1000, note);
    const options = { raw: true as const, display_id, ...(shown ? { update: true } : {}) };
    // A display that fails (the front end went away) must not fail the run it reports on.
    sent = sent.then(() => kernel.display(bundle, options)).catch(() => undefined);
    shown = true;
    last = Date.now();
  };
  return {
    update(done, total) {
      latest = { done, total };
      if (!shown || done === total || Date.now() - last >= minIntervalMs) send();
    },
    finish(note) {
      send(note ?? 'done');
      return sent;
    },
  };
}

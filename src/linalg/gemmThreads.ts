/**
 * The dense product C += A·B on several threads: worker threads that run the same WebAssembly
 * `gemm` (wasmGemmModule.ts) on the same shared memory, each product split by columns of C.
 *
 * - **Bit for bit one thread's result.** A chunk is a range of whole columns of C computed with
 *   the full k-sum, and the kernel's value of an entry does not depend on which column range or
 *   block shape computed it (wasmGemmModule.ts): the split changes who computes an entry, never
 *   how. The tests compare the Float64Array contents for exact equality.
 * - **Dynamic chunks.** A product is cut into about eight chunks per thread; the calling thread
 *   and the workers take chunks from one shared counter until none is left, then the caller waits
 *   for the chunks the workers took. A worker that is still starting, or that the operating system
 *   has not scheduled (other processes on the machine), simply takes fewer chunks: the caller
 *   never waits for a worker to start, only for a chunk a worker has begun.
 * - **Control block.** One Int32Array over a SharedArrayBuffer: JOB = (sequence number << 11) |
 *   next chunk, taken by compare-and-swap, so a thread that read the arguments of a finished job
 *   cannot take a chunk of the next one with them; DONE counts finished chunks.
 * - **Lifetime.** The workers start at the first product large enough to be split (never for small
 *   ones), are kept for later products, and are unref'd: they never keep the process alive.
 *   {@link stopGemmThreads} ends them (the tests call it).
 *
 * The thread count in force is set for the dynamic extent of {@link withGemmThreads} (the credit
 * solver's `threads` option), so that the kernels of float64Dense.ts keep their signatures.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** The kernel's `gemm` export: sizes, byte addresses and strides in elements. */
export type GemmFunction = (
  m: number, n: number, k: number,
  a: number, lda: number, b: number, ldb: number, c: number, ldc: number, panel: number,
) => void; // prettier-ignore

/** What the workers need of the kernel: the compiled module and the shared memory it runs in. */
export interface SharedGemmKernel {
  readonly module: object;
  readonly memory: object;
  readonly gemm: GemmFunction;
}

/** At most this many threads (the caller and 15 workers) take part in one product. */
export const MAX_GEMM_THREADS = 16;
/** Largest inner dimension k a worker's packing panel (8k doubles) holds; larger products run on one thread. */
export const WORKER_PANEL_K = 4096;
/** Bytes at the start of the shared memory reserved for the workers' panels (scratch starts after). */
export const WORKER_PANELS_BYTES = (MAX_GEMM_THREADS - 1) * 8 * WORKER_PANEL_K * 8;
/**
 * Products with fewer multiply-adds m·n·k than this run on the calling thread alone while the
 * workers sleep (a product of 2^20 multiply-adds takes ≈ 100 µs on one core; waking a worker,
 * Atomics.notify, took 0.35–0.5 ms of the caller's time per product at (∞, 512) on this machine
 * at a load of 3–4, the operating system running the woken worker first).
 */
export const PARALLEL_MIN_WORK = 1 << 20;
/**
 * While a worker is still polling for work (SPIN_MS after its last chunk), products from this
 * many multiply-adds on are split too (≈ 25 µs on one core): handing one over then costs a few
 * atomic operations.
 */
export const POLLING_MIN_WORK = 1 << 18;
/**
 * How long (ms) an idle worker polls for the next product before it sleeps (Atomics.wait), and the
 * caller for the workers' last chunks. Waking a sleeping thread (Atomics.notify) cost 0.35–0.5 ms
 * of the caller's time per product at (∞, 512), as long as the product itself: a worker that is
 * still polling starts at once, and the caller skips the notify.
 */
const SPIN_MS = 2;
/** A gap (ms) between two polls that means the poller was descheduled. */
const DESCHEDULED_MS = 0.25;

// control block layout (Int32 indices)
const JOB = 0;
const DONE = 1;
const STOP = 2;
const TOTAL = 3;
const CHUNK = 4;
const ARGS = 5; // m n k a lda b ldb c ldc
const READY = 14;
const WORKER_CHUNKS = 15;
const FAILED = 16;
const SLEEPERS = 17; // workers inside Atomics.wait on JOB (the caller notifies only then)
const CALLER_WAITS = 18; // 1 while the caller sleeps on DONE (the last worker notifies only then)
const CONTROL_INTS = 19;
const INDEX_BITS = 11;
const INDEX_MASK = (1 << INDEX_BITS) - 1;
const SEQ_MASK = (1 << (32 - INDEX_BITS)) - 1;

/** The workers' program (a CommonJS script: no module loading, no TypeScript loader needed). */
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const { gemmModule, memory, control, panel } = workerData;
const ctrl = new Int32Array(control);
const gemm = new WebAssembly.Instance(gemmModule, { env: { memory } }).exports.gemm;
// warm-up in the worker's own panel region (see wasmGemm.ts, warmUp)
for (let r = 0; r < 12; r++) gemm(48, 48, 48, panel, 48, panel + 18432, 48, panel + 36864, 48, panel + 55296);
Atomics.add(ctrl, ${READY}, 1);
Atomics.notify(ctrl, ${READY});
let idleSince = -1;
let lastPoll = 0;
let noSpinUntil = 0;
for (;;) {
  const w = Atomics.load(ctrl, ${JOB});
  if (Atomics.load(ctrl, ${STOP}) !== 0) break;
  const total = ctrl[${TOTAL}];
  const idx = w & ${INDEX_MASK};
  if (idx >= total) {
    // spin a while (the next product of a solve usually follows within a millisecond), then sleep
    // — unless it was descheduled while polling (the cores are taken: polling would only steal
    // the caller's time), then it sleeps at once for the next second
    const now = performance.now();
    if (idleSince < 0) idleSince = lastPoll = now;
    if (now - lastPoll > ${DESCHEDULED_MS}) noSpinUntil = now + 1000;
    lastPoll = now;
    if (now >= noSpinUntil && now - idleSince < ${SPIN_MS}) continue;
    Atomics.add(ctrl, ${SLEEPERS}, 1);
    Atomics.wait(ctrl, ${JOB}, w);
    Atomics.sub(ctrl, ${SLEEPERS}, 1);
    idleSince = -1;
    continue;
  }
  idleSince = -1;
  const chunk = ctrl[${CHUNK}], m = ctrl[${ARGS}], n = ctrl[${ARGS + 1}], k = ctrl[${ARGS + 2}];
  const a = ctrl[${ARGS + 3}], lda = ctrl[${ARGS + 4}], b = ctrl[${ARGS + 5}], ldb = ctrl[${ARGS + 6}];
  const c = ctrl[${ARGS + 7}], ldc = ctrl[${ARGS + 8}];
  if (Atomics.compareExchange(ctrl, ${JOB}, w, w + 1) !== w) continue;
  const j0 = idx * chunk;
  try {
    gemm(m, Math.min(chunk, n - j0), k, a, lda, b + 8 * j0, ldb, c + 8 * j0, ldc, panel);
    Atomics.add(ctrl, ${WORKER_CHUNKS}, 1);
  } catch {
    Atomics.store(ctrl, ${FAILED}, 1); // the caller throws rather than return a product with a hole
  }
  if (Atomics.add(ctrl, ${DONE}, 1) + 1 === total && Atomics.load(ctrl, ${CALLER_WAITS}) !== 0) Atomics.notify(ctrl, ${DONE});
}
`;

interface Pool {
  readonly kernel: SharedGemmKernel;
  readonly ctrl: Int32Array;
  readonly workers: Worker[];
  seq: number;
}

let active = 1;
let pool: Pool | null = null;
/** Set when workers cannot be started here (no worker_threads, no SharedArrayBuffer): one thread. */
let unavailable = false;

/** The machine's available parallelism: the default thread count of the solvers. */
export function defaultGemmThreads(): number {
  return availableParallelism();
}

/** The thread count in force (1 outside {@link withGemmThreads}). */
export function gemmThreads(): number {
  return active;
}

/**
 * Runs `run` with products split over `threads` threads (capped at {@link MAX_GEMM_THREADS}),
 * then restores the previous count. `threads` must be an integer ≥ 1 (checked by the callers'
 * front doors).
 */
export function withGemmThreads<T>(threads: number, run: () => T): T {
  const before = active;
  active = Math.max(1, Math.min(threads, MAX_GEMM_THREADS));
  [waited, computed, backoff] = [0, 0, 0];
  try {
    return run();
  } finally {
    active = before;
  }
}

function startPool(kernel: SharedGemmKernel, workers: number): Pool | null {
  if (unavailable) return null;
  if (pool !== null && pool.kernel !== kernel) return null;
  try {
    if (pool === null) {
      const ctrl = new Int32Array(new SharedArrayBuffer(CONTROL_INTS * 4));
      pool = { kernel, ctrl, workers: [], seq: 0 };
    }
    while (pool.workers.length < workers) {
      const id = pool.workers.length;
      const worker = new Worker(WORKER_SOURCE, {
        eval: true,
        execArgv: [],
        workerData: { gemmModule: kernel.module, memory: kernel.memory, control: pool.ctrl.buffer, panel: id * 8 * WORKER_PANEL_K * 8 },
      });
      worker.unref();
      worker.on('error', () => undefined); // a worker that dies takes no more chunks; the caller does them
      pool.workers.push(worker);
    }
    return pool;
  } catch {
    unavailable = pool === null || pool.workers.length === 0;
    return pool !== null && pool.workers.length > 0 ? pool : null;
  }
}

/**
 * C[m×n] += A[m×k]·B[k×n] (byte addresses in the kernel's shared memory, strides in elements)
 * split by columns over the threads in force; false, doing nothing, when the product is too small
 * to be worth it, only one thread is in force, or workers cannot run here — the caller then runs
 * it alone. `panel`: the calling thread's packing panel (8k doubles).
 */
export function parallelGemm(
  kernel: SharedGemmKernel,
  m: number, n: number, k: number,
  a: number, lda: number, b: number, ldb: number, c: number, ldc: number, panel: number,
): boolean { // prettier-ignore
  const threads = active;
  const work = m * n * k;
  if (threads <= 1 || n < 16 || k > WORKER_PANEL_K || work < POLLING_MIN_WORK) return false;
  if (work < PARALLEL_MIN_WORK && (pool === null || Atomics.load(pool.ctrl, SLEEPERS) > 0)) return false;
  if (backoff > 0) {
    backoff--;
    return false;
  }
  const p = startPool(kernel, threads - 1);
  if (p === null) return false;
  // about eight chunks per thread, of whole 8-column panels (the kernel's unit: a chunk's size
  // changes nothing in how fast its columns are computed), so that a thread the operating system
  // leaves waiting holds up the others for one small chunk at most
  const chunk = Math.max(8, Math.ceil(n / (8 * threads) / 8) * 8, Math.ceil(n / INDEX_MASK / 8) * 8);
  const total = Math.ceil(n / chunk);
  const ctrl = p.ctrl;
  p.seq = (p.seq + 1) & SEQ_MASK;
  // Close the job word before the job's fields change: a polling worker that read the last job's
  // word (all its chunks taken) and then this job's TOTAL would otherwise claim a chunk past the
  // end with a compare-exchange that still succeeds, compute it with half-written arguments and
  // count it in this job's DONE (found in session 11: results that differed between runs, and
  // "a worker thread failed"). With the word closed (index INDEX_MASK ≥ total: no chunk to take)
  // that compare-exchange fails. total ≤ INDEX_MASK by the choice of chunk above.
  Atomics.store(ctrl, JOB, (p.seq << INDEX_BITS) | INDEX_MASK);
  ctrl[TOTAL] = total;
  ctrl[CHUNK] = chunk;
  ctrl.set([m, n, k, a, lda, b, ldb, c, ldc], ARGS);
  Atomics.store(ctrl, DONE, 0);
  Atomics.store(ctrl, JOB, p.seq << INDEX_BITS);
  // a spinning worker sees the new JOB by itself; only a sleeping one needs the (costly) wake-up
  if (Atomics.load(ctrl, SLEEPERS) > 0) Atomics.notify(ctrl, JOB);
  const gemm = kernel.gemm;
  const start = performance.now();
  for (;;) {
    const w = Atomics.load(ctrl, JOB);
    const idx = w & INDEX_MASK;
    if (idx >= total) break;
    if (Atomics.compareExchange(ctrl, JOB, w, w + 1) !== w) continue;
    const j0 = idx * chunk;
    gemm(m, Math.min(chunk, n - j0), k, a, lda, b + 8 * j0, ldb, c + 8 * j0, ldc, panel);
    Atomics.add(ctrl, DONE, 1);
  }
  const own = performance.now();
  // the chunks the workers still hold: spin for them first (a chunk takes well under a
  // millisecond), then sleep until the last one is done
  for (let d = Atomics.load(ctrl, DONE); d < total; d = Atomics.load(ctrl, DONE)) {
    if (performance.now() - own < SPIN_MS) continue;
    Atomics.store(ctrl, CALLER_WAITS, 1);
    if (Atomics.load(ctrl, DONE) < total) Atomics.wait(ctrl, DONE, d, 50);
    Atomics.store(ctrl, CALLER_WAITS, 0);
  }
  noteWait(own - start, performance.now() - own);
  // never expected (a worker computes what the caller would, in the same memory); said, not hidden
  if (Atomics.load(ctrl, FAILED) !== 0) throw new Error('gemmThreads: a worker thread failed while computing part of a product');
  return true;
}

/**
 * Back-off for a machine whose cores are taken by other processes: a worker the operating system
 * deschedules while it holds a chunk makes the caller wait for a whole time slice, and a solve on
 * two threads then runs slower than on one (measured here at a load average of 12–14:
 * (∞, 512) in 4.2 s on two threads, 3.9 s on one). When the caller has waited, over the recent
 * products, longer than it computed, the next BACKOFF_PRODUCTS products run on the calling thread
 * alone; then the workers are tried again. On a quiet machine the wait is at most a chunk's time,
 * so this never triggers. Each {@link withGemmThreads} starts afresh. Results are the same either way.
 */
const BACKOFF_PRODUCTS = 64;
let waited = 0;
let computed = 0;
let backoff = 0;

function noteWait(own: number, wait: number): void {
  // exponential averages over the last ~16 products
  waited = 0.9375 * waited + wait;
  computed = 0.9375 * computed + own;
  if (waited > computed) {
    backoff = BACKOFF_PRODUCTS;
    waited = 0;
    computed = 0;
  }
}

/** Workers started, workers that have finished starting, and chunks the workers have computed. */
export function gemmThreadStats(): { readonly workers: number; readonly ready: number; readonly workerChunks: number } {
  if (pool === null) return { workers: 0, ready: 0, workerChunks: 0 };
  return { workers: pool.workers.length, ready: Atomics.load(pool.ctrl, READY), workerChunks: Atomics.load(pool.ctrl, WORKER_CHUNKS) };
}

/** Resolves once `workers` workers have started (for tests that need a worker to take part). */
export async function gemmThreadsReady(workers: number): Promise<void> {
  while (pool === null || Atomics.load(pool.ctrl, READY) < workers) await new Promise((r) => setTimeout(r, 5));
}

/** Ends every worker (they are restarted by the next product that needs them). */
export async function stopGemmThreads(): Promise<void> {
  const p = pool;
  if (p === null) return;
  pool = null;
  Atomics.store(p.ctrl, STOP, 1);
  Atomics.notify(p.ctrl, JOB);
  await Promise.all(p.workers.map((w) => w.terminate()));
}

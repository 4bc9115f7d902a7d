/**
 * The WebAssembly SIMD (f64x2) product C += A·B for the dense kernels of float64Dense.ts, with the
 * scratch memory it works in. The module (wasmGemmModule.ts) does exactly what the JavaScript
 * `gemmAdd` does, in the same order, so the results equal the JavaScript kernel's bit for bit;
 * only the speed differs. Measured on Node 20 (AMD EPYC, one core) at n = 513: ≈ 14 ms against
 * 68 ms, about 19–20 GFLOP/s against 3.9 (4 × 4 blocks: 18; with f64x2.splat of a scalar load
 * instead of v128.load64_splat: 16).
 *
 * The memory is a shared WebAssembly memory where the runtime allows it, so that large products
 * can be split over worker threads (gemmThreads.ts: `withGemmThreads`), again bit for bit the
 * one-thread result; its first {@link WORKER_PANELS_BYTES} bytes are the workers' packing
 * panels, and the scratch handed out starts after them.
 *
 * Operands must live in the module's memory: {@link wasmScratch} hands out a view of it, and
 * callers copy their matrices in. Where WebAssembly SIMD is unavailable, {@link wasmScratch}
 * returns null and the callers keep to JavaScript.
 */
import { parallelGemm, WORKER_PANELS_BYTES, type GemmFunction, type SharedGemmKernel } from './gemmThreads.js';
import { gemmModuleBytes, MAX_MEMORY_PAGES } from './wasmGemmModule.js';

// The WebAssembly JS API, as far as used here: tsconfig's lib (ES2022) does not declare it and
// @types/node 20 does not either.
interface WasmMemory {
  readonly buffer: ArrayBuffer | SharedArrayBuffer;
  grow(pages: number): number;
}
declare const WebAssembly: {
  validate(bytes: Uint8Array): boolean;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { readonly exports: object };
  Memory: new (descriptor: { initial: number; maximum?: number; shared?: boolean }) => WasmMemory;
};

/** `leafForward` / `leafBack` (wasmSolveLeaves.ts): a lda b ldb rows cols piv. */
type LeafFunction = (a: number, lda: number, b: number, ldb: number, rows: number, cols: number, piv: number) => void;
/** `reflect` (wasmReflect.ts): v y ldy count len tau. */
type ReflectFunction = (v: number, y: number, ldy: number, count: number, len: number, tau: number) => void;

interface Kernel extends SharedGemmKernel {
  readonly memory: WasmMemory;
  readonly leafForward: LeafFunction;
  readonly leafBack: LeafFunction;
  readonly reflect: ReflectFunction;
  /** Whether the memory is shared (worker threads can then take part). */
  readonly shared: boolean;
}

/** Pages (64 KiB) before the scratch: the workers' panels. */
const BASE_PAGES = Math.ceil(WORKER_PANELS_BYTES / 65536);
const SCRATCH_BASE = BASE_PAGES * 65536;

let kernel: Kernel | null | undefined;

function load(): Kernel | null {
  if (kernel !== undefined) return kernel;
  kernel = null;
  for (const shared of [true, false]) {
    try {
      const bytes = gemmModuleBytes(shared);
      if (typeof WebAssembly !== 'object' || !WebAssembly.validate(bytes)) continue;
      const memory = new WebAssembly.Memory({ initial: BASE_PAGES + 1, ...(shared ? { maximum: MAX_MEMORY_PAGES, shared } : {}) });
      const module = new WebAssembly.Module(bytes);
      const instance = new WebAssembly.Instance(module, { env: { memory } });
      const exports = instance.exports as { gemm: GemmFunction; leafForward: LeafFunction; leafBack: LeafFunction; reflect: ReflectFunction };
      kernel = { module, memory, ...exports, shared };
      warmUp(kernel);
      break;
    } catch {
      kernel = null;
    }
  }
  return kernel;
}

/** Whether the kernel runs in a shared memory (so that products can use worker threads). */
export function wasmMemoryShared(): boolean {
  return load()?.shared ?? false;
}

/**
 * V8 first runs WebAssembly with its baseline compiler (Liftoff, here ≈ 3× slower) and recompiles
 * a function with TurboFan, in the background, once it has run for a while; a call already
 * running keeps the baseline code. A few small products at load time spend that budget, so that
 * the first large product of a solve already gets the optimised code (measured: the first solve
 * at m = 512 in a fresh process 1.18 s without this, ≈ 1.1 s with it).
 */
function warmUp(k: Kernel): void {
  const n = 48; // A, B, C and the panel (8n) fit in the first 64 KiB (all zeros; no worker exists yet)
  const c = 2 * n * n * 8;
  for (let r = 0; r < 12; r++) k.gemm(n, n, n, 0, n, n * n * 8, n, c, n, c + n * n * 8);
}

/**
 * A Float64Array over the kernel's linear memory, at least `doubles` long (grown as needed), or
 * null without WebAssembly SIMD. Any earlier view is invalidated by a call that grows the memory,
 * so a caller asks once for all it needs and carves sub-arrays from the one view; the contents
 * are whatever the previous user left.
 */
export function wasmScratch(doubles: number): Float64Array | null {
  const k = load();
  if (k === null) return null;
  const bytes = SCRATCH_BASE + doubles * 8;
  const have = k.memory.buffer.byteLength;
  if (bytes > have) {
    try {
      k.memory.grow(Math.ceil((bytes - have) / 65536));
    } catch {
      return null;
    }
  }
  return new Float64Array(k.memory.buffer, SCRATCH_BASE, doubles);
}

/**
 * C[m×n] += A[m×k]·B[k×n] in WebAssembly when a, b, c and panel (at least 8k doubles) are all
 * views of the kernel's memory (see {@link wasmScratch}); returns false, doing nothing, otherwise.
 * Large products are split over the threads in force (gemmThreads.ts), with the same result.
 */
export function wasmGemmAdd(
  m: number, n: number, k: number,
  a: Float64Array, aOff: number, lda: number,
  b: Float64Array, bOff: number, ldb: number,
  c: Float64Array, cOff: number, ldc: number,
  panel: Float64Array,
): boolean {
  const kern = kernel;
  if (!kern) return false;
  if (m <= 0 || n <= 0 || k <= 0) return true;
  if (panel.length < 8 * k) return false;
  const buf = kern.memory.buffer;
  if (a.buffer !== buf || b.buffer !== buf || c.buffer !== buf || panel.buffer !== buf) return false;
  const [pa, pb, pc] = [a.byteOffset + 8 * aOff, b.byteOffset + 8 * bOff, c.byteOffset + 8 * cOff];
  if (!(kern.shared && parallelGemm(kern, m, n, k, pa, lda, pb, ldb, pc, ldc, panel.byteOffset))) {
    kern.gemm(m, n, k, pa, lda, pb, ldb, pc, ldc, panel.byteOffset);
  }
  return true;
}

/**
 * A leaf of the triangular solves of float64Dense.ts (`solveEliminated`) in WebAssembly, bit for
 * bit the JavaScript loops: rows [lo, hi) of B (n × k, row-major) against the factors in `a`
 * (n × n): forward (I − F) when `pivot` is null, else back (diag(pivot) − W), whose pivots
 * pivot[lo..hi) are copied into `panel` first. False, doing nothing, unless a, b and panel are
 * views of the kernel's memory.
 */
export function wasmSolveLeaf(
  a: Float64Array, n: number, b: Float64Array, k: number, lo: number, hi: number, pivot: Float64Array | null, panel: Float64Array,
): boolean { // prettier-ignore
  const kern = kernel;
  if (!kern) return false;
  const buf = kern.memory.buffer;
  if (a.buffer !== buf || b.buffer !== buf || panel.buffer !== buf || panel.length < hi - lo) return false;
  const pa = a.byteOffset + 8 * (lo * n + lo);
  const pb = b.byteOffset + 8 * lo * k;
  if (pivot === null) kern.leafForward(pa, n, pb, k, hi - lo, k, 1);
  else {
    panel.set(pivot.subarray(lo, hi));
    kern.leafBack(pa, n, pb, k, hi - lo, k, panel.byteOffset);
  }
  return true;
}

/**
 * Row `row` of the panel rows [kb, ke) of an elimination (float64Dense.ts, `eliminateMMatrix`), in
 * its columns [ke, n), brought up to date with the panel's multipliers a[row·n + p], kb ≤ p < row:
 * row += a[row·n + p] · (row p), p increasing — bit for bit the JavaScript loop. False, doing
 * nothing, unless `a` is a view of the kernel's memory.
 */
export function wasmPanelRow(a: Float64Array, n: number, kb: number, ke: number, row: number): boolean {
  const kern = kernel;
  if (!kern || a.buffer !== kern.memory.buffer) return false;
  if (ke < n) kern.leafForward(a.byteOffset + 8 * (kb * n + kb), n, a.byteOffset + 8 * (kb * n + ke), n, row - kb + 1, n - ke, row - kb);
  return true;
}

/**
 * Householder reflector H = I − τ·[1; v]·[1; v]ᵀ applied to `count` columns of y (wasmReflect.ts):
 * v = x[vOff .. vOff + len), column c = y[yOff + c·ldy .. + len] (its first entry the pivot row).
 * False, doing nothing, unless x and y are views of the kernel's memory.
 */
export function wasmReflect(
  x: Float64Array, vOff: number, y: Float64Array, yOff: number, ldy: number, count: number, len: number, tau: number,
): boolean { // prettier-ignore
  const kern = kernel;
  if (!kern) return false;
  const buf = kern.memory.buffer;
  if (x.buffer !== buf || y.buffer !== buf) return false;
  kern.reflect(x.byteOffset + 8 * vOff, y.byteOffset + 8 * yOff, ldy, count, len, tau);
  return true;
}

/**
 * Zeroed memory that starts on a 64-byte cache line (issue 32, session 23). The per-port records
 * (link/links.ts, link/portWires.ts) are laid out so that what an event reads lies in one 64-byte
 * line — which holds only if the array starts on a line. A large ArrayBuffer does not: glibc gives
 * its mmapped blocks 16 bytes into a page, so at k = 32 each 64-byte record lay over two lines
 * (simulated: 12.7 LL misses per packet-hop as allocated, 11.7 with the views moved 48 bytes on,
 * 13.8 with 16; benchmarks/README.md, "Fifteenth pass"). A WebAssembly memory starts on a page, so
 * large records take theirs; small ones (every test-sized fabric) stay plain ArrayBuffers — the
 * values are the same either way, only where they lie differs.
 */

// ES2022's lib has no WebAssembly types (linalg/wasmGemm.ts declares its own the same way).
declare const WebAssembly: { Memory: new (descriptor: { initial: number; maximum?: number }) => { readonly buffer: ArrayBuffer } };

/** Records smaller than this stay in a plain ArrayBuffer (they fit the caches whatever their alignment). */
const ALIGN_FROM_BYTES = 1 << 20;
const WASM_PAGE = 65536;
/** A WebAssembly (wasm32) memory holds at most this many pages (4 GiB); larger records stay plain ArrayBuffers. */
const WASM_MAX_PAGES = 65536;

/**
 * An ArrayBuffer of at least `bytes` zeroed bytes; from `alignFrom` bytes on (default ALIGN_FROM_BYTES), its start is
 * page-aligned (a WebAssembly memory's). (Session 25: the per-flow records of 64 bytes, 512 KB at k = 32, ask from 256 KiB on.)
 */
export function lineAlignedBuffer(bytes: number, alignFrom = ALIGN_FROM_BYTES): ArrayBuffer {
  if (bytes < alignFrom) return new ArrayBuffer(bytes);
  const pages = Math.ceil(bytes / WASM_PAGE);
  if (pages > WASM_MAX_PAGES) return new ArrayBuffer(bytes);
  // Each memory reserves ~10 GiB of address space (V8 on x64: 4 GiB and guard regions; only its pages are
  // committed), given back when the buffer is collected: a k = 32 fabric takes 6 at build and one per growth of
  // the packet pool; 50 built and dropped in one process kept VmSize at 172 GiB and RSS under 400 MiB, and a
  // process ran out of address space only at 13,088 live memories (session 25, review of issue 32's seventeenth
  // pass). Where it does run out (or `ulimit -v` forbids the reservation), a plain buffer holds the same values.
  try {
    return new WebAssembly.Memory({ initial: pages, maximum: pages }).buffer;
  } catch (e) {
    if (e instanceof RangeError) return new ArrayBuffer(bytes);
    throw e;
  }
}

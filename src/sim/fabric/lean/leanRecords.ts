/**
 * The lean engine's records (docs/fabric.md § the lean engine): one 32-byte record per link direction
 * holding all a packet-hop reads of it, a pool of 24-byte packet records reused last in, first out, and
 * one per-hop record per flow (its packets' size, its delivery recorder and its path).
 * The layout is the session-22 bound's `pack32` (benchmarks/fabric-scale-bound-packed.ts; benchmarks/README.md,
 * fourteenth pass: only each link direction's whole per-hop state in one 32-byte record, with no other
 * per-port or per-flow table read per hop, kept k = 32's packet-hop rate within 0.8 of k = 16's), with
 * the measurements folded in: the bytes sent (for the utilization) and the credit-stall flag.
 *
 * Record of link direction g (8 int32 words at 8g): its sending side — the output port g of a switch or
 * host — and the input buffer at its far end (a switch's input port; nothing when g leads into a host):
 *
 * | word | field |
 * |---|---|
 * | 0 `W_BYTES` | bytes sent on g since the statistics' reset, unsigned, wrapping (the wraps in a cold table) |
 * | 1 `W_END` | the end of g's transmission in progress, in wrapping 32-bit picoseconds (only differences under 2.1 ms are read) |
 * | 2 `W_CREDITS` | credits (blocks) the sender holds, bits 0–15; credit returns folded into its end, bits 16–31 |
 * | 3 `W_REQUESTS` | output g's request list: the first and last input link (16 bits each, 0xffff: none) whose buffer head requests g |
 * | 4 `W_HEAD` | the far end's FIFO head packet (−1: empty) |
 * | 5 `W_TAIL` | its tail packet |
 * | 6 `W_HEAD_REQ` | the next link in the request list the head is on, bits 0–15; the output its head requests, bits 16–31 |
 * | 7 `W_MISC` | blocks held in the buffer, bits 0–15; input port busy (feeding the crossbar), 16; output g busy, 17; g leads into a host, 18; g's credit stall in progress, 19; g's link class (classRate, classDelay), bits 21–31 |
 *
 * A packet (6 int32 words at 6p, the doubles at 3p + 1 and 3p + 2 of the same buffer): its hop (bits 0–7: the
 * index of the link it is on in its flow's path) and its flow (bits 8–31); the next packet in its FIFO, send
 * queue or the free list; its creation time (s); the time its tail can leave the switch it is in (s;
 * crossbar.ts's tail rule). (Its size and the output it requests: its flow's per-hop record, leanFlowRecords.)
 */
import { lineAlignedBuffer } from '../lineAligned.js';
import type { LeanCompiled } from './leanBuild.js';

export const W_BYTES = 0;
export const W_END = 1;
export const W_CREDITS = 2;
export const W_REQUESTS = 3;
export const W_HEAD = 4;
export const W_TAIL = 5;
export const W_HEAD_REQ = 6;
export const W_MISC = 7;
/** MISC's bits. */
export const IN_BUSY = 1 << 16;
export const OUT_BUSY = 1 << 17;
export const INTO_HOST = 1 << 18;
export const STALL = 1 << 19;
export const CLASS_SHIFT = 21;
/** No link in a 16-bit field. */
export const NO_LINK = 0xffff;

/**
 * Link and flow records of 128 KiB or more start on a page (lineAligned.ts), so that each 32-byte record lies in one 64-byte line:
 * a plain buffer that large is mmapped by glibc 16 bytes into a page, and every second record then lay over two lines
 * (benchmarks/README.md twentieth pass). Smaller ones stay plain buffers (k = 8 and below: they fit the caches).
 */
const RECORDS_ALIGN_FROM = 1 << 17;

/** The records of every link direction, as {@link LeanCompiled} describes the fabric: credits full, buffers empty. */
export function leanLinkRecords(c: LeanCompiled): Int32Array {
  const R = new Int32Array(lineAlignedBuffer(32 * c.ports, RECORDS_ALIGN_FROM), 0, 8 * c.ports);
  for (let g = 0; g < c.ports; g++) {
    const r = 8 * g;
    const peer = c.peer[g]!;
    R[r + W_CREDITS] = peer >= 0 && peer < c.hostBase ? c.capBlocks : 0;
    R[r + W_REQUESTS] = NO_LINK | (NO_LINK << 16);
    R[r + W_HEAD] = -1;
    R[r + W_TAIL] = -1;
    R[r + W_HEAD_REQ] = NO_LINK | (NO_LINK << 16);
    R[r + W_MISC] = (c.classOf[g]! << CLASS_SHIFT) | (peer >= c.hostBase ? INTO_HOST : 0);
  }
  return R;
}

/**
 * The packet pool: 24-byte records reused last in, first out (a live packet's record stays where it is: it grows by
 * doubling). A packet's size is its flow's (one size per flow in the lean subset) and its requested output is read
 * from its flow's path when it becomes a buffer's head, so neither is in the record (benchmarks/README.md nineteenth
 * pass, second part).
 */
export class LeanPackets {
  /** Integers of packet p at 6p (hop | flow << 8) and 6p + 1 (next). */
  i32: Int32Array;
  /** Doubles of packet p at 3p + 1 (created) and 3p + 2 (tail). */
  f64: Float64Array;
  private free = -1;
  private used = 0;
  /** Packets allocated and not released. */
  live = 0;

  constructor(capacity: number) {
    const buffer = new ArrayBuffer(24 * Math.max(16, capacity));
    this.i32 = new Int32Array(buffer);
    this.f64 = new Float64Array(buffer);
  }

  /** A packet record (its fields as the last user left them). */
  alloc(): number {
    this.live++;
    const p = this.free;
    if (p >= 0) {
      this.free = this.i32[6 * p + 1]!;
      return p;
    }
    if (6 * this.used === this.i32.length) {
      const bigger = new ArrayBuffer(this.i32.byteLength * 2);
      new Int32Array(bigger).set(this.i32);
      this.i32 = new Int32Array(bigger);
      this.f64 = new Float64Array(bigger);
    }
    return this.used++;
  }

  release(p: number): void {
    this.live--;
    this.i32[6 * p + 1] = this.free;
    this.free = p;
  }
}

/**
 * Every flow's per-hop record: what a packet-hop reads of its flow, and the flow's delivery recorder (benchmarks/README.md
 * twentieth pass: a 32-byte path row, two 4-byte size tables and a 32-byte recorder before, up to three lines a hop).
 * Flow f's record is `1 << shift` integers at f << shift (32 bytes at bench:scale's k = 32; on whole lines from 128 KiB on):
 *
 * | integers | field |
 * |---|---|
 * | 0 | wire bytes of each of its packets (one size per flow in the lean subset; credit blocks (bytes + 63) >> 6) |
 * | 1 | packets delivered since the statistics' reset |
 * | 2–3 | their mean latency (µs), the double at (f << shift) / 2 + 1: flowRecorders.ts's Welford update |
 * | 4 … | its path: the link directions it takes, its host's port first, 16 bits each (links < 2^16: leanBuild.ts), at 16-bit index (f << (shift + 1)) + 8 + hop |
 *
 * Bytes delivered are the count times the size: the standard engine's sum of equal whole sizes, exactly (below 2^53).
 */
export interface LeanFlowRecords {
  readonly i32: Int32Array;
  readonly u16: Uint16Array;
  readonly f64: Float64Array;
  readonly shift: number;
}

/** The flows' per-hop records (recorders at zero). */
export function leanFlowRecords(c: LeanCompiled): LeanFlowRecords {
  const hops = c.pathStride - 1;
  let shift = 3;
  while (1 << shift < 4 + Math.ceil(hops / 2)) shift++;
  const F = c.flows.length;
  const buffer = lineAlignedBuffer(4 * (F << shift), RECORDS_ALIGN_FROM);
  const records = { i32: new Int32Array(buffer, 0, F << shift), u16: new Uint16Array(buffer, 0, F << (shift + 1)), f64: new Float64Array(buffer, 0, F << (shift - 1)), shift };
  c.flows.forEach((flow, f) => {
    records.i32[f << shift] = flow.bytes;
    for (let h = 0; h < hops; h++) records.u16[(f << (shift + 1)) + 8 + h] = c.paths[f * c.pathStride + h]! & 0xffff;
  });
  return records;
}

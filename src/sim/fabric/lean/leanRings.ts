/**
 * The lean engine's send queues' contents (docs/fabric.md § the lean engine; benchmarks/README.md twentieth pass,
 * second part): a packet waiting at its source is only its creation time (its size is its flow's), so each flow's
 * queued packets are a ring of doubles of its own, side by side — a long queue's pops and pushes walk along lines
 * instead of each reading a packet record last touched when that packet joined the queue.
 *
 * The rings lie in one arena of doubles (on whole lines from 128 KiB on, lineAligned.ts): a ring is a power of two of
 * 8 or more doubles (64 bytes, a line), allocated when its flow first queues a packet and doubled when it is full (the
 * contents copied in queue order, the old ring kept on a free list of its size for another flow's growth). A flow's ring
 * never holds more than its send-queue limit, so at most the limit rounded up to a power of two (2 KiB at bench:scale's
 * 256) and the smaller rings it outgrew, which other flows reuse. A ring's handle is its start in lines (bits 5–30) and
 * log2 of its size (bits 0–4); −1 is no ring.
 */
import { lineAlignedBuffer } from '../lineAligned.js';

const LOG_MIN = 3;
const ALIGN_FROM = 1 << 17;

export class LeanRings {
  /** The arena: ring h's doubles at {@link LeanRings.at}(h, 0 … capacity − 1). */
  t: Float64Array;
  /** Doubles handed out from the arena's start. */
  private used = 0;
  /** Per log2 size, the first free ring's start in lines (−1: none); a free ring's first double holds the next one's. */
  private readonly free = new Int32Array(32).fill(-1);

  constructor(doubles = 8192) {
    this.t = new Float64Array(lineAlignedBuffer(8 * doubles, ALIGN_FROM));
  }

  /** Ring h's size (doubles). */
  capacity(h: number): number {
    return 1 << (h & 31);
  }

  /** The arena index of position i (taken modulo the size) of ring h. */
  at(h: number, i: number): number {
    return ((h >>> 5) << 3) + (i & ((1 << (h & 31)) - 1));
  }

  /**
   * A ring twice ring h's size (the smallest size when h is −1) holding h's `count` values from position `first` on at
   * its positions 0 … count − 1; h goes to its size's free list.
   */
  grow(h: number, first: number, count: number): number {
    const log = h < 0 ? LOG_MIN : (h & 31) + 1;
    const size = 1 << log;
    let line = this.free[log]!;
    if (line >= 0) this.free[log] = this.t[line << 3]!;
    else {
      if (this.used + size > this.t.length) {
        const bigger = new Float64Array(lineAlignedBuffer(8 * Math.max(2 * this.t.length, this.used + size), ALIGN_FROM));
        bigger.set(this.t);
        this.t = bigger;
      }
      line = this.used >>> 3;
      this.used += size;
    }
    const g = (line << 5) | log;
    if (h >= 0) {
      const t = this.t;
      for (let k = 0; k < count; k++) t[(line << 3) + k] = t[this.at(h, first + k)]!;
      t[(h >>> 5) << 3] = this.free[h & 31]!;
      this.free[h & 31] = h >>> 5;
    }
    return g;
  }
}

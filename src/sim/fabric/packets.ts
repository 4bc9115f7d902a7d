/**
 * The fabric's packets: a pool of structure-of-arrays records indexed by packet number, grown by
 * doubling and recycled through a free list, so the per-packet path allocates nothing. Each
 * run-time part reads and writes the fields it owns (size, blocks, flow, destination, creation time,
 * tail time, output port, next in its queue, mark, VL).
 */
import { NONE } from './compiled.js';

function growInt(a: Int32Array<ArrayBuffer>, n: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(n);
  b.set(a);
  return b;
}
function growFloat(a: Float64Array<ArrayBuffer>, n: number): Float64Array<ArrayBuffer> {
  const b = new Float64Array(n);
  b.set(a);
  return b;
}

/** The packet pool (fields public: the hot path reads them directly). */
export class PacketPool {
  /** Bytes. */
  size = new Float64Array(1024);
  /** 64-byte credit blocks. */
  blocks = new Int32Array(1024);
  flow = new Int32Array(1024);
  /** Destination host index. */
  dst = new Int32Array(1024);
  /** Creation time (seconds). */
  created = new Float64Array(1024);
  /** Time its tail arrives at the next hop (seconds). */
  tail = new Float64Array(1024);
  /** Global output port in the switch that holds it. */
  out = new Int32Array(1024);
  /** Next packet in the same queue (or the free list). */
  next = new Int32Array(1024);
  /** 1 = carries an ECN/FECN mark. */
  mark = new Uint8Array(1024);
  /** VL of the link the packet is on, or of the input buffer holding it. */
  vl = new Uint8Array(1024);
  /** The flow's (SL's) VL, to which the routing's VL offsets are added. */
  baseVl = new Uint8Array(1024);
  /** VL of the hop it waits for in a switch (the routing's VL offset added). */
  outVl = new Uint8Array(1024);
  /** LID offset of its destination address (multipath: which path). */
  lid = new Uint8Array(1024);
  private freeHead = NONE;
  private used = 0;
  /** Packets allocated and not yet released. */
  live = 0;

  /** A fresh packet number (unlinked, unmarked). */
  alloc(): number {
    let p = this.freeHead;
    if (p !== NONE) {
      this.freeHead = this.next[p]!;
    } else {
      if (this.used === this.size.length) this.grow();
      p = this.used++;
    }
    this.live++;
    this.next[p] = NONE;
    this.mark[p] = 0;
    return p;
  }

  /** Returns packet p to the pool. */
  release(p: number): void {
    this.next[p] = this.freeHead;
    this.freeHead = p;
    this.live--;
  }

  private grow(): void {
    const n = this.size.length * 2;
    this.size = growFloat(this.size, n);
    this.blocks = growInt(this.blocks, n);
    this.flow = growInt(this.flow, n);
    this.dst = growInt(this.dst, n);
    this.created = growFloat(this.created, n);
    this.tail = growFloat(this.tail, n);
    this.out = growInt(this.out, n);
    this.next = growInt(this.next, n);
    const m = new Uint8Array(n);
    m.set(this.mark);
    this.mark = m;
    const grow8 = (a: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> => {
      const b = new Uint8Array(n);
      b.set(a);
      return b;
    };
    this.vl = grow8(this.vl);
    this.baseVl = grow8(this.baseVl);
    this.outVl = grow8(this.outVl);
    this.lid = grow8(this.lid);
  }
}

/**
 * The fabric's packets: a pool of structure-of-arrays records indexed by packet number, grown by
 * doubling and recycled through a free list, so the per-packet path allocates nothing. Each
 * run-time part reads and writes the fields it owns (size, blocks, flow, destination, creation time,
 * tail time, output port, next in its queue, mark, VL).
 */
import { grownFloat64, grownInt32 } from '../../core/arrays.js';
import { NONE } from './compiled.js';

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
    this.size = grownFloat64(this.size, n);
    this.blocks = grownInt32(this.blocks, n);
    this.flow = grownInt32(this.flow, n);
    this.dst = grownInt32(this.dst, n);
    this.created = grownFloat64(this.created, n);
    this.tail = grownFloat64(this.tail, n);
    this.out = grownInt32(this.out, n);
    this.next = grownInt32(this.next, n);
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

/**
 * FIFO queues of packets linked through the pool's `next` field, one head and one tail per queue
 * (NONE when empty): the one queue type of the fabric — the switch's FIFO input VL buffers
 * (switch/inputFifo.ts), its output VL buffers (switch/outputBuffered.ts), the host's per-flow send
 * queues (host/hostAdapter.ts) and per-VL FIFOs (host/hostVlFifo.ts). The VoQs keep their heads and
 * tails in records of their own, beside their request links, for locality (switch/inputVoq.ts).
 */
export class PacketQueues {
  /** Queue q's first packet (NONE: empty). */
  readonly head: Int32Array;
  /** Queue q's last packet (NONE: empty). */
  readonly tail: Int32Array;

  constructor(queues: number) {
    this.head = new Int32Array(queues).fill(NONE);
    this.tail = new Int32Array(queues).fill(NONE);
  }

  /** Appends packet p to queue q; returns whether q was empty. */
  append(q: number, p: number, pool: PacketPool): boolean {
    const next = pool.next;
    next[p] = NONE;
    const tail = this.tail[q]!;
    if (tail === NONE) this.head[q] = p;
    else next[tail] = p;
    this.tail[q] = p;
    return tail === NONE;
  }

  /** Removes and returns queue q's head packet (q is not empty; the packet's `next` is left as it was: append sets it). */
  shift(q: number, pool: PacketPool): number {
    const p = this.head[q]!;
    const n = pool.next[p]!;
    this.head[q] = n;
    if (n === NONE) this.tail[q] = NONE;
    return p;
  }
}

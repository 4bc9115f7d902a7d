/**
 * The fabric's packets: a pool of records indexed by packet number, grown by doubling and recycled
 * through a free list, so the per-packet path allocates nothing. Each run-time part reads and writes
 * the fields it owns (size, blocks, flow, destination, creation time, tail time, output port, next
 * in its queue, mark, VL) through the accessors below. A packet's hop fields lie side by side in one
 * 32-byte record (issue 32: at k = 32 with ~40,000 packets live, thirteen separate arrays cost a
 * cache miss per field a hop reads; session 17: 32 bytes, half a line, where a 64-byte record held
 * fields a hop does not read); what only its creation, its delivery and the forwarding tables' path
 * read (creation time, destination, the flow's VL, the LID offset) is in a 16-byte cold record.
 */
import { NONE } from './compiled.js';
import { lineAlignedBuffer } from './lineAligned.js';

/** Bytes per hot record: the tail time (a double) at 0; 32-bit integers at 8 … 27; bytes at 28 … 31. */
const RECORD = 32;
const F = RECORD / 8;
const I = RECORD / 4;
// double field (index p·F + k)
const TAIL = 0;
// integer fields (index p·I + k); a size is an integer number of bytes (packetSizes.ts, the header's too)
const SIZE = 2;
const BLOCKS = 3;
const FLOW = 4;
const OUT = 5;
const NEXT = 6;
// byte fields (index p·RECORD + k)
const VL = 28;
const OUT_VL = 29;
const HOP = 30;
const MARK = 31;
/** Bytes per cold record: the creation time at 0, the destination at 8 (an integer), bytes at 12 … 13. */
const COLD = 16;
const CF = COLD / 8;
const CI = COLD / 4;
const CREATED = 0;
const DST = 2;
const BASE_VL = 12;
const LID = 13;

/** The packet pool. */
export class PacketPool {
  private f64 = new Float64Array(1024 * F);
  private i32 = new Int32Array(this.f64.buffer);
  private u8 = new Uint8Array(this.f64.buffer);
  private c64 = new Float64Array(1024 * CF);
  private c32 = new Int32Array(this.c64.buffer);
  private c8 = new Uint8Array(this.c64.buffer);
  private freeHead = NONE;
  private used = 0;
  /** Packets allocated and not yet released. */
  live = 0;

  /** Bytes. */
  size(p: number): number {
    return this.i32[p * I + SIZE]!;
  }
  setSize(p: number, x: number): void {
    this.i32[p * I + SIZE] = x;
  }
  /** Creation time (seconds). */
  created(p: number): number {
    return this.c64[p * CF + CREATED]!;
  }
  setCreated(p: number, x: number): void {
    this.c64[p * CF + CREATED] = x;
  }
  /** Time its tail arrives at the next hop (seconds). */
  tail(p: number): number {
    return this.f64[p * F + TAIL]!;
  }
  setTail(p: number, x: number): void {
    this.f64[p * F + TAIL] = x;
  }
  /** 64-byte credit blocks. */
  blocks(p: number): number {
    return this.i32[p * I + BLOCKS]!;
  }
  setBlocks(p: number, x: number): void {
    this.i32[p * I + BLOCKS] = x;
  }
  /** Flow number (host traffic: −1 − source host). */
  flow(p: number): number {
    return this.i32[p * I + FLOW]!;
  }
  setFlow(p: number, x: number): void {
    this.i32[p * I + FLOW] = x;
  }
  /** Destination host index. */
  dst(p: number): number {
    return this.c32[p * CI + DST]!;
  }
  setDst(p: number, x: number): void {
    this.c32[p * CI + DST] = x;
  }
  /** Global output port in the switch that holds it. */
  out(p: number): number {
    return this.i32[p * I + OUT]!;
  }
  setOut(p: number, x: number): void {
    this.i32[p * I + OUT] = x;
  }
  /** Next packet in the same queue (or the free list). */
  next(p: number): number {
    return this.i32[p * I + NEXT]!;
  }
  setNext(p: number, x: number): void {
    this.i32[p * I + NEXT] = x;
  }
  /** 1 = carries an ECN/FECN mark. */
  mark(p: number): number {
    return this.u8[p * RECORD + MARK]!;
  }
  setMark(p: number, x: number): void {
    this.u8[p * RECORD + MARK] = x;
  }
  /** VL of the link the packet is on, or of the input buffer holding it. */
  vl(p: number): number {
    return this.u8[p * RECORD + VL]!;
  }
  setVl(p: number, x: number): void {
    this.u8[p * RECORD + VL] = x;
  }
  /** The flow's (SL's) VL, to which the routing's VL offsets are added. */
  baseVl(p: number): number {
    return this.c8[p * COLD + BASE_VL]!;
  }
  setBaseVl(p: number, x: number): void {
    this.c8[p * COLD + BASE_VL] = x;
  }
  /** VL of the hop it waits for in a switch (the routing's VL offset added). */
  outVl(p: number): number {
    return this.u8[p * RECORD + OUT_VL]!;
  }
  setOutVl(p: number, x: number): void {
    this.u8[p * RECORD + OUT_VL] = x;
  }
  /** LID offset of its destination address (multipath: which path). */
  lid(p: number): number {
    return this.c8[p * COLD + LID]!;
  }
  setLid(p: number, x: number): void {
    this.c8[p * COLD + LID] = x;
  }

  /** Switches passed so far on the flow's path (forwarding.ts's flowPaths). */
  hop(p: number): number {
    return this.u8[p * RECORD + HOP]!;
  }
  setHop(p: number, x: number): void {
    this.u8[p * RECORD + HOP] = x;
  }

  /** A fresh packet number (unlinked, unmarked, at hop 0). */
  alloc(): number {
    let p = this.freeHead;
    if (p !== NONE) {
      this.freeHead = this.i32[p * I + NEXT]!;
    } else {
      if (this.used * F === this.f64.length) this.grow();
      p = this.used++;
    }
    this.live++;
    this.i32[p * I + NEXT] = NONE;
    this.u8[p * RECORD + MARK] = 0;
    this.u8[p * RECORD + HOP] = 0;
    return p;
  }

  /** Returns packet p to the pool. */
  release(p: number): void {
    this.i32[p * I + NEXT] = this.freeHead;
    this.freeHead = p;
    this.live--;
  }

  private grow(): void {
    // Hot records on whole lines from 256 KiB on (lineAligned.ts; session 25: unaligned, every other 32-byte record lay over two lines at k = 32)
    const n = this.f64.length * 2;
    const f64 = new Float64Array(lineAlignedBuffer(n * 8, 1 << 18), 0, n);
    f64.set(this.f64);
    this.f64 = f64;
    this.i32 = new Int32Array(f64.buffer, 0, 2 * n);
    this.u8 = new Uint8Array(f64.buffer, 0, 8 * n);
    const c64 = new Float64Array(this.c64.length * 2);
    c64.set(this.c64);
    this.c64 = c64;
    this.c32 = new Int32Array(c64.buffer);
    this.c8 = new Uint8Array(c64.buffer);
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
    pool.setNext(p, NONE);
    const tail = this.tail[q]!;
    if (tail === NONE) this.head[q] = p;
    else pool.setNext(tail, p);
    this.tail[q] = p;
    return tail === NONE;
  }

  /** Removes and returns queue q's head packet (q is not empty; the packet's `next` is left as it was: append sets it). */
  shift(q: number, pool: PacketPool): number {
    const p = this.head[q]!;
    const n = pool.next(p);
    this.head[q] = n;
    if (n === NONE) this.tail[q] = NONE;
    return p;
  }
}

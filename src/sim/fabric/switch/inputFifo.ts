/**
 * Switch input queueing, FIFO variant: one FIFO per input port and VL (queue q = g·V + v), accounted
 * in credit blocks. The head packet of each non-empty FIFO requests the output its forwarding table
 * named; the requests of each output and VL wait in arrival order in a doubly linked list (the
 * crossbar serves the longest-waiting one whose input port is free). The virtual-output-queue
 * variant is inputVoq.ts. A buffer's fields lie side by side in one record of integers (issue 32:
 * locality; at k = 32 a field per array was a cache miss per field).
 */
import { NONE } from '../compiled.js';
import type { InputQueues } from './inputQueues.js';
import type { PacketPool } from '../packets.js';

// The fields of buffer q's record, at q·R + field.
/** Head and tail packet of the FIFO (NONE: empty). */
const HEAD = 0;
const TAIL = 1;
/** Credit blocks held. */
const BLOCKS = 2;
/** The output that the head packet requests (NONE: none). */
const REQUESTED = 3;
/** Next and previous buffer in the list of requests of the same output and VL. */
const REQ_NEXT = 4;
const REQ_PREV = 5;
/** The VL of the output that the head packet requests (its next hop's VL). */
const REQ_VL = 6;
/** As output port-VL r = out·V + vl (the record of the buffer with that number): first and last request. */
const REQ_HEAD = 7;
const REQ_TAIL = 8;
/** As output port g (the record of buffer g·V, beside its VL 0's requests): bit v set when some head requests g on VL v. */
const REQ_VLS = 9;
/** Integers per record. */
const R = 10;

/** The FIFO input VL buffers of every switch port, with their output requests (queue = buffer). */
export class FifoInputQueues implements InputQueues {
  private readonly V: number;
  private readonly pool: PacketPool;
  /** The records (field k of buffer q at q·R + k). */
  private readonly rec: Int32Array;
  readonly queuesPerPort: number;

  constructor(queues: number, vls: number, pool: PacketPool) {
    this.V = vls;
    this.queuesPerPort = vls;
    this.pool = pool;
    const rec = (this.rec = new Int32Array(queues * R).fill(NONE));
    for (let q = 0; q < queues; q++) {
      rec[q * R + BLOCKS] = 0;
      rec[q * R + REQ_VL] = 0;
      rec[q * R + REQ_VLS] = 0;
    }
  }

  /**
   * Appends packet p (its output already in `pool.out(p)`) to buffer q; when the buffer was empty
   * its request for that output is registered. Returns true if the buffer was empty.
   */
  push(q: number, p: number): boolean {
    const pool = this.pool;
    const rec = this.rec;
    const r = q * R;
    pool.setNext(p, NONE);
    const tail = rec[r + TAIL]!;
    if (tail === NONE) rec[r + HEAD] = p;
    else pool.setNext(tail, p);
    rec[r + TAIL] = p;
    rec[r + BLOCKS]! += pool.blocks(p);
    return tail === NONE;
  }

  /** Registers buffer q's head request once the buffer's arrival bookkeeping is done. */
  request(q: number): void {
    const p = this.rec[q * R + HEAD]!;
    this.register(q, this.pool.out(p), this.pool.outVl(p));
  }

  /** Removes and returns buffer q's head packet; the next packet, if any, requests its output. */
  popHead(q: number): number {
    const pool = this.pool;
    const rec = this.rec;
    const r = q * R;
    const p = rec[r + HEAD]!;
    const next = pool.next(p);
    rec[r + HEAD] = next;
    if (next === NONE) rec[r + TAIL] = NONE;
    this.unregister(q);
    if (next !== NONE) this.register(q, pool.out(next), pool.outVl(next));
    return p;
  }

  headOf(q: number): number {
    return this.rec[q * R + HEAD]!;
  }

  requestOf(q: number): number {
    return this.rec[q * R + REQUESTED]!;
  }

  heads(): Int32Array {
    const n = this.rec.length / R;
    const out = new Int32Array(n);
    for (let q = 0; q < n; q++) out[q] = this.rec[q * R + HEAD]!;
    return out;
  }

  /** Bit v: some buffer's head requests output g on VL v (so the crossbar skips idle VLs). */
  requestedVlsOf(g: number): number {
    return this.rec[g * this.V * R + REQ_VLS]!;
  }

  blocksOf(q: number): number {
    return this.rec[q * R + BLOCKS]!;
  }

  /** The packet's blocks left the buffer (its tail has gone). */
  freed(q: number, blocks: number): void {
    this.rec[q * R + BLOCKS]! -= blocks;
  }

  /** The VL buffer q's head packet waits for at its output (its next hop's VL). */
  requestedVl(q: number): number {
    return this.rec[q * R + REQ_VL]!;
  }

  inputOf(q: number): number {
    return (q / this.V) | 0;
  }

  bufferOf(q: number): number {
    return q;
  }

  firstQueue(g: number): number {
    return g * this.V;
  }

  /** The longest-waiting buffer requesting output g on VL v whose input port is free (NONE: none). */
  firstRequest(g: number, v: number, inBusy: Uint8Array): number {
    const V = this.V;
    const rec = this.rec;
    let r = rec[(g * V + v) * R + REQ_HEAD]!;
    while (r !== NONE && inBusy[(r / V) | 0] !== 0) r = rec[r * R + REQ_NEXT]!;
    return r;
  }

  private register(q: number, out: number, vl: number): void {
    const rec = this.rec;
    const r = (out * this.V + vl) * R;
    const x = q * R;
    rec[x + REQUESTED] = out;
    rec[x + REQ_VL] = vl;
    rec[x + REQ_NEXT] = NONE;
    const tail = rec[r + REQ_TAIL]!;
    rec[x + REQ_PREV] = tail;
    if (tail === NONE) {
      rec[r + REQ_HEAD] = q;
      rec[out * this.V * R + REQ_VLS]! |= 1 << vl;
    } else rec[tail * R + REQ_NEXT] = q;
    rec[r + REQ_TAIL] = q;
  }

  private unregister(q: number): void {
    const rec = this.rec;
    const x = q * R;
    const out = rec[x + REQUESTED]!;
    const vl = rec[x + REQ_VL]!;
    const r = (out * this.V + vl) * R;
    const prev = rec[x + REQ_PREV]!;
    const next = rec[x + REQ_NEXT]!;
    if (prev === NONE) {
      rec[r + REQ_HEAD] = next;
      if (next === NONE) rec[out * this.V * R + REQ_VLS]! &= ~(1 << vl);
    } else rec[prev * R + REQ_NEXT] = next;
    if (next === NONE) rec[r + REQ_TAIL] = prev;
    else rec[next * R + REQ_PREV] = prev;
    rec[x + REQUESTED] = NONE;
  }

  nextRequest(from: number, end: number): number {
    let r = from;
    while (r < end && this.rec[r * R + REQUESTED] === NONE) r++;
    return r;
  }
}

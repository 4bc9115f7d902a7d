/**
 * Switch input queueing, FIFO variant: one FIFO per input port and VL (queue q = g·V + v), accounted
 * in credit blocks. The head packet of each non-empty FIFO requests the output its forwarding table
 * named; the requests of each output and VL wait in arrival order in a doubly linked list (the
 * crossbar serves the longest-waiting one whose input port is free), whose ends are kept in the
 * output port's record (links.ts; {@link OutputRequestRecords}). The virtual-output-queue
 * variant is inputVoq.ts. A buffer's list fields lie side by side in one 16-byte record of integers
 * (issue 32: locality; at k = 32 a field per array was a cache miss per field; session 17: 16 bytes,
 * where 32 held the head's output and VL, which its packet record holds, and the blocks held, which
 * only the tail's end, the credit audit and the marking read: an array of their own).
 */
import { NONE } from '../compiled.js';
import type { InputQueues } from './inputQueues.js';
import type { PacketPool } from '../packets.js';

// The fields of buffer q's record, at q·R + field. A non-empty buffer's head requests its output
// (`pool.out(head)`) on VL `pool.outVl(head)`: registered as soon as it is the head (push, then
// request; popHead), so "the head's request" needs no field of its own.
/** Head and tail packet of the FIFO (NONE: empty). */
const HEAD = 0;
const TAIL = 1;
/** Next and previous buffer in the list of requests of the same output and VL. */
const REQ_NEXT = 2;
const REQ_PREV = 3;
/** Integers per record. */
const R = 4;
/** The record's layout, for measuring aids that walk the buffers from outside (benchmarks/sim-head-times.ts, sim-ready-heads.ts). */
export const FIFO_RECORD = { ints: R, head: HEAD, tail: TAIL, reqNext: REQ_NEXT, reqPrev: REQ_PREV } as const;

/**
 * Where the outputs' side of the requests lives: in the output port's own record (links.ts), beside
 * the link state that the crossbar reads with it (issue 32: at k = 32 a head's arrival and a tail's
 * end each read one record of the output port instead of two). Output port g's bit mask of requested
 * VLs at g·stride + vls; its first and last request on VL v at g·stride + vl0 + perVl·v + head (+ tail).
 */
export interface OutputRequestRecords {
  readonly i32: Int32Array;
  readonly stride: number;
  readonly vls: number;
  readonly vl0: number;
  readonly perVl: number;
  readonly head: number;
  readonly tail: number;
}

/** The FIFO input VL buffers of every switch port, with their output requests (queue = buffer). */
export class FifoInputQueues implements InputQueues {
  private readonly V: number;
  private readonly pool: PacketPool;
  /** The records (field k of buffer q at q·R + k). */
  private readonly rec: Int32Array;
  /** Credit blocks held by buffer q. */
  private readonly blocks: Int32Array;
  readonly queuesPerPort: number;
  /** The outputs' request fields (OutputRequestRecords; fields, not constants, read per use). */
  private readonly out: Int32Array;
  private readonly oStride: number;
  private readonly oVls: number;
  private readonly oHead: number;
  private readonly oPerVl: number;

  /** `outputs`: the output ports' request fields (their first and last requests start NONE, their bits 0). */
  constructor(queues: number, vls: number, pool: PacketPool, outputs: OutputRequestRecords) {
    this.V = vls;
    this.queuesPerPort = vls;
    this.pool = pool;
    this.rec = new Int32Array(queues * R).fill(NONE);
    this.blocks = new Int32Array(queues);
    if (outputs.tail !== outputs.head + 1) throw new Error('OutputRequestRecords: tail must follow head');
    this.out = outputs.i32;
    this.oStride = outputs.stride;
    this.oVls = outputs.vls;
    this.oHead = outputs.vl0 + outputs.head;
    this.oPerVl = outputs.perVl;
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
    this.blocks[q]! += pool.blocks(p);
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
    this.unregister(q, pool.out(p), pool.outVl(p));
    if (next !== NONE) this.register(q, pool.out(next), pool.outVl(next));
    return p;
  }

  headOf(q: number): number {
    return this.rec[q * R + HEAD]!;
  }

  requestOf(q: number): number {
    const p = this.rec[q * R + HEAD]!;
    return p === NONE ? NONE : this.pool.out(p);
  }

  heads(): Int32Array {
    const n = this.rec.length / R;
    const out = new Int32Array(n);
    for (let q = 0; q < n; q++) out[q] = this.rec[q * R + HEAD]!;
    return out;
  }

  /** Bit v: some buffer's head requests output g on VL v (so the crossbar skips idle VLs). */
  requestedVlsOf(g: number): number {
    return this.out[g * this.oStride + this.oVls]!;
  }

  blocksOf(q: number): number {
    return this.blocks[q]!;
  }

  /** The packet's blocks left the buffer (its tail has gone). */
  freed(q: number, blocks: number): void {
    this.blocks[q]! -= blocks;
  }

  /** The VL buffer q's head packet waits for at its output (its next hop's VL). */
  requestedVl(q: number): number {
    const p = this.rec[q * R + HEAD]!;
    return p === NONE ? 0 : this.pool.outVl(p);
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
    let r = this.out[g * this.oStride + this.oHead + this.oPerVl * v]!;
    while (r !== NONE && inBusy[(r / V) | 0] !== 0) r = rec[r * R + REQ_NEXT]!;
    return r;
  }

  private register(q: number, out: number, vl: number): void {
    const rec = this.rec;
    const o = this.out;
    const r = out * this.oStride + this.oHead + this.oPerVl * vl; // head at r, tail at r + 1
    const x = q * R;
    rec[x + REQ_NEXT] = NONE;
    const tail = o[r + 1]!;
    rec[x + REQ_PREV] = tail;
    if (tail === NONE) {
      o[r] = q;
      o[out * this.oStride + this.oVls]! |= 1 << vl;
    } else rec[tail * R + REQ_NEXT] = q;
    o[r + 1] = q;
  }

  /** Buffer q's old head (output `out`, VL `vl`) no longer requests. */
  private unregister(q: number, out: number, vl: number): void {
    const rec = this.rec;
    const o = this.out;
    const x = q * R;
    const r = out * this.oStride + this.oHead + this.oPerVl * vl;
    const prev = rec[x + REQ_PREV]!;
    const next = rec[x + REQ_NEXT]!;
    if (prev === NONE) {
      o[r] = next;
      if (next === NONE) o[out * this.oStride + this.oVls]! &= ~(1 << vl);
    } else rec[prev * R + REQ_NEXT] = next;
    if (next === NONE) o[r + 1] = prev;
    else rec[next * R + REQ_PREV] = prev;
  }

  nextRequest(from: number, end: number): number {
    let r = from;
    while (r < end && this.rec[r * R + HEAD] === NONE) r++;
    return r;
  }
}

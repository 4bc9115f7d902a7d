/**
 * Switch input queueing, FIFO variant: one FIFO per input port and VL (queue q = g·V + v), accounted
 * in credit blocks. The head packet of each non-empty FIFO requests the output its forwarding table
 * named; the requests of each output and VL wait in arrival order in a doubly linked list (the
 * crossbar serves the longest-waiting one whose input port is free). The virtual-output-queue
 * variant is inputVoq.ts.
 */
import { NONE } from '../compiled.js';
import type { InputQueues } from './inputQueues.js';
import { PacketQueues, type PacketPool } from '../packets.js';

/** The FIFO input VL buffers of every switch port, with their output requests (queue = buffer). */
export class FifoInputQueues implements InputQueues {
  private readonly V: number;
  private readonly pool: PacketPool;
  /** The FIFOs (queue q = buffer q). */
  private readonly fifo: PacketQueues;
  /** fifo.head, read on every request. */
  private readonly head: Int32Array;
  /** Credit blocks held per buffer. */
  readonly blocks: Int32Array;
  /** The output that buffer q's head packet requests (NONE: none). */
  private readonly requested: Int32Array;
  private readonly reqNext: Int32Array;
  private readonly reqPrev: Int32Array;
  private readonly reqHead: Int32Array;
  private readonly reqTail: Int32Array;
  /** The VL of the output that buffer q's head packet requests (its next hop's VL). */
  private readonly reqVl: Uint8Array;
  /** Bit v of requestedVls[g]: some buffer's head requests output g on VL v (so the crossbar skips idle VLs). */
  readonly requestedVls: Int32Array;

  readonly queuesPerPort: number;

  constructor(queues: number, vls: number, pool: PacketPool) {
    this.V = vls;
    this.queuesPerPort = vls;
    this.pool = pool;
    this.fifo = new PacketQueues(queues);
    this.head = this.fifo.head;
    this.blocks = new Int32Array(queues);
    this.requested = new Int32Array(queues).fill(NONE);
    this.reqNext = new Int32Array(queues).fill(NONE);
    this.reqPrev = new Int32Array(queues).fill(NONE);
    this.reqHead = new Int32Array(queues).fill(NONE);
    this.reqTail = new Int32Array(queues).fill(NONE);
    this.reqVl = new Uint8Array(queues);
    this.requestedVls = new Int32Array(Math.ceil(queues / vls));
  }

  /**
   * Appends packet p (its output already in `pool.out(p)`) to buffer q; when the buffer was empty
   * its request for that output is registered. Returns true if the buffer was empty.
   */
  push(q: number, p: number): boolean {
    const pool = this.pool;
    const wasEmpty = this.fifo.append(q, p, pool);
    this.blocks[q]! += pool.blocks(p);
    return wasEmpty;
  }

  /** Registers buffer q's head request once the buffer's arrival bookkeeping is done. */
  request(q: number): void {
    const p = this.head[q]!;
    this.register(q, this.pool.out(p), this.pool.outVl(p));
  }

  /** Removes and returns buffer q's head packet; the next packet, if any, requests its output. */
  popHead(q: number): number {
    const pool = this.pool;
    const p = this.fifo.shift(q, pool);
    const next = this.head[q]!;
    this.unregister(q);
    if (next !== NONE) this.register(q, pool.out(next), pool.outVl(next));
    return p;
  }

  headOf(q: number): number {
    return this.head[q]!;
  }

  requestOf(q: number): number {
    return this.requested[q]!;
  }

  heads(): Int32Array {
    return this.head.slice();
  }

  /** The packet's blocks left the buffer (its tail has gone). */
  freed(q: number, blocks: number): void {
    this.blocks[q]! -= blocks;
  }

  /** The VL buffer q's head packet waits for at its output (its next hop's VL). */
  requestedVl(q: number): number {
    return this.reqVl[q]!;
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
    let r = this.reqHead[g * V + v]!;
    while (r !== NONE && inBusy[(r / V) | 0] !== 0) r = this.reqNext[r]!;
    return r;
  }

  private register(q: number, out: number, vl: number): void {
    const r = out * this.V + vl;
    this.requested[q] = out;
    this.reqVl[q] = vl;
    this.reqNext[q] = NONE;
    const tail = this.reqTail[r]!;
    this.reqPrev[q] = tail;
    if (tail === NONE) {
      this.reqHead[r] = q;
      this.requestedVls[out]! |= 1 << vl;
    } else this.reqNext[tail] = q;
    this.reqTail[r] = q;
  }

  private unregister(q: number): void {
    const out = this.requested[q]!;
    const r = out * this.V + this.reqVl[q]!;
    const prev = this.reqPrev[q]!;
    const next = this.reqNext[q]!;
    if (prev === NONE) {
      this.reqHead[r] = next;
      if (next === NONE) this.requestedVls[out]! &= ~(1 << this.reqVl[q]!);
    } else this.reqNext[prev] = next;
    if (next === NONE) this.reqTail[r] = prev;
    else this.reqPrev[next] = prev;
    this.requested[q] = NONE;
  }

  nextRequest(from: number, end: number): number {
    let r = from;
    while (r < end && this.requested[r] === NONE) r++;
    return r;
  }
}

/**
 * Switch input queueing, FIFO variant: one FIFO per input port and VL (buffer b = g·V + v), accounted
 * in credit blocks. The head packet of each non-empty FIFO requests the output its forwarding table
 * named; the requests of each output and VL wait in arrival order in a doubly linked list (the
 * crossbar serves the longest-waiting one whose input port is free), whose ends are kept in the
 * output port's record (links.ts; {@link OutputRequestRecords}). The virtual-output-queue
 * variant is inputVoq.ts.
 *
 * Where a buffer lives (issue 32, session 22): in its input port's wire record (link/portWires.ts),
 * beside the port's peer, switch and delay that an arrival and a credit return read anyway: its
 * list fields (head, tail, next and previous request), its blocks held and (session 23) its
 * occupancy statistics, one 16-integer section per VL. A buffer's *queue number* — what the
 * crossbar, the request lists and the port's current-queue field hold — is the offset of its section
 * in those records, x = (g << shift) + 4 + 16v: a list step, a push or a pop reads the record at x
 * with no multiply, the blocks are at x + 4, and the input port is x >> shift (no division).
 * Before (sessions 13–20) a buffer's fields were a 16-byte record of their own and its blocks an
 * array: with the wire record, three cache misses per arrival at k = 32 where one is left.
 */
import { NONE } from '../compiled.js';
import type { InputQueues } from './inputQueues.js';
import type { PacketPool } from '../packets.js';
import { FIFO_SECTION, SEC_BLOCKS, type PortRecordsIn } from '../link/portWires.js';

// The fields of the buffer at queue number x, at x + field. A non-empty buffer's head requests its
// output (`pool.out(head)`) on VL `pool.outVl(head)`: registered as soon as it is the head (push,
// then request; popHead), so "the head's request" needs no field of its own.
/** Head and tail packet of the FIFO (NONE: empty). */
const HEAD = 0;
const TAIL = 1;
/** Next and previous queue number in the list of requests of the same output and VL. */
const REQ_NEXT = 2;
const REQ_PREV = 3;
/** The list fields' layout, for measuring aids that walk the buffers from outside (benchmarks/sim-head-times.ts, sim-ready-heads.ts): the lists hold queue numbers, each the offset of its fields in `FifoInputQueues.records`. */
export const FIFO_RECORD = { head: HEAD, tail: TAIL, reqNext: REQ_NEXT, reqPrev: REQ_PREV, listHoldsOffsets: true } as const;

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

/** The FIFO input VL buffers of every switch port, with their output requests (a buffer's queue number: its record offset). */
export class FifoInputQueues implements InputQueues {
  private readonly V: number;
  private readonly pool: PacketPool;
  /** The ports' records (portWires.ts), holding the buffers: queue x's field k at x + k. */
  readonly records: Int32Array;
  /** Port g's record at g << SH; VL v's section (its fields, then its blocks held at + SEC_BLOCKS) at + FIFO + 16v. */
  private readonly SH: number;
  private readonly MASK: number;
  private readonly FIFO: number;
  private readonly buffers: number;
  readonly queuesPerPort: number;
  readonly queueStep = FIFO_SECTION;
  /**
   * Per input port, bit v set while its VL v buffer holds a packet (session 24): the end's choices
   * (crossbar.ts) visit only those buffers, so they read the record's line of VL v > 0 only when it
   * holds something (at two VLs VL 1's section lies in the port record's second line: one line of a
   * 3.1 MB set per k = 32 hop before, with VL 1 empty throughout bench:scale).
   */
  private readonly occupied: Uint16Array;
  /** The outputs' request fields (OutputRequestRecords; fields, not constants, read per use). */
  private readonly out: Int32Array;
  private readonly oStride: number;
  private readonly oVls: number;
  private readonly oHead: number;
  private readonly oPerVl: number;

  /** `outputs`: the output ports' request fields (their first and last requests start NONE, their bits 0); `ports`: the input ports' records with V buffers each. */
  constructor(queues: number, vls: number, pool: PacketPool, outputs: OutputRequestRecords, ports: PortRecordsIn) {
    this.V = vls;
    this.queuesPerPort = vls;
    this.pool = pool;
    this.buffers = queues;
    this.records = ports.i32;
    this.SH = ports.shift;
    this.MASK = (1 << ports.shift) - 1;
    this.FIFO = ports.fifo;
    this.occupied = new Uint16Array(queues / vls);
    if ((queues / vls) << ports.shift > ports.i32.length) throw new Error('FifoInputQueues: port records too short for the buffers');
    if (outputs.tail !== outputs.head + 1) throw new Error('OutputRequestRecords: tail must follow head');
    this.out = outputs.i32;
    this.oStride = outputs.stride;
    this.oVls = outputs.vls;
    this.oHead = outputs.vl0 + outputs.head;
    this.oPerVl = outputs.perVl;
  }

  /** The queue number of input port g's VL v buffer (its fields' offset). */
  queueOf(g: number, v: number): number {
    return (g << this.SH) + this.FIFO + FIFO_SECTION * v;
  }

  /** The queue number of buffer b = g·V + v. */
  queueOfBuffer(b: number): number {
    const g = (b / this.V) | 0;
    return this.queueOf(g, b - g * this.V);
  }


  /**
   * Appends packet p (its output already in `pool.out(p)`) to queue x; when the buffer was empty
   * its request for that output is registered. Returns true if the buffer was empty.
   */
  push(x: number, p: number): boolean {
    const pool = this.pool;
    const rec = this.records;
    pool.setNext(p, NONE);
    const tail = rec[x + TAIL]!;
    if (tail === NONE) {
      rec[x + HEAD] = p;
      this.occupied[x >> this.SH]! |= 1 << (((x & this.MASK) - this.FIFO) >> 4);
    } else pool.setNext(tail, p);
    rec[x + TAIL] = p;
    rec[x + SEC_BLOCKS]! += pool.blocks(p);
    return tail === NONE;
  }

  /** Registers queue x's head request once the buffer's arrival bookkeeping is done. */
  request(x: number): void {
    const p = this.records[x + HEAD]!;
    this.register(x, this.pool.out(p), this.pool.outVl(p));
  }

  /** Removes and returns queue x's head packet; the next packet, if any, requests its output. */
  popHead(x: number): number {
    const pool = this.pool;
    const rec = this.records;
    const p = rec[x + HEAD]!;
    const next = pool.next(p);
    rec[x + HEAD] = next;
    if (next === NONE) {
      rec[x + TAIL] = NONE;
      this.occupied[x >> this.SH]! &= ~(1 << (((x & this.MASK) - this.FIFO) >> 4));
    }
    this.unregister(x, pool.out(p), pool.outVl(p));
    if (next !== NONE) this.register(x, pool.out(next), pool.outVl(next));
    return p;
  }

  headOf(x: number): number {
    return this.records[x + HEAD]!;
  }

  requestOf(x: number): number {
    const p = this.records[x + HEAD]!;
    return p === NONE ? NONE : this.pool.out(p);
  }

  /** Every buffer's head packet, by buffer number. */
  heads(): Int32Array {
    const out = new Int32Array(this.buffers);
    for (let b = 0; b < this.buffers; b++) out[b] = this.records[this.queueOfBuffer(b) + HEAD]!;
    return out;
  }

  /** Bit v: some buffer's head requests output g on VL v (so the crossbar skips idle VLs). */
  requestedVlsOf(g: number): number {
    return this.out[g * this.oStride + this.oVls]!;
  }

  /** Blocks held by buffer b (a buffer number: the credit audit's and the marking's). */
  blocksOf(b: number): number {
    return this.records[this.queueOfBuffer(b) + SEC_BLOCKS]!;
  }

  /** The packet's blocks left queue x's buffer (its tail has gone). */
  freed(x: number, blocks: number): void {
    this.records[x + SEC_BLOCKS]! -= blocks;
  }

  /** The VL queue x's head packet waits for at its output (its next hop's VL). */
  requestedVl(x: number): number {
    const p = this.records[x + HEAD]!;
    return p === NONE ? 0 : this.pool.outVl(p);
  }

  inputOf(x: number): number {
    return x >> this.SH;
  }

  bufferOf(x: number): number {
    return (x >> this.SH) * this.V + (((x & this.MASK) - this.FIFO) >> 4);
  }

  firstQueue(g: number): number {
    return (g << this.SH) + this.FIFO;
  }

  occupiedVls(g: number): number {
    return this.occupied[g]!;
  }

  /** The longest-waiting queue requesting output g on VL v whose input port is free (NONE: none). */
  firstRequest(g: number, v: number, inBusy: Uint8Array): number {
    const SH = this.SH;
    const rec = this.records;
    let x = this.out[g * this.oStride + this.oHead + this.oPerVl * v]!;
    while (x !== NONE && inBusy[x >> SH] !== 0) x = rec[x + REQ_NEXT]!;
    return x;
  }

  private register(x: number, out: number, vl: number): void {
    const rec = this.records;
    const o = this.out;
    const r = out * this.oStride + this.oHead + this.oPerVl * vl; // head at r, tail at r + 1
    rec[x + REQ_NEXT] = NONE;
    const tail = o[r + 1]!;
    rec[x + REQ_PREV] = tail;
    if (tail === NONE) {
      o[r] = x;
      o[out * this.oStride + this.oVls]! |= 1 << vl;
    } else rec[tail + REQ_NEXT] = x;
    o[r + 1] = x;
  }

  /** Queue x's old head (output `out`, VL `vl`) no longer requests. */
  private unregister(x: number, out: number, vl: number): void {
    const rec = this.records;
    const o = this.out;
    const r = out * this.oStride + this.oHead + this.oPerVl * vl;
    const prev = rec[x + REQ_PREV]!;
    const next = rec[x + REQ_NEXT]!;
    if (prev === NONE) {
      o[r] = next;
      if (next === NONE) o[out * this.oStride + this.oVls]! &= ~(1 << vl);
    } else rec[prev + REQ_NEXT] = next;
    if (next === NONE) o[r + 1] = prev;
    else rec[next + REQ_PREV] = prev;
  }

  /** The first queue in from … end − 1 (stepping by {@link queueStep} from a queue number) whose head requests, or `end`. */
  nextRequest(from: number, end: number): number {
    let x = from;
    while (x < end && this.records[x + HEAD] === NONE) x += FIFO_SECTION;
    return x < end ? x : end;
  }
}

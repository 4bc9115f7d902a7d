/**
 * Switch input queueing, virtual-output-queue variant (Gran et al.'s `ibuf`: "an input buffer with
 * support for virtual lanes, virtual output queuing (VoQ) and virtual cut through switching"): each
 * input port's VL buffer keeps one FIFO queue per output port of its switch, so a packet waits only
 * behind packets for the same output. The queues of a buffer share its credit blocks (one credit
 * loop per input port and VL, as without VoQ): a buffer full of packets for a congested output still
 * stops its upstream sender — the HoL blocking VoQ cannot remove and IB CC is for.
 *
 * Queue numbers: r = b·M + k for buffer b = g·V + v and output k (0-based port of the switch), M the
 * largest switch radix. The head of every non-empty queue requests its output; the requests of each
 * output and VL wait in arrival order (the crossbar serves the longest-waiting one whose input port
 * is free), as in inputFifo.ts.
 */
import { NONE } from '../compiled.js';
import type { InputQueues } from './inputQueues.js';
import type { PacketPool } from '../packets.js';

/** Int32s per queue record (32 bytes: two records a cache line). */
const REC = 8;
// Fields of queue r's record at r·REC + …
/** Its head packet (NONE: empty). */
const HEAD = 0;
/** Its tail packet. */
const TAIL = 1;
/** The next queue in its output's request list. */
const NEXT = 2;
/** The previous queue in its output's request list. */
const PREV = 3;
/** Its input port · 256 + the VL its head requests. */
const IN_VL = 4;
/** The output port its packets wait for (global number; NONE for a host port's queues). */
const OUT = 5;

/** The VoQ input VL buffers of every switch port, with their output requests. */
export class VoqInputQueues implements InputQueues {
  private readonly V: number;
  private readonly M: number;
  private readonly VM: number;
  private readonly pool: PacketPool;
  private readonly switchBaseOfPort: Int32Array;
  /**
   * Per queue r, one record (see REC and its fields): the queue's head and tail, its links in its
   * output's request list, its input port and requested VL, its output. A push or a pop touches one
   * record where the head, tail-and-links and request arrays were three cache lines (with hotspots
   * ~2 900 packets wait in queues spread over the 2 592 × 36 of the 648-node run, so these are
   * mostly cold).
   */
  private readonly rec: Int32Array;
  readonly blocks: Int32Array;
  readonly queuesPerPort: number;
  private readonly reqHead: Int32Array;
  private readonly reqTail: Int32Array;
  readonly requestedVls: Int32Array;
  /**
   * Bit r (word r >>> 5, bit r & 31) set while queue r requests an output: the crossbar's offer of a
   * freed input port to the outputs its queues wait for visits only those (a port has V·M queues, 36
   * at radix 36, most of them empty; the scan of every one was 5 % of the 648-node run).
   */
  private readonly requestBits: Int32Array;
  /** The queue the last push went to. */
  private lastQueue = NONE;

  /**
   * @param buffers G·V input VL buffers; @param vls V; @param radix M, the most ports of a switch;
   * @param switchBaseOfPort the global number of port 1 of each port's switch (−1 for host ports).
   */
  constructor(buffers: number, vls: number, radix: number, switchBaseOfPort: Int32Array, pool: PacketPool) {
    this.V = vls;
    this.M = radix;
    this.VM = vls * radix;
    this.queuesPerPort = this.VM;
    this.pool = pool;
    this.switchBaseOfPort = switchBaseOfPort;
    const Q = buffers * radix;
    this.rec = new Int32Array(REC * Q).fill(NONE);
    for (let r = 0; r < Q; r++) {
      const g = (r / this.VM) | 0;
      const base = switchBaseOfPort[g]!;
      this.rec[REC * r + IN_VL] = g << 8;
      this.rec[REC * r + OUT] = base < 0 ? NONE : base + (r % radix);
    }
    this.blocks = new Int32Array(buffers);
    this.reqHead = new Int32Array(buffers).fill(NONE);
    this.reqTail = new Int32Array(buffers).fill(NONE);
    this.requestedVls = new Int32Array(Math.ceil(buffers / vls));
    this.requestBits = new Int32Array(Math.ceil(Q / 32));
  }

  push(b: number, p: number): boolean {
    const pool = this.pool;
    const rec = this.rec;
    const out = pool.out(p);
    const r = b * this.M + out - this.switchBaseOfPort[out]!;
    this.lastQueue = r;
    pool.setNext(p, NONE);
    const wasEmpty = rec[REC * r + HEAD] === NONE;
    if (wasEmpty) rec[REC * r + HEAD] = p;
    else pool.setNext(rec[REC * r + TAIL]!, p);
    rec[REC * r + TAIL] = p;
    this.blocks[b]! += pool.blocks(p);
    return wasEmpty;
  }

  request(_b: number): void {
    const r = this.lastQueue;
    this.register(r, this.pool.outVl(this.rec[REC * r + HEAD]!));
  }

  popHead(r: number): number {
    const pool = this.pool;
    const rec = this.rec;
    const p = rec[REC * r + HEAD]!;
    const next = pool.next(p);
    rec[REC * r + HEAD] = next;
    if (next === NONE) rec[REC * r + TAIL] = NONE;
    this.unregister(r);
    if (next !== NONE) this.register(r, pool.outVl(next));
    return p;
  }

  requestedVlsOf(g: number): number {
    return this.requestedVls[g]!;
  }

  blocksOf(b: number): number {
    return this.blocks[b]!;
  }

  headOf(r: number): number {
    return this.rec[REC * r + HEAD]!;
  }

  requestOf(r: number): number {
    // A VoQ queue requests its output exactly while it holds a packet.
    return this.rec[REC * r + HEAD] === NONE ? NONE : this.rec[REC * r + OUT]!;
  }

  heads(): Int32Array {
    // Per input buffer b = g·V + v (its queues r = b·M … b·M + M − 1): the head of its first non-empty queue. In a
    // deadlock every non-empty queue waits for credits of its next buffer, so any one of them is a witness (H39rvsc:
    // the watchdog read these by queue number as buffers before, and found no cycle with VoQ inputs).
    const n = this.rec.length / REC / this.M;
    const head = new Int32Array(n).fill(NONE);
    for (let b = 0; b < n; b++) {
      for (let r = b * this.M; r < (b + 1) * this.M; r++) {
        const p = this.rec[REC * r + HEAD]!;
        if (p !== NONE) {
          head[b] = p;
          break;
        }
      }
    }
    return head;
  }

  freed(r: number, blocks: number): void {
    this.blocks[(r / this.M) | 0]! -= blocks;
  }

  firstRequest(g: number, v: number, inBusy: Uint8Array): number {
    let r = this.reqHead[g * this.V + v]!;
    const rec = this.rec;
    while (r !== NONE && inBusy[rec[REC * r + IN_VL]! >> 8] !== 0) r = rec[REC * r + NEXT]!;
    return r;
  }

  requestedVl(r: number): number {
    return this.rec[REC * r + IN_VL]! & 255;
  }

  readonly queueStep = 1;

  /** push takes the buffer g·V + v. */
  queueOf(g: number, v: number): number {
    return g * this.V + v;
  }

  queueOfBuffer(b: number): number {
    return b;
  }

  inputOf(r: number): number {
    return (r / this.VM) | 0;
  }

  bufferOf(r: number): number {
    return (r / this.M) | 0;
  }

  firstQueue(g: number): number {
    return g * this.VM;
  }

  occupiedVls(_g: number): number {
    return -1;
  }

  nextRequest(from: number, end: number): number {
    const bits = this.requestBits;
    let r = from;
    while (r < end) {
      const word = bits[r >>> 5]! >>> (r & 31);
      // The lowest set bit at or above r, if this word has one.
      if (word !== 0) {
        r += 31 - Math.clz32(word & -word);
        return r < end ? r : end;
      }
      r = (r | 31) + 1;
    }
    return end;
  }

  /** Queue r (its head just became a packet) joins the request list of its output on VL vl. */
  private register(r: number, vl: number): void {
    const rec = this.rec;
    const out = rec[REC * r + OUT]!;
    const list = out * this.V + vl;
    this.requestBits[r >>> 5]! |= 1 << (r & 31);
    rec[REC * r + IN_VL] = (rec[REC * r + IN_VL]! & ~255) | vl;
    rec[REC * r + NEXT] = NONE;
    const tail = this.reqTail[list]!;
    rec[REC * r + PREV] = tail;
    if (tail === NONE) {
      this.reqHead[list] = r;
      this.requestedVls[out]! |= 1 << vl;
    } else rec[REC * tail + NEXT] = r;
    this.reqTail[list] = r;
  }

  private unregister(r: number): void {
    const rec = this.rec;
    const out = rec[REC * r + OUT]!;
    const vl = rec[REC * r + IN_VL]! & 255;
    const list = out * this.V + vl;
    const prev = rec[REC * r + PREV]!;
    const next = rec[REC * r + NEXT]!;
    if (prev === NONE) {
      this.reqHead[list] = next;
      if (next === NONE) this.requestedVls[out]! &= ~(1 << vl);
    } else rec[REC * prev + NEXT] = next;
    if (next === NONE) this.reqTail[list] = prev;
    else rec[REC * next + PREV] = prev;
    this.requestBits[r >>> 5]! &= ~(1 << (r & 31));
  }
}

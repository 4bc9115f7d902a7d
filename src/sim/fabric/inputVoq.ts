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
import { NONE } from './compiled.js';
import type { InputQueues } from './inputQueues.js';
import type { PacketPool } from './packets.js';

/** The VoQ input VL buffers of every switch port, with their output requests. */
export class VoqInputQueues implements InputQueues {
  private readonly V: number;
  private readonly M: number;
  private readonly VM: number;
  private readonly pool: PacketPool;
  private readonly switchBaseOfPort: Int32Array;
  readonly head: Int32Array;
  /**
   * Per queue r, side by side (one cache line where six arrays of G·V·M entries were): [4r] its
   * tail packet, [4r + 1] and [4r + 2] the next and previous queue in its output's request list,
   * [4r + 3] its input port · 256 + the VL its head requests.
   */
  private readonly link: Int32Array;
  readonly blocks: Int32Array;
  readonly requested: Int32Array;
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
    this.head = new Int32Array(Q).fill(NONE);
    this.link = new Int32Array(4 * Q).fill(NONE);
    for (let r = 0; r < Q; r++) this.link[4 * r + 3] = ((r / this.VM) | 0) << 8;
    this.blocks = new Int32Array(buffers);
    this.requested = new Int32Array(Q).fill(NONE);
    this.reqHead = new Int32Array(buffers).fill(NONE);
    this.reqTail = new Int32Array(buffers).fill(NONE);
    this.requestedVls = new Int32Array(Math.ceil(buffers / vls));
    this.requestBits = new Int32Array(Math.ceil(Q / 32));
  }

  push(b: number, p: number): boolean {
    const pool = this.pool;
    const out = pool.out[p]!;
    const r = b * this.M + out - this.switchBaseOfPort[out]!;
    this.lastQueue = r;
    pool.next[p] = NONE;
    const wasEmpty = this.head[r] === NONE;
    if (wasEmpty) this.head[r] = p;
    else pool.next[this.link[4 * r]!] = p;
    this.link[4 * r] = p;
    this.blocks[b]! += pool.blocks[p]!;
    return wasEmpty;
  }

  request(_b: number): void {
    const r = this.lastQueue;
    const p = this.head[r]!;
    this.register(r, this.pool.out[p]!, this.pool.outVl[p]!);
  }

  popHead(r: number): number {
    const pool = this.pool;
    const p = this.head[r]!;
    const next = pool.next[p]!;
    this.head[r] = next;
    if (next === NONE) this.link[4 * r] = NONE;
    this.unregister(r);
    if (next !== NONE) this.register(r, pool.out[next]!, pool.outVl[next]!);
    return p;
  }

  freed(r: number, blocks: number): void {
    this.blocks[(r / this.M) | 0]! -= blocks;
  }

  firstRequest(g: number, v: number, inBusy: Uint8Array): number {
    let r = this.reqHead[g * this.V + v]!;
    const link = this.link;
    while (r !== NONE && inBusy[link[4 * r + 3]! >> 8] !== 0) r = link[4 * r + 1]!;
    return r;
  }

  requestedVl(r: number): number {
    return this.link[4 * r + 3]! & 255;
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

  private register(r: number, out: number, vl: number): void {
    const link = this.link;
    const list = out * this.V + vl;
    this.requested[r] = out;
    this.requestBits[r >>> 5]! |= 1 << (r & 31);
    link[4 * r + 3] = (link[4 * r + 3]! & ~255) | vl;
    link[4 * r + 1] = NONE;
    const tail = this.reqTail[list]!;
    link[4 * r + 2] = tail;
    if (tail === NONE) {
      this.reqHead[list] = r;
      this.requestedVls[out]! |= 1 << vl;
    } else link[4 * tail + 1] = r;
    this.reqTail[list] = r;
  }

  private unregister(r: number): void {
    const link = this.link;
    const out = this.requested[r]!;
    const vl = link[4 * r + 3]! & 255;
    const list = out * this.V + vl;
    const prev = link[4 * r + 2]!;
    const next = link[4 * r + 1]!;
    if (prev === NONE) {
      this.reqHead[list] = next;
      if (next === NONE) this.requestedVls[out]! &= ~(1 << vl);
    } else link[4 * prev + 1] = next;
    if (next === NONE) this.reqTail[list] = prev;
    else link[4 * next + 2] = prev;
    this.requested[r] = NONE;
    this.requestBits[r >>> 5]! &= ~(1 << (r & 31));
  }
}

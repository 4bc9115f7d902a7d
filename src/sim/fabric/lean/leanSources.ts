/**
 * The lean engine's sources (docs/fabric.md § the lean engine): each flow's arrivals and its send queue
 * at its host, as the standard host adapter (host/hostAdapter.ts) runs one flow of a host — the same
 * draws (the flow's compiled arrival process for its first gap, then host/flowTable.ts's inline
 * Poisson draws, poissonGapAt, on the same generator state), the same send-queue limit (the packet in
 * transmission counted until its tail has left) and the same refusals. Touched once per packet at its
 * source, never per hop: one 64-byte record per flow holds what a generation, a send and a send's end
 * read — the draws, the stop time, the queue and its counts (benchmarks/README.md twentieth pass: FlowTable's
 * 64-byte record and a 32-byte queue record before, two lines a packet). A queued packet is a 16-byte slot of
 * the sources' own pool (its creation time and the next slot); it becomes a packet record of leanRecords.ts's
 * pool when it leaves its host (pop), so that pool holds only the packets in the network, which every hop
 * reads, and not the packets waiting in send queues — at bench:scale's k = 32 more than half of all, each
 * touched only when it joins and leaves its queue.
 */
import { adoptableState, poissonGapAt } from '../host/flowTable.js';
import { lineAlignedBuffer } from '../lineAligned.js';
import type { LeanCompiled } from './leanBuild.js';
import type { LeanPackets } from './leanRecords.js';

/**
 * Flow f's source record, 16 integers at 16f (doubles at 8f + field; on whole lines from 256 KiB on, lineAligned.ts, as
 * FlowTable's):
 * | double 0 | the Poisson rate (1/s) once the flow's generator state is here ({@link LeanSources.nextGap}), 0 before |
 * | double 1 | the stop time (s) |
 * | integers 4–7 | the generator's state (s01, s00, s11, s10) |
 * | integers 8–13 | first and last queued packet (−1: none), packets held (the one in transmission included), the queue's limit, packets offered, refused |
 * | integer 14 | its host's port |
 * The limit is the flow's sendQueuePackets, Infinity held as 2^31 − 1: a count of 2^31 − 1 packets would need
 * ~48 GiB of packet records, so the comparison's result is the same.
 */
const D_RATE = 0;
const D_STOP = 1;
const I_STATE = 4;
const Q_HEAD = 8;
const Q_TAIL = 9;
const Q_COUNT = 10;
const Q_LIMIT = 11;
const Q_OFFERED = 12;
const Q_DROPS = 13;
const Q_PORT = 14;

/** Every flow's send queue and arrival draws. */
export class LeanSources {
  private readonly c: LeanCompiled;
  private readonly q: Int32Array;
  private readonly d: Float64Array;
  /** The queued packets' slots, 16 bytes each, reused last in, first out: creation time (s) at double 2x, the next slot (−1: none) at integer 4x + 2. */
  private slotF: Float64Array;
  private slotI: Int32Array;
  private slotFree = -1;
  private slotUsed = 0;

  constructor(c: LeanCompiled) {
    this.c = c;
    const F = c.flows.length;
    const buffer = lineAlignedBuffer(64 * F, 1 << 18);
    this.q = new Int32Array(buffer, 0, 16 * F);
    this.d = new Float64Array(buffer, 0, 8 * F);
    const slots = new ArrayBuffer(16 * Math.max(16, 4 * F));
    this.slotF = new Float64Array(slots);
    this.slotI = new Int32Array(slots);
    for (let f = 0; f < F; f++) {
      const flow = c.flows[f]!.compiled;
      this.d[8 * f + D_STOP] = flow.stop;
      this.q[16 * f + Q_HEAD] = -1;
      this.q[16 * f + Q_TAIL] = -1;
      this.q[16 * f + Q_LIMIT] = Math.min(flow.sendQueuePackets, 0x7fffffff);
      this.q[16 * f + Q_PORT] = c.hostBase + c.flows[f]!.source;
    }
  }

  /** Whether flow f offers no more packets at `now` (its stop time has come). */
  stopped(f: number, now: number): boolean {
    return now >= this.d[8 * f + D_STOP]!;
  }

  /**
   * Flow f's gap to its next arrival (s), as hostAdapter.ts's onGenerate draws it (one packet an arrival: Poisson and
   * constant-rate arrivals have no batches): the first from the flow's arrival process, the next ones, when that is
   * Poisson arrivals on the fabric's streams, from its generator's state taken into the record (FlowTable's way).
   */
  nextGap(f: number): number {
    const rate = this.d[8 * f + D_RATE]!;
    if (rate > 0) return poissonGapAt(this.q, 16 * f + I_STATE, rate);
    const arrivals = this.c.flows[f]!.compiled.arrivals!;
    const gap = arrivals.next();
    const s = adoptableState(arrivals);
    if (s !== null) {
      const r = 16 * f + I_STATE;
      (this.q[r] = s[0]!), (this.q[r + 1] = s[1]!), (this.q[r + 2] = s[2]!), (this.q[r + 3] = s[3]!);
      this.d[8 * f + D_RATE] = (arrivals as { rate: number }).rate;
    }
    return gap;
  }

  /** A packet arrives at flow f's send queue at `now` (refused when full: a source drop). */
  newPacket(f: number, now: number): void {
    const q = this.q;
    const r = 16 * f;
    q[r + Q_OFFERED]!++;
    if (q[r + Q_COUNT]! >= q[r + Q_LIMIT]!) {
      q[r + Q_DROPS]!++;
      return;
    }
    let x = this.slotFree;
    if (x >= 0) this.slotFree = this.slotI[4 * x + 2]!;
    else {
      if (4 * this.slotUsed === this.slotI.length) this.growSlots();
      x = this.slotUsed++;
    }
    const S = this.slotI;
    this.slotF[2 * x] = now;
    S[4 * x + 2] = -1;
    const t = q[r + Q_TAIL]!;
    if (t < 0) q[r + Q_HEAD] = x;
    else S[4 * t + 2] = x;
    q[r + Q_TAIL] = x;
    q[r + Q_COUNT]!++;
  }

  private growSlots(): void {
    const bigger = new ArrayBuffer(this.slotI.byteLength * 2);
    new Int32Array(bigger).set(this.slotI);
    this.slotI = new Int32Array(bigger);
    this.slotF = new Float64Array(bigger);
  }

  /** Flow f's host port. */
  port(f: number): number {
    return this.q[16 * f + Q_PORT]!;
  }

  /** Flow f's head packet's slot (−1: none queued). */
  head(f: number): number {
    return this.q[16 * f + Q_HEAD]!;
  }

  /**
   * Takes flow f's head packet (the queue not empty) for transmission: a packet record of `packets` (hop 0, its creation
   * time) in place of its slot; it stays counted until its tail leaves ({@link sent}).
   */
  pop(f: number, packets: LeanPackets): number {
    const q = this.q;
    const x = q[16 * f + Q_HEAD]!;
    const S = this.slotI;
    const next = S[4 * x + 2]!;
    q[16 * f + Q_HEAD] = next;
    if (next < 0) q[16 * f + Q_TAIL] = -1;
    const p = packets.alloc();
    packets.i32[6 * p] = f << 8;
    packets.f64[3 * p + 1] = this.slotF[2 * x]!;
    S[4 * x + 2] = this.slotFree;
    this.slotFree = x;
    return p;
  }

  /** Flow f's packet in transmission has left its host. */
  sent(f: number): void {
    this.q[16 * f + Q_COUNT]!--;
  }

  /** Packets offered to flow f and refused since the last {@link resetCounts}. */
  offered(f: number): number {
    return this.q[16 * f + Q_OFFERED]!;
  }

  refused(f: number): number {
    return this.q[16 * f + Q_DROPS]!;
  }

  /** The statistics' reset: offered and refused start again. */
  resetCounts(): void {
    for (let r = 0; r < this.q.length; r += 16) this.q[r + Q_OFFERED] = this.q[r + Q_DROPS] = 0;
  }
}

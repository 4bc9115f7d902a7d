/**
 * The lean engine's sources (docs/fabric.md § the lean engine): each flow's arrivals and its send queue
 * at its host, as the standard host adapter (host/hostAdapter.ts) runs one flow of a host — the same
 * draws (the flow's compiled arrival process for its first gap, then host/flowTable.ts's inline
 * Poisson draws, poissonGapAt, on the same generator state), the same send-queue limit (the packet in
 * transmission counted until its tail has left) and the same refusals. Touched once per packet at its
 * source, never per hop: one 64-byte record per flow holds what a generation, a send and a send's end
 * read — the draws, the stop time, the queue and its counts (benchmarks/README.md twentieth pass: FlowTable's
 * 64-byte record and a 32-byte queue record before, two lines a packet).
 */
import { adoptableState, poissonGapAt } from '../host/flowTable.js';
import { lineAlignedBuffer } from '../lineAligned.js';
import type { LeanCompiled } from './leanBuild.js';
import type { LeanPackets } from './leanRecords.js';
import { LeanRings } from './leanRings.js';

/**
 * Flow f's source record, 16 integers at 16f (doubles at 8f + field; on whole lines from 256 KiB on, lineAligned.ts, as
 * FlowTable's):
 * | double 0 | the Poisson rate (1/s) once the flow's generator state is here ({@link LeanSources.nextGap}), 0 before |
 * | double 1 | the stop time (s) |
 * | integers 4–7 | the generator's state (s01, s00, s11, s10) |
 * | integers 8–13 | its ring of queued creation times (leanRings.ts's handle; −1: none yet), the ring's first, packets held (the one in transmission included), the queue's limit, packets offered, refused |
 * | integer 14 | its host's port |
 * | integer 15 | packets queued (held and not in transmission) |
 * The limit is the flow's sendQueuePackets, Infinity held as 2^31 − 1: a count of 2^31 − 1 packets would need
 * ~48 GiB of packet records, so the comparison's result is the same.
 */
const D_RATE = 0;
const D_STOP = 1;
const I_STATE = 4;
const Q_RING = 8;
const Q_FIRST = 9;
const Q_COUNT = 10;
const Q_LIMIT = 11;
const Q_OFFERED = 12;
const Q_DROPS = 13;
const Q_PORT = 14;
const Q_WAITING = 15;

/** Every flow's send queue and arrival draws. */
export class LeanSources {
  private readonly c: LeanCompiled;
  private readonly q: Int32Array;
  private readonly d: Float64Array;
  /** The flows' rings of queued creation times. */
  private readonly rings = new LeanRings();

  constructor(c: LeanCompiled) {
    this.c = c;
    const F = c.flows.length;
    const buffer = lineAlignedBuffer(64 * F, 1 << 18);
    this.q = new Int32Array(buffer, 0, 16 * F);
    this.d = new Float64Array(buffer, 0, 8 * F);
    for (let f = 0; f < F; f++) {
      const flow = c.flows[f]!.compiled;
      this.d[8 * f + D_STOP] = flow.stop;
      this.q[16 * f + Q_RING] = -1;
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

  /** A packet arrives at flow f's send queue at `now` (refused when full: a source drop); its creation time joins the flow's ring. */
  newPacket(f: number, now: number): void {
    const q = this.q;
    const r = 16 * f;
    q[r + Q_OFFERED]!++;
    if (q[r + Q_COUNT]! >= q[r + Q_LIMIT]!) {
      q[r + Q_DROPS]!++;
      return;
    }
    const waiting = q[r + Q_WAITING]!;
    let ring = q[r + Q_RING]!;
    if (ring < 0 || waiting === this.rings.capacity(ring)) {
      ring = q[r + Q_RING] = this.rings.grow(ring, q[r + Q_FIRST]!, waiting);
      q[r + Q_FIRST] = 0;
    }
    this.rings.t[this.rings.at(ring, q[r + Q_FIRST]! + waiting)] = now;
    q[r + Q_WAITING] = waiting + 1;
    q[r + Q_COUNT]!++;
  }

  /** Flow f's host port. */
  port(f: number): number {
    return this.q[16 * f + Q_PORT]!;
  }

  /** Packets queued at flow f's source (not in transmission). */
  waiting(f: number): number {
    return this.q[16 * f + Q_WAITING]!;
  }

  /**
   * Takes flow f's first queued packet (the queue not empty) for transmission at `now`: a record of the pool (hop 0, its
   * creation time, its tail time `now`); it stays counted in the queue until its tail leaves ({@link sent}).
   */
  pop(f: number, packets: LeanPackets, now: number): number {
    const q = this.q;
    const r = 16 * f;
    const ring = q[r + Q_RING]!;
    const first = q[r + Q_FIRST]!;
    const created = this.rings.t[this.rings.at(ring, first)]!;
    q[r + Q_FIRST] = (first + 1) & (this.rings.capacity(ring) - 1);
    q[r + Q_WAITING]!--;
    const p = packets.alloc();
    packets.i32[6 * p] = f << 8;
    packets.f64[3 * p + 1] = created;
    packets.f64[3 * p + 2] = now;
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

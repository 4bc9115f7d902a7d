/**
 * The lean engine's sources (docs/fabric.md § the lean engine): each flow's arrivals and its send queue
 * at its host, as the standard host adapter (host/hostAdapter.ts) runs one flow of a host — the same
 * draws (the flow's compiled arrival process for its first gap, then host/flowTable.ts's inline
 * Poisson draws on the same generator state), the same send-queue limit (the packet in transmission
 * counted until its tail has left) and the same refusals. Touched once per packet at its source, never
 * per hop: a generation reads the flow's FlowTable record (its draws, stop time and queue limit) and
 * its queue record here (one line each).
 */
import { FlowTable } from '../host/flowTable.js';
import type { LeanCompiled } from './leanBuild.js';
import type { LeanPackets } from './leanRecords.js';

/** Flow f's queue record, 8 integers at 8f: first and last queued packet (−1: none), packets held (the one in transmission included), packets offered, refused, its host's port (integer 5 unused: a packet's size is read from leanFabric.ts's per-flow table). */
const Q_HEAD = 0;
const Q_TAIL = 1;
const Q_COUNT = 2;
const Q_OFFERED = 3;
const Q_DROPS = 4;
const Q_PORT = 6;

/** Every flow's send queue and arrival draws. */
export class LeanSources {
  private readonly c: LeanCompiled;
  private readonly table: FlowTable;
  private readonly q: Int32Array;

  constructor(c: LeanCompiled) {
    this.c = c;
    const F = c.flows.length;
    this.table = new FlowTable({ flows: c.flows.map((f) => f.compiled), headerBytes: 0 });
    this.q = new Int32Array(8 * F);
    for (let f = 0; f < F; f++) {
      this.q[8 * f + Q_HEAD] = -1;
      this.q[8 * f + Q_TAIL] = -1;
      this.q[8 * f + Q_PORT] = c.hostBase + c.flows[f]!.source;
    }
  }

  /** Whether flow f offers no more packets at `now` (its stop time has come). */
  stopped(f: number, now: number): boolean {
    return now >= this.table.stop(f);
  }

  /** Flow f's gap to its next arrival (s), as hostAdapter.ts's onGenerate draws it (one packet an arrival: Poisson and constant-rate arrivals have no batches). */
  nextGap(f: number): number {
    const table = this.table;
    if (table.owns(f)) return table.gap(f);
    const arrivals = this.c.flows[f]!.compiled.arrivals!;
    const gap = arrivals.next();
    table.adopt(f, arrivals);
    return gap;
  }

  /** A packet arrives at flow f's send queue at `now` (refused when full: a source drop). */
  newPacket(f: number, now: number, packets: LeanPackets): void {
    const q = this.q;
    const r = 8 * f;
    q[r + Q_OFFERED]!++;
    if (q[r + Q_COUNT]! >= this.table.queueLimit(f)) {
      q[r + Q_DROPS]!++;
      return;
    }
    const p = packets.alloc();
    const P = packets.i32;
    P[6 * p] = f << 8;
    P[6 * p + 1] = -1;
    packets.f64[3 * p + 1] = now;
    const t = q[r + Q_TAIL]!;
    if (t < 0) q[r + Q_HEAD] = p;
    else P[6 * t + 1] = p;
    q[r + Q_TAIL] = p;
    q[r + Q_COUNT]!++;
  }

  /** Flow f's host port. */
  port(f: number): number {
    return this.q[8 * f + Q_PORT]!;
  }

  /** Flow f's head packet (−1: none queued). */
  head(f: number): number {
    return this.q[8 * f + Q_HEAD]!;
  }

  /** Takes flow f's head packet (the queue not empty) for transmission; it stays counted until its tail leaves ({@link sent}). */
  pop(f: number, packets: LeanPackets): number {
    const q = this.q;
    const p = q[8 * f + Q_HEAD]!;
    const next = packets.i32[6 * p + 1]!;
    q[8 * f + Q_HEAD] = next;
    if (next < 0) q[8 * f + Q_TAIL] = -1;
    return p;
  }

  /** Flow f's packet in transmission has left its host. */
  sent(f: number): void {
    this.q[8 * f + Q_COUNT]!--;
  }

  /** Packets offered to flow f and refused since the last {@link resetCounts}. */
  offered(f: number): number {
    return this.q[8 * f + Q_OFFERED]!;
  }

  refused(f: number): number {
    return this.q[8 * f + Q_DROPS]!;
  }

  /** The statistics' reset: offered and refused start again. */
  resetCounts(): void {
    for (let r = 0; r < this.q.length; r += 8) this.q[r + Q_OFFERED] = this.q[r + Q_DROPS] = 0;
  }
}

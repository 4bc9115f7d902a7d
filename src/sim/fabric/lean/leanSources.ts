/**
 * The lean engine's sources (docs/fabric.md § the lean engine): each flow's arrivals and its send queue
 * at its host, as the standard host adapter (host/hostAdapter.ts) runs one flow of a host — the same
 * draws (the flow's compiled arrival process for its first gap, then host/flowTable.ts's inline
 * Poisson draws on the same generator state), the same send-queue limit (the packet in transmission
 * counted until its tail has left) and the same refusals. Touched once per packet at its source, never
 * per hop.
 */
import { FlowTable } from '../host/flowTable.js';
import type { LeanCompiled } from './leanBuild.js';
import type { LeanPackets } from './leanRecords.js';
import type { LeanStats } from './leanMeasure.js';

/** Every flow's send queue and arrival draws. */
export class LeanSources {
  private readonly c: LeanCompiled;
  private readonly table: FlowTable;
  /** Per flow: first and last queued packet (−1: none), packets held (the one in transmission included). */
  readonly head: Int32Array;
  private readonly tail: Int32Array;
  readonly count: Int32Array;
  /** Per flow: send-queue capacity (packets; may be Infinity), stop time (s), wire bytes. */
  private readonly limit: Float64Array;
  readonly stop: Float64Array;
  private readonly bytes: Int32Array;

  constructor(c: LeanCompiled) {
    this.c = c;
    const F = c.flows.length;
    this.table = new FlowTable({ flows: c.flows.map((f) => f.compiled), headerBytes: 0 });
    this.head = new Int32Array(F).fill(-1);
    this.tail = new Int32Array(F).fill(-1);
    this.count = new Int32Array(F);
    this.limit = Float64Array.from(c.flows, (f) => f.compiled.sendQueuePackets);
    this.stop = Float64Array.from(c.flows, (f) => f.compiled.stop);
    this.bytes = Int32Array.from(c.flows, (f) => f.bytes);
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
  newPacket(f: number, now: number, packets: LeanPackets, stats: LeanStats): void {
    stats.offered[f]!++;
    if (this.count[f]! >= this.limit[f]!) {
      stats.drops[f]!++;
      return;
    }
    const p = packets.alloc();
    const P = packets.i32;
    P[8 * p] = f;
    P[8 * p + 1] = this.bytes[f]! << 8;
    P[8 * p + 2] = -1;
    packets.f64[4 * p + 2] = now;
    const t = this.tail[f]!;
    if (t < 0) this.head[f] = p;
    else P[8 * t + 2] = p;
    this.tail[f] = p;
    this.count[f]!++;
  }

  /** Takes flow f's head packet (the queue not empty) for transmission; it stays counted until its tail leaves ({@link sent}). */
  pop(f: number, packets: LeanPackets): number {
    const p = this.head[f]!;
    const next = packets.i32[8 * p + 2]!;
    this.head[f] = next;
    if (next < 0) this.tail[f] = -1;
    return p;
  }

  /** Flow f's packet in transmission has left its host. */
  sent(f: number): void {
    this.count[f]!--;
  }
}

/**
 * The lean engine's measurements (docs/fabric.md § the lean engine): what the `fabric` scenario reports
 * — per flow throughput, mean latency and source loss, per port utilization and credit-stall time, the
 * packet-hops — kept off the hop: a port's bytes sent and stall flag live in its link record
 * (leanRecords.ts); the tables here are touched only at a packet's ends (its source, its delivery) or
 * when a stall begins or ends. The arithmetic is the standard engine's where it is the same figure:
 * the latency's mean by Welford's update in the same order as flowRecorders.ts (so equal runs give equal
 * means), the busy time counted whole when a transmission starts. One difference of rounding only: a
 * port's busy time is its bytes over its rate (plus any cut-through stretch), where the standard engine
 * adds each transmission's end − start.
 */
import type { LeanCompiled } from './leanBuild.js';
import { CLASS_SHIFT, STALL, W_BYTES, W_MISC, type LeanFlowRecords } from './leanRecords.js';

/** One flow's figures over the measurement window. */
export interface LeanFlowFigures {
  readonly name: string;
  readonly delivered: number;
  /** Delivered data rate, Gb/s. */
  readonly throughputGbps: number;
  /** Mean latency from creation to tail delivery, µs (NaN with nothing delivered). */
  readonly meanLatencyUs: number;
  readonly offered: number;
  readonly sourceDrops: number;
}

/** One port's figures over the measurement window. */
export interface LeanPortFigures {
  readonly name: string;
  /** Fraction of the window the transmitter was busy (a transmission counted whole when it starts). */
  readonly utilization: number;
  /** Time (s) the transmitter was idle with a packet waiting only for credits. */
  readonly creditStallTime: number;
}

/** The lean engine's measurements: the standard engine's names for the figures it has. */
export interface LeanMeasurements {
  readonly duration: number;
  readonly packetHops: number;
  /** Events handled in the whole run (a credit return folded into its sender's end and a deferred choice count as one each). */
  readonly events: number;
  readonly flows: readonly LeanFlowFigures[];
  readonly ports: readonly LeanPortFigures[];
}

/** The recorders of one lean run (indices: port g, flow f). */
export class LeanStats {
  private readonly c: LeanCompiled;
  /** Per flow: delivered and mean latency, in the flow's per-hop record (leanRecords.ts); bytes, delivered × size. (Offered and refused: the sources' records.) */
  private readonly flowRec: LeanFlowRecords;
  /**
   * Per port g: since when a credit stall lasts (at 2g; its flag in the record) and the stall time ended so far (2g + 1),
   * side by side so that a stall's end reads one line (benchmarks/README.md twentieth pass); then busy time beyond
   * bytes/rate (cut-through stretch) and the bytes count's wraps.
   */
  private readonly stall: Float64Array;
  readonly stretch: Float64Array;
  readonly bytesWrapped: Float64Array;
  measureStart = 0;
  /** Packet-hops since the reset. */
  hops = 0;

  constructor(c: LeanCompiled, flowRecords: LeanFlowRecords) {
    this.c = c;
    this.flowRec = flowRecords;
    this.stall = new Float64Array(2 * c.ports);
    this.stretch = new Float64Array(c.ports);
    this.bytesWrapped = new Float64Array(c.ports);
  }

  /** A packet of flow f delivered with latency `latencyUs`: the Tally's Welford update, as flowRecorders.ts. */
  delivered(f: number, latencyUs: number): void {
    const { i32, f64, shift } = this.flowRec;
    const n = ++i32[(f << shift) + 1]!;
    const m = (f << (shift - 1)) + 1;
    f64[m]! += (latencyUs - f64[m]!) / n;
  }

  /** Port g (record R) idle with a packet waiting only for credits, from `now` unless it already was. */
  stallBegins(R: Int32Array, g: number, now: number): void {
    R[8 * g + W_MISC]! |= STALL;
    this.stall[2 * g] = now;
  }

  /** Port g sends at `now`: its credit stall (its flag set) ends. */
  stallEnds(R: Int32Array, g: number, now: number): void {
    R[8 * g + W_MISC]! &= ~STALL;
    this.stall[2 * g + 1]! += now - this.stall[2 * g]!;
  }

  /** Ends the warm-up at `now`: every recorder starts again (a stall in progress counts from now). */
  reset(R: Int32Array, now: number): void {
    this.measureStart = now;
    this.hops = 0;
    const { i32, f64, shift } = this.flowRec;
    for (let f = 0; f < this.c.flows.length; f++) (i32[(f << shift) + 1] = 0), (f64[(f << (shift - 1)) + 1] = 0);
    for (let g = 0; g < this.c.ports; g++) this.stall[2 * g + 1] = 0;
    this.stretch.fill(0);
    this.bytesWrapped.fill(0);
    for (let g = 0; g < this.c.ports; g++) {
      R[8 * g + W_BYTES] = 0;
      if ((R[8 * g + W_MISC]! & STALL) !== 0) this.stall[2 * g] = now;
    }
  }

  /** The figures since the reset, at `now`; `events` as {@link LeanMeasurements} counts them; each flow's packets offered and refused (the sources' counts). */
  measurements(R: Int32Array, now: number, events: number, offered: (f: number) => number, refused: (f: number) => number): LeanMeasurements {
    const c = this.c;
    const duration = now - this.measureStart;
    const flows = c.flows.map((flow, f): LeanFlowFigures => {
      const { i32, f64, shift } = this.flowRec;
      const n = i32[(f << shift) + 1]!;
      return {
        name: flow.name,
        delivered: n,
        throughputGbps: duration > 0 ? (n * flow.bytes * 8) / duration / 1e9 : 0,
        meanLatencyUs: n > 0 ? f64[(f << (shift - 1)) + 1]! : NaN,
        offered: offered(f),
        sourceDrops: refused(f),
      };
    });
    const ports: LeanPortFigures[] = [];
    for (let g = 0; g < c.ports; g++) {
      if (c.peer[g]! < 0) continue;
      const misc = R[8 * g + W_MISC]!;
      const busy = ((R[8 * g + W_BYTES]! >>> 0) + this.bytesWrapped[g]!) / c.classRate[misc >>> CLASS_SHIFT]! + this.stretch[g]!;
      const stall = this.stall[2 * g + 1]! + ((misc & STALL) !== 0 ? now - this.stall[2 * g]! : 0);
      ports.push({ name: c.portNames[g]!, utilization: duration > 0 ? Math.min(1, busy / duration) : 0, creditStallTime: stall });
    }
    return { duration, packetHops: this.hops, events, flows, ports };
  }
}

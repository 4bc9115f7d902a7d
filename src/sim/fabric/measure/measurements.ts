/**
 * The fabric's measurements: the result records of a run and {@link FabricStats}, the recorders that
 * the run-time parts report to (per-port transmit counters and credit stalls, per-buffer occupancy,
 * per-flow latency, marks, drops, injection rate and send queue). Statistics only observe: nothing
 * here changes what the fabric does. The warm-up resets them ({@link FabricStats.reset}).
 */
import { DOUBLE_ZERO } from '../../../core/fields.js';
import { TimeWeighted } from '../../stats/timeWeighted.js';
import type { Engine } from '../../engine/engine.js';
import type { CompiledFabric } from '../compiled.js';
import { FlowRecorders, type FlowFigures } from './flowRecorders.js';
import { BufferOccupancy } from './occupancy.js';

/** Measured figures of one run, from the end of the warm-up to the end of the run. */
export interface FabricMeasurements {
  /** Length of the measurement window (seconds). */
  readonly duration: number;
  /** Packet-hops: packets transmitted on any link, source links included, during the window. */
  readonly packetHops: number;
  /**
   * Events handled during the whole run (the model's: a credit return folded into its sender's end
   * of transmission instead of an engine event of its own counts as the event it stands for).
   */
  readonly events: number;
  readonly flows: readonly FlowMeasurements[];
  readonly ports: readonly PortMeasurements[];
  readonly buffers: readonly BufferMeasurements[];
}

/** Per-flow figures: the recorded ones (flowRecorders.ts's FlowFigures, less the bytes) and the rates. */
export interface FlowMeasurements extends Omit<FlowFigures, 'bytes'> {
  readonly name: string;
  /** Delivered data rate, Gb/s. */
  readonly throughputGbps: number;
  /** Delivered packets per second. */
  readonly throughputPackets: number;
  /** Time-average of the rate controller's limit, MTU packets per second (Infinity if none). */
  readonly meanInjectionRate: number;
}

/** Per-port (transmit side) figures. */
export interface PortMeasurements {
  readonly name: string;
  readonly packets: number;
  /** Packets sent on each VL. */
  readonly packetsPerVl: readonly number[];
  /** Fraction of the window the transmitter was busy. */
  readonly utilization: number;
  /** Time (s) the transmitter was idle with packets waiting only for credits. */
  readonly creditStallTime: number;
  /** Packets marked on this port. */
  readonly marks: number;
  /** Packets marked on this port, per VL. */
  readonly marksPerVl: readonly number[];
}

/** Per input VL buffer figures (switch ports only). */
export interface BufferMeasurements {
  readonly name: string;
  readonly vl: number;
  /** Time-average packets held (arrived, tail not yet gone). */
  readonly meanOccupancy: number;
  readonly maxOccupancy: number;
}

/** One credit audit row: the blocks of one link direction and VL must add up to the buffer. */
export interface CreditAudit {
  readonly port: string;
  /** The VL, or −1: the port's shared pool, all VLs (`inputBufferSharing: 'shared'`). */
  readonly vl: number;
  readonly capacity: number;
  readonly credits: number;
  readonly inFlight: number;
  readonly buffered: number;
  readonly creditsReturning: number;
}

/**
 * Where the ports' transmit recorders lie (FabricStats.sharePortRecords): doubles of port g at
 * g·stride + busy (busy time counted), + stallSince (since when the port has been idle with packets
 * waiting only for credits; −1: it is not); 32-bit integers at 2g·stride + stallFlag (bit stallBit
 * set while stallSince ≥ 0: a start reads the flag, in the port record's first line, and the time
 * only when a stall ends; session 26), + packets + packetsPerVl·v (packets sent on VL v, unsigned 32-bit:
 * each pass beyond 2^32 − 1 adds 2^32 to `wrapped` at g·V + v, so that the readout stays exact; review H43rv).
 * One buffer under the three views.
 */
export interface PortRecorderLayout {
  readonly f64: Float64Array;
  readonly i32: Int32Array;
  readonly u32: Uint32Array;
  readonly wrapped: Float64Array;
  readonly stride: number;
  readonly busy: number;
  readonly stallSince: number;
  readonly stallFlag: number;
  readonly stallBit: number;
  readonly packets: number;
  readonly packetsPerVl: number;
}

/** The recorders of one fabric run (indices: port g, queue/port-VL g·V + v, flow f). */
export class FabricStats {
  private readonly c: CompiledFabric;
  /** The clock the recorders read (the parts do not pass times: a double passed to a call V8 does not inline is boxed). */
  private readonly engine: Engine;
  private readonly V: number;
  private readonly G: number;
  /** Start of the measurement window (seconds; DOUBLE_ZERO, core/fields.ts, as every time here). */
  measureStart = DOUBLE_ZERO;
  /**
   * Each port's transmit recorders side by side, one record per port (issue 32: locality), laid out
   * as {@link PortRecorderLayout} says: their own array, or in the links' port records once
   * {@link sharePortRecords} moved them there before the run. The credit-stall time, written only
   * when a stall ends, in {@link stallTime}.
   */
  private port: PortRecorderLayout;
  private readonly stallTime: Float64Array;
  readonly portMarks: Float64Array;
  /** Packets held per input VL buffer, time-weighted (occupancy.ts). */
  readonly occupancy: BufferOccupancy;
  /** Per flow: deliveries, send queue, offered and refused packets (flowRecorders.ts). */
  readonly flowRecorders: FlowRecorders;
  readonly fRate: TimeWeighted[];

  constructor(c: CompiledFabric, engine: Engine) {
    this.c = c;
    this.engine = engine;
    const V = (this.V = c.vls);
    const G = (this.G = c.peer.length);
    // Own records until sharePortRecords (doubles 0 busy, 1 stall start; integer 4 the stall flag; 6 + v packets).
    const stride = 3 + Math.ceil(V / 2);
    const buffer = new ArrayBuffer(G * stride * 8);
    const f64 = new Float64Array(buffer);
    this.port = { f64, i32: new Int32Array(buffer), u32: new Uint32Array(buffer), wrapped: new Float64Array(G * V), stride, busy: 0, stallSince: 1, stallFlag: 4, stallBit: 1, packets: 6, packetsPerVl: 1 };
    for (let g = 0; g < G; g++) f64[g * stride + 1] = -1;
    this.stallTime = new Float64Array(G);
    this.portMarks = new Float64Array(G * V);
    this.occupancy = new BufferOccupancy(G * V, V, G, engine);
    this.flowRecorders = new FlowRecorders(c, engine);
    this.fRate = c.flows.map((flow) => new TimeWeighted(flow.start, flow.rateControl === null ? 0 : flow.rateControl.rate));
  }

  /**
   * Keeps the ports' transmit recorders where `layout` says: the links' port records (links.ts), so
   * that a transmission's start updates them beside the link state it reads anyway (issue 32: a
   * record of the output port instead of two). Called before the run.
   */
  sharePortRecords(layout: PortRecorderLayout): void {
    this.port = layout;
    for (let g = 0; g < this.G; g++) {
      const r = g * layout.stride;
      layout.f64[r + layout.busy] = 0;
      layout.f64[r + layout.stallSince] = -1;
      layout.i32[2 * r + layout.stallFlag]! &= ~layout.stallBit;
      for (let v = 0; v < this.V; v++) layout.u32[2 * r + layout.packets + layout.packetsPerVl * v] = 0;
    }
    layout.wrapped.fill(0);
  }

  /** Port g's transmitter busy time counted since the last reset (s). */
  busyTime(g: number): number {
    const L = this.port;
    return L.f64[g * L.stride + L.busy]!;
  }

  /** Port g is idle with packets waiting only for credits, from now unless it already was. */
  stallBegins(g: number): void {
    const L = this.port;
    const j = 2 * g * L.stride + L.stallFlag;
    const flags = L.i32[j]!;
    if ((flags & L.stallBit) === 0) {
      L.i32[j] = flags | L.stallBit;
      L.f64[g * L.stride + L.stallSince] = this.engine.now;
    }
  }

  /** Port g sends again: its credit stall, if any, ends now. */
  endStall(g: number): void {
    const L = this.port;
    const j = 2 * g * L.stride + L.stallFlag;
    const flags = L.i32[j]!;
    if ((flags & L.stallBit) !== 0) {
      L.i32[j] = flags & ~L.stallBit;
      const i = g * L.stride + L.stallSince;
      this.stallTime[g]! += this.engine.now - L.f64[i]!;
      L.f64[i] = -1;
    }
  }

  /** Packets port g sent on each VL since the last reset. */
  private packetsPerVl(g: number): number[] {
    const L = this.port;
    const r = 2 * g * L.stride + L.packets;
    return Array.from({ length: this.V }, (_, v) => L.wrapped[g * this.V + v]! + L.u32[r + L.packetsPerVl * v]!);
  }

  /** Ends the warm-up: every recorder starts again at `now`. */
  reset(now: number): void {
    this.occupancy.reset(now);
    this.measureStart = now;
    const L = this.port;
    for (let g = 0; g < this.G; g++) {
      const r = g * L.stride;
      for (let v = 0; v < this.V; v++) L.u32[2 * r + L.packets + L.packetsPerVl * v] = 0;
      L.f64[r + L.busy] = 0;
      this.stallTime[g] = 0;
      if (L.f64[r + L.stallSince]! >= 0) L.f64[r + L.stallSince] = now;
    }
    L.wrapped.fill(0);
    this.portMarks.fill(0);
    this.flowRecorders.reset(now);
    for (let f = 0; f < this.c.flows.length; f++) {
      const at = Math.max(now, this.c.flows[f]!.start);
      this.fRate[f]!.reset(at);
    }
  }

  /**
   * Figures measured since the end of the warm-up, at `now`; `events` = events handled in the whole
   * run, `sendQueue[f]` = packets now in flow f's send queue.
   */
  measurements(now: number, events: number, sendQueue: Int32Array): FabricMeasurements {
    const duration = now - this.measureStart;
    const c = this.c;
    const V = this.V;
    const flows: FlowMeasurements[] = c.flows.map((flow, f) => {
      const rc = flow.rateControl;
      const since = Math.max(this.measureStart, flow.start);
      const span = now - since;
      const d = this.flowRecorders.figures(f, now);
      const n = d.delivered;
      return {
        name: flow.name,
        delivered: n,
        throughputGbps: duration > 0 ? (d.bytes * 8) / duration / 1e9 : 0,
        throughputPackets: duration > 0 ? n / duration : 0,
        meanLatencyUs: d.meanLatencyUs,
        latencyVarianceUs2: d.latencyVarianceUs2,
        maxLatencyUs: d.maxLatencyUs,
        latencyHistogramUs: d.latencyHistogramUs,
        marked: d.marked,
        sourceDrops: d.sourceDrops,
        offered: d.offered,
        meanInjectionRate: rc === null ? Infinity : span > 0 ? this.fRate[f]!.mean(now) : rc.rate,
        meanSendQueue: span > 0 ? d.meanSendQueue : sendQueue[f]!,
      };
    });
    const sum = (a: readonly number[]): number => a.reduce((x, y) => x + y, 0);
    const ports: PortMeasurements[] = [];
    // Only connected ports transmit, so the packet-hops are the sum over the ports listed here.
    let packetHops = 0;
    for (let g = 0; g < this.G; g++) {
      if (c.peer[g]! < 0) continue;
      const L = this.port;
      const since = L.f64[g * L.stride + L.stallSince]!;
      const stall = this.stallTime[g]! + (since >= 0 ? now - since : 0);
      const marksPerVl = Array.from(this.portMarks.subarray(g * V, (g + 1) * V));
      const packetsPerVl = this.packetsPerVl(g);
      const packets = sum(packetsPerVl);
      packetHops += packets;
      ports.push({
        name: c.portNames[g]!,
        packets,
        packetsPerVl,
        utilization: duration > 0 ? Math.min(1, this.busyTime(g) / duration) : 0,
        creditStallTime: stall,
        marks: sum(marksPerVl),
        marksPerVl,
      });
    }
    const buffers: BufferMeasurements[] = [];
    const occupancy = this.occupancy;
    occupancy.fold();
    const hostBase = this.G - c.hostCount;
    for (let g = 0; g < hostBase; g++) {
      if (c.peer[g]! < 0) continue;
      for (let v = 0; v < V; v++) {
        const q = g * V + v;
        buffers.push({ name: c.portNames[g]!, vl: v, meanOccupancy: duration > 0 ? occupancy.mean(q, now) : 0, maxOccupancy: occupancy.most(q) });
      }
    }
    return { duration, packetHops, events, flows, ports, buffers };
  }
}

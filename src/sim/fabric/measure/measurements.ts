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
 * waiting only for credits; −1: it is not), + packets + packetsPerVl·v (packets sent on VL v).
 */
export interface PortRecorderLayout {
  readonly f64: Float64Array;
  readonly stride: number;
  readonly busy: number;
  readonly stallSince: number;
  readonly packets: number;
  readonly packetsPerVl: number;
}

/** Buffer changes noted before they are added to the occupancy integrals (FabricStats.occLog: 16 bytes each, 32 KB). */
const OCC_LOG = 2048;

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
  /**
   * Packets held per input VL buffer (arrived, tail not yet gone), time-weighted: the core's
   * {@link TimeWeighted} arithmetic (a Neumaier-compensated integral) kept for every buffer in one
   * array, [last change, sum, compensation, then two integers: the packets held now and the most
   * held] at 4i — one cache line for two buffers instead of an object per buffer or an array per
   * field (two updates per packet-hop) — where i = v·G + g for buffer q = g·V + v ({@link occSlot}:
   * VL by VL, session 17, so that with traffic on one VL of two a fold's lines hold only used
   * records). All buffers share one start, {@link qOccStart}.
   */
  private readonly qOcc: Float64Array;
  private qOccStart = DOUBLE_ZERO;
  /** qOcc's buffer as integers: packets held by buffer q at 8i + 6, the most held at 8i + 7 (i = occSlot(q)). */
  private readonly qCount: Int32Array;
  /**
   * The buffers' changes not yet added to qOcc, in order (issue 32, session 13): entry k's time at
   * occLog[2k], its buffer and ±1 at occLogI[4k + 2] and [4k + 3]. A packet-hop appends two entries
   * to this small table (one cache line per two hops, on the same few pages) instead of updating two
   * records of qOcc at random (at k = 32, 3.1 MB over 768 pages: a TLB and a cache miss each, on the
   * hop's path); {@link foldOccupancy} adds them when the table is full or before anything reads
   * qOcc, with the same operations in the same order, so the figures are identical.
   */
  private readonly occLog = new Float64Array(2 * OCC_LOG);
  private readonly occLogI = new Int32Array(this.occLog.buffer);
  private occLogged = 0;
  /** Per flow: deliveries, send queue, offered and refused packets (flowRecorders.ts). */
  readonly flowRecorders: FlowRecorders;
  readonly fRate: TimeWeighted[];

  constructor(c: CompiledFabric, engine: Engine) {
    this.c = c;
    this.engine = engine;
    const V = (this.V = c.vls);
    const G = (this.G = c.peer.length);
    const f64 = new Float64Array(G * (2 + V));
    this.port = { f64, stride: 2 + V, busy: 0, stallSince: 1, packets: 2, packetsPerVl: 1 };
    for (let g = 0; g < G; g++) f64[g * (2 + V) + 1] = -1;
    this.stallTime = new Float64Array(G);
    this.portMarks = new Float64Array(G * V);
    const Q = G * V;
    this.qOcc = new Float64Array(4 * Q);
    this.qCount = new Int32Array(this.qOcc.buffer);
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
      for (let v = 0; v < this.V; v++) layout.f64[r + layout.packets + layout.packetsPerVl * v] = 0;
    }
  }

  /** Port g's transmitter busy time counted since the last reset (s). */
  busyTime(g: number): number {
    const L = this.port;
    return L.f64[g * L.stride + L.busy]!;
  }

  /** Port g is idle with packets waiting only for credits, from now unless it already was. */
  stallBegins(g: number): void {
    const L = this.port;
    const i = g * L.stride + L.stallSince;
    if (L.f64[i]! < 0) L.f64[i] = this.engine.now;
  }

  /** Port g sends again: its credit stall, if any, ends now. */
  endStall(g: number): void {
    const L = this.port;
    const i = g * L.stride + L.stallSince;
    const since = L.f64[i]!;
    if (since >= 0) {
      this.stallTime[g]! += this.engine.now - since;
      L.f64[i] = -1;
    }
  }

  /** Packets port g sent on each VL since the last reset. */
  private packetsPerVl(g: number): number[] {
    const L = this.port;
    const r = g * L.stride + L.packets;
    return Array.from({ length: this.V }, (_, v) => L.f64[r + L.packetsPerVl * v]!);
  }

  /** Input VL buffer q gains (delta = 1) or loses (−1) a packet now (noted; {@link foldOccupancy} adds it). */
  bufferChange(q: number, delta: number): void {
    const k = this.occLogged;
    this.occLog[2 * k] = this.engine.now;
    this.occLogI[4 * k + 2] = q;
    this.occLogI[4 * k + 3] = delta;
    this.occLogged = k + 1;
    if (k + 1 === OCC_LOG) this.foldOccupancy();
  }

  /** Adds the noted buffer changes to qOcc, oldest first: TimeWeighted.update(now, m) per change, inlined on the array (the same operations in the same order). */
  private foldOccupancy(): void {
    const n = this.occLogged;
    const log = this.occLog;
    const logI = this.occLogI;
    const count = this.qCount;
    const occ = this.qOcc;
    const V = this.V;
    const G = this.G;
    for (let k = 0; k < n; k++) {
      const now = log[2 * k]!;
      const b = logI[4 * k + 2]!;
      const g = (b / V) | 0;
      const q = (b - g * V) * G + g;
      const before = count[8 * q + 6]!;
      const m = before + logI[4 * k + 3]!;
      count[8 * q + 6] = m;
      const i = 4 * q;
      const sum = occ[i + 1]!;
      const term = before * (now - occ[i]!);
      const t = sum + term;
      occ[i + 2]! += Math.abs(sum) >= Math.abs(term) ? sum - t + term : term - t + sum;
      occ[i + 1] = t;
      occ[i] = now;
      if (m > count[8 * q + 7]!) count[8 * q + 7] = m;
    }
    this.occLogged = 0;
  }

  /** The slot of buffer q = g·V + v in qOcc: v·G + g. */
  private occSlot(q: number): number {
    const g = (q / this.V) | 0;
    return (q - g * this.V) * this.G + g;
  }

  /** Time-average packets held by input VL buffer b from the last reset to `now` (TimeWeighted.mean's arithmetic). */
  private meanOccupancy(b: number, now: number): number {
    const q = this.occSlot(b);
    const span = now - this.qOccStart;
    const occ = this.qOcc;
    const i = 4 * q;
    return span > 0 ? (occ[i + 1]! + occ[i + 2]! + this.qCount[8 * q + 6]! * (now - occ[i]!)) / span : NaN;
  }

  /** Ends the warm-up: every recorder starts again at `now`. */
  reset(now: number): void {
    this.foldOccupancy();
    this.measureStart = now;
    const L = this.port;
    for (let g = 0; g < this.G; g++) {
      const r = g * L.stride;
      for (let v = 0; v < this.V; v++) L.f64[r + L.packets + L.packetsPerVl * v] = 0;
      L.f64[r + L.busy] = 0;
      this.stallTime[g] = 0;
      if (L.f64[r + L.stallSince]! >= 0) L.f64[r + L.stallSince] = now;
    }
    this.portMarks.fill(0);
    this.qOccStart = now;
    for (let i = 0; i < this.qOcc.length; i += 4) {
      this.qOcc[i] = now;
      this.qOcc[i + 1] = 0;
      this.qOcc[i + 2] = 0;
    }
    for (let q = 0; q < this.qOcc.length / 4; q++) this.qCount[8 * q + 7] = this.qCount[8 * q + 6]!;
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
    this.foldOccupancy();
    const hostBase = this.G - c.hostCount;
    for (let g = 0; g < hostBase; g++) {
      if (c.peer[g]! < 0) continue;
      for (let v = 0; v < V; v++) {
        const q = g * V + v;
        buffers.push({ name: c.portNames[g]!, vl: v, meanOccupancy: duration > 0 ? this.meanOccupancy(q, now) : 0, maxOccupancy: this.qCount[8 * this.occSlot(q) + 7]! });
      }
    }
    return { duration, packetHops, events, flows, ports, buffers };
  }
}

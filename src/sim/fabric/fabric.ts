/**
 * The switch-hardware fabric: a packet-level discrete-event model of an InfiniBand subnet.
 *
 * Hardware model (docs/fabric.md has the full account):
 * - Full-duplex point-to-point links with a data rate and a propagation delay; a packet occupies the
 *   link for size / rate (or an exponential time with that mean on links marked `exponential`).
 * - Every switch input port has one buffer per data VL of `bufferBytes`, accounted in 64-byte credit
 *   blocks. A sender transmits a packet only when it holds credits for the whole packet in the
 *   downstream VL buffer (credit-based link-level flow control); the buffer's blocks are freed when
 *   the packet's tail has left the switch and the credits travel back upstream with the link's
 *   propagation delay. Hosts sink at any rate (infinite receive credits). No packet is ever dropped
 *   inside the network; a host's send queue may refuse arrivals when it is full (counted as source
 *   drops, the only loss).
 * - Input-buffered switch with a crossbar: each input VL buffer is a FIFO whose head packet requests
 *   the output port its forwarding table names; an input port feeds at most one output at a time.
 *   Input arbitration (documented rule): among the input VL buffers of one VL requesting an output,
 *   the longest-waiting request whose input port is free is served (first-come first-served over head
 *   packets, which equals round robin among backlogged inputs). Output VL arbitration is the
 *   port's {@link OutputArbiter} (the admission module's high/low tables).
 * - Virtual cut-through: a packet may be forwarded once its header has arrived and the switch latency
 *   has passed; its transmission cannot end before its tail has arrived plus the switch latency. Store-and-forward is an
 *   option (`cutThrough: false`).
 * - SL→VL: a flow's service level maps to one VL used on every hop.
 * - Switch-side marking: ECN by the cnt1/cnt2 counters of thesis §3.3.1, or IB CC FECN marking.
 * - ACKs (carrying the ECN echo or BECN) are out-of-band: they reach the source after the reverse
 *   path's propagation and switch latencies without using link bandwidth or buffers.
 *
 * Time is in seconds, sizes in bytes, rates in bytes per second inside this file.
 */
import type { EcnMarker, IbCcSwitchMarker } from '../../congestion/index.js';
import { InvalidParameterError } from '../../core/errors.js';
import type { RandomStream } from '../../core/random.js';
import { Histogram } from '../stats/histogram.js';
import { Tally } from '../stats/tally.js';
import { TimeWeighted } from '../stats/timeWeighted.js';
import { Engine } from '../engine/engine.js';
import type { ArrivalProcess } from '../traffic/arrivals.js';
import type { PacketSizes } from '../traffic/packetSizes.js';
import type { OutputArbiter, InjectionControl } from './plugins.js';
import type { HostTraffic } from './hostTraffic.js';

/** Credit block size in bytes (InfiniBand flow-control credits are 64-byte blocks). */
export const CREDIT_BLOCK_BYTES = 64;

const NONE = -1;
/** Receive credits towards a host: effectively unlimited. */
const HOST_CREDITS = 1 << 30;

/**
 * Switch-side marking, compiled: the congestion module's markers, one {@link EcnMarker} per switch
 * (its outputs are the switch's ports, 0-based) or one {@link IbCcSwitchMarker} per switch port-VL
 * (indexed by global port · VLs + VL; `null` on host ports). IB CC occupancy is in bytes: the bytes
 * queued in the switch for that port-VL.
 */
export type CompiledMarking =
  | { readonly kind: 'none' }
  | { readonly kind: 'ecn'; readonly perSwitch: readonly EcnMarker[] }
  | { readonly kind: 'ibcc'; readonly perPortVl: readonly (IbCcSwitchMarker | null)[] };

/** One flow as the fabric runs it (built and validated by the front door). */
export interface CompiledFlow {
  readonly name: string;
  readonly source: number;
  /** Destination host index, or −1 for a uniformly random other host per packet. */
  readonly destination: number;
  readonly vl: number;
  /** The core's arrival process (a batch offers its packets one by one); `null` = saturated: the send queue always holds a packet. */
  readonly arrivals: ArrivalProcess | null;
  readonly sizes: PacketSizes;
  /** Send-queue capacity in packets, the one in transmission included (Infinity allowed). */
  readonly sendQueuePackets: number;
  readonly rateControl: InjectionControl | null;
  /** Uniform destinations are drawn from this stream. */
  readonly destinationStream: RandomStream | null;
  /** Time at which the flow starts (seconds). */
  readonly start: number;
  /** Time from which the flow offers no more packets (seconds; Infinity = never). */
  readonly stop: number;
}

/** Everything the fabric needs, compiled from a validated topology and options. */
export interface CompiledFabric {
  readonly vls: number;
  readonly mtu: number;
  readonly bufferBytes: number;
  readonly switchLatency: number;
  readonly cutThrough: boolean;
  readonly switchCount: number;
  readonly hostCount: number;
  /** Ports per switch. */
  readonly switchPorts: readonly number[];
  /** For every global port: peer global port, rate (bytes/s), delay (s), exponential service. */
  readonly peer: Int32Array;
  readonly rate: Float64Array;
  readonly delay: Float64Array;
  readonly exponential: Uint8Array;
  /** Global out port of switch s towards host h: fwd[s·H + h]. */
  readonly fwd: Int32Array;
  /** One-way latency (s) of the ACK path from host b back to host a: [a·H + b] (empty when no flow is rate-controlled). */
  readonly ackDelay: Float64Array;
  readonly arbiters: readonly OutputArbiter[];
  readonly flows: readonly CompiledFlow[];
  readonly marking: CompiledMarking;
  /** Stream for exponential link service times (IB CC marking draws come with the markers). */
  readonly serviceStream: RandomStream;
  /** Names for reports. */
  readonly portNames: readonly string[];
  /** Per-flow latency histogram: `bins` equal bins over [0, hiUs) µs. */
  readonly latencyHistogram: { readonly hiUs: number; readonly bins: number };
  /** Host traffic asked packet by packet (null: the flows). */
  readonly hostTraffic: HostTraffic | null;
  /** Host injection cap, bytes/s (Infinity: none). */
  readonly injectionRate: number;
  /** Host receive (sink) cap, bytes/s (Infinity: hosts take every packet at once). */
  readonly receiveRate: number;
  /** Queues per input VL buffer: 1 (FIFO) or the largest switch radix (virtual output queues). */
  readonly voqSlots: number;
}

/** Measured figures of one run, from the end of the warm-up to the end of the run. */
export interface FabricMeasurements {
  /** Length of the measurement window (seconds). */
  readonly duration: number;
  /** Packet-hops: packets transmitted on any link, source links included, during the window. */
  readonly packetHops: number;
  /** Events handled during the whole run. */
  readonly events: number;
  readonly flows: readonly FlowMeasurements[];
  readonly ports: readonly PortMeasurements[];
  readonly buffers: readonly BufferMeasurements[];
}

/** Per-flow figures. */
export interface FlowMeasurements {
  readonly name: string;
  /** Packets delivered to the destination. */
  readonly delivered: number;
  /** Delivered data rate, Gb/s. */
  readonly throughputGbps: number;
  /** Delivered packets per second. */
  readonly throughputPackets: number;
  /** Mean latency from creation to tail delivery, microseconds (NaN if nothing delivered). */
  readonly meanLatencyUs: number;
  /** Latency sample variance, µs² (the core's Tally: Welford). */
  readonly latencyVarianceUs2: number;
  /** Largest latency, µs. */
  readonly maxLatencyUs: number;
  /** Latency distribution: counts of bins [k·binWidth, (k+1)·binWidth) µs, and those beyond the last. */
  readonly latencyHistogramUs: { readonly binWidth: number; readonly counts: readonly number[]; readonly overflow: number };
  /** Delivered packets that carried an ECN/FECN mark. */
  readonly marked: number;
  /** Packets refused by the full send queue. */
  readonly sourceDrops: number;
  /** Packets offered (arrived at the send queue, refused ones included). */
  readonly offered: number;
  /** Time-average of the rate controller's limit, MTU packets per second (Infinity if none). */
  readonly meanInjectionRate: number;
  /** Time-average number of packets in the send queue, the one in transmission included. */
  readonly meanSendQueue: number;
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
  readonly vl: number;
  readonly capacity: number;
  readonly credits: number;
  readonly inFlight: number;
  readonly buffered: number;
  readonly creditsReturning: number;
}

function growInt(a: Int32Array<ArrayBuffer>, n: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(n);
  b.set(a);
  return b;
}
function growFloat(a: Float64Array<ArrayBuffer>, n: number): Float64Array<ArrayBuffer> {
  const b = new Float64Array(n);
  b.set(a);
  return b;
}

/**
 * A fabric ready to run. Built by {@link buildFabric} (the checking front door); the constructor
 * trusts its input.
 */
export class Fabric {
  private readonly c: CompiledFabric;
  // Hot fields of the compiled fabric, copied out of `c` so the per-packet path reads them directly.
  private readonly peer: Int32Array;
  private readonly fwd: Int32Array;
  private readonly linkDelay: Float64Array;
  /** The core event calendar; the fabric posts allocation-free handler events to it. */
  private readonly engine = new Engine();
  private readonly hArrive: number;
  private readonly hTxEnd: number;
  private readonly hCredit: number;
  private readonly hGen: number;
  private readonly hWake: number;
  private readonly hAck: number;
  private readonly hTimer: number;
  private readonly hStop: number;
  private readonly V: number;
  private readonly H: number;
  private readonly G: number;
  private readonly hostBase: number;
  private readonly capBlocks: number;
  private readonly mtuBlocks: number;
  // ports
  private readonly portSwitch: Int32Array;
  private readonly outBusy: Uint8Array;
  private readonly inBusy: Uint8Array;
  private readonly outCurQ: Int32Array;
  private readonly outCurPkt: Int32Array;
  private readonly wakeAt: Float64Array;
  /** Packets sent per port and VL (index g·V + v); port totals and packet-hops are sums of it. */
  private readonly txPacketsVl: Float64Array;
  private readonly txBusyTime: Float64Array;
  private readonly stallTime: Float64Array;
  private readonly stallSince: Float64Array;
  private readonly portMarks: Float64Array;
  private readonly switchBase: Int32Array;
  // queues: index g·V + v
  private readonly qHead: Int32Array;
  private readonly qTail: Int32Array;
  private readonly qBlocks: Int32Array;
  private readonly qPk: Int32Array;
  /** Packets held per input VL buffer, time-weighted (the core's statistics layer). */
  private readonly qOcc: TimeWeighted[];
  private readonly qMax: Int32Array;
  private readonly regOut: Int32Array;
  private readonly reqNext: Int32Array;
  private readonly reqPrev: Int32Array;
  private readonly reqHead: Int32Array;
  private readonly reqTail: Int32Array;
  private readonly credits: Int32Array;
  private readonly inFlight: Int32Array;
  private readonly returning: Int32Array;
  private readonly pvBytes: Float64Array;
  // flows
  private readonly F: number;
  private readonly fHead: Int32Array;
  private readonly fTail: Int32Array;
  private readonly fCount: Int32Array;
  private readonly fNext: Float64Array;
  private readonly fBytes: Float64Array;
  private readonly fLatency: Tally[];
  private readonly fLatencyHistogram: Histogram[];
  private readonly fMarked: Float64Array;
  private readonly fDrops: Float64Array;
  private readonly fOffered: Float64Array;
  private readonly fRate: TimeWeighted[];
  private readonly fQueue: TimeWeighted[];
  private readonly fTimerAt: Float64Array;
  private readonly hostFlowStart: Int32Array;
  private readonly hostFlowList: Int32Array;
  private readonly hostRr: Int32Array;
  /** Earliest start of host h's next packet under its injection cap. */
  private readonly hostFree: Float64Array;
  /** When host h's sink finishes the packets it has taken (receive cap). */
  private readonly sinkFree: Float64Array;
  private readonly hSink: number;
  private readonly hBecn: number;
  /** Queues per input VL buffer (1: FIFO; the largest radix: VoQ) and V·M. */
  private readonly M: number;
  private readonly VM: number;
  // packets (pool)
  private pSize = new Float64Array(1024);
  private pBlocks = new Int32Array(1024);
  private pFlow = new Int32Array(1024);
  private pDst = new Int32Array(1024);
  private pCreated = new Float64Array(1024);
  private pTail = new Float64Array(1024);
  private pOut = new Int32Array(1024);
  private pNext = new Int32Array(1024);
  private pMark = new Uint8Array(1024);
  private pVl = new Uint8Array(1024);
  private freeHead = NONE;
  private poolUsed = 0;
  private live = 0;
  // scratch for arbitration
  private readonly cand: Int32Array;
  /** Host arbitration: the candidate's position in its host's flow list (for the round robin). */
  private readonly candPos: Int32Array;
  private readonly candBytes: Float64Array;
  /** ECN buffer-full pass: outPortSeen[g] = ecnPass when output g was already reported in this pass. */
  private readonly outPortSeen: Int32Array;
  private ecnPass = 0;
  // counters
  private measureStart = 0;
  private injected = 0;
  private deliveredTotal = 0;
  private started = false;

  constructor(compiled: CompiledFabric) {
    const c = compiled;
    this.c = c;
    this.peer = c.peer;
    this.fwd = c.fwd;
    this.linkDelay = c.delay;
    const V = (this.V = c.vls);
    const H = (this.H = c.hostCount);
    const G = (this.G = c.peer.length);
    this.hostBase = G - H;
    this.capBlocks = Math.floor(c.bufferBytes / CREDIT_BLOCK_BYTES);
    this.mtuBlocks = Math.ceil(c.mtu / CREDIT_BLOCK_BYTES);
    this.portSwitch = new Int32Array(G).fill(NONE);
    this.switchBase = new Int32Array(c.switchCount);
    let g = 0;
    c.switchPorts.forEach((ports, s) => {
      this.switchBase[s] = g;
      for (let k = 0; k < ports; k++) this.portSwitch[g++] = s;
    });
    this.outBusy = new Uint8Array(G);
    this.inBusy = new Uint8Array(G);
    this.outCurQ = new Int32Array(G).fill(NONE);
    this.outCurPkt = new Int32Array(G).fill(NONE);
    this.wakeAt = new Float64Array(G).fill(Infinity);
    this.txPacketsVl = new Float64Array(G * c.vls);
    this.txBusyTime = new Float64Array(G);
    this.stallTime = new Float64Array(G);
    this.stallSince = new Float64Array(G).fill(-1);
    this.portMarks = new Float64Array(G * c.vls);
    const Q = G * V;
    const M = (this.M = c.voqSlots);
    this.VM = V * M;
    this.qHead = new Int32Array(Q * M).fill(NONE);
    this.qTail = new Int32Array(Q * M).fill(NONE);
    this.qBlocks = new Int32Array(Q);
    this.qPk = new Int32Array(Q);
    this.qOcc = Array.from({ length: Q }, () => new TimeWeighted(0, 0));
    this.qMax = new Int32Array(Q);
    this.regOut = new Int32Array(Q * M).fill(NONE);
    this.reqNext = new Int32Array(Q * M).fill(NONE);
    this.reqPrev = new Int32Array(Q * M).fill(NONE);
    this.reqHead = new Int32Array(Q).fill(NONE);
    this.reqTail = new Int32Array(Q).fill(NONE);
    this.credits = new Int32Array(Q);
    for (let p = 0; p < G; p++) {
      const peer = c.peer[p]!;
      for (let v = 0; v < V; v++) {
        this.credits[p * V + v] = peer < 0 ? 0 : this.portSwitch[peer]! >= 0 || c.receiveRate < Infinity ? this.capBlocks : HOST_CREDITS;
      }
    }
    this.inFlight = new Int32Array(Q);
    this.returning = new Int32Array(Q);
    this.pvBytes = new Float64Array(Q);
    const F = (this.F = c.flows.length);
    this.fHead = new Int32Array(F).fill(NONE);
    this.fTail = new Int32Array(F).fill(NONE);
    this.fCount = new Int32Array(F);
    this.fNext = new Float64Array(F);
    this.fBytes = new Float64Array(F);
    this.fLatency = Array.from({ length: F }, () => new Tally());
    this.fLatencyHistogram = Array.from({ length: F }, () => new Histogram({ lo: 0, hi: c.latencyHistogram.hiUs, bins: c.latencyHistogram.bins }));
    this.fMarked = new Float64Array(F);
    this.fDrops = new Float64Array(F);
    this.fOffered = new Float64Array(F);
    this.fRate = c.flows.map((flow) => new TimeWeighted(flow.start, flow.rateControl === null ? 0 : flow.rateControl.rate));
    this.fQueue = c.flows.map((flow) => new TimeWeighted(flow.start, 0));
    this.fTimerAt = new Float64Array(F).fill(Infinity);
    this.hostFlowStart = new Int32Array(H + 1);
    for (const f of c.flows) this.hostFlowStart[f.source + 1]!++;
    for (let h = 0; h < H; h++) this.hostFlowStart[h + 1]! += this.hostFlowStart[h]!;
    this.hostFlowList = new Int32Array(F);
    const fill = this.hostFlowStart.slice(0, H);
    c.flows.forEach((f, i) => {
      this.hostFlowList[fill[f.source]!++] = i;
    });
    this.hostRr = new Int32Array(H);
    this.hostFree = new Float64Array(H);
    this.sinkFree = new Float64Array(H);
    this.cand = new Int32Array(V);
    this.candPos = new Int32Array(V);
    this.outPortSeen = new Int32Array(G);
    this.candBytes = new Float64Array(V);
    const e = this.engine;
    this.hArrive = e.addHandler((g, p) => this.onArrive(g, p));
    this.hTxEnd = e.addHandler((g) => this.onTxEnd(g));
    this.hCredit = e.addHandler((pv, blocks) => this.onCredit(pv, blocks));
    this.hGen = e.addHandler((f, epoch) => this.onGenerate(f, epoch));
    this.hWake = e.addHandler((g) => {
      this.wakeAt[g] = Infinity;
      this.tryOutput(g);
    });
    this.hAck = e.addHandler((f, marked) => this.onAck(f, marked === 1));
    this.hTimer = e.addHandler((f) => this.onTimer(f));
    this.hStop = e.addHandler(() => this.resetStatistics());
    this.hSink = e.addHandler((g, p) => this.onSinkDone(g, p));
    this.hBecn = e.addHandler((src, dst) => this.c.hostTraffic!.becn(src, dst, this.engine.now));
  }

  /** Current simulated time (seconds). */
  get now(): number {
    return this.engine.now;
  }

  // ---------------------------------------------------------------- packet pool
  private alloc(): number {
    let p = this.freeHead;
    if (p !== NONE) {
      this.freeHead = this.pNext[p]!;
    } else {
      if (this.poolUsed === this.pSize.length) this.growPool();
      p = this.poolUsed++;
    }
    this.live++;
    this.pNext[p] = NONE;
    this.pMark[p] = 0;
    return p;
  }

  private release(p: number): void {
    this.pNext[p] = this.freeHead;
    this.freeHead = p;
    this.live--;
  }

  private growPool(): void {
    const n = this.pSize.length * 2;
    this.pSize = growFloat(this.pSize, n);
    this.pBlocks = growInt(this.pBlocks, n);
    this.pFlow = growInt(this.pFlow, n);
    this.pDst = growInt(this.pDst, n);
    this.pCreated = growFloat(this.pCreated, n);
    this.pTail = growFloat(this.pTail, n);
    this.pOut = growInt(this.pOut, n);
    this.pNext = growInt(this.pNext, n);
    const m = new Uint8Array(n);
    m.set(this.pMark);
    this.pMark = m;
    const vl = new Uint8Array(n);
    vl.set(this.pVl);
    this.pVl = vl;
  }

  // ---------------------------------------------------------------- running
  private start(): void {
    this.started = true;
    const c = this.c;
    for (let f = 0; f < this.F; f++) {
      const flow = c.flows[f]!;
      this.engine.post(flow.start, this.hGen, f, 0);
    }
    if (c.hostTraffic !== null) for (let g = this.hostBase; g < this.G; g++) this.engine.post(0, this.hWake, g, 0);
  }

  /**
   * Runs the events before simulated time `until` (seconds) on the core {@link Engine}, then sets the
   * clock to `until`; events at exactly `until` wait for the next call (the Engine's rule).
   * The measurement window starts at `warmUp` (only the first call's value counts; statistics are
   * reset when the clock passes it).
   * @throws InvalidParameterError if until is NaN or earlier than the current time, or warmUp is not
   *   a finite number ≥ 0 (nothing runs).
   */
  run(until: number, warmUp = 0): void {
    if (typeof until !== 'number' || Number.isNaN(until) || until < this.engine.now) {
      throw new InvalidParameterError('until', `a time >= the current time ${this.engine.now} (seconds)`, until);
    }
    if (typeof warmUp !== 'number' || !Number.isFinite(warmUp) || warmUp < 0) {
      throw new InvalidParameterError('warmUp', 'a finite number >= 0 (seconds)', warmUp);
    }
    if (!this.started) {
      this.start();
      if (warmUp > 0) this.engine.post(warmUp, this.hStop, 1, 0);
    }
    this.engine.run({ until });
  }

  private onCredit(pv: number, blocks: number): void {
    this.returning[pv]! -= blocks;
    this.credits[pv]! += blocks;
    this.tryOutput((pv / this.V) | 0);
  }

  private resetStatistics(): void {
    const now = this.engine.now;
    this.measureStart = now;
    this.txPacketsVl.fill(0);
    this.txBusyTime.fill(0);
    this.stallTime.fill(0);
    this.portMarks.fill(0);
    for (const t of this.qOcc) t.reset(now);
    for (let q = 0; q < this.qMax.length; q++) this.qMax[q] = this.qPk[q]!;
    for (let g = 0; g < this.G; g++) if (this.stallSince[g]! >= 0) this.stallSince[g] = now;
    this.fBytes.fill(0);
    for (const t of this.fLatency) t.reset();
    for (const h of this.fLatencyHistogram) h.reset();
    this.fMarked.fill(0);
    this.fDrops.fill(0);
    this.fOffered.fill(0);
    this.c.hostTraffic?.resetStatistics(now);
    for (let f = 0; f < this.F; f++) {
      const at = Math.max(now, this.c.flows[f]!.start);
      this.fRate[f]!.reset(at);
      this.fQueue[f]!.reset(at);
    }
  }

  // ---------------------------------------------------------------- occupancy bookkeeping
  private qChange(q: number, delta: number): void {
    const m = this.qPk[q]! + delta;
    this.qPk[q] = m;
    this.qOcc[q]!.update(this.engine.now, m);
    if (m > this.qMax[q]!) this.qMax[q] = m;
  }

  private fQChange(f: number, delta: number): void {
    const n = this.fCount[f]! + delta;
    this.fCount[f] = n;
    const now = this.engine.now;
    const start = this.c.flows[f]!.start;
    this.fQueue[f]!.update(now > start ? now : start, n);
  }

  // ---------------------------------------------------------------- traffic
  private onGenerate(f: number, epoch: number): void {
    const flow = this.c.flows[f]!;
    if (this.engine.now >= flow.stop) return;
    const arrivals = flow.arrivals;
    if (arrivals === null) this.newPacket(f);
    else {
      // epoch = 1: an arrival epoch; epoch = 0: the flow's start (first epoch drawn now).
      if (epoch === 1) for (let k = arrivals.batch; k > 0; k--) this.newPacket(f);
      this.engine.post(this.engine.now + arrivals.next(), this.hGen, f, 1);
    }
    this.tryOutput(this.hostBase + flow.source);
  }

  /** A packet arrives at flow f's send queue (or is refused when it is full). */
  private newPacket(f: number): void {
    const flow = this.c.flows[f]!;
    this.fOffered[f]!++;
    if (this.fCount[f]! >= flow.sendQueuePackets) {
      this.fDrops[f]!++;
      return;
    }
    const p = this.alloc();
    const size = flow.sizes.sample();
    this.pSize[p] = size;
    this.pBlocks[p] = Math.ceil(size / CREDIT_BLOCK_BYTES);
    this.pFlow[p] = f;
    this.pVl[p] = flow.vl;
    let dst = flow.destination;
    if (dst < 0) {
      dst = Math.floor(flow.destinationStream!.next() * (this.H - 1));
      if (dst >= flow.source) dst++;
    }
    this.pDst[p] = dst;
    this.pCreated[p] = this.engine.now;
    if (this.fTail[f] === NONE) this.fHead[f] = p;
    else this.pNext[this.fTail[f]!] = p;
    this.fTail[f] = p;
    this.fQChange(f, 1);
  }

  // ---------------------------------------------------------------- switch input
  private onArrive(g: number, p: number): void {
    const V = this.V;
    const v = this.pVl[p]!;
    this.inFlight[this.peer[g]! * V + v]! -= this.pBlocks[p]!;
    const s = this.portSwitch[g]!;
    if (s < 0) {
      if (this.c.receiveRate < Infinity) this.sinkArrive(g, p);
      else this.deliver(p);
      return;
    }
    const q = g * V + v;
    const out = this.fwd[s * this.H + this.pDst[p]!]!;
    this.pOut[p] = out;
    this.pNext[p] = NONE;
    const qid = this.M === 1 ? q : q * this.M + out - this.switchBase[s]!;
    const wasEmpty = this.qHead[qid] === NONE;
    if (wasEmpty) this.qHead[qid] = p;
    else this.pNext[this.qTail[qid]!] = p;
    this.qTail[qid] = p;
    const before = this.qBlocks[q]!;
    this.qBlocks[q] = before + this.pBlocks[p]!;
    this.qChange(q, 1);
    this.pvBytes[out * V + v]! += this.pSize[p]!;
    const marking = this.c.marking;
    if (marking.kind === 'ecn') {
      const ecn = marking.perSwitch[s]!;
      const base = this.switchBase[s]!;
      ecn.onEnqueue(out - base);
      const full = this.capBlocks - this.qBlocks[q]! < this.mtuBlocks;
      const wasFull = this.capBlocks - before < this.mtuBlocks;
      if (full && !wasFull) {
        // Each output waited for by a packet in the buffer, once, in buffer order (Santos et al.;
        // thesis §3.3.1). A pass stamp marks the outputs already reported: one walk of the buffer.
        const pass = ++this.ecnPass;
        for (let k = 0; k < this.M; k++) {
          for (let r = this.qHead[q * this.M + k]!; r !== NONE; r = this.pNext[r]!) {
            const o = this.pOut[r]!;
            if (this.outPortSeen[o] !== pass) {
              this.outPortSeen[o] = pass;
              ecn.onBufferFull(o - base);
            }
          }
        }
      }
    }
    if (wasEmpty) {
      this.register(qid, out);
      if (this.outBusy[out] === 0) this.tryOutput(out);
    }
  }

  private register(q: number, out: number): void {
    const r = out * this.V + (((q / this.M) | 0) % this.V);
    this.regOut[q] = out;
    this.reqNext[q] = NONE;
    const tail = this.reqTail[r]!;
    this.reqPrev[q] = tail;
    if (tail === NONE) this.reqHead[r] = q;
    else this.reqNext[tail] = q;
    this.reqTail[r] = q;
  }

  private unregister(q: number): void {
    const out = this.regOut[q]!;
    const r = out * this.V + (((q / this.M) | 0) % this.V);
    const prev = this.reqPrev[q]!;
    const next = this.reqNext[q]!;
    if (prev === NONE) this.reqHead[r] = next;
    else this.reqNext[prev] = next;
    if (next === NONE) this.reqTail[r] = prev;
    else this.reqPrev[next] = prev;
    this.regOut[q] = NONE;
  }

  // ---------------------------------------------------------------- output side
  private tryOutput(g: number): void {
    if (this.outBusy[g] !== 0) return;
    if (this.portSwitch[g]! < 0) {
      this.tryHost(g);
      return;
    }
    const V = this.V;
    let ready = 0;
    let creditBlocked = false;
    for (let v = 0; v < V; v++) {
      let r = this.reqHead[g * V + v]!;
      while (r !== NONE && this.inBusy[(r / this.VM) | 0] !== 0) r = this.reqNext[r]!;
      if (r === NONE) continue;
      const p = this.qHead[r]!;
      if (this.credits[g * V + v]! >= this.pBlocks[p]!) {
        ready |= 1 << v;
        this.cand[v] = r;
        this.candBytes[v] = this.pSize[p]!;
      } else creditBlocked = true;
    }
    if (ready === 0) {
      if (creditBlocked && this.stallSince[g]! < 0) this.stallSince[g] = this.engine.now;
      return;
    }
    const v = this.V === 1 ? 0 : this.c.arbiters[g]!.pick(ready, this.candBytes);
    if (v < 0) return;
    this.endStall(g);
    this.startSwitchTx(g, this.cand[v]!, v);
  }

  private endStall(g: number): void {
    const since = this.stallSince[g]!;
    if (since >= 0) {
      this.stallTime[g]! += this.engine.now - since;
      this.stallSince[g] = -1;
    }
  }

  private startSwitchTx(g: number, q: number, v: number): void {
    const V = this.V;
    const p = this.qHead[q]!;
    const next = this.pNext[p]!;
    this.qHead[q] = next;
    if (next === NONE) this.qTail[q] = NONE;
    this.unregister(q);
    if (next !== NONE) this.register(q, this.pOut[next]!);
    const pv = g * V + v;
    const marking = this.c.marking;
    if (marking.kind === 'ecn') {
      const s = this.portSwitch[g]!;
      if (marking.perSwitch[s]!.onDequeue(g - this.switchBase[s]!)) this.markPacket(pv, p);
    }
    this.pvBytes[pv]! -= this.pSize[p]!;
    if (marking.kind === 'ibcc') {
      // Occupancy of the port-VL: the bytes in the switch's input buffers waiting for this output
      // and VL, the departing packet excluded. Root (has credits) = it could send another MTU at
      // once after this packet.
      const occupancy = this.pvBytes[pv]!;
      const hasCredits = this.credits[pv]! - this.pBlocks[p]! >= this.mtuBlocks;
      if (marking.perPortVl[pv]!.onDeparture(occupancy, hasCredits, this.pSize[p]!)) this.markPacket(pv, p);
    }
    this.inBusy[(q / this.VM) | 0] = 1;
    this.outCurQ[g] = q;
    // Every byte crosses the switch in the switch latency: the tail cannot leave before it arrived
    // plus that latency (at equal link rates this is the header's start + one transmission time).
    this.transmit(g, pv, p, this.pTail[p]! + this.c.switchLatency);
  }

  /** Marks packet p leaving on port-VL pv. */
  private markPacket(pv: number, p: number): void {
    this.pMark[p] = 1;
    this.portMarks[pv]!++;
  }

  /**
   * Puts packet p on the wire of port g (queue/VL index pv); under cut-through its transmission ends
   * no earlier than `tailHere`, the time its tail can leave (a host: now).
   */
  private transmit(g: number, pv: number, p: number, tailHere: number): void {
    const c = this.c;
    const now = this.engine.now;
    const size = this.pSize[p]!;
    this.credits[pv]! -= this.pBlocks[p]!;
    this.inFlight[pv]! += this.pBlocks[p]!;
    this.outBusy[g] = 1;
    this.outCurPkt[g] = p;
    let duration = size / c.rate[g]!;
    if (c.exponential[g] === 1) duration = -Math.log(1 - c.serviceStream.next()) * duration;
    let end = now + duration;
    if (c.cutThrough && tailHere > end) end = tailHere;
    this.txBusyTime[g]! += end - now;
    this.txPacketsVl[pv]!++;
    const peer = this.peer[g]!;
    const d = this.linkDelay[g]!;
    this.pTail[p] = end + d;
    let at: number;
    if (this.portSwitch[peer]! < 0) at = end + d;
    else at = (c.cutThrough ? now : end) + d + c.switchLatency;
    this.engine.post(end, this.hTxEnd, g, 0);
    this.engine.post(at, this.hArrive, peer, p);
  }

  private onTxEnd(g: number): void {
    const V = this.V;
    this.outBusy[g] = 0;
    let q = this.outCurQ[g]!;
    const p = this.outCurPkt[g]!;
    this.outCurPkt[g] = NONE;
    if (q < 0) {
      // A host port: the packet leaves the send queue's accounting now.
      const f = -1 - q;
      if (f < this.F) this.fQChange(f, -1);
      this.tryOutput(g);
      return;
    }
    const qid = q;
    q = (qid / this.M) | 0;
    const inPort = (q / V) | 0;
    const v = q - inPort * V;
    const blocks = this.pBlocks[p]!;
    this.qBlocks[q]! -= blocks;
    this.qChange(q, -1);
    this.inBusy[inPort] = 0;
    const up = this.peer[inPort]! * V + v;
    const d = this.linkDelay[inPort]!;
    this.returning[up]! += blocks;
    this.engine.post(this.engine.now + d, this.hCredit, up, blocks);
    this.tryOutput(g);
    for (let w = inPort * this.VM, last = w + this.VM; w < last; w++) {
      const o = this.regOut[w]!;
      if (o !== NONE && this.outBusy[o] === 0) this.tryOutput(o);
    }
  }

  // ---------------------------------------------------------------- host adapters
  private tryHost(g: number): void {
    if (this.c.hostTraffic !== null) {
      this.tryHostTraffic(g);
      return;
    }
    const V = this.V;
    const h = g - this.hostBase;
    const lo = this.hostFlowStart[h]!;
    const n = this.hostFlowStart[h + 1]! - lo;
    if (n === 0) return;
    const now = this.engine.now;
    if (this.hostFree[h]! > now) {
      this.wakeHost(g, this.hostFree[h]!);
      return;
    }
    let ready = 0;
    let wake = Infinity;
    let creditBlocked = false;
    const rr = this.hostRr[h]!;
    for (let i = 0; i < n; i++) {
      const pos = (rr + i) % n;
      const f = this.hostFlowList[lo + pos]!;
      const p = this.fHead[f]!;
      if (p === NONE) continue;
      const v = this.c.flows[f]!.vl;
      if ((ready >> v) & 1) continue;
      const t = this.fNext[f]!;
      if (t > now) {
        if (t < wake) wake = t;
        continue;
      }
      if (this.credits[g * V + v]! < this.pBlocks[p]!) {
        creditBlocked = true;
        continue;
      }
      ready |= 1 << v;
      this.cand[v] = f;
      this.candPos[v] = pos;
      this.candBytes[v] = this.pSize[p]!;
    }
    if (ready === 0) {
      if (wake < this.wakeAt[g]!) {
        this.wakeAt[g] = wake;
        this.engine.post(wake, this.hWake, g, 0);
      }
      if (creditBlocked && this.stallSince[g]! < 0) this.stallSince[g] = now;
      return;
    }
    const v = this.V === 1 ? 0 : this.c.arbiters[g]!.pick(ready, this.candBytes);
    if (v < 0) return;
    this.endStall(g);
    const f = this.cand[v]!;
    // Round robin: next time start after this flow.
    this.hostRr[h] = (this.candPos[v]! + 1) % n;
    const flow = this.c.flows[f]!;
    const p = this.fHead[f]!;
    const next = this.pNext[p]!;
    this.fHead[f] = next;
    if (next === NONE) this.fTail[f] = NONE;
    this.pNext[p] = NONE;
    const rc = flow.rateControl;
    if (rc !== null) this.fNext[f] = now + this.pSize[p]! / this.c.mtu / rc.rate;
    this.hostFree[h] = now + this.pSize[p]! / this.c.injectionRate;
    this.outCurQ[g] = -1 - f;
    this.injected++;
    this.transmit(g, g * V + v, p, now);
    if (flow.arrivals === null && now < flow.stop) this.newPacket(f);
  }

  private wakeHost(g: number, at: number): void {
    if (at < this.wakeAt[g]!) {
      this.wakeAt[g] = at;
      this.engine.post(at, this.hWake, g, 0);
    }
  }

  /** Host port g under {@link HostTraffic}: one VL (0), packets offered one at a time. */
  private tryHostTraffic(g: number): void {
    const traffic = this.c.hostTraffic!;
    const h = g - this.hostBase;
    const now = this.engine.now;
    const pv = g * this.V;
    const size = traffic.packetBytes;
    const blocks = Math.ceil(size / CREDIT_BLOCK_BYTES);
    if (this.credits[pv]! < blocks) {
      if (this.stallSince[g]! < 0) this.stallSince[g] = now;
      return;
    }
    if (this.hostFree[h]! > now) {
      this.wakeHost(g, this.hostFree[h]!);
      return;
    }
    const d = traffic.next(h, now);
    if (d < 0) {
      this.wakeHost(g, traffic.wakeAt);
      return;
    }
    this.endStall(g);
    const p = this.alloc();
    this.pSize[p] = size;
    this.pBlocks[p] = blocks;
    this.pFlow[p] = -1 - h;
    this.pVl[p] = 0;
    this.pDst[p] = d;
    this.pCreated[p] = now;
    traffic.sent(h, d, now);
    this.hostFree[h] = now + size / this.c.injectionRate;
    this.outCurQ[g] = -1 - this.F;
    this.injected++;
    this.transmit(g, pv, p, now);
  }

  /**
   * Packet p's tail reached host port g under a receive cap: the sink takes it once its header is
   * in and the sink is free, at the cap's rate, and not before its tail is in; its credits go back
   * when it is taken.
   */
  private sinkArrive(g: number, p: number): void {
    const h = g - this.hostBase;
    const now = this.engine.now;
    const size = this.pSize[p]!;
    const header = now - size / this.c.rate[this.peer[g]!]!;
    const start = this.sinkFree[h]! > header ? this.sinkFree[h]! : header;
    let done = start + size / this.c.receiveRate;
    if (done < now) done = now;
    this.sinkFree[h] = done;
    this.engine.post(done, this.hSink, g, p);
  }

  private onSinkDone(g: number, p: number): void {
    const up = this.peer[g]! * this.V + this.pVl[p]!;
    const blocks = this.pBlocks[p]!;
    this.deliver(p);
    this.returning[up]! += blocks;
    this.engine.post(this.engine.now + this.linkDelay[g]!, this.hCredit, up, blocks);
  }

  private deliver(p: number): void {
    const f = this.pFlow[p]!;
    if (f < 0) {
      const traffic = this.c.hostTraffic!;
      const src = -1 - f;
      const dst = this.pDst[p]!;
      const now = this.engine.now;
      this.deliveredTotal++;
      traffic.delivered(src, dst, this.pSize[p]!, now);
      if (this.pMark[p] === 1 && traffic.congestionControlled) this.engine.post(now + this.c.ackDelay[src * this.H + dst]!, this.hBecn, src, dst);
      this.release(p);
      return;
    }
    const flow = this.c.flows[f]!;
    const now = this.engine.now;
    this.deliveredTotal++;
    this.fBytes[f]! += this.pSize[p]!;
    const lat = (now - this.pCreated[p]!) * 1e6;
    this.fLatency[f]!.add(lat);
    this.fLatencyHistogram[f]!.add(lat);
    const marked = this.pMark[p]!;
    if (marked) this.fMarked[f]!++;
    if (flow.rateControl !== null) {
      this.engine.post(now + this.c.ackDelay[flow.source * this.H + this.pDst[p]!]!, this.hAck, f, marked);
    }
    this.release(p);
  }

  private onAck(f: number, marked: boolean): void {
    const rc = this.c.flows[f]!.rateControl!;
    const before = rc.rate;
    rc.onAck(marked, this.engine.now);
    this.afterRateEvent(f, rc, before);
  }

  private onTimer(f: number): void {
    const rc = this.c.flows[f]!.rateControl!;
    this.fTimerAt[f] = Infinity;
    const before = rc.rate;
    if (rc.nextTimer <= this.engine.now) rc.onTimer(this.engine.now);
    this.afterRateEvent(f, rc, before);
  }

  private afterRateEvent(f: number, rc: InjectionControl, before: number): void {
    if (rc.rate !== before) {
      this.fRate[f]!.update(this.engine.now, rc.rate);
      // A faster rate may release a packet waiting on the old inter-packet gap sooner.
      if (rc.rate > before) {
        const g = this.hostBase + this.c.flows[f]!.source;
        const last = this.fNext[f]!;
        if (last > this.engine.now) {
          this.fNext[f] = this.engine.now + (last - this.engine.now) * (before / rc.rate);
          this.tryOutput(g);
        }
      }
    }
    const t = rc.nextTimer;
    if (t < this.fTimerAt[f]!) {
      this.fTimerAt[f] = t;
      this.engine.post(Math.max(t, this.engine.now), this.hTimer, f, 0);
    }
  }

  // ---------------------------------------------------------------- results
  /** Figures measured since the end of the warm-up. */
  measurements(): FabricMeasurements {
    const now = this.engine.now;
    const duration = now - this.measureStart;
    const c = this.c;
    const flows: FlowMeasurements[] = c.flows.map((flow, f) => {
      const rc = flow.rateControl;
      const since = Math.max(this.measureStart, flow.start);
      const span = now - since;
      const latency = this.fLatency[f]!;
      // Every delivered packet adds one latency observation: the tally's count is the delivered count.
      const n = latency.count;
      const histogram = this.fLatencyHistogram[f]!;
      return {
        name: flow.name,
        delivered: n,
        throughputGbps: duration > 0 ? (this.fBytes[f]! * 8) / duration / 1e9 : 0,
        throughputPackets: duration > 0 ? n / duration : 0,
        meanLatencyUs: n > 0 ? latency.mean : NaN,
        latencyVarianceUs2: n > 1 ? latency.variance : NaN,
        maxLatencyUs: n > 0 ? latency.max : NaN,
        latencyHistogramUs: {
          binWidth: (histogram.hi - histogram.lo) / histogram.bins,
          counts: Array.from(histogram.counts),
          overflow: histogram.overflow,
        },
        marked: this.fMarked[f]!,
        sourceDrops: this.fDrops[f]!,
        offered: this.fOffered[f]!,
        meanInjectionRate: rc === null ? Infinity : span > 0 ? this.fRate[f]!.mean(now) : rc.rate,
        meanSendQueue: span > 0 ? this.fQueue[f]!.mean(now) : this.fCount[f]!,
      };
    });
    const sum = (a: readonly number[]): number => a.reduce((x, y) => x + y, 0);
    const ports: PortMeasurements[] = [];
    // Only connected ports transmit, so the packet-hops are the sum over the ports listed here.
    let packetHops = 0;
    for (let g = 0; g < this.G; g++) {
      if (c.peer[g]! < 0) continue;
      const stall = this.stallTime[g]! + (this.stallSince[g]! >= 0 ? now - this.stallSince[g]! : 0);
      const marksPerVl = Array.from(this.portMarks.subarray(g * this.V, (g + 1) * this.V));
      const packetsPerVl = Array.from(this.txPacketsVl.subarray(g * this.V, (g + 1) * this.V));
      const packets = sum(packetsPerVl);
      packetHops += packets;
      ports.push({
        name: c.portNames[g]!,
        packets,
        packetsPerVl,
        utilization: duration > 0 ? Math.min(1, this.txBusyTime[g]! / duration) : 0,
        creditStallTime: stall,
        marks: sum(marksPerVl),
        marksPerVl,
      });
    }
    const buffers: BufferMeasurements[] = [];
    for (let g = 0; g < this.hostBase; g++) {
      if (c.peer[g]! < 0) continue;
      for (let v = 0; v < this.V; v++) {
        const q = g * this.V + v;
        buffers.push({ name: c.portNames[g]!, vl: v, meanOccupancy: duration > 0 ? this.qOcc[q]!.mean(now) : 0, maxOccupancy: this.qMax[q]! });
      }
    }
    return { duration, packetHops, events: this.engine.eventsProcessed, flows, ports, buffers };
  }

  /**
   * The credit ledger of every link direction and VL into a switch: credits held by the sender +
   * blocks in flight on the wire + blocks held in the downstream buffer + credits travelling back
   * must equal the buffer's capacity in blocks at every instant.
   */
  auditCredits(): CreditAudit[] {
    const rows: CreditAudit[] = [];
    const V = this.V;
    for (let g = 0; g < this.G; g++) {
      const peer = this.peer[g]!;
      if (peer < 0 || this.portSwitch[peer]! < 0) continue;
      for (let v = 0; v < V; v++) {
        rows.push({
          port: this.c.portNames[g]!,
          vl: v,
          capacity: this.capBlocks,
          credits: this.credits[g * V + v]!,
          inFlight: this.inFlight[g * V + v]!,
          buffered: this.qBlocks[peer * V + v]!,
          creditsReturning: this.returning[g * V + v]!,
        });
      }
    }
    return rows;
  }

  /** Packets ever injected by hosts, delivered, and currently inside the network (not in send queues). */
  packetLedger(): { injected: number; delivered: number; inNetwork: number } {
    let queued = 0;
    for (let f = 0; f < this.F; f++) queued += this.fCount[f]!;
    // A packet in transmission from a host is still counted in its send queue (fCount) until its
    // tail has left, and it is already in the network: count it there too.
    let sending = 0;
    for (let g = this.hostBase; g < this.G; g++) if (this.outCurPkt[g] !== NONE) sending++;
    return { injected: this.injected, delivered: this.deliveredTotal, inNetwork: this.live - queued + sending };
  }
}

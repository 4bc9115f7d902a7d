/**
 * The host channel adapter's sending side: per-flow send queues fed by the flows' arrival processes
 * (a full send queue refuses an arrival: a source drop, the fabric's only loss), the rate limiter of
 * each flow (the next packet may start (size / MTU) / r after the previous one started) driven by its
 * {@link InjectionControl} (ACKs and timers), and the host port's VL arbitration across its flows with
 * one round-robin pointer over the host's flows (the first flow of each VL after it offers its head),
 * or with `hostQueueing: 'vl-fifo'` one FIFO per VL (hostVlFifo.ts). A flow with a {@link PathSelection} (multipath, DRB) picks
 * each packet's LID offset when the packet leaves; the flows' response to ACKs and timers is
 * sourceControl.ts. The receiving side is sink.ts.
 */
import type { Engine } from '../../engine/engine.js';
import { CREDIT_BLOCK_BYTES, NONE, type CompiledFabric } from '../compiled.js';
import type { Links } from '../link/links.js';
import type { FabricStats } from '../measure/measurements.js';
import type { PacketPool } from '../packets.js';
import { InjectionWindows } from './injectionWindow.js';
import type { PathSelection } from './pathSelection.js';
import type { InjectionControl } from '../plugins.js';
import type { encodeAck } from './sink.js';
import { SourceControl } from './sourceControl.js';
import { EV_WAKE } from '../events.js';
import { HostVlFifos } from './hostVlFifo.js';
import { FlowTable, HAS_PATH_SELECTION, HAS_RATE_CONTROL, SATURATED } from './flowTable.js';
import { H_FREE, H_RR, H_WAKE, hostSendRecords, S_COUNT, S_FLAGS, S_HEAD, S_NEXT_AT, S_RECORDERS, S_TAIL, S_VL, S_WINDOWED } from './sendRecords.js';
import { pickOnSharedTable, roundRobinTableOf } from '../switch/outputArbiters.js';

/**
 * The engine handlers the host adapters post to: flow arrival (f, epoch), port wake-up (g; through
 * the fabric's dispatcher `event`, events.ts), rate timer (f), path-selection timer (f).
 */
export interface HostHandlers {
  readonly gen: number;
  readonly event: number;
  readonly timer: number;
  readonly pathTimer: number;
}

/** The sending side of every host adapter. */
export class HostAdapters {
  private readonly c: CompiledFabric;
  private readonly engine: Engine;
  private readonly links: Links;
  private readonly pool: PacketPool;
  private readonly stats: FabricStats;
  private readonly h: HostHandlers;
  private readonly V: number;
  private readonly H: number;
  private readonly hostBase: number;
  /** The flows' send records (the layout above), as integers and as doubles over one buffer. */
  private readonly sI: Int32Array;
  private readonly sF: Float64Array;
  /** The hosts' records (the layout above), as integers and as doubles over one buffer. */
  private readonly hI: Int32Array;
  private readonly hF: Float64Array;
  /** The flows of each host, host by host (host h's from hostFlowStart[h] to hostFlowStart[h + 1]; sendRecords.ts). */
  private readonly hostFlowList: Int32Array;
  private readonly hostFlowStart: Int32Array;
  /** Whether hosts have an injection cap (without one H_FREE stays 0: no division per packet). */
  private readonly injectionCapped: boolean;
  // scratch for arbitration
  private readonly cand: Int32Array;
  /** The candidate's position in its host's flow list (for the round robin). */
  private readonly candPos: Int32Array;
  private readonly candBytes: Float64Array;
  /** The round-robin table every host port's VL arbiter shares (outputArbiters.ts), or null: the port's position in its host record. */
  private readonly rrTable: Uint8Array | null;
  /** The window limits of the rate-controlled flows (injectionWindow.ts). */
  private readonly windows: InjectionWindows;
  /** What generating a packet reads of each flow, and the Poisson flows' draws (flowTable.ts). */
  private readonly table: FlowTable;
  /** The flows' rate control and path selection, with their timers (sourceControl.ts). */
  private readonly control: SourceControl;
  /** With `hostQueueing: 'vl-fifo'`: the per-VL FIFOs that replace the flows' queues (else null). */
  readonly vlFifos: HostVlFifos | null;
  /** Packets ever injected into the network. */
  injected = 0;
  /** What the current scan of a port's heads found holding them (headReady): the earliest rate-limiter release… */
  private scanWake = Infinity;
  /** … and whether a head lacked credits (then pickVl begins a stall). */
  private scanCreditBlocked = false;

  constructor(c: CompiledFabric, engine: Engine, links: Links, pool: PacketPool, stats: FabricStats, handlers: HostHandlers) {
    this.c = c;
    this.engine = engine;
    this.links = links;
    this.pool = pool;
    this.stats = stats;
    this.h = handlers;
    const V = (this.V = c.vls);
    const H = (this.H = c.hostCount);
    const G = c.peer.length;
    this.hostBase = G - H;
    const records = hostSendRecords(c);
    this.sF = records.sF;
    this.sI = records.sI;
    this.hF = records.hF;
    this.hI = records.hI;
    this.hostFlowList = records.hostFlowList;
    this.hostFlowStart = records.hostFlowStart;
    stats.flowRecorders.shareSourceRecords({ f64: this.sF, i32: this.sI, stride: 8, first: S_RECORDERS, count: S_COUNT });
    this.injectionCapped = c.injectionRate < Infinity;
    this.rrTable = H > 0 ? roundRobinTableOf(c.arbiters, this.hostBase, G) : null;
    this.cand = new Int32Array(V);
    this.candPos = new Int32Array(V);
    this.candBytes = new Float64Array(V);
    this.windows = new InjectionWindows(c.flows);
    this.control = new SourceControl(c, engine, stats, this.windows, this, this.hostBase, handlers, this.sF);
    this.vlFifos = c.hostQueueing === 'vl-fifo' ? new HostVlFifos(H, V) : null;
    this.table = new FlowTable(c);
  }

  /** Packets in flow f's send queue, the one in transmission included, per flow (a copy; not per packet). */
  get fCount(): Int32Array {
    return Int32Array.from({ length: this.sI.length / 16 }, (_, f) => this.sI[16 * f + S_COUNT]!);
  }

  /** Posts every flow's start. */
  start(): void {
    const flows = this.c.flows;
    for (let f = 0; f < flows.length; f++) this.engine.post(flows[f]!.start, this.h.gen, f, 0);
  }

  /** Flow f's arrival epoch (epoch = 1), or its start (epoch = 0: the first epoch is drawn now). */
  onGenerate(f: number, epoch: number): void {
    const table = this.table;
    if (this.engine.now >= table.stop(f)) return;
    if (table.owns(f)) {
      // Poisson arrivals drawn from the flow's record (flowTable.ts): one packet per epoch.
      if (epoch === 1) this.newPacket(f);
      this.engine.post(this.engine.now + table.gap(f), this.h.gen, f, 1);
    } else {
      const arrivals = this.c.flows[f]!.arrivals;
      if (arrivals === null) this.newPacket(f);
      else {
        if (epoch === 1) for (let k = arrivals.batch; k > 0; k--) this.newPacket(f);
        this.engine.post(this.engine.now + arrivals.next(), this.h.gen, f, 1);
        table.adopt(f, arrivals);
      }
    }
    this.tryOutput(this.hostBase + table.source(f));
  }

  /** A packet arrives at flow f's send queue (or is refused when it is full). */
  private newPacket(f: number): void {
    const table = this.table;
    const pool = this.pool;
    if (this.sI[16 * f + S_COUNT]! >= table.queueLimit(f)) {
      this.stats.flowRecorders.offered(f, 1);
      return;
    }
    this.stats.flowRecorders.offered(f, 0);
    const p = pool.alloc();
    let size = table.size(f);
    if (size < 0) size = this.c.flows[f]!.sizes.sample() + this.c.headerBytes;
    const vl = table.vl(f);
    const source = table.source(f);
    pool.setSize(p, size);
    pool.setBlocks(p, Math.ceil(size / CREDIT_BLOCK_BYTES));
    pool.setFlow(p, f);
    pool.setVl(p, vl);
    pool.setBaseVl(p, vl);
    pool.setLid(p, 0);
    let dst = table.destination(f);
    if (dst < 0) {
      dst = Math.floor(this.c.flows[f]!.destinationStream!.next() * (this.H - 1));
      if (dst >= source) dst++;
    }
    pool.setDst(p, dst);
    pool.setCreated(p, this.engine.now);
    if (this.vlFifos !== null) this.vlFifos.append(source * this.V + vl, p, pool);
    else {
      // Append to flow f's send queue (PacketQueues.append on the send record).
      pool.setNext(p, NONE);
      const tail = this.sI[16 * f + S_TAIL]!;
      if (tail === NONE) this.sI[16 * f + S_HEAD] = p;
      else pool.setNext(tail, p);
      this.sI[16 * f + S_TAIL] = p;
    }
    this.sendQueueChange(f, 1);
  }

  private sendQueueChange(f: number, delta: number): void {
    const held = this.sI[16 * f + S_COUNT]!;
    this.sI[16 * f + S_COUNT] = held + delta;
    this.stats.flowRecorders.sendQueueChange(f, held);
  }

  /** Host port g's wake-up (a flow's rate-limiter gap is over). */
  onWake(g: number): void {
    this.hF[4 * (g - this.hostBase) + H_WAKE] = Infinity;
    this.tryOutput(g);
  }

  /** Host port g finished sending a packet of flow f: it leaves the send queue's accounting now. */
  txEnd(g: number, f: number): void {
    this.sendQueueChange(f, -1);
    this.tryOutput(g);
  }

  /** Host port g starts the next packet if it is idle and one may go. */
  tryOutput(g: number): void {
    if (this.vlFifos !== null) {
      this.tryOutputVlFifo(g, this.vlFifos);
      return;
    }
    if (this.links.busy(g) !== 0) return;
    const pool = this.pool;
    const h = g - this.hostBase;
    const hI = this.hI;
    // (session 25: the host's record only where it holds something — a round robin over several flows, an
    // injection cap — where reading it at every offer was a cache miss at k = 32)
    const lo = this.hostFlowStart[h]!;
    const n = this.hostFlowStart[h + 1]! - lo;
    if (n === 0) return;
    const now = this.engine.now;
    let ready = 0;
    const free = this.injectionCapped ? this.hF[4 * h + H_FREE]! : 0;
    if (free > now) {
      this.wakeUp(g, free);
      return;
    }
    this.scanWake = Infinity;
    this.scanCreditBlocked = false;
    const rr = n === 1 ? 0 : hI[8 * h + H_RR]!;
    const sI = this.sI;
    for (let i = 0; i < n; i++) {
      const pos = (rr + i) % n;
      const f = this.hostFlowList[lo + pos]!;
      const p = sI[16 * f + S_HEAD]!;
      if (p === NONE) continue;
      const v = sI[16 * f + S_VL]!;
      if ((ready >> v) & 1) continue;
      if (!this.headReady(g, v, f, p, now)) continue;
      ready |= 1 << v;
      this.cand[v] = f;
      this.candPos[v] = pos;
      this.candBytes[v] = pool.size(p);
    }
    const v = this.pickVl(g, ready);
    if (v < 0) return;
    const f = this.cand[v]!;
    // Round robin: next time start after this flow.
    if (n > 1) hI[8 * h + H_RR] = (this.candPos[v]! + 1) % n;
    // Shift flow f's send queue (PacketQueues.shift on the send record).
    const p = sI[16 * f + S_HEAD]!;
    const next = pool.next(p);
    sI[16 * f + S_HEAD] = next;
    if (next === NONE) sI[16 * f + S_TAIL] = NONE;
    this.send(g, h, v, f, p, now);
  }

  /**
   * Host port g (host h) starts packet p of flow f on VL v at `now`, the packet already out of its
   * queue: the flow's rate limiter and window, the injection cap, the path choice, the link, and
   * the flow's next packet. Both output paths (round robin over flows, one FIFO per VL) end here.
   */
  private send(g: number, h: number, v: number, f: number, p: number, now: number): void {
    const pool = this.pool;
    const flags = this.sI[16 * f + S_FLAGS]!;
    if ((flags & HAS_RATE_CONTROL) !== 0) {
      this.sF[8 * f + S_NEXT_AT] = now + pool.size(p) / this.c.mtu / this.c.flows[f]!.rateControl!.rate;
      this.windows.sent(f);
    }
    if (this.injectionCapped) this.hF[4 * h + H_FREE] = now + pool.size(p) / this.c.injectionRate;
    if ((flags & HAS_PATH_SELECTION) !== 0) {
      const sel = this.c.flows[f]!.pathSelection!;
      pool.setLid(p, sel.nextLid(now));
      this.control.afterPathEvent(f, sel);
    }
    this.injected++;
    pool.setTail(p, now);
    this.links.transmit(g, g * this.V + v, p, -1 - f);
    if ((flags & SATURATED) !== 0 && now < this.table.stop(f)) this.newPacket(f);
  }

  /**
   * tryOutput with one FIFO per VL: the heads' readiness is refreshed first (even while the link is
   * busy: a wait starts when its head becomes ready), then the port's arbiter picks among the ready
   * heads. A head held by its flow's rate limiter or window holds its VL.
   */
  private tryOutputVlFifo(g: number, fifos: HostVlFifos): void {
    const V = this.V;
    const links = this.links;
    const pool = this.pool;
    const h = g - this.hostBase;
    const base = h * V;
    const now = this.engine.now;
    let ready = 0;
    this.scanWake = Infinity;
    this.scanCreditBlocked = false;
    for (let v = 0; v < V; v++) {
      const p = fifos.head[base + v]!;
      if (p === NONE) continue;
      const f = pool.flow(p);
      if (!this.headReady(g, v, f, p, now)) continue;
      ready |= 1 << v;
      this.candBytes[v] = pool.size(p);
      if (Number.isNaN(fifos.readySince[base + v]!)) fifos.readySince[base + v] = now;
    }
    if (links.busy(g) !== 0) return;
    const free = this.hF[4 * h + H_FREE]!;
    if (free > now) {
      this.wakeUp(g, free);
      return;
    }
    const v = this.pickVl(g, ready);
    if (v < 0) return;
    const p = fifos.pop(base + v, pool, now);
    this.send(g, h, v, pool.flow(p), p, now);
    // The next head of the VL, if it may go and has its credits, is ready from this start on (what
    // headReady notes for a scan is not read again before the next scan resets it).
    const n = fifos.head[base + v]!;
    if (n !== NONE && this.headReady(g, v, pool.flow(n), n, now)) fifos.readySince[base + v] = now;
  }

  /**
   * Whether head packet p of flow f may start on VL v of host port g at `now` — its flow's window is
   * open (an ACK reopens it, onAck), its rate limiter has lifted, (g, v) has the packet's credits,
   * tested in that order; the one readiness rule of both output paths. What holds it first is noted
   * for the port's scan: the rate limiter's release (scanWake), missing credits (scanCreditBlocked).
   */
  private headReady(g: number, v: number, f: number, p: number, now: number): boolean {
    if (this.sI[16 * f + S_WINDOWED] !== 0 && !this.windows.open(f)) return false;
    const t = this.sF[8 * f + S_NEXT_AT]!;
    if (t > now) {
      if (t < this.scanWake) this.scanWake = t;
      return false;
    }
    if (this.links.credits(g, v) < this.pool.blocks(p)) {
      this.scanCreditBlocked = true;
      return false;
    }
    return true;
  }

  /**
   * The VL host port g starts next among the `ready` ones (bit v), by its arbiter; −1 if none goes
   * (with none ready the port asks to be woken when the scan's first rate limiter lifts, and a
   * head lacking credits begins a stall).
   */
  private pickVl(g: number, ready: number): number {
    if (ready === 0) {
      // (no rate limiter holds a head: no wake-up to ask for — and no read of the host's record)
      if (this.scanWake < Infinity) this.wakeUp(g, this.scanWake);
      if (this.scanCreditBlocked) this.stats.stallBegins(g);
      return -1;
    }
    const table = this.rrTable;
    const v = this.V === 1 ? 0 : table !== null ? pickOnSharedTable(this.links, g, ready, table, this.candBytes) : this.c.arbiters[g]!.pick(ready, this.candBytes);
    if (v >= 0) this.stats.endStall(g);
    return v;
  }

  /** Host port g asks to be woken at `at` (the earliest of its pending wake-ups is kept). */
  wakeUp(g: number, at: number): void {
    const i = 4 * (g - this.hostBase) + H_WAKE;
    if (at < this.hF[i]!) {
      this.hF[i] = at;
      this.engine.post(at, this.h.event, EV_WAKE | g, 0);
    }
  }

  /** An ACK of flow f arrived at its source; `ack` as encoded by the sink ({@link encodeAck}): to the flow's source control. */
  onAck(f: number, ack: number): void {
    this.control.onAck(f, ack);
  }

  /** Flow f's path-selection timer. */
  onPathTimer(f: number): void {
    this.control.onPathTimer(f);
  }

  /** Flow f's rate-control timer. */
  onTimer(f: number): void {
    this.control.onTimer(f);
  }
}

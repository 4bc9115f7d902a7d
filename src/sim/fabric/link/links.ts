/**
 * Links and credit loops: full-duplex point-to-point links (data rate, propagation delay,
 * deterministic or exponential service) and the credit-based link-level flow control of every link
 * direction and VL. A sender holds the free 64-byte blocks of the downstream VL buffer; a packet
 * starts only with credits for all of it; the blocks travel back upstream with the link's delay once
 * the packet's tail has left the downstream switch. Hosts sink at any rate (unlimited credits).
 * With a shared input buffer (`sharedInputBuffer`) a port's VLs draw on one pool of V × capBlocks:
 * the sender's counter of every VL then holds the pool's free blocks (kept equal: a transmission or
 * a credit return on any VL moves all of them), so whoever reads credits(g, v) reads the pool.
 *
 * Indices: global port g (switch ports first, then one per host), port-VL g·V + v.
 */
import type { Engine } from '../../engine/engine.js';
import { NONE, type CompiledFabric } from '../compiled.js';
import { EV_ARRIVE, EV_CREDIT, EV_TX_END } from '../events.js';
import type { StaticForwarding } from '../switch/forwarding.js';
import type { OutputRequestRecords } from '../switch/inputFifo.js';
import type { FabricStats } from '../measure/measurements.js';
import type { PacketPool } from '../packets.js';
import { portWires, type PortRecordsIn } from './portWires.js';
import { lineAlignedBuffer } from '../lineAligned.js';
import { linkClasses } from './linkClasses.js';

/*
 * A port's record (issue 32: locality; session 23: a hot line and a cold part; session 26: the start's fields folded
 * into the first line). Its first 64-byte line holds what a packet-hop reads of the output side — the start of a
 * transmission, its end, the arrival's request, a credit return (folded or not) and a credit event: the packet in
 * transmission, a word of small fields (folded credit returns, the transmit recorders' credit-stall flag, whether a VL
 * ≥ 1 holds folded credits, the VL round robin's last entry), the requested-VL bits of the FIFO input buffers
 * (inputFifo.ts), the peer port, the end of the transmission, the busy time (measurements.ts's transmit recorder), the
 * first folded credit return's arrival time, the link class (linkClasses.ts: rate, delay, peer a host), and VL 0's
 * packets sent (a 32-bit count), credits, credits folded and first and last input buffer requesting the port (review
 * H43rv: a count's wraps past 2^32 in `packetsWrapped`). VL v's fields lie P_PER_VL = 8 integers after VL 0's: VL 1's
 * and the credit stall's start in the second line, and so on. The queue of the packet in transmission is no longer
 * kept: the end's event carries it (transmit's argument). Before (sessions 23–25) a start read a second, cold line
 * (peer, switch, rate, delay, recorders, the round robin's entry): a cache miss per hop at k = 32. S integers a record
 * (a multiple of 16: records on whole lines), read as 32-bit integers (`rec`, port g's field k at g·S + k), unsigned
 * ones (`recU`, the packet counts) or doubles (`recF`, at g·W + k, W = S/2) over one buffer. (Constants of this file:
 * an imported constant is a module variable that V8's optimized code loads at every use.)
 */
/** Integers: the packet in transmission (NONE: idle); the small fields (FLAGS' bits below); the requested-VL bits (inputFifo.ts's OutputRequestRecords: bit v set when some input buffer's head requests this output on VL v); the peer port (−1: none). */
const P_CUR_PKT = 0;
const P_FLAGS = 1;
const P_REQ_VLS = 2;
const P_PEER = 3;
/** FLAGS: bits 0–1 the credit returns folded into the end of transmission (returnCredits; ≤ FOLD_SLOTS); bit 2 the transmit recorders' credit stall (measurements.ts); bit 3 some VL ≥ 1 holds folded credits; bits 16–31 the shared round-robin table's entry the port's VL arbitration served last (signed; −1: none; tables have ≤ 64 entries). */
const F_FOLDS = 3;
const F_STALL = 4;
const F_FOLD_HIGH = 8;
const F_VL_LAST_SHIFT = 16;
/** Doubles: end of the transmission in progress (s); the busy time counted (measurements.ts); the first folded credit return's arrival time. */
const D_END = 2;
const D_BUSY = 3;
const D_FOLD_AT = 4;
/** Integers: the link class's code (linkClasses.ts); VL v's packets sent (unsigned) at P_PACKETS + P_PER_VL·v. */
const P_CLASS = 10;
const P_PACKETS = 11;
/** VL v's integers from P_VL + P_PER_VL · v: credits held by the sender, credits folded; with FIFO input buffers, the first and last input queue (its number) requesting this output on VL v (NONE: none). */
const P_VL = 12;
const P_PER_VL = 8;
const V_CREDITS = 0;
const V_FOLD_BLOCKS = 1;
const V_REQ_HEAD = 2;
const V_REQ_TAIL = 3;
/** Double: the credit stall's start (measurements.ts), in the second line (read when a stall begins or ends). */
const D_STALL_SINCE = 8;
/** Receive credits towards a host: effectively unlimited. */
const HOST_CREDITS = 1 << 30;

/** Credit returns one port may hold folded (more go as events); 2, not 8 (issue 32: their times, once a table of their own, now in the VL sections). */
const FOLD_SLOTS = 2;
/** The engine handler a link posts to (the fabric's dispatcher, events.ts): end of transmission (g, queue), arrival (g, p), credits back (port-VL, blocks). */
export interface LinkHandlers { readonly event: number }

/** Every link direction of the fabric: transmitters, wires and credit counters. */
export class Links {
  private readonly c: CompiledFabric;
  readonly engine: Engine;
  readonly pool: PacketPool;
  readonly h: LinkHandlers;
  readonly V: number;
  /** Peer global port of every port (−1: unconnected). */
  readonly peer: Int32Array;
  /** The switch each global port belongs to (−1: a host port). */
  readonly portSwitch: Int32Array;
  /** First global port of every switch. */
  readonly switchBase: Int32Array;
  /** Capacity of a switch input VL buffer, in credit blocks. */
  readonly capBlocks: number;
  /** Whether a port's VLs share one pool of {@link poolBlocks} (else each VL has capBlocks). */
  readonly shared: boolean;
  /** Blocks of the buffer a credit counter stands for: V × capBlocks when shared, else capBlocks. */
  readonly poolBlocks: number;
  /** The ports' records (the layout above): integers (port g's field k at g·S + k), doubles (at g·W + k), the packet counts unsigned. */
  private readonly rec: Int32Array;
  private readonly recF: Float64Array;
  private readonly recU: Uint32Array;
  /** The packet counts' wraps (review H43rv): 2^32 for each time port g's VL v count passed 2^32 − 1, at g·V + v (measurements.ts adds them). */
  private readonly packetsWrapped: Float64Array;
  private readonly S: number;
  private readonly W: number;
  /** The link classes' rate and delay (linkClasses.ts; a small table: it stays cached). */
  private readonly classF: Float64Array;
  /** Each port's peer, switch and delay, with its FIFO input buffers (any queueing but VoQ), in one record (portWires.ts): integers at g << WSH, + 1, the delay at (g << WSH)/2 + 1. */
  readonly inputBufferRecords: PortRecordsIn;
  private readonly wireI: Int32Array;
  private readonly wireF: Float64Array;
  private readonly WSH: number;
  /** Each port's second folded credit return's arrival time (read only by the credit audit, wireLedger.ts). */
  private readonly foldAt2: Float64Array;
  /** Whether any link has exponential service (else no per-packet test of the port's flag). */
  private readonly anyExponential: boolean;
  /** Credit returns folded into the sender's end of transmission ({@link returnCredits}; blocks, count and arrival times in the records, FOLD_SLOTS a port). */
  private readonly fold: boolean;
  /** Folded credit returns applied so far (each stands for one engine event it saved; wireLedger.ts's foldedEvents). */
  foldedApplied = 0;
  /** Idle folding ({@link enableIdleFold}): the switches' forwarding, the VoQ's requested-VL bits per output (packets heading to it: `heading`, per port). */
  private idleForwarding: StaticForwarding | null = null;
  private requestedVls: Int32Array = new Int32Array(0);
  /** Idle folding: per switch output port, the packets on a wire that will request it at their next switch. */
  private heading: Int32Array = new Int32Array(0);
  /**
   * With idle folding, a packet sent towards a switch is routed there as it is sent (its output and
   * next VL in the pool: nothing reads them on the wire); the crossbar does not route it again.
   */
  routesOnWire = false;
  /** Transmissions started in the whole run (the deadlock watchdog's sign of progress). */
  transmissions = 0;

  /**
   * `foldCredits`: a credit return that reaches a sender still busy with a transmission ending later
   * is applied at that end instead of by an event of its own (see {@link returnCredits}); only for
   * switches whose output side reads credits solely when idle (the input-buffered crossbar).
   */
  constructor(c: CompiledFabric, engine: Engine, pool: PacketPool, stats: FabricStats, capBlocks: number, handlers: LinkHandlers, foldCredits = false) {
    this.c = c;
    this.engine = engine;
    this.pool = pool;
    this.h = handlers;
    const V = (this.V = c.vls);
    const G = c.peer.length;
    this.peer = c.peer;
    this.capBlocks = capBlocks;
    this.shared = c.sharedInputBuffer;
    const poolBlocks = (this.poolBlocks = c.sharedInputBuffer ? capBlocks * V : capBlocks);
    this.portSwitch = new Int32Array(G).fill(NONE);
    this.switchBase = new Int32Array(c.switchCount);
    let g = 0;
    c.switchPorts.forEach((ports, s) => {
      this.switchBase[s] = g;
      for (let k = 0; k < ports; k++) this.portSwitch[g++] = s;
    });
    // (Integer arithmetic: a Math.ceil result would make S a double field, and every index from it a float.)
    const S = (this.S = (Math.max(2 * D_STALL_SINCE + 2, P_VL + P_PER_VL * (V - 1) + 4) + 15) & ~15);
    const W = (this.W = S >> 1);
    const buffer = lineAlignedBuffer(G * W * 8);
    const rec = (this.rec = new Int32Array(buffer, 0, G * S));
    this.recU = new Uint32Array(buffer, 0, G * S);
    this.packetsWrapped = new Float64Array(G * V);
    const recF = (this.recF = new Float64Array(buffer, 0, G * W));
    const classes = linkClasses(c.rate, c.delay, c.peer, this.portSwitch);
    this.classF = classes.f64;
    const wires = (this.inputBufferRecords = portWires(c.peer, this.portSwitch, c.delay, c.inputQueueing === 'voq' ? 0 : V));
    [this.wireF, this.wireI, this.WSH] = [wires.f64, wires.i32, wires.shift];
    let anyExponential = false;
    for (let p = 0; p < G; p++) {
      const peer = c.peer[p]!;
      const r = p * S;
      rec[r + P_CUR_PKT] = NONE;
      rec[r + P_PEER] = peer;
      rec[r + P_FLAGS] = -1 << F_VL_LAST_SHIFT;
      rec[r + P_CLASS] = classes.code[p]!;
      if (c.exponential[p] === 1) anyExponential = true;
      for (let v = 0; v < V; v++) {
        rec[r + P_VL + P_PER_VL * v + V_CREDITS] = peer < 0 ? 0 : this.portSwitch[peer]! >= 0 || c.receiveRate < Infinity ? poolBlocks : HOST_CREDITS;
        rec[r + P_VL + P_PER_VL * v + V_REQ_HEAD] = NONE;
        rec[r + P_VL + P_PER_VL * v + V_REQ_TAIL] = NONE;
      }
    }
    this.anyExponential = anyExponential;
    this.foldAt2 = new Float64Array(G);
    stats.sharePortRecords({ f64: recF, i32: rec, u32: this.recU, wrapped: this.packetsWrapped, stride: W, busy: D_BUSY, stallSince: D_STALL_SINCE, stallFlag: P_FLAGS, stallBit: F_STALL, packets: P_PACKETS, packetsPerVl: P_PER_VL });
    this.fold = foldCredits;
  }

  /** Where FIFO input buffers keep their requests of each output (inputFifo.ts): in the output port's record. */
  outputRequestRecords(): OutputRequestRecords {
    return { i32: this.rec, stride: this.S, vls: P_REQ_VLS, vl0: P_VL, perVl: P_PER_VL, head: V_REQ_HEAD, tail: V_REQ_TAIL };
  }

  /** 1 while port g transmits, else 0. */
  busy(g: number): number {
    return this.rec[g * this.S + P_CUR_PKT] === NONE ? 0 : 1;
  }

  /** Credits (blocks) held by the sender of port g on VL v. */
  credits(g: number, v: number): number {
    return this.rec[g * this.S + P_VL + P_PER_VL * v + V_CREDITS]!;
  }

  /** Blocks of credit returns folded (held) for port g on VL v ({@link returnCredits}; wireLedger.ts reads them). */
  foldedBlocks(g: number, v: number): number {
    return this.rec[g * this.S + P_VL + P_PER_VL * v + V_FOLD_BLOCKS]!;
  }

  /** The arrival time of port g's i-th folded credit return (i < {@link folds}(g)). */
  foldTime(g: number, i: number): number {
    return i === 0 ? this.recF[g * this.W + D_FOLD_AT]! : this.foldAt2[g]!;
  }

  /** The entry of the shared round-robin table port g's VL arbitration served last (−1: none yet; crossbar.ts, hostAdapter.ts). */
  vlLast(g: number): number {
    return this.rec[g * this.S + P_FLAGS]! >> F_VL_LAST_SHIFT;
  }

  setVlLast(g: number, e: number): void {
    const i = g * this.S + P_FLAGS;
    this.rec[i] = (this.rec[i]! & 0xffff) | (e << F_VL_LAST_SHIFT);
  }

  /** The switch of port g (−1: a host port), from its small array: an arrival needs nothing else of g's record (a cache miss fewer at k = 32). */
  switchOf(g: number): number {
    return this.wireI[(g << this.WSH) + 1]!;
  }

  /** Credit returns held for port g (folded; see {@link returnCredits}). */
  folds(g: number): number {
    return this.rec[g * this.S + P_FLAGS]! & F_FOLDS;
  }

  /** The packet in transmission on port g (NONE: idle). */
  currentPacket(g: number): number {
    return this.rec[g * this.S + P_CUR_PKT]!;
  }

  /** Port g's transmission ends: the credit returns folded into it arrive, the port is idle; returns the packet it sent (its queue: the event's). */
  endTransmission(g: number): number {
    const r = g * this.S;
    const rec = this.rec;
    if ((rec[r + P_FLAGS]! & F_FOLDS) !== 0) this.applyFolded(g);
    const p = rec[r + P_CUR_PKT]!;
    rec[r + P_CUR_PKT] = NONE;
    return p;
  }

  /** One fewer packet on a wire will request switch output port g (idle folding's count). */
  arrivedHeadingTo(g: number): void {
    this.heading[g]!--;
  }

  /**
   * Folds credit returns to idle switch ports too (with `foldCredits`, VoQ input queues and every
   * credit delay shorter than every link into a switch plus the switch latency; the fabric checks):
   * a credit return that reaches an idle switch port for which no packet waits (no VoQ queue
   * requests it) and none is on a wire towards its switch to request it, is held, not posted. Its
   * event would find nothing to send; and nothing can request the port before the credits arrive
   * (a packet sent from now on reaches the switch at least a link delay plus the switch latency
   * later, after them), so they are added when the port is next offered with a request (in the
   * crossbar's tryOutput, before it reads them) — always later than their arrival.
   */
  enableIdleFold(forwarding: StaticForwarding, requestedVls: Int32Array): void {
    this.idleForwarding = forwarding;
    this.routesOnWire = true;
    this.requestedVls = requestedVls;
    this.heading = new Int32Array(this.peer.length);
  }

  /** Seconds of port g's transmission in progress still to come after `now` (0 when idle). */
  busyAhead(g: number, now: number): number {
    const end = this.recF[g * this.W + D_END]!;
    return this.rec[g * this.S + P_CUR_PKT] !== NONE && end > now ? end - now : 0;
  }

  /**
   * Puts packet p on the wire of port g (port-VL pv), taking its credits; under cut-through its
   * transmission ends no earlier than `pool.tail(p)` as the caller set it: the time its tail can
   * leave (a host: now). (A time in the pool, not an argument: a double passed to a call V8 does
   * not inline is boxed into a heap number.) `q`: the queue p comes from (an input VL buffer, or −1 − f
   * for host flow f), which the end's event carries.
   */
  transmit(g: number, pv: number, p: number, q: number): void {
    const c = this.c;
    const pool = this.pool;
    const rec = this.rec;
    const recF = this.recF;
    const r = g * this.S;
    const rf = g * this.W;
    const v = pv - g * this.V;
    const vr = r + P_VL + P_PER_VL * v;
    const now = this.engine.now;
    const size = pool.size(p);
    const tailHere = pool.tail(p);
    const blocks = pool.blocks(p);
    this.transmissions++;
    if (this.shared) this.poolCredits(r, -blocks);
    else rec[vr + V_CREDITS]! -= blocks;
    rec[r + P_CUR_PKT] = p;
    const code = rec[r + P_CLASS]!;
    const k = code & ~1;
    let duration = size / this.classF[k]!;
    if (this.anyExponential && c.exponential[g] === 1) duration = -Math.log(1 - c.serviceStream.next()) * duration;
    let end = now + duration;
    if (c.cutThrough && tailHere > end) end = tailHere;
    recF[rf + D_END] = end;
    recF[rf + D_BUSY]! += end - now;
    if (++this.recU[r + P_PACKETS + P_PER_VL * v]! === 4294967296) this.packetsWrapped[g * this.V + v]! += 4294967296; // (stored: 0)
    const peer = rec[r + P_PEER]!;
    const d = this.classF[k + 1]!;
    pool.setTail(p, end + d);
    let at: number;
    if ((code & 1) !== 0) at = end + d;
    else at = (c.cutThrough ? now : end) + d + c.switchLatency;
    // The end carries the packet's queue: its handler reads the queue's record without waiting for port g's.
    const engine = this.engine;
    const postAt = engine.postAt; // times through a typed array: not boxed if post is not inlined
    postAt[0] = end;
    engine.postNext(this.h.event, EV_TX_END | g, q);
    postAt[0] = at;
    engine.postNext(this.h.event, EV_ARRIVE | peer, p);
    const fwd = this.idleForwarding;
    if (fwd !== null && (code & 1) === 0) this.heading[fwd.route(this.portSwitch[peer]!, p, pool)]!++;
  }

  /**
   * Input port `inPort` freed `blocks` blocks of VL v: the credits travel back upstream.
   *
   * Folding (with `foldCredits`): when the sender is transmitting and its transmission ends strictly
   * after the credits arrive, their event would only add them to its counters and offer the port,
   * which refuses at once (busy); nothing reads its credits before that end (its output side reads
   * them only when idle, and the marking only when it starts a packet). So the credits are held
   * here and added at the start of the sender's end of transmission (before anything there reads
   * them), and no event is posted: every other event keeps its time and relative order (the
   * engine's sequence numbers are only shifted). Each fold saves one engine event of the three or
   * four of a packet-hop; {@link foldedEvents} counts them so that the run's event count stays the
   * model's.
   */
  returnCredits(inPort: number, v: number, blocks: number): void {
    const rec = this.rec;
    const S = this.S;
    // The peer and the delay from the wire record, not inPort's record: at a packet's tail that
    // record was last read at its head's arrival, a transmission earlier (a cache miss at k = 32).
    const w = inPort << this.WSH;
    const g = this.wireI[w]!;
    const r = g * S;
    const at = this.engine.now + this.wireF[(w >> 1) + 1]!;
    if (
      this.fold &&
      ((rec[r + P_CUR_PKT] !== NONE && this.recF[g * this.W + D_END]! > at) ||
        (this.idleForwarding !== null && rec[r + P_CUR_PKT] === NONE && this.portSwitch[g]! >= 0 && this.requestedVls[g] === 0 && this.heading[g] === 0))
    ) {
      const flags = rec[r + P_FLAGS]!;
      const n = flags & F_FOLDS;
      if (n < FOLD_SLOTS) {
        if (n === 0) this.recF[g * this.W + D_FOLD_AT] = at;
        else this.foldAt2[g] = at;
        rec[r + P_FLAGS] = (flags + 1) | (v === 0 ? 0 : F_FOLD_HIGH);
        rec[r + P_VL + P_PER_VL * v + V_FOLD_BLOCKS]! += blocks;
        return;
      }
    }
    this.engine.post(at, this.h.event, EV_CREDIT | (g * this.V + v), blocks);
  }

  /**
   * The credit returns folded for port g arrive (call at the end of its transmission, or when an
   * idle switch port is offered with a request, before anything reads its credits).
   */
  applyFolded(g: number): void {
    const rec = this.rec;
    const r = g * this.S;
    const flags = rec[r + P_FLAGS]!;
    // (VL ≥ 1's sections, in the record's later lines, only when one holds folded credits)
    const vls = (flags & F_FOLD_HIGH) !== 0 ? this.V : 1;
    for (let v = 0; v < vls; v++) {
      const vr = r + P_VL + P_PER_VL * v;
      const blocks = rec[vr + V_FOLD_BLOCKS]!;
      if (blocks !== 0) {
        rec[vr + V_FOLD_BLOCKS] = 0;
        if (this.shared) this.poolCredits(r, blocks);
        else rec[vr + V_CREDITS]! += blocks;
      }
    }
    this.foldedApplied += flags & F_FOLDS;
    rec[r + P_FLAGS] = flags & ~(F_FOLDS | F_FOLD_HIGH);
  }

  /** Credits for port-VL pv reached the sender; returns the sending port. */
  creditsArrived(pv: number, blocks: number): number {
    const g = (pv / this.V) | 0;
    const vr = g * this.S + P_VL + P_PER_VL * (pv - g * this.V);
    if (this.shared) this.poolCredits(g * this.S, blocks);
    else this.rec[vr + V_CREDITS]! += blocks;
    return g;
  }

  /** Shared input buffer: the pool's free blocks change by `blocks` on every VL's counter of the port at record r. */
  private poolCredits(r: number, blocks: number): void {
    for (let v = 0; v < this.V; v++) this.rec[r + P_VL + P_PER_VL * v + V_CREDITS]! += blocks;
  }
}

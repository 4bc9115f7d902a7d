/**
 * Links and credit loops: full-duplex point-to-point links (data rate, propagation delay,
 * deterministic or exponential service) and the credit-based link-level flow control of every link
 * direction and VL. A sender holds the free 64-byte blocks of the downstream VL buffer; a packet
 * starts only with credits for all of it; the blocks travel back upstream with the link's delay once
 * the packet's tail has left the downstream switch. Hosts sink at any rate (unlimited credits).
 *
 * Indices: global port g (switch ports first, then one per host), port-VL g·V + v.
 */
import type { Engine } from '../../engine/engine.js';
import { NONE, type CompiledFabric } from '../compiled.js';
import { EV_ARRIVE, EV_CREDIT, EV_TX_END } from '../events.js';
import type { StaticForwarding } from '../switch/forwarding.js';
import type { FabricStats, CreditAudit } from '../measure/measurements.js';
import type { PacketPool } from '../packets.js';

/** Receive credits towards a host: effectively unlimited. */
const HOST_CREDITS = 1 << 30;

/** Credit returns one port may hold folded into its end of transmission (more go as events). */
const FOLD_SLOTS = 8;

/**
 * The engine handler a link posts to (the fabric's dispatcher, events.ts): end of a transmission (g),
 * arrival at the far end (g, p), credits back at the sender (port-VL, blocks).
 */
export interface LinkHandlers {
  readonly event: number;
}

/** Every link direction of the fabric: transmitters, wires and credit counters. */
export class Links {
  private readonly c: CompiledFabric;
  private readonly engine: Engine;
  private readonly pool: PacketPool;
  private readonly stats: FabricStats;
  private readonly h: LinkHandlers;
  private readonly V: number;
  /** Peer global port of every port (−1: unconnected). */
  readonly peer: Int32Array;
  /** Propagation delay (s) of every port's outgoing direction. */
  readonly delay: Float64Array;
  /** The switch each global port belongs to (−1: a host port). */
  readonly portSwitch: Int32Array;
  /** First global port of every switch. */
  readonly switchBase: Int32Array;
  /** Capacity of a switch input VL buffer, in credit blocks. */
  readonly capBlocks: number;
  /** 1 while port g transmits. */
  readonly outBusy: Uint8Array;
  /** The queue the packet in transmission on port g came from: an input VL buffer g'·V + v, or −1 − f for host flow f. */
  readonly outCurQ: Int32Array;
  /** The packet in transmission on port g (NONE: idle). */
  readonly outCurPkt: Int32Array;
  /** Credits (blocks) held by the sender of port-VL pv. */
  readonly credits: Int32Array;
  private readonly inFlight: Int32Array;
  private readonly returning: Int32Array;
  /** When port g's transmission in progress ends (valid while outBusy[g] = 1). */
  private readonly outEnd: Float64Array;
  /**
   * Credit returns folded into the sender's end of transmission (see {@link returnCredits}): blocks
   * per port-VL, how many returns per port and the time each would have arrived (FOLD_SLOTS a port).
   */
  private readonly fold: boolean;
  private readonly foldBlocks: Int32Array;
  readonly foldCount: Uint8Array;
  private readonly foldAt: Float64Array;
  /** Folded credit returns applied so far (each stands for one engine event it saved). */
  private foldedApplied = 0;
  /**
   * Idle folding (see {@link enableIdleFold}): the switches' forwarding, the bit mask of VLs each
   * output is requested on (the input queues' requestedVls), and per switch output port the packets
   * on a wire that will request it at their next switch.
   */
  private idleForwarding: StaticForwarding | null = null;
  private requestedVls: Int32Array = new Int32Array(0);
  readonly headingTo: Int32Array;
  /**
   * With idle folding, a packet sent towards a switch is routed there as it is sent (its output port
   * and next VL set in the pool: nothing reads them between its departure and its arrival), so the
   * count above and the switch share one forwarding-table read; the crossbar then does not route it
   * again on arrival.
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
    this.stats = stats;
    this.h = handlers;
    const V = (this.V = c.vls);
    const G = c.peer.length;
    this.peer = c.peer;
    this.delay = c.delay;
    this.capBlocks = capBlocks;
    this.portSwitch = new Int32Array(G).fill(NONE);
    this.switchBase = new Int32Array(c.switchCount);
    let g = 0;
    c.switchPorts.forEach((ports, s) => {
      this.switchBase[s] = g;
      for (let k = 0; k < ports; k++) this.portSwitch[g++] = s;
    });
    this.outBusy = new Uint8Array(G);
    this.outCurQ = new Int32Array(G).fill(NONE);
    this.outCurPkt = new Int32Array(G).fill(NONE);
    const Q = G * V;
    this.credits = new Int32Array(Q);
    for (let p = 0; p < G; p++) {
      const peer = c.peer[p]!;
      for (let v = 0; v < V; v++) {
        this.credits[p * V + v] = peer < 0 ? 0 : this.portSwitch[peer]! >= 0 || c.receiveRate < Infinity ? capBlocks : HOST_CREDITS;
      }
    }
    this.inFlight = new Int32Array(Q);
    this.returning = new Int32Array(Q);
    this.outEnd = new Float64Array(G);
    this.fold = foldCredits;
    this.foldBlocks = new Int32Array(foldCredits ? Q : 0);
    this.foldCount = new Uint8Array(G);
    this.foldAt = new Float64Array(foldCredits ? G * FOLD_SLOTS : 0);
    this.headingTo = new Int32Array(G);
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
  }

  /**
   * Puts packet p on the wire of port g (port-VL pv), taking its credits; under cut-through its
   * transmission ends no earlier than `pool.tail[p]` as the caller set it: the time its tail can
   * leave (a host: now). (A time in the pool, not an argument: a double passed to a call V8 does
   * not inline is boxed into a heap number.)
   */
  /** Seconds of port g's transmission in progress still to come after `now` (0 when idle). */
  busyAhead(g: number, now: number): number {
    return this.outBusy[g] === 1 && this.outEnd[g]! > now ? this.outEnd[g]! - now : 0;
  }

  transmit(g: number, pv: number, p: number): void {
    const c = this.c;
    const pool = this.pool;
    const stats = this.stats;
    const now = this.engine.now;
    const size = pool.size[p]!;
    const tailHere = pool.tail[p]!;
    this.transmissions++;
    this.credits[pv]! -= pool.blocks[p]!;
    this.inFlight[pv]! += pool.blocks[p]!;
    this.outBusy[g] = 1;
    this.outCurPkt[g] = p;
    let duration = size / c.rate[g]!;
    if (c.exponential[g] === 1) duration = -Math.log(1 - c.serviceStream.next()) * duration;
    let end = now + duration;
    if (c.cutThrough && tailHere > end) end = tailHere;
    this.outEnd[g] = end;
    stats.txBusyTime[g]! += end - now;
    stats.txPacketsVl[pv]!++;
    const peer = this.peer[g]!;
    const d = this.delay[g]!;
    pool.tail[p] = end + d;
    let at: number;
    if (this.portSwitch[peer]! < 0) at = end + d;
    else at = (c.cutThrough ? now : end) + d + c.switchLatency;
    this.engine.post(end, this.h.event, EV_TX_END | g, 0);
    this.engine.post(at, this.h.event, EV_ARRIVE | peer, p);
    const fwd = this.idleForwarding;
    if (fwd !== null) {
      const s = this.portSwitch[peer]!;
      if (s >= 0) this.headingTo[fwd.route(s, p, pool)]!++;
    }
  }

  /** Packet p has arrived at port g: its blocks are no longer on the wire. */
  arrived(g: number, p: number): void {
    this.inFlight[this.peer[g]! * this.V + this.pool.vl[p]!]! -= this.pool.blocks[p]!;
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
    const g = this.peer[inPort]!;
    const up = g * this.V + v;
    this.returning[up]! += blocks;
    const at = this.engine.now + this.delay[inPort]!;
    if (
      this.fold &&
      ((this.outBusy[g] !== 0 && this.outEnd[g]! > at) ||
        (this.idleForwarding !== null && this.outBusy[g] === 0 && this.portSwitch[g]! >= 0 && this.requestedVls[g] === 0 && this.headingTo[g] === 0))
    ) {
      const n = this.foldCount[g]!;
      if (n < FOLD_SLOTS) {
        this.foldAt[g * FOLD_SLOTS + n] = at;
        this.foldCount[g] = n + 1;
        this.foldBlocks[up]! += blocks;
        return;
      }
    }
    this.engine.post(at, this.h.event, EV_CREDIT | up, blocks);
  }

  /**
   * The credit returns folded for port g arrive (call at the end of its transmission, or when an
   * idle switch port is offered with a request, before anything reads its credits).
   */
  applyFolded(g: number): void {
    const V = this.V;
    for (let pv = g * V; pv < g * V + V; pv++) {
      const blocks = this.foldBlocks[pv]!;
      if (blocks !== 0) {
        this.foldBlocks[pv] = 0;
        this.returning[pv]! -= blocks;
        this.credits[pv]! += blocks;
      }
    }
    this.foldedApplied += this.foldCount[g]!;
    this.foldCount[g] = 0;
  }

  /** Credit returns folded (no engine event) that would have arrived before `now`: the events they saved. */
  foldedEvents(now: number): number {
    let n = this.foldedApplied;
    const count = this.foldCount;
    for (let g = 0; g < count.length; g++) {
      for (let i = 0; i < count[g]!; i++) if (this.foldAt[g * FOLD_SLOTS + i]! < now) n++;
    }
    return n;
  }

  /** Credits for port-VL pv reached the sender; returns the sending port. */
  creditsArrived(pv: number, blocks: number): number {
    this.returning[pv]! -= blocks;
    this.credits[pv]! += blocks;
    return (pv / this.V) | 0;
  }

  /** The credit ledger rows of every link direction into a switch; `buffered(q)` = blocks held by input VL buffer q. */
  audit(buffered: (q: number) => number): CreditAudit[] {
    const rows: CreditAudit[] = [];
    const V = this.V;
    for (let g = 0; g < this.peer.length; g++) {
      const peer = this.peer[g]!;
      if (peer < 0 || this.portSwitch[peer]! < 0) continue;
      for (let v = 0; v < V; v++) {
        rows.push({
          port: this.c.portNames[g]!,
          vl: v,
          capacity: this.capBlocks,
          credits: this.credits[g * V + v]!,
          inFlight: this.inFlight[g * V + v]!,
          buffered: buffered(peer * V + v),
          creditsReturning: this.returning[g * V + v]!,
        });
      }
    }
    return rows;
  }
}

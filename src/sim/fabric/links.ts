/**
 * Links and credit loops: full-duplex point-to-point links (data rate, propagation delay,
 * deterministic or exponential service) and the credit-based link-level flow control of every link
 * direction and VL. A sender holds the free 64-byte blocks of the downstream VL buffer; a packet
 * starts only with credits for all of it; the blocks travel back upstream with the link's delay once
 * the packet's tail has left the downstream switch. Hosts sink at any rate (unlimited credits).
 *
 * Indices: global port g (switch ports first, then one per host), port-VL g·V + v.
 */
import type { Engine } from '../engine/engine.js';
import { NONE, type CompiledFabric } from './compiled.js';
import type { FabricStats, CreditAudit } from './measurements.js';
import type { PacketPool } from './packets.js';

/** Receive credits towards a host: effectively unlimited. */
const HOST_CREDITS = 1 << 30;

/** The engine handlers a link posts to: end of a transmission (g) and arrival at the far end (g, p). */
export interface LinkHandlers {
  readonly txEnd: number;
  readonly arrive: number;
  readonly credit: number;
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
  /** Transmissions started in the whole run (the deadlock watchdog's sign of progress). */
  transmissions = 0;

  constructor(c: CompiledFabric, engine: Engine, pool: PacketPool, stats: FabricStats, capBlocks: number, handlers: LinkHandlers) {
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
  }

  /**
   * Puts packet p on the wire of port g (port-VL pv), taking its credits; under cut-through its
   * transmission ends no earlier than `pool.tail[p]` as the caller set it: the time its tail can
   * leave (a host: now). (A time in the pool, not an argument: a double passed to a call V8 does
   * not inline is boxed into a heap number.)
   */
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
    stats.txBusyTime[g]! += end - now;
    stats.txPacketsVl[pv]!++;
    const peer = this.peer[g]!;
    const d = this.delay[g]!;
    pool.tail[p] = end + d;
    let at: number;
    if (this.portSwitch[peer]! < 0) at = end + d;
    else at = (c.cutThrough ? now : end) + d + c.switchLatency;
    this.engine.post(end, this.h.txEnd, g, 0);
    this.engine.post(at, this.h.arrive, peer, p);
  }

  /** Packet p has arrived at port g: its blocks are no longer on the wire. */
  arrived(g: number, p: number): void {
    this.inFlight[this.peer[g]! * this.V + this.pool.vl[p]!]! -= this.pool.blocks[p]!;
  }

  /** Input port `inPort` freed `blocks` blocks of VL v: the credits travel back upstream. */
  returnCredits(inPort: number, v: number, blocks: number): void {
    const up = this.peer[inPort]! * this.V + v;
    this.returning[up]! += blocks;
    this.engine.post(this.engine.now + this.delay[inPort]!, this.h.credit, up, blocks);
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

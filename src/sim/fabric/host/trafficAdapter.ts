/**
 * The host channel adapters' sending side under {@link HostTraffic} (Gran et al.'s `gen`): instead of
 * per-flow send queues, each host asks its traffic for the destination of the next packet whenever
 * its link is free, has credits for a packet on VL 0 and its injection cap allows one; the traffic
 * decides (shares of link time, per-QP IB CC rate limits), so nothing held back blocks anything
 * else. Packets carry −1 − source as their flow. Deliveries and BECNs go back to the traffic.
 */
import type { Engine } from '../../engine/engine.js';
import { CREDIT_BLOCK_BYTES, type CompiledFabric } from '../compiled.js';
import { EV_BECN, EV_WAKE } from '../events.js';
import type { HostTraffic } from './hostTraffic.js';
import type { Links } from '../link/links.js';
import type { FabricStats } from '../measure/measurements.js';
import type { PacketPool } from '../packets.js';

/** The engine handler these adapters post to (the fabric's dispatcher, events.ts): port wake-up (g), BECN at the source (source, destination). */
export interface TrafficHandlers {
  readonly event: number;
}

/** The sending side of every host adapter, driven by a {@link HostTraffic}. */
export class TrafficHostAdapters {
  private readonly c: CompiledFabric;
  private readonly traffic: HostTraffic;
  private readonly engine: Engine;
  private readonly links: Links;
  private readonly pool: PacketPool;
  private readonly stats: FabricStats;
  private readonly h: TrafficHandlers;
  private readonly H: number;
  private readonly hostBase: number;
  private readonly blocks: number;
  /** Earliest start of host h's next packet under its injection cap. */
  private readonly hostFree: Float64Array;
  private readonly wakeAt: Float64Array;
  /** No send queues here (the packet ledger reads it). */
  readonly fCount = new Int32Array(0);
  /** Packets ever injected into the network. */
  injected = 0;
  /** Packets delivered to their destination. */
  delivered = 0;

  constructor(c: CompiledFabric, engine: Engine, links: Links, pool: PacketPool, stats: FabricStats, handlers: TrafficHandlers) {
    this.c = c;
    this.traffic = c.hostTraffic!;
    this.engine = engine;
    this.links = links;
    this.pool = pool;
    this.stats = stats;
    this.h = handlers;
    this.H = c.hostCount;
    this.hostBase = c.peer.length - c.hostCount;
    this.blocks = Math.ceil(this.traffic.packetBytes / CREDIT_BLOCK_BYTES);
    this.hostFree = new Float64Array(this.H);
    this.wakeAt = new Float64Array(c.peer.length).fill(Infinity);
  }

  /** Every host asks for its first packet at time 0. */
  start(): void {
    for (let g = this.hostBase; g < this.hostBase + this.H; g++) this.engine.post(0, this.h.event, EV_WAKE | g, 0);
  }

  onWake(g: number): void {
    this.wakeAt[g] = Infinity;
    this.tryOutput(g);
  }

  /** Host port g finished sending a packet. */
  txEnd(g: number): void {
    this.tryOutput(g);
  }

  private wake(g: number, at: number): void {
    if (at < this.wakeAt[g]!) {
      this.wakeAt[g] = at;
      this.engine.post(at, this.h.event, EV_WAKE | g, 0);
    }
  }

  /** Host port g starts a packet if it is idle, has credits, its cap allows and its traffic offers one. */
  tryOutput(g: number): void {
    const links = this.links;
    if (links.busy(g) !== 0) return;
    const now = this.engine.now;
    const pv = g * this.c.vls;
    if (links.credits(g, 0) < this.blocks) {
      this.stats.stallBegins(g);
      return;
    }
    const h = g - this.hostBase;
    if (this.hostFree[h]! > now) {
      this.wake(g, this.hostFree[h]!);
      return;
    }
    const traffic = this.traffic;
    const d = traffic.next(h, now);
    if (d < 0) {
      this.wake(g, traffic.wakeAt);
      return;
    }
    this.stats.endStall(g);
    const pool = this.pool;
    const p = pool.alloc();
    const size = traffic.packetBytes;
    pool.setSize(p, size);
    pool.setBlocks(p, this.blocks);
    pool.setFlow(p, -1 - h);
    pool.setVl(p, 0);
    pool.setDst(p, d);
    pool.setCreated(p, now);
    traffic.sent(h, d, now);
    this.hostFree[h] = now + size / this.c.injectionRate;
    // −1 − F: a host packet of no flow (the fabric's txEnd tells host flows by −1 − f).
    this.injected++;
    pool.setTail(p, now);
    links.transmit(g, pv, p, -1 - this.c.flows.length);
  }

  /** Packet p (of this traffic) reached its destination's sink: counted, and a marked one echoed as a BECN. */
  deliver(p: number): void {
    const pool = this.pool;
    const source = -1 - pool.flow(p);
    const destination = pool.dst(p);
    const now = this.engine.now;
    this.delivered++;
    this.traffic.delivered(source, destination, pool.size(p), now);
    if (pool.mark(p) === 1 && this.traffic.congestionControlled) {
      const ack = this.c.ackDelay;
      this.engine.post(now + ack.values[ack.index[source * this.H + destination]!]!, this.h.event, EV_BECN | source, destination);
    }
    pool.release(p);
  }

  /** A BECN reached `source`. */
  onBecn(source: number, destination: number): void {
    this.traffic.becn(source, destination, this.engine.now);
  }
}

/**
 * The host sink: a destination host takes every packet at once (unlimited receive credits), records
 * its latency and mark, and acknowledges it to a rate-controlled source out of band (the ACK reaches
 * the source after the reverse path's latency, using no bandwidth). A receive cap would land here.
 */
import type { Engine } from '../engine/engine.js';
import type { CompiledFabric } from './compiled.js';
import type { FabricStats } from './measurements.js';
import type { PacketPool } from './packets.js';

/** The receiving side of every host adapter. */
export class Sink {
  private readonly c: CompiledFabric;
  private readonly engine: Engine;
  private readonly pool: PacketPool;
  private readonly stats: FabricStats;
  private readonly hAck: number;
  private readonly H: number;
  /** Packets delivered in the whole run. */
  delivered = 0;

  /** `hAck`: the engine handler of an ACK arriving at its source, (flow, marked 0/1). */
  constructor(c: CompiledFabric, engine: Engine, pool: PacketPool, stats: FabricStats, hAck: number) {
    this.c = c;
    this.engine = engine;
    this.pool = pool;
    this.stats = stats;
    this.hAck = hAck;
    this.H = c.hostCount;
  }

  /** Packet p's tail has reached its destination host. */
  deliver(p: number): void {
    const pool = this.pool;
    const stats = this.stats;
    const f = pool.flow[p]!;
    const flow = this.c.flows[f]!;
    const now = this.engine.now;
    this.delivered++;
    stats.fBytes[f]! += pool.size[p]!;
    const lat = (now - pool.created[p]!) * 1e6;
    stats.fLatency[f]!.add(lat);
    stats.fLatencyHistogram[f]!.add(lat);
    const marked = pool.mark[p]!;
    if (marked) stats.fMarked[f]!++;
    if (flow.rateControl !== null) {
      this.engine.post(now + this.c.ackDelay[flow.source * this.H + pool.dst[p]!]!, this.hAck, f, marked);
    }
    pool.release(p);
  }
}

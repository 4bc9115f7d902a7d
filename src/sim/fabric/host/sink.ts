/**
 * The host sink: a destination host takes every packet at once (unlimited receive credits), records
 * its latency and mark, and acknowledges it to a rate-controlled or path-selecting source out of
 * band (the ACK reaches the source after the reverse path's latency — plus its transmission time
 * when `ackBytes` > 0 — using no bandwidth). The ACK
 * carries, in one integer ({@link encodeAck}), the FECN mark echoed as BECN, the LID offset the
 * packet was sent to and its latency (DRB's "notification … with the recorded channel latency",
 * the DRB paper (Lugones et al.) §2). A receive cap would land here.
 */
import type { Engine } from '../../engine/engine.js';
import type { CompiledFabric } from '../compiled.js';
import type { FabricStats } from '../measure/measurements.js';
import type { PacketPool } from '../packets.js';

/** Latency unit of an ACK (s): 100 ns; latencies of up to 2^26 units (6.7 s) are carried, longer ones as that. */
const ACK_LATENCY_UNIT = 1e-7;
const ACK_LATENCY_MAX = 2 ** 26;

/** One ACK as an integer: bit 0 the mark, bits 1–3 the LID offset (< 8), bits 4… the latency in 100 ns units. */
export function encodeAck(marked: number, lid: number, latency: number): number {
  return marked | (lid << 1) | (Math.min(ACK_LATENCY_MAX, Math.round(latency / ACK_LATENCY_UNIT)) << 4);
}

/** The LID offset of an ACK made by {@link encodeAck} (its mark is bit 0). */
export function ackLid(ack: number): number {
  return (ack >> 1) & 7;
}

/** The latency (s) an ACK made by {@link encodeAck} reports. */
export function ackLatency(ack: number): number {
  return (ack >>> 4) * ACK_LATENCY_UNIT;
}

/** The receiving side of every host adapter. */
export class Sink {
  private readonly c: CompiledFabric;
  private readonly engine: Engine;
  private readonly pool: PacketPool;
  private readonly stats: FabricStats;
  private readonly hAck: number;
  private readonly H: number;
  /** 1 for a flow whose source takes ACKs (rate control or path selection): a delivery reads this, not the flow's object (issue 32, session 14: V8's heap pages at k = 32). */
  private readonly acked: Uint8Array;
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
    this.acked = Uint8Array.from(c.flows, (flow) => (flow.rateControl !== null || flow.pathSelection !== null ? 1 : 0));
  }

  /** Packet p's tail has reached its destination host. */
  deliver(p: number): void {
    const pool = this.pool;
    const stats = this.stats;
    const f = pool.flow(p);
    const now = this.engine.now;
    this.delivered++;
    const seconds = now - pool.created(p);
    const lat = seconds * 1e6;
    const marked = pool.mark(p);
    stats.flowRecorders.delivered(f, pool.size(p), lat, marked);
    if (this.c.onDeliver !== null) this.c.onDeliver(f, pool.created(p), now);
    if (this.acked[f] === 1) {
      const ack = this.c.ackDelay;
      this.engine.post(now + ack.values[ack.index[this.c.flows[f]!.source * this.H + pool.dst(p)]!]!, this.hAck, f, encodeAck(marked, pool.lid(p), seconds));
    }
    pool.release(p);
  }
}

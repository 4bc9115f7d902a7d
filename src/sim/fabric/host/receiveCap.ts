/**
 * The host adapter's receive (sink) cap: real adapters take packets from the wire no faster than
 * their host interface allows (Gran et al.: "each hotspot receives 13.6 Gbps, which equals the
 * maximum receive rate of an end node"). The host holds arriving packets in a receive buffer of
 * `bufferBytes` per VL, with credits like a switch input (the switch port facing the host then holds
 * finite credits); the sink takes one packet at a time at the cap's rate, starting once the packet's
 * header is in and the previous one is taken, finishing no earlier than its tail's arrival; the
 * packet's credits go back to the switch when it is taken. Without the option hosts take every
 * packet at once and the switch holds unlimited credits towards them.
 */
import type { Engine } from '../../engine/engine.js';
import type { CompiledFabric } from '../compiled.js';
import type { PacketPool } from '../packets.js';
import { EV_TAKEN } from '../events.js';

/** The receive side's pace of every host. */
export class ReceiveCap {
  private readonly c: CompiledFabric;
  private readonly engine: Engine;
  private readonly pool: PacketPool;
  private readonly hTaken: number;
  private readonly hostBase: number;
  /** When host h's sink has taken every packet it holds. */
  private readonly sinkFree: Float64Array;

  /** `hTaken`: the engine handler (the fabric's dispatcher, events.ts) of host port g's sink having taken packet p. */
  constructor(c: CompiledFabric, engine: Engine, pool: PacketPool, hTaken: number) {
    this.c = c;
    this.engine = engine;
    this.pool = pool;
    this.hTaken = hTaken;
    this.hostBase = c.peer.length - c.hostCount;
    this.sinkFree = new Float64Array(c.hostCount);
  }

  /** Packet p has its tail in at host port g now (its size read from the pool, not passed: a double argument is boxed). */
  arrive(g: number, p: number): void {
    const c = this.c;
    const size = this.pool.size(p);
    const h = g - this.hostBase;
    const now = this.engine.now;
    const header = now - size / c.rate[c.peer[g]!]!;
    const free = this.sinkFree[h]!;
    let done = (free > header ? free : header) + size / c.receiveRate;
    if (done < now) done = now;
    this.sinkFree[h] = done;
    this.engine.post(done, this.hTaken, EV_TAKEN | g, p);
  }
}

/**
 * The resolved network the fabric model solves (docs/models.md §13): output ports with their links,
 * VL arbitration and the credits of the buffer downstream, and flows as sequences of output ports.
 * It knows nothing of topologies or routing: the front end (scenario.ts) resolves a `fabric`
 * scenario's topology and forwarding tables into it, and tests may write one by hand.
 *
 * Units: bytes, seconds, bytes per second (the front end converts the scenario's Gb/s, ns and µs).
 */
import type { VlArbiterConfig } from '../../admission/arbiter.js';

/** One transmitting port: a host's port or a switch's output port, with the link it drives. */
export interface ModelPort {
  /** "switch:port", or the host's name (the simulator's port keys). */
  readonly name: string;
  /** Link data rate, bytes per second, > 0. */
  readonly rate: number;
  /** Propagation delay of the link, seconds, ≥ 0. */
  readonly delay: number;
  /** True when the link's service is exponential (a modelling device; the hardware is deterministic). */
  readonly exponential: boolean;
  /** True for a host (channel adapter) port: packets wait in the flows' send queues. */
  readonly host: boolean;
  /**
   * Bytes of each VL buffer at the far end of the link (the credits this port may hold per VL);
   * Infinity when the far end is a host that sinks at any rate.
   */
  readonly downstreamBufferBytes: number;
  /** Switch latency at the far end, seconds (0 when the far end is a host). */
  readonly downstreamLatency: number;
  /** The port's VL arbitration tables (the admission module's form). */
  readonly arbitration: VlArbiterConfig;
}

/** One flow: a source host, a path of output ports, a rate and its packets. */
export interface ModelFlow {
  /** The flow's name (the simulator's metric key). */
  readonly name: string;
  /** The output ports the flow crosses, the source host's port first. */
  readonly path: readonly number[];
  /** The VL on each hop (same length as `path`). */
  readonly vls: readonly number[];
  /** Offered packet rate λ, packets per second; Infinity for a saturated (greedy) source. */
  readonly lambda: number;
  /** SCV of the inter-arrival times, Ca² ≥ 0 (1 for Poisson, 0 for CBR). */
  readonly ca2: number;
  /** Mean packet size on the wire, bytes. */
  readonly meanBytes: number;
  /** Second moment of the packet size on the wire, bytes². */
  readonly secondMomentBytes: number;
  /** Send-queue capacity in packets, the one in transmission included (Infinity: unbounded). */
  readonly sendQueuePackets: number;
  /**
   * The name the simulator reports this flow under when several model flows make one simulated flow
   * (a `uniform` destination spread over every other host); default `name`.
   */
  readonly group?: string;
  /** True when the simulated flow runs under rate control (congestion control): its transients are not modelled. */
  readonly rateControlled?: boolean;
}

/** A network ready for {@link solveFabric}: ports, flows and the hardware facts they share. */
export interface ModelNetwork {
  readonly ports: readonly ModelPort[];
  readonly flows: readonly ModelFlow[];
  /** Data VLs per port. */
  readonly vls: number;
  /** Virtual cut-through (true) or store-and-forward (false). */
  readonly cutThrough: boolean;
  /**
   * Switch input buffers: false (default) one FIFO per input port and VL, whose head blocks the
   * packets behind it; true virtual output queues (no head-of-line blocking; the input port still
   * feeds one output at a time).
   */
  readonly voq?: boolean;
}

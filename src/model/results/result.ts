/**
 * The records {@link solveFabric} returns (docs/models.md §13): per flow, per channel (port, VL), per
 * port, the saturation verdict and the diagnostics of the fixed point. Plain readonly data; the
 * display is attached by display.ts. Units: Gb/s, µs, fractions of time, packets.
 */

/** Why a flow's numbers should not be trusted as they are (each with a sentence in `reasons`). */
export type FlowFlag = 'saturated' | 'near-saturation' | 'congestion-tree' | 'rate-control' | 'unstable' | 'not-converged';

/** One flow's answer. */
export interface FlowResult {
  readonly name: string;
  /** Offered load, Gb/s (Infinity for a greedy source). */
  readonly offeredGbps: number;
  /** Carried throughput, Gb/s: the simulator's `throughput`. */
  readonly throughput: number;
  /** Mean latency, µs, creation to delivery (the simulator's `latency`): fixed + queueing + credit waits. */
  readonly latency: number;
  /** The part no load changes: transmissions, propagation and switch latencies under cut-through (µs). */
  readonly fixedLatency: number;
  /** Queueing per hop (µs), the source's send queue first: waiting for the port or for the head of the input buffer. */
  readonly queueingPerHop: readonly number[];
  /** Waiting for credits, summed over the hops (µs). */
  readonly creditWait: number;
  /** True when the flow gets less than it offers. */
  readonly capped: boolean;
  /** What capped it: a port ("S:3"), a channel ("S:3 VL 1") or an input buffer ("input S:2 VL 0"); '' if not capped. */
  readonly cappedBy: string;
  readonly flags: readonly FlowFlag[];
  /** One sentence per flag. */
  readonly reasons: readonly string[];
}

/** One channel: a port's VL. */
export interface ChannelResult {
  readonly port: string;
  readonly vl: number;
  /** Packets per second sent. */
  readonly packetRate: number;
  /** Fraction of the port's time spent sending this VL. */
  readonly utilization: number;
  /** Mean number of packets waiting for or being sent on this channel (Little: λ × (wait + service)). */
  readonly meanQueue: number;
  /** Fraction of time this VL has a packet ready but no credits. */
  readonly creditStall: number;
  /** Probability that the VL buffer at the far end is full (0 towards a host). */
  readonly downstreamFullProbability: number;
}

/** One port (the simulator's `utilization` and `creditStall` keys). */
export interface PortResult {
  readonly name: string;
  readonly utilization: number;
  readonly creditStall: number;
}

/** How the fixed point went. */
export interface FabricModelDiagnostics {
  /** 'decomposition', or 'exact credit chain' where the network is the chain of thesis ch. 4 (tandem.ts). */
  readonly method: 'decomposition' | 'exact credit chain';
  readonly iterations: number;
  /** Largest relative change of an effective service time or a rate in the last iteration. */
  readonly residual: number;
  readonly converged: boolean;
  readonly tolerance: number;
  /** Channels, turns (input buffer → output) and flows after 'uniform' destinations were expanded. */
  readonly channels: number;
  readonly turns: number;
  readonly flows: number;
  /**
   * Present only where flows are capped and the input-fair allocation of the capped rates (each SL's share of a
   * saturated link; docs/models.md §13.7) did not settle in this many rounds: the capped rates are then the fixed
   * point's own, and the SL shares less sure.
   */
  readonly sharesUnsettledRounds?: number;
}

/** The simulator's metric names, so the two outputs compare line by line. */
export interface FabricModelMetrics {
  readonly throughput: Readonly<Record<string, number>>;
  readonly latency: Readonly<Record<string, number>>;
  readonly utilization: Readonly<Record<string, number>>;
  readonly creditStall: Readonly<Record<string, number>>;
}

/** Per model flow, in the network's order ('uniform' destinations expanded): the numbers the records are made of. */
export interface PerFlowArrays {
  /** Carried throughput, Gb/s. */
  readonly throughput: Float64Array;
  /** Mean latency, µs. */
  readonly latency: Float64Array;
}

/**
 * What {@link solveFabric} returns. `flows`, `metrics`, `saturation`, `channels` and `ports` are built on first access
 * (one record per flow costs more than the solve on 10⁵ flows); `perFlow` has the numbers with the
 * solve, and is not enumerable (JSON carries the records).
 */
export interface FabricModelResult {
  readonly model: 'fabric decomposition';
  readonly flows: readonly FlowResult[];
  readonly channels: readonly ChannelResult[];
  readonly ports: readonly PortResult[];
  /** The saturation verdict: the flows that are capped and the links that cap them. */
  readonly saturation: { readonly saturated: boolean; readonly cappedFlows: readonly string[]; readonly cappingResources: readonly string[] };
  readonly metrics: FabricModelMetrics;
  readonly diagnostics: FabricModelDiagnostics;
  /** Per model flow throughput and latency in typed arrays (not enumerable). */
  readonly perFlow: PerFlowArrays;
}

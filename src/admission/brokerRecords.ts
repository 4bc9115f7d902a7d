/**
 * The bandwidth broker's records (broker.ts): a connection request, its verdict, a release's
 * result, and the state of each link and of each port's table.
 */
import type { VlGuarantee } from './delay.js';
import type { TableSequence } from './tableSets.js';
import type { ArbitrationEntry } from '../network/qos/arbitrationTable.js';
import type { ExactInput } from './topology.js';

/** A connection request. */
export interface AdmissionRequest {
  /** Any string or number that no admitted connection uses. */
  readonly id: string | number;
  /** Link ids from source to destination, each at most once. */
  readonly path: readonly string[];
  /** Service level 0..15 (mapped to a VL by the topology's slToVl). */
  readonly sl: number;
  /** Mean bandwidth, > 0, in the topology's unit. */
  readonly bandwidth: ExactInput;
  /**
   * Maximum distance between consecutive entries of its VL, a number ≥ 2, rounded down to a power
   * of two 2..64 (docs/models.md §9). Default 64 — one entry, no latency requirement (the seed's SLs
   * 6–9) — unless `delay` asks for less.
   */
  readonly distance?: number;
  /**
   * Maximum delay per hop, in seconds (> 0; a number or an exact string such as "200e-6"): the
   * longest a packet ready at the head of its VL may wait at each output port of the path before
   * it starts, i.e. {@link delayBoundBytes} / link rate (bytes per second = bandwidth ·
   * bandwidthUnit / 8). The broker takes the largest distance d in 2..64 whose bound meets the delay
   * on every link (with the topology's MTU and LimitOfHighPriority); with `distance` too, the
   * smaller distance applies. Needs the topology's `bandwidthUnit`. No distance meeting it is a
   * refusal with reason 'delay', not an error.
   */
  readonly delay?: ExactInput;
}

/**
 * Why a request was refused: a capacity rule, the arbitration table, or `'delay'` — even
 * distance 2 cannot meet the request's delay on the binding link.
 */
export type RejectionReason = 'link-capacity' | 'sl-capacity' | 'arbitration-table' | 'delay';

/**
 * The broker's answer. Admitted: `slack` is the smallest headroom left on the path (over the link
 * and SL rules) after admission. Rejected: `bindingLink` is the first link of the path that
 * refused, `reason` which rule, and `slack` (capacity rules only) is capacity − load − bandwidth
 * on that link, ≤ 0 (0 exactly at the boundary: the rule is strict).
 */
export interface AdmissionVerdict {
  readonly id: string | number;
  readonly admitted: boolean;
  readonly bindingLink?: string;
  readonly reason?: RejectionReason;
  readonly slack?: number;
}

/** What {@link BandwidthBroker.release} did. */
export interface ReleaseResult {
  readonly id: string | number;
  /** Table entries moved by defragmentation, over the whole path. */
  readonly movedEntries: number;
}

/** One link's state. Numbers are for reading; `exact` holds the exact values as strings. */
export interface LinkState {
  readonly id: string;
  readonly port: string;
  readonly bandwidth: number;
  /** Bandwidth QoS traffic may use: bandwidth · (1 − bestEffortReserve). */
  readonly capacity: number;
  /** Admitted bandwidth. */
  readonly load: number;
  /** load / bandwidth. */
  readonly utilization: number;
  readonly connections: number;
  /** Per SL with a share or a load: its capacity (share · bandwidth; undefined without a per-SL rule) and load. */
  readonly sls: readonly { readonly sl: number; readonly capacity?: number; readonly load: number }[];
  readonly exact: { readonly bandwidth: string; readonly capacity: string; readonly load: string };
}

/** One port's arbitration tables. */
export interface TableState {
  readonly link: string;
  readonly port: string;
  /** The 64 high-priority entries. */
  readonly high: readonly ArbitrationEntry[];
  readonly low: readonly ArbitrationEntry[];
  readonly limitOfHighPriority: number;
  readonly freeEntries: number;
  readonly sequences: readonly TableSequence[];
  /** Each VL's share and delay bound (MTU from the topology). */
  readonly vls: readonly VlGuarantee[];
}

/**
 * The plain shape of an InfiniBand VL arbitration table (IBA vol. 1 §7.6.9), as a network
 * description carries it (a port's QoS configuration read from OpenSM's options): 64 entries of
 * (VL, weight), weight 0..255 in units of 64 bytes, weight 0 = free, and the high-priority limit.
 * The broker's fill-in (admission/table.ts) and the run-time arbiter (admission/arbiter.ts) work
 * on these types.
 */

/** Entries in an InfiniBand VL arbitration table. */
export const TABLE_ENTRIES = 64;
/** Largest weight of one entry. */
export const MAX_ENTRY_WEIGHT = 255;

/** One entry of an arbitration table. Weight 0 means free (its VL is then irrelevant, written 0). */
export interface ArbitrationEntry {
  readonly vl: number;
  readonly weight: number;
}

/** A port's VL arbitration: both tables (≤ 64 entries each) and the high limit (what a VlArbiter is built from). */
export interface VlArbiterConfig {
  readonly high: readonly ArbitrationEntry[];
  readonly low: readonly ArbitrationEntry[];
  /** 0..255: 255 = no limit; 0 = one high-priority packet; L = L · 4096 bytes. */
  readonly limitOfHighPriority: number;
}

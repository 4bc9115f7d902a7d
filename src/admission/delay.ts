/**
 * What a high-priority arbitration table guarantees each VL: its bandwidth share and a worst-case
 * bound on the bytes that can go ahead of its head packet, from the largest distance between its
 * entries (derivation in docs/admission.md, "The delay bound").
 */
import { InvalidParameterError } from '../core/errors.js';
import { HIGH_LIMIT_UNIT_BYTES } from './arbiter.js';
import { MAX_ENTRY_WEIGHT, TABLE_ENTRIES, type ArbitrationEntry } from '../network/qos/arbitrationTable.js';
import { WEIGHT_UNIT_BYTES } from './tableSets.js';
import { checkKind, optionsParameter, recordParameter } from '../core/shapes.js';

/** Inputs of {@link delayBoundBytes}. */
export interface DelayBoundInput {
  /** Largest cyclic distance d between consecutive entries of the VL in the high table (1..64). */
  readonly distance: number;
  /** Largest packet in bytes on the link (MTU plus headers; 256..4096 + headers in InfiniBand). */
  readonly mtu: number;
  /** LimitOfHighPriority 0..255 of the port (255: no limit). */
  readonly limitOfHighPriority: number;
}

/**
 * Worst-case number of bytes the output link sends between the moment a VL of the high table has
 * a packet ready (with credit) and the moment that packet starts, when the VL has entries at most
 * d apart and every other entry may carry the maximum weight 255:
 *
 *     H = (d − 1) · (254 · 64 + M)              the d − 1 other entries, each ≤ 254 units + one overrun packet
 *     N = 0 (L = 255) | (d − 1)·255 + 1 (L = 0) | ⌊H / (4096·L)⌋ + 1 (otherwise)   low-priority packets let through
 *     B = M + H + N · M                          + the packet already on the wire
 *
 * Divide by the link rate in bytes per second for a time; add the packet's own transmission for
 * its departure. The bound depends only on d, M and L, so a connection's guarantee does not change
 * when later connections raise the weights of other entries.
 *
 * @throws InvalidParameterError for d outside 1..64, M not a positive integer, L outside 0..255.
 * @example delayBoundBytes({ distance: 2, mtu: 2048, limitOfHighPriority: 255 })  // → 2048 + 18304 = 20352
 */
export function delayBoundBytes(input: DelayBoundInput): number {
  recordParameter('input', input);
  const { distance: d, mtu: M, limitOfHighPriority: L } = input;
  if (!Number.isInteger(d) || d < 1 || d > TABLE_ENTRIES) {
    throw new InvalidParameterError('distance', `an integer 1..${TABLE_ENTRIES}`, d);
  }
  if (!Number.isInteger(M) || M < 1) throw new InvalidParameterError('mtu', 'an integer number of bytes >= 1', M);
  if (!Number.isInteger(L) || L < 0 || L > 255) throw new InvalidParameterError('limitOfHighPriority', 'an integer 0..255', L);
  const H = (d - 1) * ((MAX_ENTRY_WEIGHT - 1) * WEIGHT_UNIT_BYTES + M);
  const N = L === 255 ? 0 : L === 0 ? (d - 1) * MAX_ENTRY_WEIGHT + 1 : Math.floor(H / (HIGH_LIMIT_UNIT_BYTES * L)) + 1;
  return M + H + N * M;
}

/** What one VL of a high-priority table gets. */
export interface VlGuarantee {
  readonly vl: number;
  /** Sum of the VL's weights (64-byte units). */
  readonly weight: number;
  /** Entries holding the VL. */
  readonly entries: number;
  /** weight / total weight of the table: its share of the high-priority bytes when all are backlogged. */
  readonly share: number;
  /**
   * The share of the high-priority table's service (in 64-byte units charged, ⌈b/64⌉ per packet)
   * the VL keeps while backlogged however the other entries fill: W / (W + (64 − k)·(254 + ⌈M/64⌉))
   * for weight W on k entries and MTU M. Each of its entries sends at least its weight per round;
   * each of the 64 − k others at most 255 − 1 units plus one packet of overrun. Below W / 16320 when
   * the table is nearly full (≈ 10.7 % below for M = 2048, k = 1); see docs/admission.md.
   */
  readonly guaranteedShare: number;
  /** Largest cyclic distance between consecutive entries of the VL (64 for a single entry). */
  readonly maxDistance: number;
  /** {@link delayBoundBytes} for that distance. */
  readonly delayBoundBytes: number;
}

/**
 * Each VL present in a high-priority table (ascending VL): weight, share, largest distance between
 * its entries and the delay bound that follows.
 *
 * @param entries the table (at most 64 entries; weight-0 entries are free).
 * @param options `mtu` bytes (default 2048), `limitOfHighPriority` (default 255).
 * @throws InvalidParameterError as {@link delayBoundBytes}.
 */
export function vlGuarantees(
  entries: readonly ArbitrationEntry[],
  options: { readonly mtu?: number; readonly limitOfHighPriority?: number } = {},
): VlGuarantee[] {
  checkKind('entries', entries, 'array');
  optionsParameter('options', options);
  const mtu = options.mtu ?? 2048;
  const limitOfHighPriority = options.limitOfHighPriority ?? 255;
  const total = entries.reduce((s, e) => s + e.weight, 0);
  const positions = new Map<number, number[]>();
  entries.forEach((e, k) => {
    if (e.weight > 0) {
      const list = positions.get(e.vl) ?? [];
      list.push(k);
      positions.set(e.vl, list);
    }
  });
  return [...positions.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([vl, pos]) => {
      let maxDistance = 0;
      for (let k = 0; k < pos.length; k++) {
        const next = k + 1 < pos.length ? pos[k + 1]! : pos[0]! + TABLE_ENTRIES;
        maxDistance = Math.max(maxDistance, next - pos[k]!);
      }
      const weight = pos.reduce((s, k) => s + entries[k]!.weight, 0);
      return {
        vl,
        weight,
        entries: pos.length,
        share: weight / total,
        guaranteedShare: weight / (weight + (TABLE_ENTRIES - pos.length) * (MAX_ENTRY_WEIGHT - 1 + Math.ceil(mtu / WEIGHT_UNIT_BYTES))),
        maxDistance,
        delayBoundBytes: delayBoundBytes({ distance: maxDistance, mtu, limitOfHighPriority }),
      };
    });
}

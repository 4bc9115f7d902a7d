/**
 * The output-port VL arbiter of an InfiniBand switch or HCA at run time (IBA vol. 1 §7.6.9), for a
 * packet simulator: which data VL sends next, given the high- and low-priority tables and
 * LimitOfHighPriority. This is the hardware behaviour the admission tables program; the simulator
 * uses it as it is.
 */
import { MAX_DATA_VL } from '../network/qos/opensm.js';
import { TABLE_ENTRIES, type ArbitrationEntry } from '../network/qos/arbitrationTable.js';
import { WEIGHT_UNIT_BYTES } from './tableSets.js';
import { InvalidParameterError } from '../core/errors.js';
import type { VlArbiterConfig } from '../network/qos/arbitrationTable.js';
import { recordParameter } from '../core/shapes.js';

/** What a {@link VlArbiter} is built from (its home is the network floor, network/qos/arbitrationTable.ts). */
export type { VlArbiterConfig };

/** Bytes per LimitOfHighPriority unit. */
export const HIGH_LIMIT_UNIT_BYTES = 4096;

const NONE = 0;
const HIGH = 1;
const LOW = 2;
/** Flag on a candidate entry: reached by moving on, so its remaining weight starts afresh. */
const FRESH = 128;

/**
 * Weighted round robin over the entries of two tables with a high-priority limit.
 *
 * Semantics (IBA vol. 1 §7.6.9, as read for this library):
 * - Each table has a current entry and a remaining weight in 64-byte units. An entry with weight 0
 *   is skipped. The current entry keeps the lane while its remaining weight is > 0 and its VL has a
 *   packet ready; otherwise the table moves cyclically to the next entry of weight > 0 whose VL has
 *   a packet ready, and that entry's remaining weight is reset to its weight (unused weight of an
 *   entry whose VL ran dry is forfeited).
 * - Sending a packet of b bytes costs ⌈b / 64⌉ units; a packet may be larger than the remaining
 *   weight (it is sent whole, the remaining weight goes ≤ 0 and the entry is done).
 * - The high table is preferred. It may start a packet while fewer than LimitOfHighPriority × 4096
 *   bytes (L = 1..254; one packet for L = 0; no limit for L = 255) have been sent by it since the
 *   last low-priority packet; past that, a ready low-priority packet goes first, which resets the
 *   count. When the high table has nothing ready, the low table may send.
 * - VL15 (management) is not handled: the caller sends it first, before asking the arbiter.
 *
 * Use, once per transmission opportunity of the output link:
 *
 *     const vl = arbiter.select(headBytes);   // -1: nothing can be sent now
 *     if (vl >= 0) { const b = sizeOfHeadPacket(vl); startTransmission(vl, b); arbiter.sent(vl, b); }
 *
 * `headBytes(vl)` must return the size in bytes of the packet at the head of `vl` that could be
 * sent now, or 0 when the VL is empty or has no credit (only its being > 0 matters to the choice).
 * `select` commits the choice of entry; `sent(vl, bytes)` charges the packet to the table that was
 * chosen (call it for the VL `select` returned, before the next `select`). Both calls allocate
 * nothing and never throw; the constructor checks the configuration.
 *
 * @throws InvalidParameterError (constructor) for a table longer than 64 entries, a VL outside
 *   0..14, a weight outside 0..255 or a limit outside 0..255.
 * @example
 *   const a = new VlArbiter({ high: [{ vl: 0, weight: 1 }, { vl: 1, weight: 1 }], low: [], limitOfHighPriority: 255 });
 *   a.select(() => 2048);  // → 0
 *   a.sent(0, 2048);
 *   a.select(() => 2048);  // → 1
 */
export class VlArbiter {
  private readonly hVl = new Uint8Array(TABLE_ENTRIES);
  private readonly hW = new Uint16Array(TABLE_ENTRIES);
  private readonly lVl = new Uint8Array(TABLE_ENTRIES);
  private readonly lW = new Uint16Array(TABLE_ENTRIES);
  private readonly hN: number;
  private readonly lN: number;
  private readonly limitBytes: number;
  private hPos = -1;
  private hRem = 0;
  private lPos = -1;
  private lRem = 0;
  private highBytes = 0;
  private last = NONE;

  constructor(config: VlArbiterConfig) {
    recordParameter('config', config, { high: 'array', low: 'array', limitOfHighPriority: 'number' });
    this.hN = loadTable('config.high', config.high, this.hVl, this.hW);
    this.lN = loadTable('config.low', config.low, this.lVl, this.lW);
    const L = config.limitOfHighPriority;
    if (typeof L !== 'number' || !Number.isInteger(L) || L < 0 || L > 255) {
      throw new InvalidParameterError('config.limitOfHighPriority', 'an integer 0..255', L);
    }
    this.limitBytes = L === 255 ? Infinity : L === 0 ? 1 : L * HIGH_LIMIT_UNIT_BYTES;
  }

  /**
   * The VL to send from at this opportunity, or −1 when no VL of either table has a packet ready.
   * @param headBytes size in bytes of the sendable head packet of a VL, 0 if none.
   */
  select(headBytes: (vl: number) => number): number {
    const h = this.candidate(this.hVl, this.hW, this.hN, this.hPos, this.hRem, headBytes);
    if (h >= 0 && this.highBytes < this.limitBytes) return this.take(HIGH, h);
    const l = this.candidate(this.lVl, this.lW, this.lN, this.lPos, this.lRem, headBytes);
    if (l >= 0) return this.take(LOW, l);
    if (h >= 0) return this.take(HIGH, h);
    this.last = NONE;
    return -1;
  }

  /** Charges a packet of `bytes` bytes, sent from the VL the last {@link select} returned. */
  sent(_vl: number, bytes: number): void {
    const units = Math.ceil(bytes / WEIGHT_UNIT_BYTES);
    if (this.last === HIGH) {
      this.hRem -= units;
      this.highBytes += bytes;
    } else if (this.last === LOW) {
      this.lRem -= units;
      this.highBytes = 0;
    }
    this.last = NONE;
  }

  /** Back to the initial state (no current entries, high-priority count 0). */
  reset(): void {
    this.hPos = this.lPos = -1;
    this.hRem = this.lRem = 0;
    this.highBytes = 0;
    this.last = NONE;
  }

  /**
   * Entry index the table would serve now (| FRESH when it is a new visit, whose weight starts
   * afresh), or −1; changes nothing.
   */
  private candidate(
    vls: Uint8Array,
    ws: Uint16Array,
    n: number,
    pos: number,
    rem: number,
    headBytes: (vl: number) => number,
  ): number {
    if (n === 0) return -1;
    if (pos >= 0 && rem > 0 && ws[pos]! > 0 && headBytes(vls[pos]!) > 0) return pos;
    let e = pos;
    for (let k = 0; k < n; k++) {
      e = e + 1 === n ? 0 : e + 1;
      if (ws[e]! > 0 && headBytes(vls[e]!) > 0) return e | FRESH;
    }
    return -1;
  }

  private take(table: number, candidate: number): number {
    this.last = table;
    const entry = candidate & (FRESH - 1);
    if (table === HIGH) {
      if (candidate & FRESH) {
        this.hPos = entry;
        this.hRem = this.hW[entry]!;
      }
      return this.hVl[entry]!;
    }
    if (candidate & FRESH) {
      this.lPos = entry;
      this.lRem = this.lW[entry]!;
    }
    return this.lVl[entry]!;
  }
}

function loadTable(name: string, entries: readonly ArbitrationEntry[], vls: Uint8Array, ws: Uint16Array): number {
  if (!Array.isArray(entries) || entries.length > TABLE_ENTRIES) {
    throw new InvalidParameterError(name, `an array of at most ${TABLE_ENTRIES} entries`, entries);
  }
  entries.forEach((entry, k) => {
    const { vl, weight } = (entry ?? {}) as ArbitrationEntry;
    if (!Number.isInteger(vl) || vl < 0 || vl > MAX_DATA_VL) {
      throw new InvalidParameterError(`${name}[${k}].vl`, `an integer 0..${MAX_DATA_VL}`, vl);
    }
    if (!Number.isInteger(weight) || weight < 0 || weight > 255) {
      throw new InvalidParameterError(`${name}[${k}].weight`, 'an integer 0..255', weight);
    }
    vls[k] = vl;
    ws[k] = weight;
  });
  return entries.length;
}

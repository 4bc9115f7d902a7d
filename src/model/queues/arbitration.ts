/**
 * What a port's VL arbitration tables (the admission module's {@link VlArbiterConfig}) give each VL,
 * in the two forms the fabric model needs (docs/models.md §13.4):
 * - the share of a saturated link each VL receives when every VL is backlogged (weighted round robin:
 *   an entry of weight w sends whole packets while its remaining weight, in 64-byte units, is > 0, so
 *   a visit sends ⌈64w/s⌉ packets of s bytes), and the high table's limit;
 * - the priority level of each VL (0: high table, 1: low table only), used for the waiting times.
 */
import type { VlArbiterConfig } from '../../admission/arbiter.js';
import { HIGH_LIMIT_UNIT_BYTES } from '../../admission/arbiter.js';

/** Bytes per weight unit of an arbitration entry (IBA: 64). */
const WEIGHT_UNIT = 64;

/** A port's tables digested for the model. */
export interface VlShares {
  /** Per VL: 0 if the VL has an entry in the high table, 1 if only in the low table, −1 if not served. */
  readonly level: Int8Array;
  /** Per VL: bytes sent per round of its table when every VL is backlogged (packets of `bytes[v]`). */
  readonly roundBytes: Float64Array;
  /**
   * The largest fraction of the link the high table may take while low VLs are backlogged:
   * L·4096/(L·4096 + s_low) (one high packet per low packet for L = 0); 1 for L = 255.
   */
  readonly highCap: number;
}

/** The priority level a VL's queue is charged at: its table's level, an unserved VL counted as low (1). */
export function servedLevel(shares: VlShares, v: number): number {
  const level = shares.level[v]!;
  return level < 0 ? 1 : level;
}

/**
 * Digests a port's tables for packets of mean size `bytes[v]` on VL v.
 * @example vlShares({ high: [], low: [{ vl: 0, weight: 64 }, { vl: 1, weight: 32 }], limitOfHighPriority: 255 }, [2048, 2048], 2).roundBytes // → [4096, 2048]
 */
export function vlShares(config: VlArbiterConfig, bytes: ArrayLike<number>, vls: number): VlShares {
  const level = new Int8Array(vls).fill(-1);
  const roundBytes = new Float64Array(vls);
  const visit = (entries: VlArbiterConfig['low'], lvl: number) => {
    for (const e of entries) {
      if (e.weight <= 0 || e.vl >= vls) continue;
      const s = bytes[e.vl]! > 0 ? bytes[e.vl]! : 2048;
      roundBytes[e.vl]! += Math.ceil((WEIGHT_UNIT * e.weight) / s) * s;
      if (level[e.vl] === -1 || lvl < level[e.vl]!) level[e.vl] = lvl;
    }
  };
  visit(config.high, 0);
  visit(config.low, 1);
  const limit = config.limitOfHighPriority;
  let lowBytes = 0;
  let lowCount = 0;
  for (let v = 0; v < vls; v++) {
    if (level[v] === 1) {
      lowBytes += bytes[v]! > 0 ? bytes[v]! : 2048;
      lowCount++;
    }
  }
  const sLow = lowCount > 0 ? lowBytes / lowCount : 2048;
  let highCap = 1;
  if (limit < 255) {
    let sHigh = 0;
    let n = 0;
    for (let v = 0; v < vls; v++) if (level[v] === 0) ((sHigh += bytes[v]! > 0 ? bytes[v]! : 2048), n++);
    const burst = limit === 0 ? (n > 0 ? sHigh / n : 2048) : limit * HIGH_LIMIT_UNIT_BYTES;
    highCap = burst / (burst + sLow);
  }
  return { level, roundBytes, highCap };
}

/**
 * Generalised processor sharing over one port's VLs: each VL's fraction of the link, given each VL's
 * demanded fraction `demand[v]` (Infinity for a greedy VL). High-table VLs are served first up to
 * `highCap` of the link (or all of it if no low VL is backlogged); the rest is shared among the low
 * VLs in proportion to their round bytes, water-filling what a VL does not need to the others.
 * Writes the capacities into `out` (per VL, fractions of the link): a VL held below its demand gets
 * its share; a VL whose demand is met gets what the others leave.
 */
export function gpsCapacities(shares: VlShares, demand: ArrayLike<number>, vls: number, out: Float64Array): void {
  let highDemand = 0;
  let lowDemand = 0;
  for (let v = 0; v < vls; v++) {
    out[v] = 0;
    if (shares.level[v] === 0) highDemand += demand[v]!;
    else if (shares.level[v] === 1) lowDemand += demand[v]!;
  }
  const highLimit = lowDemand > 0 ? shares.highCap : 1;
  const highTotal = Math.min(1, highDemand, Math.max(highLimit, 1 - lowDemand));
  const usedHigh = waterFill(shares, demand, vls, out, 0, highTotal, true);
  waterFill(shares, demand, vls, out, 1, 1 - usedHigh, true);
  // A VL that got all it asked for could take whatever the others leave: that is its capacity.
  let total = 0;
  for (let v = 0; v < vls; v++) total += out[v]!;
  for (let v = 0; v < vls; v++) {
    if (shares.level[v] < 0) continue;
    if (!(out[v]! < demand[v]! * (1 - 1e-12))) out[v] = 1 - (total - out[v]!);
  }
}

/** The VLs still filling in {@link waterFill}, in VL order (a VL has at most 15 data VLs). */
const filling = new Int32Array(16);

/**
 * Water-filling of `capacity` over the VLs of level `lvl` by weights (round bytes) or equally, into
 * `out`; returns what was given. A module-level function rather than a closure inside
 * {@link gpsCapacities}: it runs per port and iteration, and under the benchmarks' TypeScript loader
 * each closure made costs a property definition (the profile of the 648-host all-to-all).
 */
function waterFill(shares: VlShares, demand: ArrayLike<number>, vls: number, out: Float64Array, lvl: number, capacity: number, weighted: boolean): number {
  let left = capacity;
  let count = 0;
  for (let v = 0; v < vls; v++) if (shares.level[v] === lvl && demand[v]! > 0) filling[count++] = v;
  while (count > 0 && left > 1e-15) {
    let w = 0;
    for (let i = 0; i < count; i++) w += weighted ? shares.roundBytes[filling[i]!]! : 1;
    let done = true;
    for (let i = count - 1; i >= 0; i--) {
      const v = filling[i]!;
      const give = (left * (weighted ? shares.roundBytes[v]! : 1)) / w;
      if (demand[v]! - out[v]! <= give) {
        done = false;
        left -= demand[v]! - out[v]!;
        out[v] = demand[v]!;
        filling.copyWithin(i, i + 1, count);
        count--;
      }
    }
    if (done) {
      for (let i = 0; i < count; i++) out[filling[i]!]! += (left * (weighted ? shares.roundBytes[filling[i]!]! : 1)) / w;
      left = 0;
    }
  }
  return capacity - left;
}

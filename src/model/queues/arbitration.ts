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
   * Per VL: whole packets (of `bytes[v]`) one visit of its entries sends when the VL stays backlogged,
   * ⌈64w/s⌉, averaged over its entries of weight > 0 (0 if none): the longest run of that VL's packets
   * the table lets pass before moving on (docs/models.md §13.4, change 100).
   */
  readonly visitPackets: Float64Array;
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
  const visitPackets = new Float64Array(vls);
  const entries = new Float64Array(vls);
  const visit = (entries_: VlArbiterConfig['low'], lvl: number) => {
    for (const e of entries_) {
      if (e.weight <= 0 || e.vl >= vls) continue;
      const s = bytes[e.vl]! > 0 ? bytes[e.vl]! : 2048;
      const n = Math.ceil((WEIGHT_UNIT * e.weight) / s);
      roundBytes[e.vl]! += n * s;
      visitPackets[e.vl]! += n;
      entries[e.vl]! += 1;
      if (level[e.vl] === -1 || lvl < level[e.vl]!) level[e.vl] = lvl;
    }
  };
  visit(config.high, 0);
  visit(config.low, 1);
  for (let v = 0; v < vls; v++) if (entries[v]! > 0) visitPackets[v] = visitPackets[v]! / entries[v]!;
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
  return { level, roundBytes, visitPackets, highCap };
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
  // One low-table VL of positive weight: met or not, it ends with the whole link ((1·r)/r = 1 exactly).
  if (vls === 1 && shares.level[0] === 1 && shares.roundBytes[0]! > 0 && shares.roundBytes[0]! < Infinity) {
    out[0] = 1;
    return;
  }
  gpsFill(shares, demand, vls, out);
  // A VL that got all it asked for could take more: as much as it would get backlogged, the others
  // asking what they ask (not what it leaves them: a greedy VL given the rest would hold the first to its
  // present load; change 25 (H31w), docs/fabric-model.md).
  let met = 0;
  for (let v = 0; v < vls; v++) if (shares.level[v] >= 0 && !(out[v]! < demand[v]! * (1 - 1e-12))) met |= 1 << v;
  if (met === 0) return;
  for (let v = 0; v < vls; v++) gpsDemand[v] = demand[v]!;
  for (let v = 0; v < vls; v++) {
    if (!((met >> v) & 1)) continue;
    gpsDemand[v] = Infinity;
    gpsFill(shares, gpsDemand, vls, gpsOut);
    gpsDemand[v] = demand[v]!;
    gpsCap[v] = gpsOut[v]!;
  }
  for (let v = 0; v < vls; v++) if ((met >> v) & 1) out[v] = gpsCap[v]!;
}

/** Scratch of {@link gpsCapacities}. */
const gpsDemand = new Float64Array(16);
const gpsOut = new Float64Array(16);
const gpsCap = new Float64Array(16);

/** The GPS allocation itself (no capacities yet): high VLs first up to the limit, then the low VLs by weight. */
function gpsFill(shares: VlShares, demand: ArrayLike<number>, vls: number, out: Float64Array): void {
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

/** Scratch of {@link wrrSplit} (a port has at most 15 data VLs). */
const wrrW = new Float64Array(16);
const wrrFavoured = new Uint8Array(16);

/**
 * The weighted round robin's split of one priority level's wait among its VLs (docs/models.md §13.4):
 * writes g_v = W_v / W into `out[v]` for the VLs of level `lvl` (W the level's FCFS wait), with
 * Σ ρ_v g_v = Σ ρ_v (Kleinrock's conservation law: the port is work conserving and non-preemptive).
 *
 * Mean value analysis of the table (the packet in service finishes; a visit sends the entry's weight
 * in whole packets): a tagged packet of VL i waits the residual R of the packet in service, its own
 * VL's packets ahead (ρ_i W_i of work, by Little and PASTA), and of each other VL j what j has — its
 * work found waiting and arriving meanwhile, ρ_j(W_j + W_i) — but no more than the table lets j send
 * while i's work ahead is sent, (φ_j/φ_i) ρ_i W_i (φ the bytes per round):
 *     W_i = R + ρ_i W_i + Σ_{j≠i} min(ρ_j (W_j + W_i), (φ_j/φ_i) ρ_i W_i).
 * A VL for which the table's bound binds against every other VL (a *favoured* VL, below its share)
 * keeps its W_i = R/(1 − ρ_i Φ/φ_i) — its own share of the link with the link's residual. The
 * others wait for all the work of the favoured ones, so their equations amplify any error by
 * 1/(1 − ρ): they take what the conservation law leaves, in proportion to their MVA waits. Exact at
 * the limits: equal weights and loads (FCFS), one weight → 0 (Cobham's two-class priority), ρ → 0.
 * `lam`, `s1`, `s2` per VL (arrival rate, service mean and second moment, one unit of time).
 */
export function wrrSplit(shares: VlShares, lvl: number, lam: ArrayLike<number>, s1: ArrayLike<number>, s2: ArrayLike<number>, vls: number, out: Float64Array): void {
  let rho = 0;
  let R = 0;
  let active = 0;
  for (let v = 0; v < vls; v++) {
    if (servedLevel(shares, v) !== lvl) continue;
    out[v] = 1;
    wrrFavoured[v] = 0;
    if (!(lam[v]! > 0)) continue;
    rho += lam[v]! * s1[v]!;
    R += (lam[v]! * s2[v]!) / 2;
    active++;
  }
  if (active < 2 || !(rho < 1) || !(R > 0)) return;
  const wFcfs = R / (1 - rho);
  for (let v = 0; v < vls; v++) wrrW[v] = wFcfs;
  const phi = (v: number) => (shares.roundBytes[v]! > 0 ? shares.roundBytes[v]! : 1);
  // Gauss–Seidel over the VLs; each VL's equation is solved exactly (concave, piecewise linear, slope < 1).
  for (let sweep = 0; sweep < 50; sweep++) {
    let change = 0;
    for (let i = 0; i < vls; i++) {
      if (servedLevel(shares, i) !== lvl || !(lam[i]! > 0)) continue;
      const ri = lam[i]! * s1[i]!;
      const w = solveVl(shares, lvl, lam, s1, vls, i, ri, phi(i), R);
      change = Math.max(change, Math.abs(w - wrrW[i]!) / wFcfs);
      wrrW[i] = w;
    }
    if (change < 1e-10) break;
  }
  // Favoured VLs keep their MVA wait; the others share what the conservation law leaves.
  let favouredWork = 0;
  let otherWork = 0;
  for (let i = 0; i < vls; i++) {
    if (servedLevel(shares, i) !== lvl || !(lam[i]! > 0)) continue;
    const ri = lam[i]! * s1[i]!;
    let fav = 1;
    for (let j = 0; j < vls; j++) {
      if (j === i || servedLevel(shares, j) !== lvl || !(lam[j]! > 0)) continue;
      const rj = lam[j]! * s1[j]!;
      if ((phi(j) / phi(i)) * ri * wrrW[i]! > rj * (wrrW[j]! + wrrW[i]!)) fav = 0;
    }
    wrrFavoured[i] = fav;
    if (fav) favouredWork += ri * wrrW[i]!;
    else otherWork += ri * wrrW[i]!;
  }
  const total = rho * wFcfs;
  const left = total - favouredWork;
  const scaleOthers = otherWork > 0 && left > 0 ? left / otherWork : 0;
  const scaleAll = total / (favouredWork + otherWork);
  for (let i = 0; i < vls; i++) {
    if (servedLevel(shares, i) !== lvl || !(lam[i]! > 0)) continue;
    const w = otherWork > 0 && left > 0 ? (wrrFavoured[i] ? wrrW[i]! : scaleOthers * wrrW[i]!) : scaleAll * wrrW[i]!;
    out[i] = w / wFcfs;
  }
}

/** Whether VL v was a favoured VL (the table's bound binds against every other VL) in the last {@link wrrSplit} of its level. */
export function favouredVl(v: number): boolean {
  return wrrFavoured[v] === 1;
}

/** VL i's equation of {@link wrrSplit} given the others' waits in `wrrW`: the fixed point of a concave piecewise-linear map. */
function solveVl(shares: VlShares, lvl: number, lam: ArrayLike<number>, s1: ArrayLike<number>, vls: number, i: number, ri: number, phiI: number, R: number): number {
  // h(W) = A + B·W on the current branch set; start on the caps (W small), move a VL to its
  // availability branch while the solution lies past its break point, until consistent.
  let w = R;
  for (let round = 0; round < 2 * vls + 2; round++) {
    let A = R;
    let B = ri;
    for (let j = 0; j < vls; j++) {
      if (j === i || servedLevel(shares, j) !== lvl || !(lam[j]! > 0)) continue;
      const rj = lam[j]! * s1[j]!;
      const capSlope = ((shares.roundBytes[j]! > 0 ? shares.roundBytes[j]! : 1) / phiI) * ri;
      // min(rj (Wj + W), capSlope W) at W = w: take the smaller branch.
      if (capSlope * w <= rj * (wrrW[j]! + w)) B += capSlope;
      else ((A += rj * wrrW[j]!), (B += rj));
    }
    const next = A / Math.max(1e-12, 1 - B);
    if (Math.abs(next - w) <= 1e-12 * Math.max(next, R)) return next;
    w = next;
  }
  return w;
}

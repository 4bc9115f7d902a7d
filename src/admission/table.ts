/**
 * The high-priority VL arbitration table of one output port and its fill-in (docs/models.md §9):
 * the thesis's grouping of same-SL connections into shared entries, the Alfaro–Sánchez–Duato
 * placement of sequences E_{i,j} searched in bit-reversal order, release with defragmentation.
 *
 * InfiniBand facts used here (IBA vol. 1 §7.6.9): a table has 64 entries (VL, weight), weight
 * 0..255 in units of 64 bytes, weight 0 = free. A sequence is a set of entries spaced d = 2^i
 * apart, E_{i,j} = { t_{j + k·d} : k = 0 … 64/d − 1 }, so consecutive entries of the sequence are
 * exactly d apart, cyclically; the sets, their fill-in order and why it works are tableSets.ts.
 *
 * Bandwidth ↔ weight: a sequence that carries the accumulated bandwidth P on a link of bandwidth
 * bw gets the total weight W = max(n, ⌈16320 · P / bw⌉) spread over its n entries (16320 = 64 ·
 * 255, the weight of a full table), its nominal part W / 16320 ≥ P / bw of a full table. What the
 * VL actually receives when every VL is backlogged is at least W / (W + (64 − k)(254 + ⌈M/64⌉)) of
 * the units the table serves (k its entries, M the MTU), since other entries overrun their weight by
 * up to one packet (delay.ts, `guaranteedShare`; docs/admission.md, "Weight of a bandwidth").
 *
 * All demands are exact integers in the caller's unit (see exactInt.ts: doubles while small, else
 * bigints); the table never rounds except in the documented ⌈ ⌉ of the weight.
 */

import { InvalidParameterError } from '../core/errors.js';
import { ceilDiv, DOUBLE_FORM_LIMIT, floorDiv, inForm, toBig, type ExactInt } from './exactInt.js';
import { MAX_ENTRY_WEIGHT, TABLE_ENTRIES, type ArbitrationEntry } from '../network/qos/arbitrationTable.js';
import { freeBlockSizes, freeBlocksWellFormed, freeLeaves, LEAF_OF_ENTRY, MASK_HI, MASK_LO, MIN_REQUEST_DISTANCE, ORDER, sequenceEntries, TABLE_WEIGHT_CAPACITY, type TableSequence } from './tableSets.js';
import { checkKind } from '../core/shapes.js';

export { MAX_ENTRY_WEIGHT, TABLE_ENTRIES, type ArbitrationEntry };


/** Mutable record of one sequence; `level` = log2 distance. */
interface Sequence {
  sl: number;
  vl: number;
  level: number;
  first: number;
  /** Demand the sequence can still take: room(level) − its demand (kept so joining only compares). */
  spare: ExactInt;
  connections: number;
  /** Total weight; valid when not dirty (weights are brought up to date lazily, before any read). */
  weight: number;
  dirty: boolean;
}

/**
 * The high-priority arbitration table of one output port, filled in by the Alfaro–Sánchez–Duato
 * algorithm with same-SL grouping. It holds state, hence a class; it trusts its caller (the
 * {@link BandwidthBroker} validates) and never throws for a full table: {@link plan} says no.
 *
 * Use: `plan(sl, vl, distance, demand)` decides without changing anything and remembers the
 * decision; `commit()` applies the last plan and returns the sequence id; `removeDemand(id,
 * demand)` takes a connection out again. Plans of different tables are independent, so a broker
 * can plan on every link of a path and commit only if all say yes (atomic admission).
 *
 * @example
 *   const t = new HighPriorityTable(16320);    // demand counted directly in weight units
 *   t.plan(0, 0, 8, 100);                      // → true: 8 entries spaced 8 apart from t0
 *   t.commit();                                // → sequence id 0
 *   t.entries()[8];                            // → { vl: 0, weight: 13 }
 */
export class HighPriorityTable {
  /** Link bandwidth in the demands' unit: 16320 · demand / bandwidth is the weight. */
  private bandwidth: ExactInt;
  /** Whether the integers are in the big (bigint) form. */
  private big = false;
  private wCap: ExactInt = TABLE_WEIGHT_CAPACITY;
  /**
   * Per level i (n = 64 / 2^i entries): the largest demand whose weight fits, ⌊n·255·bw / 16320⌋
   * (⌈16320·D/bw⌉ ≤ n·255 ⟺ D ≤ n·255·bw/16320), so joining needs one add and one compare.
   */
  private readonly demandRoom: ExactInt[] = [];
  private readonly vl = new Uint8Array(TABLE_ENTRIES);
  private readonly weight = new Uint16Array(TABLE_ENTRIES);
  private readonly owner = new Int32Array(TABLE_ENTRIES).fill(-1);
  private freeLo = -1;
  private freeHi = -1;
  private readonly seqs: (Sequence | undefined)[] = [];
  private readonly freeIds: number[] = [];
  /** Sequence ids per SL, in creation order (the order in which the fill-in tries to join them). */
  private readonly bySl: number[][] = Array.from({ length: 16 }, () => []);
  // The last plan: join sequence planSeq (≥ 0), or open a new set at (planLevel, planFirst).
  private planSeq = -1;
  private planLevel = 0;
  private planFirst = 0;
  private planSl = 0;
  private planVl = 0;
  private planDemand: ExactInt = 0;
  /** Sequences whose weight must be recomputed before the table is read. */
  private readonly dirtyIds: number[] = [];
  private readonly leafScratch = new Uint8Array(TABLE_ENTRIES);
  private readonly ownerScratch = new Int32Array(TABLE_ENTRIES);

  /**
   * @param bandwidth the link bandwidth in the unit of the demands: a positive integer (number or
   *   bigint; a bigint, or a number whose 16320-fold passes 2^53, selects the big form).
   */
  constructor(bandwidth: number | bigint) {
    if (typeof bandwidth !== 'bigint') checkKind('bandwidth', bandwidth, 'number');
    const b = toBig(bandwidth as ExactInt);
    this.bandwidth = inForm(b, false);
    if (typeof bandwidth === 'bigint' || b * BigInt(TABLE_WEIGHT_CAPACITY) > BigInt(DOUBLE_FORM_LIMIT)) this.toBigForm(b);
    this.setRooms();
  }

  /** Whether the table computes with bigints (its demands must then be bigints). */
  get bigForm(): boolean {
    return this.big;
  }

  private toBigForm(bandwidth: bigint): void {
    this.big = true;
    this.bandwidth = inForm(bandwidth, true);
    this.wCap = inForm(BigInt(TABLE_WEIGHT_CAPACITY), true);
    for (const s of this.seqs) if (s) s.spare = inForm(toBig(s.spare), true);
    this.planDemand = inForm(toBig(this.planDemand), true);
  }

  private setRooms(): void {
    for (let i = 0; i <= 6; i++) {
      const n = inForm(BigInt((TABLE_ENTRIES >> i) * MAX_ENTRY_WEIGHT), this.big);
      this.demandRoom[i] = floorDiv(n * this.bandwidth, this.wCap);
    }
  }

  /** The weight a sequence of `entries` entries carrying `demand` gets: max(n, ⌈16320·P/bw⌉). */
  weightFor(demand: number | bigint, entries: number): number {
    const d = demand as ExactInt;
    // Same form as the table (the internal calls): one exact ceil; else (a caller's number for a
    // big table, or a bigint for a small one) in bigints, which never mix with numbers.
    const w =
      (typeof d === 'bigint') === this.big
        ? Number(ceilDiv(d * this.wCap, this.bandwidth))
        : Number(ceilDiv(inForm(toBig(d) * BigInt(TABLE_WEIGHT_CAPACITY), true), inForm(toBig(this.bandwidth), true)));
    return w > entries ? w : entries;
  }

  /**
   * Decides where a connection (SL `sl` on VL `vl`, maximum distance `distance` — a power of two
   * 2..64 — and bandwidth `demand`) would go, without changing the table: into the first sequence
   * of its SL with spacing ≤ distance and weight room, else into the first free E_{i,j} in
   * bit-reversal order, with i from n = max(64/d, ⌈W/255⌉) entries rounded up to a power of two.
   * Returns false when neither exists. The decision is remembered for {@link commit}.
   * @throws InvalidParameterError naming `distance` unless it is a power of two 2..64 (the only
   *   check: the table otherwise trusts its caller).
   */
  plan(sl: number, vl: number, distance: number, demandIn: number | bigint): boolean {
    if (!(distance >= MIN_REQUEST_DISTANCE && distance <= TABLE_ENTRIES && (distance & (distance - 1)) === 0)) {
      throw new InvalidParameterError('distance', 'a power of two 2..64 (entries)', distance);
    }
    let demand = demandIn as ExactInt;
    if (typeof demand === 'bigint' && !this.big) {
      if (demand > this.bandwidth) return false; // more than the link: no set can hold it
      demand = Number(demand);
    } else if (typeof demand === 'number' && this.big) demand = BigInt(demand) as unknown as number;
    this.planSl = sl;
    this.planVl = vl;
    this.planDemand = demand;
    const ids = this.bySl[sl]!;
    for (let k = 0; k < ids.length; k++) {
      const s = this.seqs[ids[k]!]!;
      if (1 << s.level > distance || s.vl !== vl) continue;
      if (demand <= s.spare) {
        this.planSeq = ids[k]!;
        return true;
      }
    }
    this.planSeq = -1;
    // Entries needed: max(64/d, ⌈w/255⌉), rounded up to a power of two (the sets have 2^k entries).
    let level = 31 - Math.clz32(distance);
    while (demand > this.demandRoom[level]!) {
      if (level === 0) return false; // more than a whole table
      level--;
    }
    const first = this.firstFreeSet(level);
    if (first < 0) return false;
    this.planLevel = level;
    this.planFirst = first;
    return true;
  }

  /**
   * The first set E_{level,j} (entries j, j + d, …, d = 2^level) whose entries are all free, with j
   * taken in bit-reversal order; −1 when there is none. Allocation-free.
   */
  private firstFreeSet(level: number): number {
    const d = 1 << level;
    const order = ORDER[level]!;
    const base = d - 1;
    const freeLo = this.freeLo;
    const freeHi = this.freeHi;
    for (let k = 0; k < d; k++) {
      const j = order[k]!;
      const lo = MASK_LO[base + j]!;
      const hi = MASK_HI[base + j]!;
      if ((freeLo & lo) === lo && (freeHi & hi) === hi) return j;
    }
    return -1;
  }

  /** Applies the last successful {@link plan}; returns the id of the sequence used. */
  commit(): number {
    if (this.planSeq >= 0) {
      const s = this.seqs[this.planSeq]!;
      s.spare -= this.planDemand;
      s.connections++;
      this.markDirty(s, this.planSeq);
      return this.planSeq;
    }
    const s: Sequence = {
      sl: this.planSl,
      vl: this.planVl,
      level: this.planLevel,
      first: this.planFirst,
      spare: this.demandRoom[this.planLevel]! - this.planDemand,
      connections: 1,
      weight: 0,
      dirty: false,
    };
    const id = this.freeIds.length > 0 ? this.freeIds.pop()! : this.seqs.length;
    this.seqs[id] = s;
    this.bySl[s.sl]!.push(id);
    this.occupy(s, id);
    return id;
  }

  /**
   * Takes one connection of bandwidth `demand` out of sequence `id`: the weight follows the
   * remaining demand; a sequence left with no connection frees its entries, and if the free
   * entries then no longer form blocks of strictly increasing size (left to right in the tree of
   * sets) the table is defragmented: the remaining sequences are placed again, largest first, in
   * bit-reversal order, which restores that shape. Returns the number of entries whose owner
   * changed (0 when no defragmentation was needed).
   */
  removeDemand(id: number, demandIn: number | bigint): number {
    const s = this.seqs[id]!;
    s.spare += (this.big ? toBig(demandIn as ExactInt) : Number(demandIn)) as ExactInt;
    s.connections--;
    if (s.connections > 0) {
      this.markDirty(s, id);
      return 0;
    }
    this.vacate(s);
    this.seqs[id] = undefined;
    this.freeIds.push(id);
    const list = this.bySl[s.sl]!;
    list.splice(list.indexOf(id), 1);
    return this.freeBlocksWellFormed() ? 0 : this.defragment();
  }

  /** Multiplies the bandwidth and every demand by `factor` (the broker refines its unit). */
  rescale(factor: bigint): void {
    const demands = this.seqs.map((s) => (s ? toBig(this.demandRoom[s.level]! - s.spare) * factor : 0n));
    const bandwidth = toBig(this.bandwidth) * factor;
    if (!this.big && bandwidth * BigInt(TABLE_WEIGHT_CAPACITY) > BigInt(DOUBLE_FORM_LIMIT)) this.toBigForm(bandwidth);
    this.bandwidth = inForm(bandwidth, this.big);
    this.setRooms();
    this.planDemand = inForm(toBig(this.planDemand) * factor, this.big);
    this.seqs.forEach((s, id) => {
      if (s) {
        s.spare = this.demandRoom[s.level]! - inForm(demands[id]!, this.big);
        this.markDirty(s, id);
      }
    });
  }

  /** The 64 entries in table order (free entries are `{ vl: 0, weight: 0 }`). */
  entries(): ArbitrationEntry[] {
    this.refresh();
    return Array.from({ length: TABLE_ENTRIES }, (_, e) => ({ vl: this.vl[e]!, weight: this.weight[e]! }));
  }

  /** Number of free entries (weight 0). */
  freeEntries(): number {
    return popcount(this.freeLo) + popcount(this.freeHi);
  }

  /** The sequences in the table, ordered by their first entry's position in the tree of sets. */
  sequences(): TableSequence[] {
    this.refresh();
    const out: TableSequence[] = [];
    for (const s of this.seqs) {
      if (!s) continue;
      const d = 1 << s.level;
      out.push({
        sl: s.sl,
        vl: s.vl,
        distance: d,
        first: s.first,
        entries: sequenceEntries(d, s.first),
        weight: s.weight,
        connections: s.connections,
      });
    }
    return out.sort((a, b) => LEAF_OF_ENTRY[a.first]! - LEAF_OF_ENTRY[b.first]! || a.distance - b.distance);
  }

  /** Sizes of the maximal free blocks of the tree of sets, left to right. */
  freeBlockSizes(): number[] {
    return freeBlockSizes(freeLeaves(this.owner, new Uint8Array(TABLE_ENTRIES)));
  }

  /** Whether the maximal free blocks, left to right in the tree of sets, have strictly increasing sizes (tableSets.ts). No allocation. */
  private freeBlocksWellFormed(): boolean {
    return freeBlocksWellFormed(freeLeaves(this.owner, this.leafScratch));
  }

  /** Places every sequence again, largest first (ties: current left-to-right order). */
  private defragment(): number {
    const before = this.ownerScratch;
    before.set(this.owner);
    const live: number[] = [];
    this.seqs.forEach((s, id) => {
      if (s) live.push(id);
    });
    live.sort((a, b) => {
      const sa = this.seqs[a]!;
      const sb = this.seqs[b]!;
      return sa.level - sb.level || LEAF_OF_ENTRY[sa.first]! - LEAF_OF_ENTRY[sb.first]!;
    });
    for (const id of live) this.vacate(this.seqs[id]!);
    for (const id of live) {
      const s = this.seqs[id]!;
      const first = this.firstFreeSet(s.level);
      if (first >= 0) s.first = first;
      this.occupy(s, id, false);
    }
    let moved = 0;
    for (let e = 0; e < TABLE_ENTRIES; e++) if (this.owner[e] !== before[e]) moved++;
    return moved;
  }

  /** Writes the sequence into its entries; weights now (`fresh` false, weight known) or lazily. */
  private occupy(s: Sequence, id: number, fresh = true): void {
    const d = 1 << s.level;
    this.freeLo &= ~MASK_LO[d - 1 + s.first]!;
    this.freeHi &= ~MASK_HI[d - 1 + s.first]!;
    for (let e = s.first; e < TABLE_ENTRIES; e += d) {
      this.vl[e] = s.vl;
      this.owner[e] = id;
    }
    if (fresh || s.dirty) this.markDirty(s, id);
    else this.writeWeights(s);
  }

  private markDirty(s: Sequence, id: number): void {
    if (!s.dirty) {
      s.dirty = true;
      this.dirtyIds.push(id);
    }
  }

  /** Brings the weights of changed sequences up to date: W = max(n, ⌈16320·P/bw⌉) over n entries. */
  private refresh(): void {
    for (const id of this.dirtyIds) {
      const s = this.seqs[id];
      if (!s || !s.dirty) continue;
      s.dirty = false;
      s.weight = this.weightFor(this.demandRoom[s.level]! - s.spare, TABLE_ENTRIES >> s.level);
      this.writeWeights(s);
    }
    this.dirtyIds.length = 0;
  }

  private vacate(s: Sequence): void {
    const d = 1 << s.level;
    this.freeLo |= MASK_LO[d - 1 + s.first]!;
    this.freeHi |= MASK_HI[d - 1 + s.first]!;
    for (let e = s.first; e < TABLE_ENTRIES; e += d) {
      this.vl[e] = 0;
      this.weight[e] = 0;
      this.owner[e] = -1;
    }
  }

  /** Spreads the sequence's weight W over its n entries: ⌊W/n⌋ each, one more for the first W mod n. */
  private writeWeights(s: Sequence): void {
    const d = 1 << s.level;
    const n = TABLE_ENTRIES / d;
    const base = Math.floor(s.weight / n);
    let extra = s.weight - base * n;
    for (let e = s.first; e < TABLE_ENTRIES; e += d) {
      this.weight[e] = extra > 0 ? base + 1 : base;
      extra--;
    }
  }
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/**
 * The sets E_{i,j} of a 64-entry VL arbitration table (docs/models.md §9): a set of distance
 * d = 2^i holds the entries j, j + d, j + 2d, …, and the fill-in inspects the sets of one distance
 * in bit-reversal order of j.
 *
 * Why bit-reversal order works (the proof behind the seed's claim, written out in
 * docs/admission.md): the sets form a binary tree (E_{i,j} = E_{i+1,j} ∪ E_{i+1,j+2^i}) and
 * bit-reversal order of j is the left-to-right order of the nodes of level i. Taking the leftmost
 * free node keeps the maximal free blocks of strictly increasing size from left to right, hence of
 * distinct power-of-two sizes, so a request for 2^k entries finds a free set whenever at least 2^k
 * entries are free. Release can break that shape; `removeDemand` then re-packs (defragments).
 *
 * Here: the distances, the bit-reversal order, each set's entries and bit masks, the entries' leaf
 * positions in the tree of sets, and the free-block shape checks (table.ts holds the table).
 */
import { InvalidParameterError } from '../core/errors.js';
import { MAX_ENTRY_WEIGHT, TABLE_ENTRIES } from '../network/qos/arbitrationTable.js';
import { checkKind } from '../core/shapes.js';
import { integerAtLeast } from '../core/guards.js';

/** Bytes per weight unit. */
export const WEIGHT_UNIT_BYTES = 64;
/** Total weight of a full table, 64 · 255: the weight that stands for the whole link. */
export const TABLE_WEIGHT_CAPACITY = TABLE_ENTRIES * MAX_ENTRY_WEIGHT;
/**
 * The distances of the sets E_{i,j}: powers of two from 1 (every entry) to 64 (one entry). A request
 * asks for 2..64 ({@link roundDistance}); distance 1 is reached only by a weight that needs all 64.
 */
export const TABLE_DISTANCES = [1, 2, 4, 8, 16, 32, 64] as const;

/** A sequence of a table as reported by `HighPriorityTable.sequences` (table.ts). */
export interface TableSequence {
  /** The SL whose connections share the sequence. */
  readonly sl: number;
  readonly vl: number;
  /** Distance d between consecutive entries (entries = 64 / d). */
  readonly distance: number;
  /** Index j of the set E_{log2 d, j}: its first entry. */
  readonly first: number;
  /** Entry indices, ascending. */
  readonly entries: readonly number[];
  /** Total weight over the entries. */
  readonly weight: number;
  /** Number of connections grouped in it. */
  readonly connections: number;
}

/** j's bits (i of them) in reverse order. */
export function bitReverse(j: number, bits: number): number {
  checkKind('j', j, 'number');
  checkKind('bits', bits, 'number');
  let r = 0;
  for (let b = 0; b < bits; b++) r |= ((j >> b) & 1) << (bits - 1 - b);
  return r;
}

/**
 * The order in which the fill-in inspects the sets E_{i,j} for a distance d = 2^i: j = bitReverse
 * of 0, 1, …, d − 1 (docs/models.md §9; for d = 8: 0, 4, 2, 6, 1, 5, 3, 7).
 *
 * @throws RangeError unless d is one of 1, 2, 4, …, 64 (a kernel helper; the front doors check).
 */
export function fillInOrder(distance: number): number[] {
  checkKind('distance', distance, 'number');
  const level = LEVEL_OF_DISTANCE.get(distance);
  if (level === undefined) throw new RangeError(`distance must be one of ${TABLE_DISTANCES.join(', ')}`);
  return Array.from({ length: distance }, (_, j) => bitReverse(j, level));
}

/** The entry indices of E_{i,j} for d = 2^i. */
export function sequenceEntries(distance: number, first: number): number[] {
  integerAtLeast('distance', distance, 1);
  integerAtLeast('first', first, 0);
  const out: number[] = [];
  for (let e = first; e < TABLE_ENTRIES; e += distance) out.push(e);
  return out;
}

/** Smallest distance a request may ask for (docs/models.md §9: distances 2, 4, …, 64). */
export const MIN_REQUEST_DISTANCE = 2;

/**
 * A request's maximum distance rounded down to one the fill-in uses: the largest power of two
 * ≤ `distance`, capped at 64 (docs/models.md §9: 2, 4, 8, 16, 32, 64). Distance 1 (every entry) is not a
 * request: a sequence gets it only when its weight needs all 64 entries.
 *
 * @throws InvalidParameterError naming `distance` unless it is a number ≥ 2 (entries).
 * @example roundDistance(12)  // → 8
 */
export function roundDistance(distance: number): number {
  if (typeof distance !== 'number' || !(distance >= MIN_REQUEST_DISTANCE)) {
    throw new InvalidParameterError('distance', 'a number >= 2 (entries)', distance);
  }
  let d = MIN_REQUEST_DISTANCE;
  while (d * 2 <= distance && d < TABLE_ENTRIES) d *= 2;
  return d;
}

export const LEVEL_OF_DISTANCE = new Map<number, number>(TABLE_DISTANCES.map((d, i) => [d, i]));

// Masks of every set E_{i,j} (low 32 entries, high 32 entries) and the inspection order of each
// level, precomputed once. Index of (i, j) = (2^i − 1) + j.
export const MASK_LO = new Int32Array(127);
export const MASK_HI = new Int32Array(127);
export const ORDER: Int32Array[] = [];
for (let i = 0; i <= 6; i++) {
  const d = 1 << i;
  ORDER.push(Int32Array.from(fillInOrder(d)));
  for (let j = 0; j < d; j++) {
    let lo = 0;
    let hi = 0;
    for (let e = j; e < 64; e += d) {
      if (e < 32) lo |= 1 << e;
      else hi |= 1 << (e - 32);
    }
    MASK_LO[d - 1 + j] = lo;
    MASK_HI[d - 1 + j] = hi;
  }
}
/** Leaf position (left-to-right order of the tree of sets) of each entry: bitReverse(e, 6). */
export const LEAF_OF_ENTRY = Int32Array.from({ length: 64 }, (_, e) => bitReverse(e, 6));

/** Marks in `leaf` (64 entries, by leaf position) the free entries of `owner` (−1 = free); returns `leaf`. */
export function freeLeaves(owner: Int32Array, leaf: Uint8Array): Uint8Array {
  for (let e = 0; e < TABLE_ENTRIES; e++) leaf[LEAF_OF_ENTRY[e]!] = owner[e] === -1 ? 1 : 0;
  return leaf;
}

/** Sizes of the maximal free blocks of the tree of sets, left to right (`leaf` from {@link freeLeaves}). */
export function freeBlockSizes(freeLeaf: Uint8Array): number[] {
  const sizes: number[] = [];
  const walk = (start: number, size: number): void => {
    let all = true;
    let any = false;
    for (let p = start; p < start + size; p++) {
      if (freeLeaf[p]) any = true;
      else all = false;
    }
    if (all) sizes.push(size);
    else if (any && size > 1) {
      walk(start, size / 2);
      walk(start + size / 2, size / 2);
    }
  };
  walk(0, TABLE_ENTRIES);
  return sizes;
}

/**
 * Whether the maximal free blocks, left to right in the tree of sets, have strictly increasing
 * sizes (the shape the fill-in's guarantee needs). Greedy from the left: at each free leaf the
 * largest aligned fully free block starting there is maximal. No allocation.
 */
export function freeBlocksWellFormed(leaf: Uint8Array): boolean {
  let previous = 0;
  let p = 0;
  while (p < TABLE_ENTRIES) {
    if (leaf[p] === 0) {
      p++;
      continue;
    }
    let size = p === 0 ? TABLE_ENTRIES : p & -p;
    for (;;) {
      let free = true;
      for (let q = p; q < p + size; q++) {
        if (leaf[q] === 0) {
          free = false;
          break;
        }
      }
      if (free) break;
      size >>= 1;
    }
    if (size <= previous) return false;
    previous = size;
    p += size;
  }
  return true;
}

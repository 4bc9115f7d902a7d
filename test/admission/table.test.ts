import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  HighPriorityTable,
  MAX_ENTRY_WEIGHT,
  TABLE_ENTRIES,
  bitReverse,
  fillInOrder,
  roundDistance,
  sequenceEntries,
} from '../../src/admission/index.js';
import { InvalidParameterError } from '../../src/core/errors.js';

/** Largest cyclic gap between consecutive entries holding `vl` (Infinity when it has none). */
function maxGap(entries: readonly { vl: number; weight: number }[], vl: number): number {
  const pos = entries.flatMap((e, k) => (e.weight > 0 && e.vl === vl ? [k] : []));
  if (pos.length === 0) return Infinity;
  let gap = 0;
  for (let k = 0; k < pos.length; k++) gap = Math.max(gap, (k + 1 < pos.length ? pos[k + 1]! : pos[0]! + 64) - pos[k]!);
  return gap;
}

describe('fill-in order', () => {
  it('fillInOrder(8) → E3,0 E3,4 E3,2 E3,6 E3,1 E3,5 E3,3 E3,7 (docs/models.md §9)', () => {
    expect(fillInOrder(8)).toEqual([0, 4, 2, 6, 1, 5, 3, 7]);
  });

  it('fillInOrder(d) is a permutation of 0..d−1 starting with the even j', () => {
    for (const d of [1, 2, 4, 8, 16, 32, 64]) {
      const order = fillInOrder(d);
      expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: d }, (_, j) => j));
      if (d > 1) expect(order.slice(0, d / 2).every((j) => j % 2 === 0)).toBe(true);
    }
    expect(() => fillInOrder(6)).toThrow(RangeError);
  });

  it('bitReverse reverses the given number of bits', () => {
    expect(bitReverse(1, 6)).toBe(32);
    expect(bitReverse(0b000110, 6)).toBe(0b011000);
  });

  it('sequenceEntries(d, j) → j, j+d, … (the set E_{i,j})', () => {
    expect(sequenceEntries(16, 3)).toEqual([3, 19, 35, 51]);
    expect(sequenceEntries(64, 5)).toEqual([5]);
  });

  it('roundDistance rounds down to a power of two 2..64 (docs/models.md §9)', () => {
    expect([2, 3, 7, 8, 63, 64, 1000].map(roundDistance)).toEqual([2, 2, 4, 8, 32, 64, 64]);
  });

  it('roundDistance refuses a distance below 2, naming distance, the rule and the value', () => {
    for (const bad of [1, 1.99, 0, -4, Number.NaN]) {
      expect(() => roundDistance(bad)).toThrow(InvalidParameterError);
      expect(() => roundDistance(bad)).toThrow(/distance must be a number >= 2 \(entries\)/);
    }
    expect(() => roundDistance(1)).toThrow(/got 1/);
  });

  it('plan refuses a distance that is not a power of two 2..64', () => {
    const t = new HighPriorityTable(16320);
    for (const bad of [1, 3, 128, 0]) expect(() => t.plan(0, 0, bad, 1)).toThrow(/distance must be a power of two 2\.\.64/);
    expect(t.freeEntries()).toBe(64);
  });
});

describe('HighPriorityTable: grouping and placement', () => {
  it('the first request of distance 8 takes E_{3,0}: entries 0, 8, …, 56', () => {
    const t = new HighPriorityTable(16320n); // demand counted in weight units
    expect(t.plan(0, 0, 8, 80n)).toBe(true);
    t.commit();
    expect(t.sequences()[0]!.entries).toEqual([0, 8, 16, 24, 32, 40, 48, 56]);
    expect(t.entries().filter((e) => e.weight > 0).map((e) => e.weight)).toEqual(new Array(8).fill(10));
  });

  it('the second SL of distance 8 takes E_{3,4}, the third E_{3,2} (bit-reversal order)', () => {
    const t = new HighPriorityTable(16320n);
    for (const sl of [0, 1, 2]) {
      expect(t.plan(sl, sl, 8, 8n)).toBe(true);
      t.commit();
    }
    const firstOf = new Map(t.sequences().map((s) => [s.sl, s.first]));
    expect([firstOf.get(0), firstOf.get(1), firstOf.get(2)]).toEqual([0, 4, 2]);
  });

  it('grouping: same-SL connections fill one entry to 255, then a new entry opens (thesis §5.2)', () => {
    const t = new HighPriorityTable(16320n);
    for (let k = 0; k < 3; k++) {
      expect(t.plan(5, 5, 64, 85n)).toBe(true);
      expect(t.commit()).toBe(0);
    }
    expect(t.entries()[0]).toEqual({ vl: 5, weight: 255 });
    expect(t.freeEntries()).toBe(63);
    expect(t.plan(5, 5, 64, 1n)).toBe(true);
    expect(t.commit()).toBe(1);
    // d = 64: E_{6,j} in bit-reversal order, so the second entry is t_32.
    expect(t.entries()[32]).toEqual({ vl: 5, weight: 1 });
    expect(t.sequences().map((s) => s.connections)).toEqual([3, 1]);
  });

  it('a request heavier than 64/d entries can carry gets ⌈w/255⌉ entries, rounded up to a power of two', () => {
    const t = new HighPriorityTable(16320n);
    expect(t.plan(9, 9, 64, 1665n)).toBe(true); // ⌈1665/255⌉ = 7 → 8 entries, distance 8
    t.commit();
    const s = t.sequences()[0]!;
    expect(s.distance).toBe(8);
    expect(s.weight).toBe(1665);
    expect(t.plan(9, 9, 64, 16320n - 1665n + 1n)).toBe(false); // more than the rest of the table
  });

  it('weightFor accepts a number or a bigint demand in either form: max(n, ⌈16320·P/bw⌉)', () => {
    // 16320 · 600 / 2500 = 3916.8 → 3917 (docs/admission.md, the `video` connection).
    expect(new HighPriorityTable(2500).weightFor(600, 16)).toBe(3917);
    expect(new HighPriorityTable(2500).weightFor(600n, 16)).toBe(3917);
    expect(new HighPriorityTable(2500n).weightFor(600, 16)).toBe(3917);
    expect(new HighPriorityTable(16320n).weightFor(3, 8)).toBe(8);
  });

  it('a full table says no and changes nothing', () => {
    const t = new HighPriorityTable(16320n);
    // Weight 8161 needs ⌈8161/255⌉ = 33 entries → all 64 (distance 1 is reached only by weight).
    expect(t.plan(0, 0, 64, 8161n)).toBe(true);
    t.commit();
    const before = JSON.stringify(t.entries());
    expect(t.plan(1, 1, 64, 1n)).toBe(false);
    expect(JSON.stringify(t.entries())).toBe(before);
  });

  it('releasing a connection returns its weight; the last one frees the entries', () => {
    const t = new HighPriorityTable(16320n);
    t.plan(3, 3, 16, 40n);
    const id = t.commit();
    t.plan(3, 3, 16, 8n);
    expect(t.commit()).toBe(id);
    expect(t.sequences()[0]!.weight).toBe(48);
    t.removeDemand(id, 40n);
    expect(t.sequences()[0]!.weight).toBe(8);
    t.removeDemand(id, 8n);
    expect(t.freeEntries()).toBe(64);
  });

  it('defragmentation: freeing a block that splits the free space re-packs the table', () => {
    const t = new HighPriorityTable(16320n);
    const ids = [1, 2, 3].map((sl) => {
      t.plan(sl, sl, 64, 1n); // single entries: t0, t32, t16
      return t.commit();
    });
    expect(t.sequences().map((s) => s.first)).toEqual([0, 32, 16]);
    // Free t0: free blocks become 1 (t0) … a shape that could strand a later request; re-pack.
    const moved = t.removeDemand(ids[0]!, 1n);
    expect(t.freeBlockSizes()).toEqual([...t.freeBlockSizes()].sort((a, b) => a - b));
    expect(moved).toBeGreaterThan(0);
    expect(t.sequences().map((s) => s.first)).toEqual([0, 32]);
    // Now a request for 32 entries (d = 2) must fit: 62 entries are free.
    expect(t.plan(7, 7, 2, 32n)).toBe(true);
  });
});

type Op = { kind: 'add'; sl: number; distance: number; demand: number } | { kind: 'remove'; pick: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('add' as const), sl: fc.integer({ min: 0, max: 9 }), distance: fc.constantFrom(2, 4, 8, 16, 32, 64, 3, 12), demand: fc.integer({ min: 1, max: 2000 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }) },
);

describe('HighPriorityTable: properties over random add/remove sequences', () => {
  it('places every request for which enough free entries exist; entries ≤ d apart; weights 0..255', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 120 }), (ops) => {
        const t = new HighPriorityTable(16320n);
        const live: { id: number; demand: bigint; vl: number; d: number }[] = [];
        for (const op of ops) {
          if (op.kind === 'remove') {
            if (live.length === 0) continue;
            const [c] = live.splice(op.pick % live.length, 1);
            t.removeDemand(c!.id, c!.demand);
          } else {
            const d = roundDistance(op.distance);
            const demand = BigInt(op.demand);
            // Entries a new sequence needs: max(64/d, ⌈w/255⌉) rounded up to a power of two.
            let n = TABLE_ENTRIES / d;
            while (Math.max(n, op.demand) > n * MAX_ENTRY_WEIGHT && n < 64) n *= 2;
            const fits = Math.max(n, op.demand) <= n * MAX_ENTRY_WEIGHT;
            const ok = t.plan(op.sl, op.sl, d, demand);
            if (fits && t.freeEntries() >= n) expect(ok).toBe(true);
            if (ok) live.push({ id: t.commit(), demand, vl: op.sl, d });
          }
          const entries = t.entries();
          expect(entries).toHaveLength(64);
          for (const e of entries) {
            expect(Number.isInteger(e.weight) && e.weight >= 0 && e.weight <= 255).toBe(true);
          }
          for (const c of live) expect(maxGap(entries, c.vl)).toBeLessThanOrEqual(c.d);
          // Free blocks keep the shape the proof needs: strictly increasing sizes, left to right.
          const sizes = t.freeBlockSizes();
          for (let k = 1; k < sizes.length; k++) expect(sizes[k]!).toBeGreaterThan(sizes[k - 1]!);
          // Demand is in weight units here, so each SL's weight is at least the demand it carries.
          for (let sl = 0; sl < 10; sl++) {
            const weight = t.sequences().filter((s) => s.sl === sl).reduce((a, s) => a + s.weight, 0);
            const demand = live.filter((c) => c.vl === sl).reduce((a, c) => a + Number(c.demand), 0);
            expect(weight).toBeGreaterThanOrEqual(demand);
            if (demand === 0) expect(weight).toBe(0);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('add then remove restores the exact prior table', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 60 }), fc.integer({ min: 0, max: 9 }), fc.constantFrom(2, 4, 8, 16, 32, 64), fc.integer({ min: 1, max: 3000 }), (ops, sl, d, w) => {
        const t = new HighPriorityTable(16320n);
        const live: { id: number; demand: bigint }[] = [];
        for (const op of ops) {
          if (op.kind === 'remove') {
            if (live.length === 0) continue;
            const [c] = live.splice(op.pick % live.length, 1);
            t.removeDemand(c!.id, c!.demand);
          } else if (t.plan(op.sl, op.sl, roundDistance(op.distance), BigInt(op.demand))) {
            live.push({ id: t.commit(), demand: BigInt(op.demand) });
          }
        }
        const before = JSON.stringify([t.entries(), t.sequences()]);
        if (t.plan(sl, sl, d, BigInt(w))) {
          const id = t.commit();
          expect(t.removeDemand(id, BigInt(w))).toBe(0);
        }
        expect(JSON.stringify([t.entries(), t.sequences()])).toBe(before);
      }),
      { numRuns: 300 },
    );
  });
});

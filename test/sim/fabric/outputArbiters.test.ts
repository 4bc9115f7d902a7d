import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { VlArbiterConfig } from '../../../src/admission/index.js';
import { outputArbiterFactory, RoundRobinArbiter, roundRobinEntries, TableArbiter } from '../../../src/sim/fabric/switch/outputArbiters.js';

const entry = (maxWeight: number) => fc.record({ vl: fc.integer({ min: 0, max: 14 }), weight: fc.integer({ min: 0, max: maxWeight }) });
/** Tables that arbitrate as a round robin: high weights 0, low weights 0 or 1, any limit. */
const roundRobinTables = fc.record({
  high: fc.array(entry(0), { maxLength: 4 }),
  low: fc.array(entry(1), { maxLength: 20 }),
  limitOfHighPriority: fc.integer({ min: 0, max: 255 }),
});
/** One transmission opportunity: which VLs are ready and their head packets' sizes (0 sometimes). */
const opportunity = fc.record({
  ready: fc.integer({ min: 0, max: (1 << 15) - 1 }),
  bytes: fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 4096 })), { minLength: 15, maxLength: 15 }),
});

describe('RoundRobinArbiter', () => {
  it('picks → the same VL as the admission module’s VlArbiter (TableArbiter) at every opportunity, on tables of weights 0 and 1', () => {
    fc.assert(
      fc.property(roundRobinTables, fc.array(opportunity, { minLength: 1, maxLength: 60 }), (config, steps) => {
        const entries = roundRobinEntries(config);
        expect(entries).not.toBeNull();
        const fast = new RoundRobinArbiter(entries!);
        const table = new TableArbiter(config);
        for (const s of steps) {
          const bytes = Float64Array.from(s.bytes);
          expect(fast.pick(s.ready, bytes)).toBe(table.pick(s.ready, bytes));
        }
      }),
      { numRuns: 400 },
    );
  });

  it('picks → the same VLs on the default table (every VL once, weight 1) with mostly one VL ready, the fabric’s usual case', () => {
    const config: VlArbiterConfig = { high: [], low: Array.from({ length: 4 }, (_, vl) => ({ vl, weight: 1 })), limitOfHighPriority: 255 };
    const fast = new RoundRobinArbiter(roundRobinEntries(config)!);
    const table = new TableArbiter(config);
    const bytes = Float64Array.from({ length: 4 }, (_, v) => 64 * (v + 1));
    const seen: number[] = [];
    for (let i = 0; i < 200; i++) {
      const ready = i % 7 === 0 ? 0b1011 : 1 << i % 4;
      const v = fast.pick(ready, bytes);
      expect(v).toBe(table.pick(ready, bytes));
      seen.push(v);
    }
    expect(new Set(seen)).toEqual(new Set([0, 1, 2, 3]));
  });
});

describe('roundRobinEntries', () => {
  it('tables with a high entry of weight > 0 or a low weight > 1 → null (their own TableArbiter)', () => {
    expect(roundRobinEntries({ high: [{ vl: 1, weight: 1 }], low: [{ vl: 0, weight: 1 }], limitOfHighPriority: 255 })).toBeNull();
    expect(roundRobinEntries({ high: [], low: [{ vl: 0, weight: 2 }], limitOfHighPriority: 255 })).toBeNull();
  });

  it('weight-0 entries left out, order kept', () => {
    const e = roundRobinEntries({ high: [{ vl: 3, weight: 0 }], low: [{ vl: 2, weight: 1 }, { vl: 5, weight: 0 }, { vl: 0, weight: 1 }], limitOfHighPriority: 0 });
    expect(Array.from(e!)).toEqual([2, 0]);
  });
});

describe('outputArbiterFactory', () => {
  it('bad tables → the VlArbiter’s error naming config.low[0].weight, as before', () => {
    const make = outputArbiterFactory();
    expect(() => make({ high: [], low: [{ vl: 0, weight: 300 }], limitOfHighPriority: 255 })).toThrow(/config\.low\[0\]\.weight/);
  });

  it('round-robin tables → RoundRobinArbiter, others → TableArbiter', () => {
    const make = outputArbiterFactory();
    expect(make({ high: [], low: [{ vl: 0, weight: 1 }], limitOfHighPriority: 255 })).toBeInstanceOf(RoundRobinArbiter);
    expect(make({ high: [], low: [{ vl: 0, weight: 4 }], limitOfHighPriority: 255 })).toBeInstanceOf(TableArbiter);
  });
});

/**
 * A switch-fed buffer's FIFO wait kept to its slots (src/model/queues/bufferWait.ts `slotsBound`, docs/models.md §13.5, method
 * change 181, H36sat): a buffer of B packets whose packets hold a slot from arrival to departure holds λ(W + S) ≤ B on
 * average (Little), so W ≤ B/λ − S. Checked against a simulation of the bare mechanism, test/fixtures/floor/slots_reference.json,
 * written by `test/fixtures/floor/make_capacity_reference.py --slots` (a buffer splitting link u's train, behind a parking
 * lot of four hosts at 0.19 or two hosts at 0.4, with infinite, 4 or 3 slots): the bound holds in every finite case, and
 * it binds where the unbounded train queue (queue.ts trainFifoWait, change 61) says more than the slots can hold.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { slotsBound } from '../../src/model/queues/bufferWait.js';
import { trainFifoWait } from '../../src/model/queues/queue.js';

type Ci = [number, number];
interface Case { rates: number[]; slots: number | null; arrivalRate: Ci; headTime: Ci; headTime2: Ci; fifoWait: Ci }
const ref = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'floor', 'slots_reference.json'), 'utf8')) as { cases: Case[] };

describe('a switch-fed buffer’s FIFO wait within its slots (change 181)', () => {
  it('is B/λ − S by Little, unbounded without a capacity and never negative', () => {
    expect(slotsBound(0.8, 1.2, 4)).toBeCloseTo(4 / 0.8 - 1.2, 12);
    expect(slotsBound(0.8, 1.2, Infinity)).toBe(Infinity);
    expect(slotsBound(0, 1.2, 4)).toBe(Infinity);
    expect(slotsBound(2, 3, 1)).toBe(0);
  });
  it('holds in the simulated bare mechanism with 3 and 4 slots (the simulated wait below the bound of its own λ and S)', () => {
    const finite = ref.cases.filter((c) => c.slots !== null);
    expect(finite.length).toBe(4);
    for (const c of finite) {
      const [w, half] = c.fifoWait;
      expect(w - half).toBeLessThanOrEqual(slotsBound(c.arrivalRate[0], c.headTime[0], c.slots!));
    }
  });
  it('binds behind two hosts at 0.4 (λS 0.94): the unbounded train queue says more than 4 slots hold, and so does the simulation without slots', () => {
    const open = ref.cases.find((c) => c.rates.length === 2 && c.slots === null)!;
    for (const c of ref.cases.filter((k) => k.rates.length === 2 && k.slots !== null)) {
      const lam = c.rates.reduce((a, r) => a + r, 0);
      const bound = slotsBound(c.arrivalRate[0], c.headTime[0], c.slots!);
      expect(trainFifoWait(lam, 1, 0, c.headTime[0], c.headTime2[0])).toBeGreaterThan(bound);
      expect(open.fifoWait[0] - open.fifoWait[1]).toBeGreaterThan(bound);
    }
  });
});

/**
 * The trains' FIFO wait held to the buffer's slots (src/model/queues/bufferWait.ts `trainsWithinSlots`, docs/models.md §13.5,
 * method change 260, H40fifo): the unbounded M^X/G/1 of link u's trains (queue.ts trainFifoWait, change 61) holds
 * L = λ(W + S) packets, taken as the geometric P(N ≥ n) = ρ r^(n−1) (ρ = λS, r = 1 − ρ/L); the buffer holds min(N, B), so
 * W_B = (W + S)(1 − r^B) − S. Checked (1) by exact arithmetic: the closed form against Σ_{n ≤ B} P(N ≥ n) summed term by
 * term; (2) its limits; (3) against the simulated bare mechanism, test/fixtures/floor/slots_reference.json (written by
 * `test/fixtures/floor/make_capacity_reference.py --slots`: a buffer splitting link u's train behind a parking lot of four
 * hosts at 0.19 or two hosts at 0.4, with 4 or 3 slots), fed the simulated λ, S and E[S²]: within 15 % of the simulated
 * FIFO wait in every finite case (+5 to +12 %), where the Little bound alone (change 181) is +42 to +81 % off.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { slotsBound, switchFedChoice, trainsWithinSlots } from '../../src/model/queues/bufferWait.js';
import { finiteQueue, trainFifoWait } from '../../src/model/queues/queue.js';

type Ci = [number, number];
interface Case { rates: number[]; slots: number | null; arrivalRate: Ci; headTime: Ci; headTime2: Ci; fifoWait: Ci }
const ref = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'floor', 'slots_reference.json'), 'utf8')) as { cases: Case[] };

describe('the trains’ FIFO wait within the buffer’s slots (change 260)', () => {
  it('is Little’s E[min(N, B)] of the geometric queue, summed term by term', () => {
    for (const [l, S, open, B] of [[0.8, 1.1, 2.2, 4], [0.6, 1.2, 0.87, 4], [0.79, 1.18, 8.1, 3], [0.3, 1.05, 0.4, 1]] as const) {
      const rho = l * S;
      const r = 1 - rho / (l * (open + S));
      let held = 0;
      for (let n = 1; n <= B; n++) held += rho * Math.pow(r, n - 1);
      expect(trainsWithinSlots(l, S, open, B)).toBeCloseTo(held / l - S, 12);
    }
  });
  it('is the open wait without a capacity or with many slots, never above the Little bound, never negative, and grows with the slots', () => {
    expect(trainsWithinSlots(0.8, 1.1, 2.2, Infinity)).toBe(2.2);
    expect(trainsWithinSlots(0.8, 1.1, 2.2, 400)).toBeCloseTo(2.2, 9);
    let last = -1;
    for (let B = 1; B <= 8; B++) {
      const w = trainsWithinSlots(0.8, 1.1, 2.2, B);
      expect(w).toBeGreaterThanOrEqual(0);
      expect(w).toBeLessThanOrEqual(slotsBound(0.8, 1.1, B));
      expect(w).toBeGreaterThan(last);
      last = w;
    }
    expect(trainsWithinSlots(0.8, 1.1, 0, 4)).toBe(0);
  });
  it('goes to the form’s own limit (B − 1)S as the open wait grows, and takes it for an unbounded open wait (review H40rv260)', () => {
    // L → ∞: r → 1, P(N ≥ n) → ρ for n ≤ B, E[min(N, B)] → ρB, W → ρB/λ − S = (B − 1)S (below the Little bound B/λ − S).
    for (const [l, S, B] of [[0.8, 1.1, 4], [0.79, 1.18, 3], [0.5, 1.5, 1]] as const) {
      expect(trainsWithinSlots(l, S, Infinity, B)).toBeCloseTo((B - 1) * S, 12);
      for (const open of [1e9, 1e12, 1e300]) expect(trainsWithinSlots(l, S, open, B)).toBeCloseTo((B - 1) * S, 6);
    }
  });
  it('is a finite wait ≥ 0 for every input the solver gives it (λ ≥ 0, λS < 1, slots a whole number ≥ 1 or none, open ≥ 0 or unbounded)', () => {
    for (const l of [0, 1e-9, 0.3, 0.79]) for (const S of [1e-12, 1, 1.2]) for (const open of [0, 1e-300, 1e-20, 2.2, 1e12, 1e300, Infinity]) for (const B of [1, 2, 4, 64, Infinity]) {
      if (!(l * S < 1) || (l === 0 && open === Infinity)) continue; // trainFifoWait is 0 at λ = 0
      const w = trainsWithinSlots(l, S, open, B);
      expect(w).toBeGreaterThanOrEqual(0);
      expect(w <= open).toBe(true);
      if (B !== Infinity) expect(Number.isFinite(w)).toBe(true);
    }
  });
  it('takes the identity where the two forms are one (Ca² = 1 into link u, fixed packets), whichever way they round (review H40rv260)', () => {
    for (const [l, S, cs2, B] of [[0.8, 1.15, 0.3, 4], [0.6, 1.3, 0.8, 3], [0.79, 1.18, 0.1, 4]] as const) {
      // the switch-fed identity W(λ, S) − S − W_alone (bufferWait.ts switchFedWait) and the trains' M^X/G/1 at Ca² 1, x = 1, Cx² 0
      const w = finiteQueue(l, 1 / S, 1, cs2, Infinity, true).responseTime - S - (finiteQueue(l, 1, 1, 0, Infinity, true).responseTime - 1);
      const train = trainFifoWait(l, 1, 0, S, S * S * (1 + cs2));
      expect(Math.abs(train / w - 1)).toBeLessThan(1e-12);
      const identity = Math.min(w, slotsBound(l, S, B));
      for (const t of [train, w * (1 + 4e-16), w * (1 - 4e-16), w * (1 + 1e-12)]) expect(switchFedChoice(w, t, l, S, B)).toBe(identity);
      expect(switchFedChoice(w, w * 1.01, l, S, B)).toBeCloseTo(trainsWithinSlots(l, S, w * 1.01, B), 15);
    }
  });
  it('is within 15 % of the simulated bare mechanism with 3 and 4 slots, where the Little bound alone is 40 % off or more', () => {
    const finite = ref.cases.filter((c) => c.slots !== null);
    expect(finite.length).toBe(4);
    for (const c of finite) {
      const lam = c.rates.reduce((a, r) => a + r, 0);
      const open = trainFifoWait(lam, 1, 0, c.headTime[0], c.headTime2[0]);
      const kept = trainsWithinSlots(c.arrivalRate[0], c.headTime[0], open, c.slots!);
      const bound = Math.min(open, slotsBound(c.arrivalRate[0], c.headTime[0], c.slots!));
      expect(Math.abs(kept / c.fifoWait[0] - 1)).toBeLessThan(0.15);
      expect(bound / c.fifoWait[0] - 1).toBeGreaterThan(0.4);
    }
  });
});

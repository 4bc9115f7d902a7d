/**
 * The credit blocking of a switch input buffer behind a link (iterate.ts `bufferStep`, docs/models.md §13.5,
 * H31k2 change 80): the probability that a packet ready on link u finds the buffer's slots all held is the
 * finite queue's P(N) counted in real time — arrivals link u's departures (their SCV), a slot held from the
 * start of its packet's transmission in for the hold S (+ the credit loop) — not the shifted queue's, whose
 * count holds a train's packets before they have come. Checked against a simulation of the bare mechanism,
 * test/fixtures/floor/blocking_reference.json, written by `test/fixtures/floor/make_capacity_reference.py
 * --blocking` (a buffer of 3 or 4 slots that splits a train, behind two hosts merged or a parking lot; the
 * fraction of its packets that waited for a slot at link u's output).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { finiteQueue } from '../../src/model/queues/queue.js';

type Ci = [number, number];
interface Case { rates: number[]; slots: number; arrivalRate: Ci; headTime: Ci; headTime2: Ci; interArrivalScv: Ci; blocked: Ci }
const ref = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'floor', 'blocking_reference.json'), 'utf8')) as { cases: Case[] };

/** The real-time form (change 80) and the shifted one (inter-arrivals and hold less the transmission x = 1) it replaced. */
function forms(c: Case): { real: number; shifted: number; load: number } {
  const l = c.arrivalRate[0];
  const s = c.headTime[0];
  const varS = c.headTime2[0] - s * s;
  const ca2 = c.interArrivalScv[0];
  const real = finiteQueue(l, 1 / s, ca2, varS / (s * s), c.slots, true).blockingProbability;
  const lt = 1 / (1 / l - 1);
  const ht = s - 1;
  const shifted = finiteQueue(lt, 1 / ht, ca2 * (lt / l) ** 2, varS / (ht * ht), c.slots, true).blockingProbability;
  return { real, shifted, load: l * s };
}

describe('the credit blocking behind a link’s trains (H31k2, change 80)', () => {
  it('where the buffer is loaded (λS ≥ 0.5): within a factor 1.5 of the simulation (or 2.5 half-widths), and closer than the shifted count on the links of 0.6 and more', () => {
    let n = 0;
    for (const c of ref.cases) {
      const { real, shifted, load } = forms(c);
      if (load < 0.5) continue;
      n++;
      const [sim, half] = c.blocked;
      expect(real < 1.5 * sim + 2.5 * half && real > sim / 1.5 - 2.5 * half).toBe(true);
      const link = c.rates.reduce((a, r) => a + r, 0);
      if (link >= 0.6) expect(Math.abs(Math.log(real / sim))).toBeLessThan(Math.abs(Math.log(shifted / sim)));
    }
    expect(n).toBe(6);
  });
  it('where the buffer is light (λS < 0.5, head time barely above x) it overstates, by less than a factor 4.5 (the shifted form is within 2 there)', () => {
    for (const c of ref.cases) {
      const { real, shifted, load } = forms(c);
      if (load >= 0.5) continue;
      const sim = c.blocked[0];
      expect(real / sim).toBeGreaterThan(1);
      expect(real / sim).toBeLessThan(4.5);
      expect(shifted / sim).toBeLessThan(2);
    }
  });
});

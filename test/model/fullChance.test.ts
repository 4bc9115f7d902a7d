/**
 * Method change 330 (H42sat, queues/spill.ts openFullChance; docs/models.md §13.5): a switch-fed buffer's chance of being
 * full from the occupancy law behind its FIFO wait — the unbounded queue of the tandem identity or of link u's trains holds
 * L = λ(W_open + S) packets, as the geometric P(N ≥ n) = ρ r^(n−1), ρ = λS, r = 1 − ρ/L, so P(full) = ρ r^(B−1) — against
 * a simulation of the bare mechanism, test/fixtures/floor/blocking_reference.json (written by
 * `test/fixtures/floor/make_capacity_reference.py --blocking`: a buffer of 3 or 4 slots behind two hosts merged or a parking
 * lot of four, splitting link u's train; `fullTime` the fraction of time the buffer was full, 95 % half-widths). W_open is
 * formed here from the simulated λ, S, E[S²] with the kernels of queue.ts (link u of transmission 1, fixed; Poisson hosts,
 * Ca² 1 into link u), as bufferWait.ts does with the model's; the shifted GE/GE/1/N's π (inputBuffers.ts, the inter-arrival
 * SCV simulated) beside it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { finiteQueue, trainFifoWait } from '../../src/model/queues/queue.js';
import { openFullChance } from '../../src/model/queues/spill.js';

type Ci = [number, number];
interface Case { rates: number[]; cross: number; slots: number; arrivalRate: Ci; headTime: Ci; headTime2: Ci; interArrivalScv: Ci; fullTime: Ci }
const ref = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'floor', 'blocking_reference.json'), 'utf8')) as { cases: Case[] };

function laws(c: Case): { law: number; shifted: number; load: number } {
  const l = c.arrivalRate[0];
  const S = c.headTime[0];
  const S2 = c.headTime2[0];
  const cs2 = S2 / (S * S) - 1;
  const alone = finiteQueue(l, 1, 1, 0, Infinity, true).responseTime - 1;
  const identity = finiteQueue(l, 1 / S, 1, cs2, Infinity, true).responseTime - S - alone;
  const open = Math.max(identity, trainFifoWait(l, 1, 0, S, S2));
  const lt = 1 / (1 / l - 1);
  const ht = S - 1;
  const shifted = finiteQueue(lt, 1 / ht, c.interArrivalScv[0] * (lt / l) ** 2, (S2 - S * S) / (ht * ht), c.slots, true).blockingProbability;
  return { law: openFullChance(l, S, open, c.slots), shifted, load: l * S };
}

describe('a buffer’s full time from its FIFO wait’s occupancy law (change 330)', () => {
  it('is the simulated fraction of time full within a factor 1.5 wherever λS ≥ 0.5, and within 10 % (or 2 half-widths) at λS ≥ 0.85', () => {
    let n = 0;
    for (const c of ref.cases) {
      const { law, load } = laws(c);
      const [sim, half] = c.fullTime;
      if (load < 0.5) continue;
      n++;
      expect(law / sim, `${c.rates.join('+')} cross ${c.cross} / ${c.slots}`).toBeGreaterThan(1 / 1.5);
      expect(law / sim, `${c.rates.join('+')} cross ${c.cross} / ${c.slots}`).toBeLessThan(1.5);
      if (load >= 0.85) expect(Math.abs(law - sim)).toBeLessThan(Math.max(0.1 * sim, 2 * half));
    }
    expect(n).toBe(6);
  });
  it('is nearer the simulated full time than the shifted GE/GE/1/N’s π on seven of the eight cases, which is low on all eight', () => {
    let nearer = 0;
    for (const c of ref.cases) {
      const { law, shifted } = laws(c);
      const sim = c.fullTime[0];
      expect(shifted).toBeLessThan(sim);
      if (Math.abs(Math.log(law / sim)) < Math.abs(Math.log(shifted / sim))) nearer++;
    }
    expect(nearer).toBe(7);
  });
  it('edge cases: no arrivals 0, no queueing 0, an unbounded wait ρ, a saturated head 1, an unbounded buffer 0', () => {
    expect(openFullChance(0, 1, 1, 4)).toBe(0);
    expect(openFullChance(0.5, 1, 0, 4)).toBe(0);
    expect(openFullChance(0.5, 1, Infinity, 4)).toBe(0.5);
    expect(openFullChance(1, 1.2, 1, 4)).toBe(1);
    expect(openFullChance(0.5, 1, 1, Infinity)).toBe(0);
    // B = 1: the buffer is full while its one packet is there, ρ.
    expect(openFullChance(0.5, 1, 3, 1)).toBeCloseTo(0.5, 15);
  });
});

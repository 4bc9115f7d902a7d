/**
 * The FIFO wait behind a link's trains (src/model/queues/queue.ts `trainFifoWait`, docs/models.md §13.5,
 * H31k change 61): the M^X/G/1 queue of the shifted recursion whose batches are the link's busy periods.
 * Checked (1) against the busy period's law summed term by term (Borel's distribution, the number
 * served in an M/D/1 busy period) and the tandem identity with Poisson arrivals (Pollaczek–Khinchine,
 * service S less service x), (2) against a simulation of the bare mechanism,
 * test/fixtures/floor/train_reference.json, written by `test/fixtures/floor/make_capacity_reference.py
 * --train` (a buffer that splits a train, fed by two hosts merged or by a parking lot).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { trainFifoWait } from '../../src/model/queues/queue.js';

type Ci = [number, number];
interface Case { rates: number[]; cross: number; turn: number; fifoWait: Ci; headTime: Ci; headTime2: Ci; busyPeriodB: Ci }
const ref = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'floor', 'train_reference.json'), 'utf8')) as { cases: Case[] };

/** b = E[X(X − 1)]/(2E[X]) of Borel's law P(X = n) = e^(−ρn)(ρn)^(n−1)/n!, summed term by term (logs, to stay finite). */
function borelB(rho: number): number {
  let ex = 0;
  let exx = 0;
  for (let n = 1; n <= 20000; n++) {
    let lg = -rho * n + (n - 1) * Math.log(rho * n);
    for (let k = 2; k <= n; k++) lg -= Math.log(k);
    const p = Math.exp(lg);
    ex += n * p;
    exx += n * (n - 1) * p;
    if (n > 50 && p < 1e-18) break;
  }
  return exx / (2 * ex);
}

/** Pollaczek–Khinchine's mean wait, λE[S²]/(2(1 − λE[S])). */
const pk = (lam: number, s1: number, s2: number) => (lam * s2) / (2 * (1 - lam * s1));

describe('the FIFO wait behind a link’s trains (H31k, change 61)', () => {
  it('equals the tandem identity with Poisson arrivals at the link: M/G/1 of service S less M/D/1 of service x, to 1e-12', () => {
    for (const [lam, s1, s2] of [[0.4, 1.5, 2.25], [0.77, 1.12, 1.36], [0.6, 1.16, 1.47], [0.2, 2, 5]] as const) {
      expect(Math.abs(trainFifoWait(lam, 1, 0, s1, s2) - (pk(lam, s1, s2) - pk(lam, 1, 1)))).toBeLessThan(1e-12);
    }
  });
  it('its batch term is Borel’s busy period summed term by term, to 1e-9', () => {
    for (const rho of [0.2, 0.4, 0.6, 0.77]) {
      // S' = S − x fixed at d: W = λ'd²/(2(1 − ρ')) + d·b/(1 − ρ'), so b = (W(1 − ρ') − λ'd²/2)/d.
      const d = 0.1;
      const lt = rho / (1 - rho);
      const rp = lt * d;
      const b = (trainFifoWait(rho, 1, 0, 1 + d, (1 + d) * (1 + d)) * (1 - rp) - (lt * d * d) / 2) / d;
      expect(Math.abs(b - borelB(rho))).toBeLessThan(1e-9 * Math.max(1, b));
    }
  });
  it('nothing waits without head time beyond the transmission; unstable loads give Infinity', () => {
    expect(trainFifoWait(0.7, 1, 0, 1, 1)).toBe(0);
    expect(trainFifoWait(1, 1, 0, 1.1, 1.3)).toBe(Infinity);
    expect(trainFifoWait(0.8, 1, 0, 1.3, 1.8)).toBe(Infinity); // ρ' = 4 × 0.3 > 1
  });
  it('the bare mechanism: within 12 % (or 2.5 half-widths) of the simulation, with its head times, behind two hosts merged and behind a parking lot', () => {
    for (const c of ref.cases) {
      const lam = c.rates.reduce((a, r) => a + r, 0);
      const f = trainFifoWait(lam, 1, 0, c.headTime[0], c.headTime2[0]);
      const [sim, half] = c.fifoWait;
      expect(Math.abs(f - sim)).toBeLessThan(Math.max(0.12 * sim, 2.5 * half));
      // The link's busy periods are Borel's (the M/D/1 queue's of its whole load), within the simulation's noise.
      expect(Math.abs(c.busyPeriodB[0] - borelB(lam))).toBeLessThan(Math.max(0.1 * borelB(lam), 2.5 * c.busyPeriodB[1]));
    }
  });
});

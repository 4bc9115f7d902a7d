/**
 * The output-queued floor's wait (src/model/queues/floor.ts, docs/models.md §13.4, H31p change 29)
 * against simulations of the bare mechanism: test/fixtures/floor/spacing_reference.json, written by
 * test/fixtures/floor/make_spacing_reference.py (an FCFS output of transmission 1 fed by links whose
 * packets are spaced by their transmissions, and by Poisson streams; five replications each).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { outputQueuedWait } from '../../src/model/queues/floor.js';

interface Rec { wait: number; halfWidth: number }
const ref = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'floor', 'spacing_reference.json'), 'utf8')) as {
  oneLink: (Rec & { rhoLink: number; rhoPoisson: number })[];
  parkingLot: (Rec & { hosts: number; rhoHost: number })[];
  links: (Rec & { shares: number[]; rho: number })[];
};

/** The floor's wait in transmissions (μ = 1, deterministic service) for spaced links of loads `spaced` and Poisson load `poisson`. */
const floorWait = (spaced: number[], poisson: number) => {
  const l = spaced.reduce((a, x) => a + x, poisson);
  return outputQueuedWait(l, 1, 1, 0, spaced.reduce((a, x) => a + (x * x) / (1 - x), 0));
};

describe('the output-queued floor: the merge’s M/G/1 wait less each spaced link’s own (H31p, change 29)', () => {
  it('Poisson arrivals alone: the M/D/1 wait ρ/(2(1 − ρ)), to 1e-12', () => {
    for (const rho of [0.3, 0.7, 0.9]) expect(Math.abs(floorWait([], rho) - rho / (2 * (1 - rho)))).toBeLessThan(1e-12);
  });
  it('one link alone does not queue again (0), and the wait never falls below 0', () => {
    expect(floorWait([0.8], 0)).toBe(0);
    expect(floorWait([0.5, 0.3], 0)).toBeGreaterThan(0);
  });
  it('one link of M/D/1 departures merged with Poisson arrivals (exact): within 2.5 half-widths of the simulation', () => {
    for (const c of ref.oneLink) expect(Math.abs(floorWait([c.rhoLink], c.rhoPoisson) - c.wait)).toBeLessThan(2.5 * c.halfWidth);
  });
  it('the parking lot of dimension-order routes (a train gathering one host per hop): the last output within 5 % and 2.5 half-widths', () => {
    for (const c of ref.parkingLot) {
      const w = floorWait([(c.hosts - 1) * c.rhoHost, c.rhoHost], 0);
      expect(Math.abs(w - c.wait) / c.wait).toBeLessThan(0.05);
      expect(Math.abs(w - c.wait)).toBeLessThan(2.5 * c.halfWidth);
    }
  });
  it('several links merged (approximate): within 5 % (the slotted count of Karol et al. was 8–62 % low, change 19’s form up to 30 % high)', () => {
    for (const c of ref.links) expect(Math.abs(floorWait(c.shares.map((x) => x * c.rho), 0) - c.wait) / c.wait).toBeLessThan(0.05);
  });
});

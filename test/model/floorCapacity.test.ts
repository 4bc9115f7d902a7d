/**
 * Buffer capacity in the output-queued floor (src/model/queues/floor.ts `bufferSpill`, docs/models.md
 * §13.4, H31p2 change 31): the part of an output's queue beyond an input buffer's slots. Checked (1)
 * against the definition summed term by term (a geometric count thinned binomially), (2) against a
 * simulation of the bare mechanism, test/fixtures/floor/capacity_reference.json, written by
 * test/fixtures/floor/make_capacity_reference.py (a parking lot of credit-limited buffers).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bufferSpill } from '../../src/model/queues/floor.js';

type Ci = [number, number];
interface Case { hosts: number; rhoHost: number; slots: number | null; trainWait: Ci[]; lastOutputCount: { host: Ci; train: Ci } }
const ref = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'floor', 'capacity_reference.json'), 'utf8')) as { cases: Case[] };

/** E[(K_t − N)⁺] from the definition: P(K = 0) = 1 − ρ, P(K = k) = ρ(1 − r)r^(k−1), K_t | K binomial(K, φ). */
function bySum(rho: number, L: number, phi: number, n: number): number {
  const r = 1 - rho / L;
  let e = 0;
  let row = [1]; // binomial(k, φ) probabilities, built row by row
  for (let k = 1; k <= 400; k++) {
    const next = new Array<number>(k + 1).fill(0);
    for (let j = 0; j < k; j++) {
      next[j]! += row[j]! * (1 - phi);
      next[j + 1]! += row[j]! * phi;
    }
    row = next;
    const pk = rho * (1 - r) * Math.pow(r, k - 1);
    for (let j = n + 1; j <= k; j++) e += pk * row[j]! * (j - n);
  }
  return e;
}

describe('the floor’s spill beyond a buffer’s slots (H31p2, change 31)', () => {
  it('the thinned geometric’s closed form equals the definition summed term by term, to 1e-9', () => {
    for (const [rho, L, phi, n] of [[0.9, 3.5, 0.857, 4], [0.9, 3.5, 0.143, 4], [0.77, 1.4, 0.83, 2], [0.5, 2, 1, 3], [0.95, 6, 0.6, 8]] as const) {
      expect(Math.abs(bufferSpill(rho, L, phi, n) - bySum(rho, L, phi, n))).toBeLessThan(1e-9);
    }
  });
  it('nothing spills from an infinite buffer, an empty share, or a queue no longer than its busy fraction', () => {
    expect(bufferSpill(0.9, 3.5, 0.8, Infinity)).toBe(0);
    expect(bufferSpill(0.9, 3.5, 0, 4)).toBe(0);
    expect(bufferSpill(0.9, 0.9, 0.8, 4)).toBe(0);
  });
  it('the parking lot’s last output: the train’s count lost to N slots against the simulation (low by up to 30 % at 90 % load, documented)', () => {
    for (const rho of [0.128, 0.11]) {
      const cases = ref.cases.filter((c) => c.rhoHost === rho);
      const inf = cases.find((c) => c.slots === null)!;
      const lam = inf.hosts * rho;
      const lInf = inf.lastOutputCount.host[0] + inf.lastOutputCount.train[0];
      for (const c of cases) {
        if (c.slots === null) continue;
        const sim = inf.lastOutputCount.train[0] - c.lastOutputCount.train[0];
        const half = Math.hypot(inf.lastOutputCount.train[1], c.lastOutputCount.train[1]);
        const f = bufferSpill(lam, lInf, ((inf.hosts - 1) * rho) / lam, c.slots);
        expect(f).toBeLessThanOrEqual(sim + 2.5 * half); // never more than the simulation's
        expect(Math.abs(f - sim)).toBeLessThan(Math.max(0.3 * sim, 2.5 * half + 0.02));
      }
    }
  });
});

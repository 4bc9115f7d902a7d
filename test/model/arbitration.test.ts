/**
 * The fabric model's VL arbitration (src/model/queues/arbitration.ts, docs/models.md §13.4): the
 * weighted round robin's split of a port's wait among its VLs and the GPS capacities of a saturated
 * link, against closed forms derived by hand (symmetry, Cobham's two-class non-preemptive priority,
 * the table's shares) and against the simulator on the one network where the split is the only
 * queue (bit complement on the 4-ary 2-tree with two SLs: every flow alone on its path, the two SLs
 * of a host sharing its link under the 1 : 3 table).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gpsCapacities, vlShares, wrrSplit } from '../../src/model/queues/arbitration.js';
import { fabricModelNetwork, solveFabric } from '../../src/model/index.js';
import { FABRIC_MODEL_FIXTURES, flowFigure, readReferenceCase, scenarioAtPoint, scorable } from '../helpers/fabricModelReference.js';

const table = (w0: number, w1: number) => ({ high: [], low: [{ vl: 0, weight: w0 }, { vl: 1, weight: w1 }], limitOfHighPriority: 0 });

/** Fixed transmissions of one time unit: mean 1, second moment 1; R = ρ/2; the FCFS (M/D/1) wait ρ/(2(1 − ρ)). */
function split(w0: number, w1: number, rho0: number, rho1: number, bytes = 2048): Float64Array {
  const sh = vlShares(table(w0, w1), [bytes, bytes], 2);
  const out = new Float64Array(2);
  wrrSplit(sh, 1, [rho0, rho1], [1, 1], [1, 1], 2, out);
  return out;
}

describe('wrrSplit: the weighted round robin split of a level’s wait', () => {
  it('equal weights and loads: FCFS (g = 1 for both, by symmetry)', () => {
    for (const rho of [0.1, 0.5, 0.9]) {
      const g = split(32, 32, rho / 2, rho / 2);
      expect(g[0]).toBeCloseTo(1, 12);
      expect(g[1]).toBeCloseTo(1, 12);
    }
  });

  it('conserves work: Σ ρ_v g_v = Σ ρ_v (Kleinrock’s conservation law)', () => {
    for (const [r0, r1] of [[0.1, 0.3], [0.44, 0.44], [0.6, 0.2], [0.2, 0.7]] as const) {
      const g = split(32, 96, r0, r1);
      expect(r0 * g[0]! + r1 * g[1]!).toBeCloseTo(r0 + r1, 12);
    }
  });

  it('one weight far below the other: Cobham’s non-preemptive priority, to the weight ratio', () => {
    // 64-byte packets: weights 1 and 255 send 1 and 255 packets a round (φ0/φ1 = 1/255).
    const [r0, r1] = [0.4, 0.45];
    const rho = r0 + r1;
    const R = rho / 2;
    const fcfs = R / (1 - rho);
    const g = split(1, 255, r0, r1, 64);
    expect(g[1]! * fcfs).toBeCloseTo(R / (1 - r1), 1);
    expect(Math.abs((g[1]! * fcfs) / (R / (1 - r1)) - 1)).toBeLessThan(0.01);
    expect(Math.abs((g[0]! * fcfs) / (R / ((1 - r1) * (1 - rho))) - 1)).toBeLessThan(0.01);
  });

  it('light load: every VL waits as under FCFS (g → 1)', () => {
    const g = split(32, 96, 0.005, 0.005);
    expect(Math.abs(g[0]! - 1)).toBeLessThan(0.01);
    expect(Math.abs(g[1]! - 1)).toBeLessThan(0.01);
  });
});

describe('gpsCapacities: each VL’s share of a saturated link', () => {
  it('both VLs backlogged: the table’s 1 : 3', () => {
    const cap = new Float64Array(2);
    gpsCapacities(vlShares(table(32, 96), [2048, 2048], 2), [Infinity, Infinity], 2, cap);
    expect(cap[0]).toBeCloseTo(0.25, 12);
    expect(cap[1]).toBeCloseTo(0.75, 12);
  });

  it('a VL whose demand is met can still take its backlogged share (the other backlogged), not only what it uses now', () => {
    const cap = new Float64Array(2);
    gpsCapacities(vlShares(table(32, 96), [2048, 2048], 2), [Infinity, 0.5], 2, cap);
    expect(cap[0]).toBeCloseTo(0.5, 12); // VL 1 asks 0.5: VL 0 has the rest
    expect(cap[1]).toBeCloseTo(0.75, 12); // backlogged, VL 1 would get its 3/4
  });
});

const BITCOMP = '4ary2tree-bitcomp-2sl';
const haveFixture = existsSync(join(FABRIC_MODEL_FIXTURES, '4ary2tree-bitcomp-2sl.json'));

describe.skipIf(!haveFixture)(`${BITCOMP}: the host's 1 : 3 table against the simulator`, () => {
  it('every scored flow’s mean latency within 5 % at 50, 70 and 90 % of saturation', () => {
    const c = readReferenceCase('4ary2tree-bitcomp-2sl');
    let scored = 0;
    for (const point of c.points.filter((p) => p.label !== '1%')) {
      const r = solveFabric(fabricModelNetwork(scenarioAtPoint(c, point).params));
      for (const flow of Object.keys(point.flows)) {
        const sim = flowFigure(point, flow, 1);
        if (!scorable(sim)) continue;
        scored++;
        expect(Math.abs(r.metrics.latency[flow]! - sim.mean) / sim.mean, `${point.label} ${flow}`).toBeLessThan(0.05);
      }
    }
    expect(scored).toBeGreaterThan(60);
  });
});

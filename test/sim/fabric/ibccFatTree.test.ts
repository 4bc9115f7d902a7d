/**
 * The `ibcc-fat-tree` scenario on a reduced radix (k = 8: 32 hosts, 12 switches) — the qualitative
 * findings of Gran et al. that must hold at any size: CC does no harm without hotspots (Table II's
 * first two parts), hotspots collapse the others' receive rate without CC and CC restores it
 * (parts three and four), a hotspot receives at most its adapter's cap, and with 100 % B nodes CC's
 * gain is largest at intermediate p (Fig. 8). The 648-node figures are in benchmarks/gran.ts.
 */
import { describe, expect, it } from 'vitest';
import { RandomStreams } from '../../../src/sim/random/streams.js';
import { ibccFatTreeFabric, parseIbccFatTree, type IbccFatTreeParams } from '../../../src/studies/index.js';
import { simulate } from '../../../src/sim/index.js';

function rates(params: Partial<IbccFatTreeParams>, seed = 1, warm = 0.005, length = 0.005) {
  const { fabric, traffic } = ibccFatTreeFabric(parseIbccFatTree({ radix: 8, hotspots: 2, ...params }), new RandomStreams(seed));
  fabric.run(warm + length, warm);
  return traffic.receiveRates(warm + length);
}

describe('ibcc-fat-tree, radix 8', () => {
  it('no hotspots: every V node receives its uniform share, CC on or off (CC loses under 2 %)', () => {
    const off = rates({ hotspots: 0, cc: 'off' });
    const on = rates({ hotspots: 0, cc: 'on' });
    // 20 % of 32 hosts = 6 V nodes at 13.5 Gb/s, uniform over the 31 others: 6 · 13.5 / 31 = 2.613 per host
    const nV = Math.round(0.2 * 32);
    expect(off.average).toBeGreaterThan(0.95 * ((32 - nV) * nV * 13.5) / 31 / 32 + (nV * (nV - 1) * 13.5) / 31 / 32);
    expect(Math.abs(on.average - off.average) / off.average).toBeLessThan(0.02);
  });

  it('hotspots without CC: hotspots receive their adapters\' 13.6 Gb/s, the others collapse; CC restores them', () => {
    const base = rates({ hotspots: 0, cc: 'off' });
    const off = rates({ cc: 'off' });
    const on = rates({ cc: 'on' });
    expect(off.hotspot).toBeLessThanOrEqual(13.6 + 1e-9);
    expect(off.hotspot).toBeGreaterThan(13.4);
    expect(off.nonHotspot).toBeLessThan(0.3 * base.nonHotspot);
    expect(on.nonHotspot).toBeGreaterThan(3 * off.nonHotspot);
    expect(on.total).toBeGreaterThan(1.5 * off.total);
    expect(on.hotspot).toBeLessThanOrEqual(13.6 + 1e-9);
  });

  it('100 % B nodes (Fig. 8): CC\'s gain in total throughput is larger at p = 60 than at p = 0 and p = 100', () => {
    // (At k = 8 every host also receives more than its sink takes at p = 0 — 32 uniform senders at
    // 13.5 Gb/s give 13.9 Gb/s per host — so CC throttles there; at 648 hosts it is 13.52 < 13.6.)
    const gain = (p: number): number => rates({ victims: 0, contributors: 0, bNodes: 1, p, cc: 'on' }).total / rates({ victims: 0, contributors: 0, bNodes: 1, p, cc: 'off' }).total;
    const g60 = gain(60);
    expect(g60).toBeGreaterThan(2);
    expect(g60).toBeGreaterThan(gain(0));
    expect(g60).toBeGreaterThan(gain(100));
  });

  it('runs through simulate() with the four metrics as { mean, halfWidth, confidence }', () => {
    const r = simulate({ scenario: 'ibcc-fat-tree', params: { radix: 4, hotspots: 1 } }, { replications: 2, until: 0.002, warmup: 0.001, seed: 3 });
    const m = r.metrics as Record<string, { mean: number; halfWidth: number; confidence: number }>;
    for (const k of ['hotspotReceiveGbps', 'nonHotspotReceiveGbps', 'averageReceiveGbps', 'totalThroughputGbps']) {
      expect(m[k]!.confidence).toBe(0.95);
      expect(Number.isFinite(m[k]!.mean)).toBe(true);
    }
    // total = 8 hosts × average
    expect(m.totalThroughputGbps!.mean).toBeCloseTo(8 * m.averageReceiveGbps!.mean, 6);
  });
});

describe('ibcc-fat-tree run window', () => {
  it("defaults to Gran et al.'s window: 0.1 s measured from t = 0 (§V-C: \"during a simulated timeslot of 0.1 s\")", async () => {
    const { checkSimulateOptions, findScenario } = await import('../../../src/sim/scenarios/index.js');
    const run = checkSimulateOptions(findScenario('ibcc-fat-tree')!, {});
    expect(run.length).toEqual({ until: 0.1 });
    expect(run.warmup).toBe(0);
    // An explicit window is kept; without a warm-up it still measures from t = 0.
    expect(checkSimulateOptions(findScenario('ibcc-fat-tree')!, { until: 0.015, warmup: 0.005 }).warmup).toBe(0.005);
    expect(checkSimulateOptions(findScenario('ibcc-fat-tree')!, { until: 0.015 }).warmup).toBe(0);
    // Other fabric scenarios keep 10 % of the run.
    expect(checkSimulateOptions(findScenario('drb')!, { until: 0.01 }).warmup).toBeCloseTo(0.001, 15);
  });
});

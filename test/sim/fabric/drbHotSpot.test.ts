/**
 * The `drb` scenario's hot-spot readings (docs/drb.md, Fig. 10): `hotSpotTarget: 'node'` sends every
 * hot-spot flow to the centre node (the classical hot-spot pattern), `hotSpotPeakLinkMbps` is the
 * busiest link's throughput over the whole hot spot (the seed's Fig. 10 read over long intervals),
 * and `drbDecay` reaches the DRB sources (1: Eq. 1's counts without decay).
 */
import { describe, expect, it } from 'vitest';
import { hotSpotDestination, parseDrbScenario, replicateDrbScenario } from '../../../src/studies/index.js';
import { InvalidParameterError } from '../../../src/core/errors.js';
import { RandomStreams } from '../../../src/sim/random/streams.js';

type Metrics = Record<string, number & number[]>;
const run = (params: Record<string, unknown>, until: number, warmup: number): Metrics =>
  replicateDrbScenario(parseDrbScenario(params), { streams: new RandomStreams(7), replication: 0, length: { until }, warmup }).metrics as unknown as Metrics;
const refused = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    return e instanceof InvalidParameterError ? e.parameter : String(e);
  }
  return 'no error';
};

describe('drb hot spot', () => {
  it("hotSpotTarget 'node': every hot-spot flow to the centre (4, 4) = node 36 of the 8×8 torus; 'links': (x + 4, 4) from (x, 0)", () => {
    const node = parseDrbScenario({ hotSpotTarget: 'node' });
    const links = parseDrbScenario({});
    expect([0, 1, 2, 3].map((k) => hotSpotDestination(node, k))).toEqual([36, 36, 36, 36]);
    expect([0, 1, 2, 3].map((k) => hotSpotDestination(links, k))).toEqual([36, 37, 38, 39]);
    // hotSpotNodes, when given, wins over the target.
    expect(hotSpotDestination(parseDrbScenario({ hotSpotTarget: 'node', hotSpotNodes: [12] }), 3)).toBe(12);
    expect(refused(() => parseDrbScenario({ hotSpotTarget: 'nodes' }))).toBe('hotSpotTarget');
  });

  it('hotSpotPeakLinkMbps: the busiest link from the hot spot to the end, the same measured from a window that starts there or earlier', () => {
    const params = { size: '4x4', load: 300, hotSpotAtUs: 300, hotSpotTarget: 'node', hotSpotSources: 3, hotSpotLoad: 900 };
    // A window starting at the hot spot, one interval: the busiest link of that interval.
    const one = run({ ...params, samples: 1 }, 0.0007, 0.0003);
    expect(one.hotSpotPeakLinkMbps).toBeCloseTo((one.peakLinkMbps as number[])[0]!, 6);
    // The same replication measured from 0.1 ms in 7 intervals: the hot spot starts inside one.
    const seven = run({ ...params, samples: 7 }, 0.0009, 0.0001);
    expect(seven.hotSpotPeakLinkMbps).toBeCloseTo(one.hotSpotPeakLinkMbps as number, 6);
    expect(seven.hotSpotPeakLinkMbps).toBeLessThanOrEqual(2500 * (1 + 1e-12));
    // 2,700 Mb/s into one host link: its switch's in-links carry most of it.
    expect(seven.hotSpotPeakLinkMbps).toBeGreaterThan(1000);
  });

  it('drbDecay reaches the DRB sources: 1 (no decay) and 0.5 give different runs; out of [0, 1] refused by name', () => {
    const p = { size: '4x4', load: 1400, routing: 'drb' };
    const half = run(p, 0.0006, 0.0001);
    const none = run({ ...p, drbDecay: 1 }, 0.0006, 0.0001);
    expect(half.latencyUs).not.toBe(none.latencyUs);
    expect(run({ ...p, drbDecay: 0.5 }, 0.0006, 0.0001).latencyUs).toBe(half.latencyUs);
    expect(refused(() => parseDrbScenario({ drbDecay: 1.5 }))).toBe('drbDecay');
  });

  it("Fig. 10, reading C with the seed's literal marking scope: over 12 ms of hot spot DRB's busiest link ≤ 0.7 × IBA CC's (the seed, §5.3: about 1000 against more than 1750)", () => {
    // The acceptance bound 0.7; the seed's own ratio is 1000 ÷ 1750 = 0.57 (docs/drb.md).
    const c = { load: 300, hotSpotAtUs: 1800, hotSpotTarget: 'node', markingScope: 'buffer', samples: 1 };
    const ibcc = run({ ...c, routing: 'static', cc: 'ibcc-drb-paper' }, 0.012, 0.0018);
    const drb = run({ ...c, routing: 'drb', cc: 'none' }, 0.012, 0.0018);
    expect((drb.hotSpotPeakLinkMbps as number) / (ibcc.hotSpotPeakLinkMbps as number)).toBeLessThanOrEqual(0.7);
    // …while DRB delivers more of the hot-spot flows' load, not less.
    expect(drb.hotSpotThroughputMbps as number).toBeGreaterThan(ibcc.hotSpotThroughputMbps as number);
  });
});

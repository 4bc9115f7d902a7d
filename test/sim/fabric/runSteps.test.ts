/**
 * Progress within a replication (`simulate`'s `onProgress`): the fabric and its studies run in
 * slices of simulated time when a caller listens, and the slices change nothing — every metric of
 * every replication equal, bit for bit, to the run without a listener (the Engine's run rule: events
 * before the bound, the clock set to it).
 */
import { describe, expect, it } from 'vitest';
import { InvalidParameterError, simulate, singleSwitchTopology } from '../../../src/index.js';

type Spec = { scenario: string; params: Record<string, unknown> };
const CASES: readonly { name: string; spec: Spec; run: { until: number; warmup: number } }[] = [
  {
    name: 'fabric, uniform traffic on 6 hosts at a high load',
    spec: { scenario: 'fabric', params: { topology: singleSwitchTopology(6), flows: [0, 1, 2, 3, 4, 5].map((h) => ({ name: `f${h}`, source: `h${h}`, destination: 'uniform', traffic: { kind: 'poisson', rate: 100_000 } })) } },
    run: { until: 0.001, warmup: 0.0002 },
  },
  { name: 'ibcc-fat-tree, radix 4 with a hot spot and CC', spec: { scenario: 'ibcc-fat-tree', params: { radix: 4, hotspots: 1 } }, run: { until: 0.002, warmup: 0.0005 } },
  { name: 'drb, 4 × 4 mesh', spec: { scenario: 'drb', params: { size: '4x4', load: 250 } }, run: { until: 0.0005, warmup: 0.0001 } },
];

describe('simulate onProgress: a replication in slices', () => {
  for (const c of CASES) {
    it(`${c.name}: the same metrics with and without a listener; fractions rise to 1 in each replication`, () => {
      const plain = simulate(c.spec, { seed: 5, replications: 2, ...c.run });
      const seen: [number, number][] = [];
      const stepped = simulate(c.spec, { seed: 5, replications: 2, ...c.run, onProgress: (f, r) => seen.push([f, r]) });
      expect(stepped.metrics).toEqual(plain.metrics);
      expect(stepped.run.events).toBe(plain.run.events);
      for (const r of [0, 1]) {
        const fractions = seen.filter(([, rep]) => rep === r).map(([f]) => f);
        expect(fractions.length).toBeGreaterThan(1);
        for (let i = 1; i < fractions.length; i++) expect(fractions[i]!).toBeGreaterThan(fractions[i - 1]!);
        expect(fractions[0]!).toBeGreaterThan(0);
        expect(fractions.at(-1)).toBeCloseTo(1, 12);
      }
    });
  }

  it('a listener that is not a function: refused, naming options.onProgress, before anything runs', () => {
    const spec = CASES[0]!.spec;
    expect(() => simulate(spec, { replications: 2, until: 0.001, onProgress: 'x' as never })).toThrow(InvalidParameterError);
    expect(() => simulate(spec, { replications: 2, until: 0.001, onProgress: 'x' as never })).toThrow(/options\.onProgress/);
  });
});

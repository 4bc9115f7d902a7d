/**
 * The credit-tandem simulator against solveCreditChain (docs/models.md §6): finite and unbounded
 * upstream queues; every metric inside its (family-wise) interval, see helpers.ts; the empirical
 * P(i, j) against the exact one. Seeds fixed, chosen once.
 */
import { describe, expect, it } from 'vitest';
import {
  CreditTandemKernel,
  RandomStreams,
  TandemStatistics,
  checkCreditTandemSimParams,
  creditProbability,
  simulate,
  solveCreditChain,
  type ConfidenceInterval,
  type CreditChainParams,
} from '../../src/index.js';
import { CoverageLedger, expectCovers, metricAt, rescale, valueAt } from './helpers.js';

const CASES: [string, CreditChainParams][] = [
  ['hand-checkable case of docs/models.md §6.4', { lambda: 2, mu1: 3, mu2: 4, upstreamCapacity: 2, downstreamCapacity: 2 }],
  ['thesis experiment, m = 3', { lambda: 5, mu1: 6, mu2: 8, upstreamCapacity: 12, downstreamCapacity: 3 }],
  ['heavy, Node 2 the bottleneck', { lambda: 6, mu1: 6, mu2: 5, upstreamCapacity: 8, downstreamCapacity: 4 }],
  ['unbounded Node 1, thesis rates', { lambda: 5, mu1: 6, mu2: 8, upstreamCapacity: Infinity, downstreamCapacity: 4 }],
  ['unbounded Node 1, one credit', { lambda: 2, mu1: 6, mu2: 4, upstreamCapacity: Infinity, downstreamCapacity: 1 }],
];

const METRICS = [
  'meanQueueLength.upstream',
  'meanQueueLength.downstream',
  'meanQueueLength.total',
  'throughput',
  'responseTime',
  'upstreamLossProbability',
  'creditBlockedProbability',
  'utilization.upstream',
  'utilization.downstream',
] as const;

/** One simulation per case, shared by the metric and the distribution checks. */
const runs = new Map<number, ReturnType<typeof simulate>>();
function simulated(i: number): ReturnType<typeof simulate> {
  if (!runs.has(i)) {
    runs.set(
      i,
      simulate(
        { scenario: 'credit-tandem', params: CASES[i]![1] as unknown as Record<string, unknown> },
        { seed: 500 + i, jobs: 100_000, replications: 10, confidence: 0.99 },
      ),
    );
  }
  return runs.get(i)!;
}

describe('credit-tandem simulator vs solveCreditChain', () => {
  const ledger = new CoverageLedger();

  it.each(CASES.map(([name, p], i) => [name, p, i]))('%s: exact inside the (family-wise) 99.9 percent intervals', (name, params, i) => {
    const exact = solveCreditChain(params as CreditChainParams);
    expect(exact.stable).toBe(true);
    const sim = simulated(i as number);
    ledger.checkCase(
      name as string,
      METRICS.map((key) => [metricAt(sim.metrics, key), valueAt(exact, key) as number, key] as const),
      10,
    );
  });

  it('and inside the (family-wise) 99 % intervals, but for the misses chance allows', () => {
    expect(ledger.cases).toBe(CASES.length);
    expect(ledger.misses.length, ledger.misses.join('\n')).toBeLessThanOrEqual(ledger.bound());
  });

  it.each(CASES.slice(0, 3).map(([name, p], i) => [name, p, i]))(
    '%s: empirical P(i, j) matches the exact one (each in its Bonferroni 99 % interval)',
    (_name, params, i) => {
      const p = params as CreditChainParams;
      const exact = solveCreditChain(p);
      const sim = simulated(i as number);
      const rows = (sim.metrics as { probabilities: ConfidenceInterval[][] }).probabilities;
      const n = p.upstreamCapacity;
      const m = p.downstreamCapacity;
      expect(rows).toHaveLength(n + 1);
      const states = (n + 1) * (m + 1);
      for (let a = 0; a <= n; a++) {
        for (let b = 0; b <= m; b++) {
          expectCovers(rescale(rows[a]![b]!, 10, 1 - 0.01 / states), creditProbability(exact, a, b), `P(${a}, ${b})`);
        }
      }
    },
  );

  it('interval coverage: about 95 % of 95 % intervals contain the exact L over 120 seeds (short runs)', () => {
    const p = CASES[0]![1];
    const exact = solveCreditChain(p).meanQueueLength.total;
    let hits = 0;
    const runs = 120;
    for (let seed = 1; seed <= runs; seed++) {
      const sim = simulate({ scenario: 'credit-tandem', params: p as unknown as Record<string, unknown> }, { seed: seed * 104729, jobs: 2000, replications: 5 });
      const ci = metricAt(sim.metrics, 'meanQueueLength.total');
      if (Math.abs(ci.mean - exact) <= ci.halfWidth) hits++;
    }
    const sd = Math.sqrt((0.95 * 0.05) / runs); // Binomial(runs, 0.95); accept ±4 sd
    expect(hits / runs).toBeGreaterThanOrEqual(0.95 - 4 * sd);
    expect(hits / runs).toBeLessThanOrEqual(Math.min(1, 0.95 + 4 * sd));
  });

  it('conservation in one run: offered = lost + forwarded + i, forwarded = departed + j', () => {
    const spec = checkCreditTandemSimParams({ lambda: 5, mu1: 6, mu2: 8, upstreamCapacity: 12, downstreamCapacity: 3 });
    const s = new RandomStreams(2);
    const stats = new TandemStatistics(12, 3);
    const k = new CreditTandemKernel(spec, s.stream('a'), s.stream('f'), s.stream('s'), stats);
    k.run(Infinity, 50_000);
    expect(stats.offered).toBe(stats.lost + stats.forwarded + k.upstream);
    expect(stats.forwarded).toBe(stats.departed + k.downstream);
    expect(k.downstream).toBeLessThanOrEqual(3);
  });

  it('same seed → same numbers; bad parameters name the field', () => {
    const spec = { scenario: 'credit-tandem', params: { downstreamCapacity: 3 } };
    expect(simulate(spec, { seed: 3, jobs: 5000, replications: 2 })).toEqual(simulate(spec, { seed: 3, jobs: 5000, replications: 2 }));
    expect(() => simulate({ scenario: 'credit-tandem', params: { m: 3 } })).toThrow(/params.m/);
    expect(() => simulate({ scenario: 'credit-tandem', params: { downstreamCapacity: 0 } })).toThrow(/params.downstreamCapacity/);
    expect(() => simulate({ scenario: 'credit-tandem', params: { upstreamCapacity: 'many' } })).toThrow(/params.upstreamCapacity/);
  });
});

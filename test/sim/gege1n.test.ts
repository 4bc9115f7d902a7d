/**
 * The GE/GE/1/K simulator against the exact chain of docs/models.md §5 (solveGeQueueExact, GTH): the
 * exact value must lie inside the simulated 99 % interval for every headline metric of several
 * parameter sets (Ca², Cs² > 1, one rate, ET, AJT, whole-batch rejection, per-regime Cs²), and each
 * state probability inside its 99.9 % interval (Bonferroni-style, so that K + 1 checks per case
 * still fail by chance rarely). Seeds are fixed (chosen once, not tuned): each run is reproducible.
 */
import { describe, expect, it } from 'vitest';
import {
  GeQueueKernel,
  QueueStatistics,
  RandomStreams,
  checkGeQueueSimParams,
  gege1,
  replicateGeQueue,
  simulate,
  solveGeQueueExact,
  type GeExactParams,
  type ConfidenceInterval,
  type IntervalTree,
} from '../../src/index.js';
import { CoverageLedger, expectCovers, metricAt, rescale } from './helpers.js';

const HEADLINE = ['meanQueueLength', 'blockingProbability', 'throughput', 'emptyProbability', 'fullProbability', 'utilization', 'responseTime'] as const;

const CASES: [string, GeExactParams][] = [
  ['GE/GE/1/6 of docs/models.md §3', { lambda: 0.7, mu: 1, ca2: 3, cs2: 5, capacity: 6 }],
  ['GE/GE/1/8 of docs/models.md §4.4', { lambda: 5, mu: 8, ca2: 5, cs2: 7, capacity: 8 }],
  ['ET, thesis instance (T = 8, K = 16)', { lambda: 5, mu: [8, 16], thresholds: [8], ca2: 5, cs2: 7, capacity: 16 }],
  ['AJT, thesis instance (T = 8, 16, K = 24), heavy load', { lambda: 11, mu: [8, 16, 12], thresholds: [8, 16], ca2: 5, cs2: 7, capacity: 24 }],
  ['ET with a slower second regime, overload', { lambda: 9, mu: [10, 6], thresholds: [4], ca2: 2, cs2: 3, capacity: 10 }],
  ['whole-batch rejection', { lambda: 3, mu: 4, ca2: 4, cs2: 2, capacity: 6, batchAcceptance: 'whole' }],
  ['per-regime Cs2', { lambda: 5, mu: [6, 12], thresholds: [4], regimeCs2: [2, 9], ca2: 3, capacity: 10 }],
];

function run(params: object, seed: number, jobs = 150_000, replications = 10): { metrics: IntervalTree } {
  return simulate({ scenario: 'gege1n', params: params as Record<string, unknown> }, { seed, jobs, replications, confidence: 0.99 });
}

/** One simulation per case, shared by the metric and the distribution checks. */
const runs = new Map<number, { metrics: IntervalTree }>();
function simulated(i: number): { metrics: IntervalTree } {
  if (!runs.has(i)) runs.set(i, run(CASES[i]![1], 100 + i));
  return runs.get(i)!;
}

describe('gege1n simulator vs the exact chain', () => {
  const ledger = new CoverageLedger();

  it.each(CASES.map(([name, p], i) => [name, p, i]))('%s: exact inside the (family-wise) 99.9 percent intervals', (name, params, i) => {
    const exact = solveGeQueueExact(params as GeExactParams);
    const sim = simulated(i as number);
    const regimes = metricAt(sim.metrics, 'regimeProbabilities') as unknown as ConfidenceInterval[];
    ledger.checkCase(
      name as string,
      [
        ...HEADLINE.map((key) => [metricAt(sim.metrics, key), exact[key], key] as const),
        ...exact.regimeProbabilities.map((p, r) => [regimes[r]!, p, `regimeProbabilities[${r}]`] as const),
      ],
      10,
    );
  });

  it('and inside the (family-wise) 99 % intervals, but for the misses chance allows', () => {
    expect(ledger.cases).toBe(CASES.length);
    expect(ledger.misses.length, ledger.misses.join('\n')).toBeLessThanOrEqual(ledger.bound());
  });

  it.each(CASES.slice(0, 4).map(([name, p], i) => [name, p, i]))(
    '%s: empirical state distribution matches the exact one (each P(n) in its Bonferroni 99 % interval)',
    (_name, params, i) => {
      const exact = solveGeQueueExact(params as GeExactParams);
      const sim = simulated(i as number);
      const probabilities = (sim.metrics as { probabilities: ConfidenceInterval[] }).probabilities;
      expect(probabilities).toHaveLength(exact.probabilities.length);
      const states = exact.probabilities.length;
      exact.probabilities.forEach((p, n) => expectCovers(rescale(probabilities[n]!, 10, 1 - 0.01 / states), p, `P(${n})`));
    },
  );

  it('infinite buffer: GE/GE/1 mean queue length against the closed form (docs/models.md §2, L = 8.125 at λ=10, μ=16, Ca²=5, Cs²=7)', () => {
    const params = { lambda: 10, mu: 16, ca2: 5, cs2: 7, capacity: Infinity };
    expect(gege1({ lambda: 10, mu: 16, ca2: 5, cs2: 7 }).meanQueueLength).toBeCloseTo(8.125, 10);
    const sim = run(params, 300, 400_000, 10);
    expectCovers(metricAt(sim.metrics, 'meanQueueLength'), 8.125, 'meanQueueLength');
    expectCovers(metricAt(sim.metrics, 'emptyProbability'), 0.375, 'emptyProbability');
    expect(metricAt(sim.metrics, 'blockingProbability').mean).toBe(0);
  });

  it('run by time (until) gives the same answers as by jobs', () => {
    const params = CASES[0]![1];
    const exact = solveGeQueueExact(params);
    const sim = simulate({ scenario: 'gege1n', params: params as unknown as Record<string, unknown> }, { seed: 9, until: 300_000, replications: 10, confidence: 0.99 });
    for (const key of HEADLINE) expectCovers(metricAt(sim.metrics, key), exact[key], key);
  });
});

describe('interval coverage', () => {
  it('about 95 % of 95 % intervals contain the exact L, over 200 seeds (short runs of GE/GE/1/6)', () => {
    const params = CASES[0]![1];
    const exact = solveGeQueueExact(params).meanQueueLength;
    let hits = 0;
    const runs = 200;
    for (let seed = 1; seed <= runs; seed++) {
      const ci = metricAt(run(params as object, seed * 7919, 6_000, 5).metrics, 'meanQueueLength');
      // run() asks for 99 %: rebuild the 95 % interval from the same data (t quantiles, ν = 4:
      // scipy.stats.t.ppf(0.995, 4) = 4.604094871415897, t.ppf(0.975, 4) = 2.7764451051977987).
      const half95 = (ci.halfWidth * 2.7764451051977987) / 4.604094871415897;
      if (Math.abs(ci.mean - exact) <= half95) hits++;
    }
    // Binomial(200, 0.95): sd 3.1; accept 0.95 ± 4 sd.
    expect(hits / runs).toBeGreaterThanOrEqual(0.95 - 4 * Math.sqrt((0.95 * 0.05) / runs));
    expect(hits / runs).toBeLessThanOrEqual(Math.min(1, 0.95 + 4 * Math.sqrt((0.95 * 0.05) / runs)));
  });
});

describe('determinism and the kernel', () => {
  it('same seed → the same numbers; another seed → different numbers', () => {
    const p = { lambda: 5, mu: 8, ca2: 5, cs2: 7, capacity: 8 };
    const a = simulate({ scenario: 'gege1n', params: p }, { seed: 4, jobs: 20_000, replications: 3 });
    const b = simulate({ scenario: 'gege1n', params: p }, { seed: 4, jobs: 20_000, replications: 3 });
    const c = simulate({ scenario: 'gege1n', params: p }, { seed: 5, jobs: 20_000, replications: 3 });
    expect(b).toEqual(a);
    expect(c.metrics).not.toEqual(a.metrics);
    expect(a.run.events).toBeGreaterThan(0);
  });

  it('flow balance in one run: offered = lost + departed + (present at the end) − (present at the start)', () => {
    const spec = checkGeQueueSimParams({ lambda: 5, mu: [8, 16], thresholds: [8], capacity: 16, ca2: 5, cs2: 7 });
    const streams = new RandomStreams(1);
    const stats = new QueueStatistics(17);
    const k = new GeQueueKernel(spec, streams.stream('arrivals'), streams.stream('service'), stats);
    k.run(Infinity, 100_000);
    expect(stats.offered).toBe(k.offered);
    expect(stats.offered).toBe(stats.lost + stats.departed + k.present);
    const d = stats.distribution(k.now, 17);
    expect(d.reduce((a, x) => a + x, 0)).toBeCloseTo(1, 12);
  });

  it('warm-up deletion (until): the metrics are the time averages over [warmup, warmup + until] of the logged path, nothing before', () => {
    // An independent recorder logs every state change; the window's averages are then computed by hand.
    const spec = checkGeQueueSimParams({ lambda: 5, mu: [8, 16], thresholds: [8], capacity: 16, ca2: 5, cs2: 7 });
    const warmup = 50;
    const until = 400;
    const log: [time: number, present: number][] = [[0, 0]];
    let offered = 0;
    let lost = 0;
    let departed = 0;
    const inWindow = (t: number): boolean => t >= warmup && t < warmup + until;
    const recorder = {
      batch(t: number, present: number, o: number, l: number, instant: number): void {
        log.push([t, present]);
        if (inWindow(t)) {
          offered += o;
          lost += l;
          departed += instant;
        }
      },
      departure(t: number, present: number, count: number): void {
        log.push([t, present]);
        if (inWindow(t)) departed += count;
      },
    };
    const streams = new RandomStreams(11);
    const kernel = new GeQueueKernel(spec, streams.stream('arrivals', 0), streams.stream('service', 0), recorder);
    kernel.run(warmup + until, Infinity);
    const end = warmup + until;
    const time = new Array<number>(17).fill(0);
    for (let e = 0; e < log.length; e++) {
      const [t0, n] = log[e]!;
      const t1 = e + 1 < log.length ? log[e + 1]![0] : end;
      const overlap = Math.min(t1, end) - Math.max(t0, warmup);
      if (overlap > 0) time[n]! += overlap;
    }
    const out = replicateGeQueue(spec, { streams, replication: 0, length: { until }, warmup });
    const m = out.metrics as { probabilities: number[]; meanQueueLength: number; blockingProbability: number; throughput: number };
    expect(out.simulatedTime).toBe(until);
    time.forEach((d, n) => expect(m.probabilities[n]).toBeCloseTo(d / until, 12));
    expect(m.meanQueueLength).toBeCloseTo(time.reduce((a, d, n) => a + n * d, 0) / until, 10);
    expect(m.blockingProbability).toBe(lost / offered);
    expect(m.throughput).toBeCloseTo(departed / until, 12);
  });

  it('bad parameters name the field (params.<key> through simulate)', () => {
    expect(() => simulate({ scenario: 'gege1n', params: { lambda: 5, mu: 8, ca2: 0.5 } })).toThrow('params.ca2 must be');
    expect(() => simulate({ scenario: 'gege1n', params: { lambda: 5, mu: [8, 16], thresholds: [8], capacity: 4 } })).toThrow(/params.thresholds\[0\]/);
    expect(() => simulate({ scenario: 'gege1n', params: { lambda: 5, mu: 8, cs2: 2, regimeCs2: [2] } })).toThrow(/params.cs2/);
    expect(() => simulate({ scenario: 'gege1n', params: { lambda: 5, mu: 8, lamda: 3 } })).toThrow(/params.lamda/);
    expect(() => simulate({ scenario: 'gege1n', params: { lambda: 5, mu: 8 } }, { jobs: 10, until: 5 })).toThrow(/options.jobs/);
    expect(() => simulate({ scenario: 'gege1n', params: { lambda: 5, mu: 8 } }, { replications: 1 })).toThrow(/options.replications/);
    expect(() => simulate({ scenario: 'nope' })).toThrow(/spec.scenario/);
  });
});

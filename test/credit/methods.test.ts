import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NoConvergenceError } from '../../src/core/errors.js';
import { relativeDifference } from '../../src/core/tolerance.js';
import {
  creditLevelProbabilities,
  creditProbability,
  saturationThroughput,
  solveCreditChain,
  type CreditChainResult,
  type CreditSolverMethod,
} from '../../src/credit/index.js';
import { checkCreditParams } from '../../src/credit/params.js';
import { AUTO_STRUCTURED_MAX_WORK, chooseMethod } from '../../src/credit/solve.js';
import { geometricReady, maxRelative, METRIC_NAMES, metricList, params, structuredReady } from './helpers.js';

const SHAPES: ReadonlyArray<readonly [number, number]> = [
  [1, 1],
  [1, 5],
  [5, 1],
  [2, 2],
  [12, 2],
  [12, 11],
  [7, 20],
  [40, 6],
];
const RATES: ReadonlyArray<readonly [number, number, number]> = [
  [5, 6, 8], // the thesis's
  [2, 3, 4], // the hand-checkable case's
  [9, 3, 2], // overloaded: Node 1 mostly full
  [0.3, 7, 1.1], // light load, slow Node 2
];

function probabilities(r: CreditChainResult): readonly number[] {
  if (r.distribution.kind !== 'finite') throw new Error('finite expected');
  return r.distribution.p;
}

/** |a − e| ≤ 1e-12·e + floor for every probability (floor: the absolute accuracy of an LU solve). */
function expectProbabilitiesClose(actual: readonly number[], exact: readonly number[], floor: number): void {
  let worst = 0;
  actual.forEach((a, k) => {
    worst = Math.max(worst, Math.abs(a - exact[k]!) - 1e-12 * exact[k]! - floor);
  });
  expect(worst).toBeLessThanOrEqual(0);
}

/**
 * Every metric to `rel` relative, except that the two small probabilities (loss, blocked) may
 * instead be within `abs` absolutely: a method whose error is absolute (an LU solve, an iteration
 * stopped on ‖πQ‖∞) cannot give 1e-12 relative on a probability of 1e-20.
 */
function expectMetricsClose(actual: CreditChainResult, exact: CreditChainResult, rel = 1e-12, abs = 0): void {
  const a = metricList(actual);
  const e = metricList(exact);
  METRIC_NAMES.forEach((name, k) => {
    const d = relativeDifference(a[k]!, e[k]!);
    const small = name === 'loss' || name === 'blocked';
    if (small && Math.abs(a[k]! - e[k]!) <= abs) return;
    expect(d, `${name}: ${a[k]} vs exact ${e[k]}`).toBeLessThanOrEqual(rel);
  });
}

describe('every finite method agrees with exact', () => {
  describe.each(RATES)('λ = %s, μ1 = %s, μ2 = %s', (lambda, mu1, mu2) => {
    it.each(SHAPES)('dense, n = %i, m = %i → metrics to 1e-12 relative (loss, blocked: or 1e-15 absolute), P to 1e-12 relative + 1e-15', (n, m) => {
      const p = params(lambda, mu1, mu2, n, m);
      const exact = solveCreditChain(p, { method: 'exact' });
      const dense = solveCreditChain(p, { method: 'dense' });
      expectMetricsClose(dense, exact, 1e-12, 1e-15);
      expectProbabilitiesClose(probabilities(dense), probabilities(exact), 1e-15);
    });

    it.runIf(structuredReady).each(SHAPES)('structured, n = %i, m = %i → metrics and every P to 1e-12 relative', (n, m) => {
      const p = params(lambda, mu1, mu2, n, m);
      const exact = solveCreditChain(p, { method: 'exact' });
      const structured = solveCreditChain(p, { method: 'structured' });
      expectMetricsClose(structured, exact);
      expectProbabilitiesClose(probabilities(structured), probabilities(exact), 0);
    });

    it.each(SHAPES)('multilevel, n = %i, m = %i → metrics to 1e-9 relative (loss, blocked: or 1e-12 absolute), P to 1e-12 absolute (tolerance 1e-13)', (n, m) => {
      const p = params(lambda, mu1, mu2, n, m);
      const exact = solveCreditChain(p, { method: 'exact' });
      const ml = solveCreditChain(p, { method: 'multilevel', tolerance: 1e-13 });
      expectMetricsClose(ml, exact, 1e-9, 1e-12);
      expectProbabilitiesClose(probabilities(ml), probabilities(exact), 1e-12);
    });
  });

  it('dense vs exact on random small chains (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.05, max: 20, noNaN: true }),
        fc.double({ min: 0.05, max: 20, noNaN: true }),
        fc.double({ min: 0.05, max: 20, noNaN: true }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 8 }),
        (lambda, mu1, mu2, n, m) => {
          // Rates rounded to 4 significant digits keep the exact rationals short.
          const round = (x: number) => Number(x.toPrecision(4));
          const p = params(round(lambda), round(mu1), round(mu2), n, m);
          const exact = solveCreditChain(p, { method: 'exact' });
          const dense = solveCreditChain(p, { method: 'dense' });
          const a = metricList(dense);
          const e = metricList(exact);
          // Loss and blocked probabilities can be ~1e-10 here; judge them absolutely.
          return a.every((v, k) => relativeDifference(v, e[k]!) <= 1e-11 || Math.abs(v - e[k]!) <= 1e-15);
        },
      ),
      { numRuns: 60, seed: 20120601 },
    );
  });
});

describe('no negative probability from a method with absolute error', () => {
  it('dense, λ = 0.3, μ1 = 7, μ2 = 1.1, n = 40, m = 6 (true loss 1.04e-26) → every P(i, j) and the loss ≥ 0', () => {
    // The LU solve gives −7.7e-20 for the loss probability here; the front door sets such noise to 0.
    const r = solveCreditChain(params(0.3, 7, 1.1, 40, 6), { method: 'dense' });
    expect(Math.min(...probabilities(r))).toBeGreaterThanOrEqual(0);
    expect(r.upstreamLossProbability).toBeGreaterThanOrEqual(0);
    expect(r.creditBlockedProbability).toBeGreaterThanOrEqual(0);
    const exact = solveCreditChain(params(0.3, 7, 1.1, 40, 6), { method: 'exact' });
    expectMetricsClose(r, exact, 1e-12, 1e-15);
    expectProbabilitiesClose(probabilities(r), probabilities(exact), 1e-15);
  });
});

describe('invariants of every result', () => {
  const cases = SHAPES.flatMap(([n, m]) => RATES.map(([l, a, b]) => params(l, a, b, n, m)));
  const methods: readonly CreditSolverMethod[] = ['exact', 'dense', ...(structuredReady ? (['structured'] as const) : []), 'multilevel'];

  it.each(methods)('%s → the three throughput forms agree to 1e-12 relative', (method) => {
    for (const p of cases) {
      const { accepted, forwarding, departure } = solveCreditChain(p, { method, tolerance: 1e-13 }).diagnostics.throughputForms;
      const rel = method === 'multilevel' ? 1e-9 : 1e-12;
      expect(relativeDifference(accepted, forwarding)).toBeLessThanOrEqual(rel);
      expect(relativeDifference(departure, forwarding)).toBeLessThanOrEqual(rel);
    }
  });

  it.each(methods)("%s → Little's law R = L/T, L = L1 + L2, utilisations T/μ", (method) => {
    for (const p of cases) {
      const r = solveCreditChain(p, { method });
      expect(relativeDifference(r.responseTime, r.meanQueueLength.total / r.throughput)).toBeLessThanOrEqual(1e-15);
      expect(relativeDifference(r.meanQueueLength.total, r.meanQueueLength.upstream + r.meanQueueLength.downstream)).toBeLessThanOrEqual(1e-15);
      expect(relativeDifference(r.utilization.upstream, r.throughput / p.mu1)).toBeLessThanOrEqual(1e-15);
      expect(relativeDifference(r.utilization.downstream, r.throughput / p.mu2)).toBeLessThanOrEqual(1e-15);
      expect(r.stable).toBe(true);
    }
  });

  it.each(methods)('%s → residual ‖πQ‖∞ small, the method recorded', (method) => {
    for (const p of cases) {
      const r = solveCreditChain(p, { method });
      expect(r.diagnostics.method).toBe(method);
      expect(r.diagnostics.requestedMethod).toBe(method);
      expect(r.diagnostics.residual).toBeLessThanOrEqual(1e-12 * (p.lambda + p.mu1 + p.mu2));
    }
  });

  it('the result is plain JSON: stringify → parse gives the same record', () => {
    const r = solveCreditChain(params(5, 6, 8, 4, 3), { method: 'exact' });
    expect(JSON.parse(JSON.stringify(r))).toEqual(r);
  });
});

describe('auto', () => {
  it('finite, ⌈log2(levels)⌉ × b³ ≤ 2e9 → structured; says so', () => {
    expect(solveCreditChain(params(5, 6, 8, 12, 4)).diagnostics).toMatchObject({ method: 'structured', requestedMethod: 'auto' });
    // (1000, 50): 10·51³ = 1.3e6; (60, 1000): 10·61³ = 2.3e6
    expect(solveCreditChain(params(5, 6, 8, 1000, 50)).diagnostics.method).toBe('structured');
    expect(solveCreditChain(params(5, 6, 8, 60, 1000)).diagnostics.method).toBe('structured');
    expect(AUTO_STRUCTURED_MAX_WORK).toBe(2e9);
  });

  it('finite, ⌈log2(levels)⌉ × b³ > 2e9 → multilevel', () => {
    // (4000, 600): 12·601³ = 2.6e9 — the rule is checked without solving
    expect(chooseMethod(checkCreditParams(params(5, 6, 8, 4000, 600)), 'auto')).toBe('multilevel');
    expect(chooseMethod(checkCreditParams(params(5, 6, 8, 4000, 540)), 'auto')).toBe('structured'); // 12·541³ = 1.9e9
  });

  it("'structured' beyond its 2 GB memory bound → InvalidParameterError naming the rule", () => {
    // (5000, 5000): (12 + 3·13)·5001² ≈ 1.3e9 doubles
    expect(() => solveCreditChain(params(5, 6, 8, 5000, 5000), { method: 'structured' })).toThrow(
      /options\.method must be used while .*memory bound.*'multilevel'/,
    );
  });

  it('n = Infinity → geometric (even when unstable)', () => {
    const r = solveCreditChain(params(50, 6, 8, Infinity, 4));
    expect(r.diagnostics).toMatchObject({ method: 'geometric', requestedMethod: 'auto' });
  });
});

describe('n = Infinity', () => {
  it('λ ≥ μ1·P(j < m) → stable: false, L1 = L = R = Infinity, T = saturation throughput; no exception', () => {
    const sat = saturationThroughput(6, 8, 4);
    for (const lambda of [sat, sat * 1.5, 100]) {
      const r = solveCreditChain(params(lambda, 6, 8, Infinity, 4));
      expect(r.stable).toBe(false);
      expect(r.meanQueueLength.upstream).toBe(Infinity);
      expect(r.meanQueueLength.total).toBe(Infinity);
      expect(r.responseTime).toBe(Infinity);
      expect(r.throughput).toBe(sat);
      expect(r.upstreamLossProbability).toBe(0);
      expect(r.distribution).toEqual({ kind: 'none', reason: 'unstable' });
      expect(() => creditProbability(r, 0, 0)).toThrow(/stable result/);
    }
  });

  it('unstable: Node 2 sees the saturated phase process, the limit of a finite chain as n → ∞', () => {
    // A long finite chain that is overloaded has Node 1 almost always busy: same L2, T, blocked.
    const inf = solveCreditChain(params(9, 6, 8, Infinity, 3));
    const big = solveCreditChain(params(9, 6, 8, 400, 3), { method: 'dense' });
    expect(relativeDifference(inf.throughput, big.throughput)).toBeLessThan(1e-12);
    expect(relativeDifference(inf.meanQueueLength.downstream, big.meanQueueLength.downstream)).toBeLessThan(1e-12);
    expect(relativeDifference(inf.creditBlockedProbability, big.creditBlockedProbability)).toBeLessThan(1e-12);
  });

  describe.runIf(geometricReady && structuredReady)('geometric vs structured at large n', () => {
    it.each([
      [5, 6, 8, 8],
      [2, 3, 4, 2],
      [4.5, 6, 6, 5],
      [0.4, 2, 0.7, 1],
    ])('λ = %s, μ1 = %s, μ2 = %s, m = %s: n = 400 → the metrics agree to 1e-9', (lambda, mu1, mu2, m) => {
      expect(lambda).toBeLessThan(saturationThroughput(mu1, mu2, m));
      const g = solveCreditChain(params(lambda, mu1, mu2, Infinity, m), { method: 'geometric' });
      const s = solveCreditChain(params(lambda, mu1, mu2, 400, m), { method: 'structured' });
      expect(g.stable).toBe(true);
      expect(s.upstreamLossProbability).toBeLessThan(1e-12); // so n = 400 is effectively ∞
      const a = metricList(g);
      const b = metricList(s);
      METRIC_NAMES.forEach((name, k) => {
        if (name === 'loss') expect(a[k]).toBe(0);
        else expect(relativeDifference(a[k]!, b[k]!), name).toBeLessThan(1e-9);
      });
      // P(i, j) from the level-geometric form matches the finite chain's, level by level.
      for (const i of [0, 1, 7, 30]) {
        const gi = creditLevelProbabilities(g, i);
        const si = creditLevelProbabilities(s, i);
        expect(maxRelative(gi, si)).toBeLessThan(1e-9);
        expect(creditProbability(g, i, m)).toBe(gi[m]);
      }
      const tf = g.diagnostics.throughputForms;
      expect(relativeDifference(tf.forwarding, lambda)).toBeLessThan(1e-9);
      expect(relativeDifference(tf.departure, lambda)).toBeLessThan(1e-9);
    });

    it.each([
      [0.5, 6, 8, 249, 1], // truncated chain's loss 2.7e-252
      [1, 6, 8, 99, 4], // loss 8.2e-78
    ])('λ = %s, μ1 = %s, μ2 = %s: geometric vs exact at n = %i, m = %i (truncation far below rounding) → metrics and P(i, j) to 1e-12 relative', (lambda, mu1, mu2, n, m) => {
      const g = solveCreditChain(params(lambda, mu1, mu2, Infinity, m), { method: 'geometric' });
      const e = solveCreditChain(params(lambda, mu1, mu2, n, m), { method: 'exact' });
      expect(e.upstreamLossProbability).toBeLessThan(1e-70);
      const a = metricList(g);
      const b = metricList(e);
      METRIC_NAMES.forEach((name, k) => {
        if (name === 'loss') expect(a[k]).toBe(0);
        else expect(relativeDifference(a[k]!, b[k]!), name).toBeLessThanOrEqual(1e-12);
      });
      for (const i of [0, 1, 2, 5, 10, 20]) expect(maxRelative(creditLevelProbabilities(g, i), creditLevelProbabilities(e, i))).toBeLessThanOrEqual(1e-12);
    });

    it('level probabilities: by powering and by repeated products agree; they sum to 1 over levels', () => {
      const g = solveCreditChain(params(3, 6, 8, Infinity, 3), { method: 'geometric' });
      let total = 0;
      for (let i = 0; i < 400; i++) total += creditLevelProbabilities(g, i).reduce((a, b) => a + b, 0);
      expect(Math.abs(total - 1)).toBeLessThan(1e-12);
      // i = 200 uses binary powering of R; compare with 200 vector products.
      let v = creditLevelProbabilities(g, 0);
      const d = g.distribution;
      if (d.kind !== 'level-geometric') throw new Error('level-geometric expected');
      for (let k = 0; k < 200; k++) v = v.map((_, c) => v.reduce((s, x, r) => s + x * d.rate[r]![c]!, 0));
      expect(maxRelative(creditLevelProbabilities(g, 200), v)).toBeLessThan(1e-12);
    });
  });
});

describe('reading P(i, j)', () => {
  const r = solveCreditChain(params(2, 3, 4, 2, 2), { method: 'exact' });

  it('creditProbability(i, j) and creditLevelProbabilities(i) read the i-major vector', () => {
    expect(creditProbability(r, 0, 0)).toBe(528 / 2069);
    expect(creditProbability(r, 2, 1)).toBe(84 / 2069);
    expect(creditLevelProbabilities(r, 1)).toEqual([384 / 2069, 216 / 2069, 78 / 2069]);
  });

  it('out of range → InvalidParameterError naming i or j', () => {
    expect(() => creditProbability(r, 3, 0)).toThrow(/i must be an integer in 0..2, got 3/);
    expect(() => creditProbability(r, 0, -1)).toThrow(/j must be an integer in 0..2, got -1/);
    expect(() => creditLevelProbabilities(r, 0.5)).toThrow(/i must be an integer in 0..2, got 0.5/);
    expect(() => creditProbability({} as never, 0, 0)).toThrow(/result must be a result of solveCreditChain/);
  });
});

describe('kernel failures are errors, never plausible numbers', () => {
  it.runIf(structuredReady)('a structured answer that is not a probability vector → NoConvergenceError', () => {
    // Guard exercised through a chain large enough to matter; if the kernel handles it, fine too.
    let result: CreditChainResult | undefined;
    try {
      result = solveCreditChain(params(5, 6, 8, 6000, 9), { method: 'structured' });
    } catch (e) {
      expect(e).toBeInstanceOf(NoConvergenceError);
      return;
    }
    expect(result.diagnostics.residual).toBeLessThan(1e-10);
    expect(result.throughput).toBeGreaterThan(0);
  });
});

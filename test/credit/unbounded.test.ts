/**
 * Issue 22's accuracy points for the unbounded-source chain (n = ∞, `geometric`): L1, L2, the
 * throughput, the credit-blocked and the loss probability agree with `structured` on a finite chain
 * so long that its truncation is far below rounding (loss < 1e-15), to 1e-12 relative — including
 * heavy traffic (λ/μ1 ≥ 0.95) and μ2 < μ1 — and unstable input gives `stable: false`, no numbers.
 */
import { describe, expect, it } from 'vitest';
import { relativeDifference } from '../../src/core/tolerance.js';
import { saturationThroughput, solveCreditChain } from '../../src/credit/index.js';
import { geometricReady, params, structuredReady } from './helpers.js';

describe.runIf(geometricReady && structuredReady)('n = ∞ against a long finite chain, to 1e-12', () => {
  it.each([
    // λ, μ1, μ2, m, finite n
    [5.7, 6, 8, 10, 1500], // heavy: λ/μ1 = 0.95
    [5.75, 6, 6, 60, 2500], // heavy, μ1 = μ2: λ/μ1 ≈ 0.96
    [5.5, 8, 6, 8, 1500], // μ2 < μ1 (Node 2 the bottleneck)
    [5, 6, 8, 12, 600], // the thesis's rates
  ])('λ = %s, μ1 = %s, μ2 = %s, m = %s (n = %s for the finite chain)', (lambda, mu1, mu2, m, n) => {
    expect(lambda).toBeLessThan(saturationThroughput(mu1, mu2, m));
    const g = solveCreditChain(params(lambda, mu1, mu2, Infinity, m), { method: 'geometric' });
    const s = solveCreditChain(params(lambda, mu1, mu2, n, m), { method: 'structured' });
    expect(g.stable).toBe(true);
    expect(s.upstreamLossProbability).toBeLessThan(1e-15); // n is effectively ∞ to rounding
    expect(g.upstreamLossProbability).toBe(0);
    const pairs: [string, number, number][] = [
      ['L1', g.meanQueueLength.upstream, s.meanQueueLength.upstream],
      ['L2', g.meanQueueLength.downstream, s.meanQueueLength.downstream],
      ['X', g.throughput, s.throughput],
      ['credit-blocked', g.creditBlockedProbability, s.creditBlockedProbability],
    ];
    for (const [name, a, b] of pairs) expect(relativeDifference(a, b), name).toBeLessThanOrEqual(1e-12);
    expect(g.diagnostics.residual).toBeLessThan(1e-13);
  });

  it.each([
    [6, 6, 8, 6], // λ = μ1
    [5.99, 6, 6, 40], // above μ1·P(j < m)
    [6.5, 8, 6, 8], // above μ2 ≈ the saturation throughput when μ2 < μ1
  ])('λ = %s, μ1 = %s, μ2 = %s, m = %s: unstable → stable: false, no distribution', (lambda, mu1, mu2, m) => {
    expect(lambda).toBeGreaterThanOrEqual(saturationThroughput(mu1, mu2, m));
    for (const method of ['geometric', 'auto'] as const) {
      const g = solveCreditChain(params(lambda, mu1, mu2, Infinity, m), { method });
      expect(g.stable).toBe(false);
      expect(g.meanQueueLength.upstream).toBe(Infinity); // documented: L1 = L = W = ∞, T = μ1·P(j < m)
      expect(g.distribution.kind).toBe('none');
    }
  });
});

import { describe, expect, it } from 'vitest';
import { solveCreditChain } from '../../src/credit/index.js';
import { modelResult } from '../../src/model/results/assemble.js';
import { solveMergeChain } from '../../src/model/exact/exactMerge.js';
import { fabricModelNetwork } from '../../src/model/index.js';
import { solveModel } from '../../src/model/solve.js';
import { singleSwitchTopology } from '../../src/network/index.js';

describe('solveMergeChain: two flows into one output, exact', () => {
  it('a second flow of rate → 0 leaves the credit chain of thesis ch. 4 (src/credit) for the first, to 1e-6', () => {
    const c = solveMergeChain({ lambda: [0.7, 1e-12], mu: [1.2, 1], mu2: 1.5, n: 4, m: 2 });
    const t = solveCreditChain({ lambda: 0.7, mu1: 1.2, mu2: 1.5, upstreamCapacity: 4, downstreamCapacity: 2 });
    expect(Math.abs(c.throughput[0] - t.throughput) / t.throughput).toBeLessThan(1e-6);
    expect(Math.abs(c.responseTime[0] - t.responseTime) / t.responseTime).toBeLessThan(1e-6);
    expect(c.residual).toBeLessThan(1e-12);
  });

  // Latency bound per row: its error in docs/fabric-model.md (session 11) plus 5 points, rounded up to a
  // multiple of 5 (the rule of exactTwoSwitch.test.ts): a change that makes a row worse by more fails.
  it.each([
    [0.2, 1, 1, 4, 1, 0.25],
    [0.3, 1, 1, 4, 2, 0.1],
    [0.4, 1, 1, 6, 2, 0.15],
    [0.2, 1, 0.6, 4, 1, 0.15],
    [0.35, 2, 1, 5, 2, 0.1],
  ])('the decomposition against it (λ=%d, μ=%d, μ2=%d, n=%d, m=%d): latency within %d, throughput within 0.04 (relative; docs/fabric-model.md)', (lambda, mu, mu2, n, m, bound) => {
    const topo = singleSwitchTopology(3);
    const links = topo.links.map((l, i) => ({ ...l, delayNs: 0, service: 'exponential' as const, rateGbps: ((i < 2 ? mu : mu2) * 2048 * 8) / 1e3 }));
    const flows = ['h0', 'h1'].map((h) => ({ name: h, source: h, destination: 'h2', traffic: { kind: 'poisson', rate: lambda * 1e6 }, sendQueuePackets: n }));
    const f = modelResult(solveModel(fabricModelNetwork({ topology: { ...topo, links }, vls: 1, switchLatencyNs: 0, cutThrough: false, bufferBytes: 2048 * m, flows }), 1e-10, 500, 0.5)).flows[0]!;
    const c = solveMergeChain({ lambda: [lambda, lambda], mu: [mu, mu], mu2, n, m });
    expect(Math.abs(f.latency - c.responseTime[0]) / c.responseTime[0]).toBeLessThan(bound);
    expect(Math.abs((f.throughput * 1e3) / (2048 * 8) - c.throughput[0]) / c.throughput[0]).toBeLessThan(0.04);
  });
});

import { describe, expect, it } from 'vitest';
import { solveCreditChain } from '../../src/credit/index.js';
import { modelResult } from '../../src/model/results/assemble.js';
import { labelFifo } from '../../src/model/exact/exactChain.js';
import { solveMergeChain } from '../../src/model/exact/exactMerge.js';
import { solveTwoSwitchChain, twoSwitchScenario, type TwoSwitchChainParams } from '../../src/model/exact/exactTwoSwitch.js';
import { fabricModelNetwork } from '../../src/model/index.js';
import { solveModel } from '../../src/model/solve.js';
import { simulate } from '../../src/sim/index.js';

const rel = (a: number, b: number) => Math.abs(a - b) / b;

describe('labelFifo: a FIFO of labelled packets as one integer', () => {
  it('push then pop gives the packets back in order, with their counts', () => {
    let c = 0;
    c = labelFifo.push(c, 1);
    c = labelFifo.push(c, 0);
    expect([labelFifo.length(c), labelFifo.head(c), labelFifo.count(c, 0), labelFifo.count(c, 1)]).toEqual([2, 1, 1, 1]);
    c = labelFifo.pop(c);
    expect([labelFifo.length(c), labelFifo.head(c)]).toEqual([1, 0]);
    expect(labelFifo.pop(c)).toBe(0);
    expect(new Set([0, 1, 2, 3].map((b) => labelFifo.push(labelFifo.push(0, b & 1), b >> 1)))).toEqual(new Set([3, 4, 5, 6]));
  });
});

describe('solveTwoSwitchChain: h0, h1 → S1 → S2 → h3 with h2 joining at S2, exact', () => {
  it('f2 alone (h2 → S2 → h3) is the credit chain of thesis ch. 4 (src/credit), to 1e-9', () => {
    const c = solveTwoSwitchChain({ lambda: [0, 0, 0.6], mu: [1, 1, 1.1], mu12: 1, muOut: 1.3, n: 3, m: 2 });
    const t = solveCreditChain({ lambda: 0.6, mu1: 1.1, mu2: 1.3, upstreamCapacity: 3, downstreamCapacity: 2 });
    expect(rel(c.throughput[2], t.throughput)).toBeLessThan(1e-9);
    expect(rel(c.responseTime[2], t.responseTime)).toBeLessThan(1e-9);
  });

  it('f0 alone with an instant last link is the credit chain (h0 → S1, S1 → S2): throughput to 1e-9, sojourn (plus 1/μout) to 1e-6', () => {
    const muOut = 1e7;
    const c = solveTwoSwitchChain({ lambda: [0.5, 0, 0], mu: [1.2, 1, 1], mu12: 0.9, muOut, n: 4, m: 1 });
    const t = solveCreditChain({ lambda: 0.5, mu1: 1.2, mu2: 0.9, upstreamCapacity: 4, downstreamCapacity: 1 });
    expect(rel(c.throughput[0], t.throughput)).toBeLessThan(1e-9);
    expect(rel(c.responseTime[0], t.responseTime + 1 / muOut)).toBeLessThan(1e-6);
  });

  it('f0 and f1 with an instant last link are the one-switch merge chain (exactMerge.ts) plus 1/μout', () => {
    const muOut = 1e7;
    const c = solveTwoSwitchChain({ lambda: [0.3, 0.4, 0], mu: [1, 1.2, 1], mu12: 1.1, muOut, n: 2, m: 2 });
    const mm = solveMergeChain({ lambda: [0.3, 0.4], mu: [1, 1.2], mu2: 1.1, n: 2, m: 2 });
    for (const f of [0, 1] as const) {
      expect(rel(c.throughput[f], mm.throughput[f])).toBeLessThan(1e-9);
      expect(rel(c.responseTime[f], mm.responseTime[f] + 1 / muOut)).toBeLessThan(1e-6);
    }
    expect(c.residual).toBeLessThan(1e-12);
  });

  it('symmetric f0 and f1 get the same answer; a flow left out has none', () => {
    const c = solveTwoSwitchChain({ lambda: [0.2, 0.2, 0.2], mu: [1, 1, 1], mu12: 1, muOut: 1, n: 1, m: 1 });
    expect(rel(c.responseTime[0], c.responseTime[1])).toBeLessThan(1e-9);
    const d = solveTwoSwitchChain({ lambda: [0.2, 0, 0.2], mu: [1, 1, 1], mu12: 1, muOut: 1, n: 1, m: 1 });
    expect([d.throughput[1], Number.isNaN(d.responseTime[1])]).toEqual([0, true]);
  });

  it('the simulator on the same network (twoSwitchScenario) agrees with the chain within its 95 % interval and 1.5 % (the tie rule: random in the chain, older first in the simulator)', () => {
    // Three flows, one-packet buffers: the case where the chain's FIFO of labelled packets at S2 matters most.
    const p: TwoSwitchChainParams = { lambda: [0.2, 0.2, 0.2], mu: [2, 2, 2], mu12: 1.5, muOut: 1, n: 2, m: 1 };
    const c = solveTwoSwitchChain(p);
    const r = simulate({ scenario: 'fabric', params: twoSwitchScenario(p) }, { seed: 3, replications: 5, until: 0.05, warmup: 0.005 });
    const latency = (r.metrics as unknown as { latency: Record<string, { mean: number; halfWidth: number }> }).latency;
    for (const [name, i] of [['f0', 0], ['f1', 1], ['f2', 2]] as const) {
      const sim = latency[name]!;
      expect(Math.abs(sim.mean - c.responseTime[i]), name).toBeLessThan(sim.halfWidth + 0.015 * c.responseTime[i]);
    }
  });

  it('refuses buffers its FIFO code does not cover', () => {
    expect(() => solveTwoSwitchChain({ lambda: [0.2, 0, 0.2], mu: [1, 1, 1], mu12: 1, muOut: 1, n: 1, m: 3 })).toThrow(/m in 1..2/);
  });

  // The decomposition's numbers beside the chain's (docs/fabric-model.md, "Where the model is exact",
  // the two-switch table; `npx tsx benchmarks/fabric-model-tandem.ts` prints them). Bounds: the
  // worst relative error measured over the row's flows (2026-11-27, main ba5f503) plus 5 points,
  // rounded up to a multiple of 5 %: a change to the decomposition that makes a row worse by more
  // than that fails here, one that makes it better passes.
  it.each<[TwoSwitchChainParams, number, number]>([
    [{ lambda: [0.3, 0, 0.3], mu: [1, 1, 1], mu12: 1, muOut: 1, n: 3, m: 2 }, 0.15, 0.1], // measured 6.8 %, 1.8 %
    [{ lambda: [0.2, 0, 0.4], mu: [1, 1, 1], mu12: 1, muOut: 1, n: 4, m: 1 }, 0.3, 0.2], // 24.4 %, 10.3 %
    [{ lambda: [0.4, 0, 0.2], mu: [2, 1, 2], mu12: 1, muOut: 1.5, n: 3, m: 2 }, 0.15, 0.1], // 5.1 %, 1.6 %
    [{ lambda: [0.15, 0.15, 0.15], mu: [1, 1, 1], mu12: 1, muOut: 1, n: 2, m: 1 }, 0.25, 0.1], // 16.2 %, 4.1 %
    [{ lambda: [0.2, 0.2, 0.2], mu: [2, 2, 2], mu12: 1.5, muOut: 1, n: 2, m: 1 }, 0.3, 0.15], // 24.6 %, 6.4 %
  ])('the decomposition against it (%j): latency within %d, throughput within %d (relative)', (p, latencyBound, throughputBound) => {
    const c = solveTwoSwitchChain(p);
    const r = modelResult(solveModel(fabricModelNetwork(twoSwitchScenario(p)), 1e-10, 500, 0.5));
    expect(r.flows.length).toBe(p.lambda.filter((l) => l > 0).length);
    for (const f of r.flows) {
      const i = Number(f.name.slice(1));
      expect(rel(f.latency, c.responseTime[i]!)).toBeLessThan(latencyBound);
      expect(rel((f.throughput * 1e3) / (2048 * 8), c.throughput[i]!)).toBeLessThan(throughputBound);
    }
  });
});

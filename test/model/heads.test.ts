/**
 * The head and FIFO formulas of src/model/queues/heads.ts on networks whose answer is known in closed form.
 */
import { describe, expect, it } from 'vitest';
import { fabricModelNetwork, solveFabric } from '../../src/model/index.js';
import { simulate } from '../../src/index.js';
import { singleSwitchTopology } from '../../src/network/index.js';
import { TWO_SLS, trainIntoOne } from '../helpers/twoSls.js';

const MTU_US = (2048 * 8) / 2.5e3; // one 2 KB packet on a 2.5 Gb/s link, µs

describe('the tandem identity of link and FIFO (docs/models.md §13.5)', () => {
  it('a host feeding a switch output half as fast: send queue + input buffer wait as one M/D/1 queue of the slower transmission (Pollaczek–Khinchine), to 1e-6', () => {
    // h0 → S → h1, the second link at 1.25 Gb/s: every packet's head time at the switch (2x) is at least
    // its transmission on the host link (x), so d2_n = max(a_n + x, d2_{n−1}) + 2x: the two queues wait as
    // one M/D/1 of service 2x. Buffers of 64 packets: credits never bind.
    const topo = singleSwitchTopology(2);
    const links = topo.links.map((l, i) => ({ ...l, rateGbps: i === 0 ? 2.5 : 1.25 }));
    const rho = 0.6; // of the slower link
    const rate = rho / (2 * MTU_US * 1e-6);
    const r = solveFabric(fabricModelNetwork({ topology: { ...topo, links }, vls: 1, bufferBytes: 64 * 2048, flows: [{ name: 'f', source: 'h0', destination: 'h1', traffic: { kind: 'poisson', rate } }] }));
    const s = 2 * MTU_US;
    const wq = (rho * s) / (2 * (1 - rho)); // M/D/1
    const fixed = s + 0.01 + 0.1 + 0.01; // cut-through: the slower transmission, two links of 10 ns, a switch of 100 ns
    const f = r.flows[0]!;
    expect(Math.abs(f.fixedLatency - fixed) / fixed).toBeLessThan(1e-12);
    expect(Math.abs(f.latency - (fixed + wq)) / (fixed + wq)).toBeLessThan(1e-6);
  });
});

describe("the input port's VL order (docs/models.md §13.4, H31x)", () => {
  it('two SLs alike in every way but their VL: the higher VL waits longer at a shared input port (the simulator offers a freed port to its VL buffers in VL order)', () => {
    // h0 and h1 each send both SLs to h2 and h3 at equal rates; VLArb weights equal. Without the VL order
    // the two SLs are symmetric and their latencies equal; with it VL 1's heads find VL 0's runs ahead.
    const topo = singleSwitchTopology(4);
    const rate = 0.4 / (4 * MTU_US * 1e-6); // each host link at 0.8 of its rate, 0.2 per flow
    const flows = ['h0', 'h1'].flatMap((src) => ['h2', 'h3'].flatMap((dst) => [0, 1].map((sl) => ({ name: `${src}-${dst}-sl${sl}`, source: src, destination: dst, sl, traffic: { kind: 'poisson' as const, rate } }))));
    const arbitration = { high: [], low: [{ vl: 0, weight: 32 }, { vl: 1, weight: 32 }], limitOfHighPriority: 0 };
    const r = solveFabric(fabricModelNetwork({ topology: topo, vls: 2, slToVl: [0, 1, ...Array<number>(14).fill(0)], arbitration, bufferBytes: 4 * 2048, flows }));
    const mean = (sl: number) => r.flows.filter((f) => f.name.endsWith(`sl${sl}`)).reduce((a, f) => a + f.latency, 0) / 2 / 2;
    expect(r.diagnostics.converged).toBe(true);
    // Without the rule the two agree to 1e-10 (the SLs are symmetric); with it VL 1 is later by about 6e-4 here.
    expect(mean(1)).toBeGreaterThan(mean(0) * (1 + 1e-5));
  });
});

describe('the table splits the heads ready at an output in full (docs/fabric-model.md change 170, H35lat)', () => {
  it("one switch, h0–h3 each sending both SLs to each of h4–h7 at 0.6 of the links, VLArb 32 : 96: each SL within 6 % of the simulator's (main with change 35's ready share: SL 1 +8.1 %)", async () => {
    const { wrrSwitchParams } = await import('../../benchmarks/fabric-model-wrr-switch.js');
    // The simulator's mean latency per SL, transmissions x (benchmarks/fabric-model-wrr-switch.ts 0.6: 5 replications × 20,000
    // packets per flow, seed 1; 95 % half-widths 0.019 / 0.005 x). Model before change 170: 4.398 / 2.871 (−9.5 / +8.1 %).
    const sim = [4.86, 2.655];
    const res = solveFabric(fabricModelNetwork(wrrSwitchParams(0.6).params as never));
    expect(res.diagnostics.converged).toBe(true);
    for (const sl of [0, 1]) {
      const fl = res.flows.filter((f) => f.name.endsWith(`sl${sl}`));
      const model = fl.reduce((z, f) => z + f.latency, 0) / fl.length / MTU_US;
      expect(Math.abs(model / sim[sl]! - 1)).toBeLessThan(0.06);
    }
  });
});

describe('one 8-port switch, two SLs, against the simulator (docs/fabric-model.md, H31h2 changes 35–37, H31l change 67)', () => {
  it('at 0.6 of the link SL 0 stays within twice the simulated latency (before the changes: 19 times, its first buffer at its bound)', () => {
    // The bare mechanism of 8ary2tree-uniform-2sl's runaway: 8 hosts, each sending 0.3 of its link on SL 0 and on
    // SL 1 to uniform destinations, VLArb weights 1 : 3, buffers of four 2 KB packets. The simulator (5 replications
    // of 10,000 packets per flow) gives SL 0 about 35.7 µs ± 1.2 and SL 1 21.4 µs ± 0.5; the model before changes
    // 35–37 gave SL 0 679 µs (104 transmissions), after 53 µs.
    const load = 0.6;
    const rate = load / 2 / (MTU_US * 1e-6);
    const params = {
      topology: { switches: [{ name: 's', ports: 8 }], hosts: Array.from({ length: 8 }, (_, i) => ({ name: `h${i}` })), links: Array.from({ length: 8 }, (_, i) => ({ a: `h${i}`, b: `s:${i + 1}`, rateGbps: 2.5 })) },
      ...TWO_SLS,
      flows: Array.from({ length: 8 }, (_, i) => [0, 1].map((sl) => ({ name: `h${i}-sl${sl}`, source: `h${i}`, destination: 'uniform' as const, sl, traffic: { kind: 'poisson' as const, rate }, packetBytes: 2048 }))).flat(),
    };
    const until = 10000 / rate;
    const sim = simulate({ scenario: 'fabric', params } as never, { replications: 5, seed: 1, until, warmup: until / 5 }) as unknown as { metrics: { latency: Record<string, { mean: number }> } };
    const simMean = (sl: number) => Object.entries(sim.metrics.latency).filter(([k]) => k.endsWith(`sl${sl}`)).reduce((a, [, v]) => a + v.mean, 0) / 8;
    const r = solveFabric(fabricModelNetwork(params as never));
    const modelMean = (sl: number) => r.flows.filter((f) => f.name.endsWith(`sl${sl}`)).reduce((a, f) => a + f.latency, 0) / 8;
    expect(modelMean(0)).toBeLessThan(2 * simMean(0));
    expect(modelMean(1)).toBeLessThan(1.5 * simMean(1));
    expect(modelMean(0)).toBeGreaterThan(simMean(0) * 0.8);
    // Change 67 (H31l): a head waiting for its own input port is not ahead of the ready heads at its output (the
    // simulator's output serves only requests whose input port is free). Before it the model gave SL 0 8.1 and SL 1
    // 3.9 transmissions (+49 %, +18 %); after it 5.3 and 3.3 against the simulator's 5.46 and 3.29: each within 10 %.
    // Session 21 (simulator of main 4105ad7: SL 0 37.88 µs = 5.781 x, SL 1 19.99 µs = 3.050 x): model 6.242 / 3.019 x
    // (+8.0 %, −1.0 %); try 221 (H38one, not kept: a successor takes the free-port readout) 5.947 / 2.966 x (+2.9 %, −2.7 %).
    expect(Math.abs(modelMean(0) / simMean(0) - 1)).toBeLessThan(0.1);
    expect(Math.abs(modelMean(1) / simMean(1) - 1)).toBeLessThan(0.1);
  }, 120_000);
});

describe('the weighted table runs a VL\'s queued packets before another VL\'s head (docs/fabric-model.md change 100, H31d)', () => {
  // Bare mechanism: three hosts on switch u send SL 1 (VL 1, weight 96 = three 2 KB packets a visit) over one link to
  // switch s, where host b's SL 0 (VL 0, weight 32 = one packet) joins them for host o. A visit of VL 1 at s's output
  // goes on while VL 1's buffer has its next packet queued, so b's head waits for runs of up to three; since the
  // same-instant fix a packet arriving over the link just as the output frees extends it too (change 153).
  const trainParams = (rhoLink: number, rho0: number) => {
    const r1 = rhoLink / 3 / (MTU_US * 1e-6);
    const r0 = rho0 / (MTU_US * 1e-6);
    return {
      topology: trainIntoOne(),
      ...TWO_SLS,
      flows: [
        ...[0, 1, 2].map((i) => ({ name: `a${i}-sl1`, source: `a${i}`, destination: 'o', sl: 1, traffic: { kind: 'poisson' as const, rate: r1 }, packetBytes: 2048 })),
        { name: 'b-sl0', source: 'b', destination: 'o', sl: 0, traffic: { kind: 'poisson' as const, rate: r0 }, packetBytes: 2048 },
      ],
      until: Math.max(10000 / r1, 2000 / r0),
    };
  };
  const run = (rhoLink: number, rho0: number) => {
    const { until, ...params } = trainParams(rhoLink, rho0);
    const sim = simulate({ scenario: 'fabric', params } as never, { replications: 4, seed: 1, until, warmup: until / 5 }) as unknown as { metrics: { latency: Record<string, { mean: number }> } };
    const simSl = (sl: number) => {
      const e = Object.entries(sim.metrics.latency).filter(([k]) => k.endsWith(`sl${sl}`));
      return e.reduce((a, [, v]) => a + v.mean, 0) / e.length;
    };
    const r = solveFabric(fabricModelNetwork(params as never));
    const modelSl = (sl: number) => {
      const f = r.flows.filter((x) => x.name.endsWith(`sl${sl}`));
      return f.reduce((a, x) => a + x.latency, 0) / f.length;
    };
    return { sim0: simSl(0), sim1: simSl(1), model0: modelSl(0), model1: modelSl(1) };
  };

  it('VL 0 at 0.15 behind a link carrying VL 1 at 0.7: SL 0 within 25 % of the simulated latency (before: 48 % low)', () => {
    // Simulator (4 × 10,000 packets per SL 1 flow): SL 0 3.48 ± 0.22 transmissions, SL 1 3.92 ± 0.1; the model before
    // change 100 1.80 and 4.55, after it 2.89 and 4.55. SL 1's side of the reordering (its queued packets served in runs
    // wait less) is not in the model: it stays 16 % high.
    const { sim0, sim1, model0, model1 } = run(0.7, 0.15);
    expect(Math.abs(model0 / sim0 - 1)).toBeLessThan(0.25);
    expect(Math.abs(model1 / sim1 - 1)).toBeLessThan(0.25);
  }, 120_000);

  it('VL 0 nearly idle behind the same link at 0.6: since the same-instant fix a VL 1 packet arriving back to back as the output frees extends the visit (change 153: SL 0 within 10 %)', () => {
    // Before the fix (main 976427a, 4 replications) the simulator gave SL 0 1.36 transmissions (its wait the residual of VL 1's
    // packet in service) and the model 1.34: the arriving packet came after the end's choice. With the fix (events.ts
    // EV_CHOOSE; H33vl, 5 replications of this set-up; docs/fabric-model.md measurement 152) SL 0 1.671 ± 1.7 %, SL 1 1.825 ± 0.6 %;
    // the model without change 153 1.341 (−19.7 %), with it 1.539 (−7.9 %) and SL 1 1.830.
    const { sim0, sim1, model0, model1 } = run(0.6, 0.01);
    expect(Math.abs(model0 / sim0 - 1)).toBeLessThan(0.1);
    expect(Math.abs(model1 / sim1 - 1)).toBeLessThan(0.05);
  }, 120_000);
});

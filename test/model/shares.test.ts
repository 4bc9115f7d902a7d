/**
 * Each SL's share of a saturated link, bare mechanism: the parking lot with two SLs (docs/fabric-model.md
 * change 160; src/model/saturation/inputFair.ts). Three switches in a chain S0 → S1 → S2 → host d; hosts
 * a0, a1, a2 on S0, S1, S2 each send one flow per SL to d, each offered the whole link (2048-byte
 * packets, VL arbitration weights 32 : 96 — one and three packets a round, shares 1/4 and 3/4 — FIFO
 * input buffers of four packets, cut-through).
 *
 * Reference, exact arithmetic from the switch's rules (crossbar.ts: per VL the output serves the
 * longest-waiting request among its input buffers, i.e. the buffers in turn; the VL table between the
 * VLs): S2's output is backlogged on both VLs, so VL 0 gets 1/4 of the link and VL 1 3/4; within a VL
 * it alternates between a2's buffer and the buffer from S1, so a2 gets half the VL; what comes from S1
 * is what S1's output sent, again half a1's and half S0's. SL 1: a2 3/8, a1 3/16, a0 3/16; SL 0: a2 1/8,
 * a1 1/16, a0 1/16 of the link. The weighted max-min over flows (weightedMaxmin.ts, the allocation of
 * change 106) gives every flow of a VL the same rate: 1/4 each on SL 1, 1/12 on SL 0.
 *
 * Reference, simulated: the bundled simulator, 5 replications (seeds 1–5) of 20 ms after 2 ms of
 * warm-up; each flow's mean within 2 % of the fractions above, its 95 % half-width under 2 % of the mean.
 */
import { describe, expect, it } from 'vitest';
import { replicatedThroughputs } from '../helpers/replicatedThroughputs.js';
import { fabricModelNetwork } from '../../src/model/spec/scenario.js';
import { solveFabric } from '../../src/model/index.js';
import { compiledModel } from '../../src/model/spec/compile.js';
import { inputFairRates } from '../../src/model/saturation/inputFair.js';
import { waterLevel } from '../../src/model/saturation/waterLevel.js';
import { portSharesByMeanBytes, weightedMaxMin } from '../../src/model/routes/weightedMaxmin.js';
import { hopArrays } from '../../src/model/spec/compile.js';

const LINK = 2.5; // Gb/s
const PPS = (LINK * 1e9) / 8 / 2048;
const topology = {
  switches: [{ name: 'S0', ports: 3 }, { name: 'S1', ports: 3 }, { name: 'S2', ports: 3 }],
  hosts: [{ name: 'a0' }, { name: 'a1' }, { name: 'a2' }, { name: 'd' }],
  links: [
    { a: 'a0', b: 'S0:1', rateGbps: LINK },
    { a: 'S0:2', b: 'S1:3', rateGbps: LINK },
    { a: 'a1', b: 'S1:1', rateGbps: LINK },
    { a: 'S1:2', b: 'S2:3', rateGbps: LINK },
    { a: 'a2', b: 'S2:1', rateGbps: LINK },
    { a: 'S2:2', b: 'd', rateGbps: LINK },
  ],
};
const flows = ['a0', 'a1', 'a2'].flatMap((h) => [0, 1].map((sl) => ({ name: `${h}-sl${sl}`, source: h, destination: 'd', sl, traffic: { kind: 'poisson', rate: PPS }, packetBytes: 2048 })));
const params = {
  topology,
  vls: 2,
  slToVl: [0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  arbitration: { high: [], low: [{ vl: 0, weight: 32 }, { vl: 1, weight: 96 }], limitOfHighPriority: 0 },
  mtu: 2048,
  bufferBytes: 8192,
  switchLatencyNs: 100,
  cutThrough: true,
  flows,
};
/** The exact shares of the link (module comment). */
const EXACT: Record<string, number> = { 'a0-sl0': 1 / 16, 'a1-sl0': 1 / 16, 'a2-sl0': 1 / 8, 'a0-sl1': 3 / 16, 'a1-sl1': 3 / 16, 'a2-sl1': 3 / 8 };
/** Student's t, 4 degrees of freedom, two-sided 95 %. */
const T4 = 2.776;

describe('the parking lot with two SLs: the output serves its input buffers in turn', () => {
  it('the simulator (5 replications) gives the exact fractions: a2 3/8 and 1/8, a1 and a0 3/16 and 1/16 of the link (within 2 %, half-width under 2 %)', () => {
    const runs = replicatedThroughputs(params, LINK);
    for (const [name, xs] of Object.entries(runs)) {
      const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
      const sd = Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (xs.length - 1));
      expect(T4 * (sd / Math.sqrt(xs.length)), `${name} half-width`).toBeLessThan(0.02 * mean);
      expect(Math.abs(mean / EXACT[name]! - 1), `${name} ${mean}`).toBeLessThan(0.02);
    }
  });

  it('solveFabric in overload carries the exact fractions (within 1e-6); each SL share of S2’s link 1/4 and 3/4', () => {
    const r = solveFabric(fabricModelNetwork(params));
    for (const f of r.flows) expect(Math.abs(f.throughput / LINK - EXACT[f.name]!), f.name).toBeLessThan(1e-6);
    const out = r.channels.filter((c) => c.port === 'S2:2');
    const total = out.reduce((a, c) => a + c.utilization, 0);
    expect(out.find((c) => c.vl === 1)!.utilization / total).toBeCloseTo(3 / 4, 6);
    // The allocation settled: no word of it in the diagnostics (the key is there only where it did not).
    expect('sharesUnsettledRounds' in r.diagnostics).toBe(false);
  });

  it('inputFairRates alone: the exact fractions; the weighted max-min over flows gives 1/4 and 1/12 instead', () => {
    const net = fabricModelNetwork(params);
    const m = compiledModel(net);
    const hops = hopArrays(m);
    const a = inputFairRates(m, portSharesByMeanBytes(m, net, hops), { hops });
    expect(a.settled).toBe(true);
    net.flows.forEach((f, i) => expect(a.rate[i]! / PPS, f.name).toBeCloseTo(EXACT[f.name]!, 9));
    const cut = inputFairRates(m, portSharesByMeanBytes(m, net, hops), { hops, maxRounds: 1 });
    expect([cut.settled, cut.rounds]).toEqual([false, 1]);
    const w = weightedMaxMin(m, net);
    net.flows.forEach((f, i) => expect(w.rate[i]! / PPS, f.name).toBeCloseTo(f.name.endsWith('sl1') ? 1 / 4 : 1 / 12, 9));
  });
});

describe('waterLevel: max-min of a capacity over equal claims', () => {
  it('claims 0.1, 0.5, 0.9 on 1: the first kept, the others 0.45 each; claims that fit: Infinity', () => {
    expect(waterLevel([0.5, 0.1, 0.9], 1)).toBeCloseTo(0.45, 15);
    expect(waterLevel([0.2, 0.3], 1)).toBe(Infinity);
    expect(waterLevel([Infinity, Infinity], 1)).toBe(0.5);
  });
});

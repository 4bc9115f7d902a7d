/**
 * The output-queued floor's split between the two VLs of one spaced link, against the simulator (docs/fabric-model.md
 * method change 125, H31fs; the bare mechanism of measurement 115, benchmarks/floor-split-bare.ts).
 */
import { describe, expect, it } from 'vitest';
import { fabricModelNetwork, solveFabric } from '../../src/model/index.js';
import { simulate } from '../../src/index.js';
import { TWO_SLS, twoIntoOne } from '../helpers/twoSls.js';

const MTU_US = (2048 * 8) / 2.5e3; // one 2 KB packet on a 2.5 Gb/s link, µs

/** One switch s; hosts a and b each send SL 0 (VL 0, weight 32) and SL 1 (VL 1, weight 96) to o at load/4 of the link. */
function bare(load: number) {
  const rate = load / 4 / (MTU_US * 1e-6);
  return {
    rate,
    params: {
      topology: twoIntoOne(),
      ...TWO_SLS,
      flows: ['a', 'b'].flatMap((h) => [0, 1].map((sl) => ({ name: `${h}-sl${sl}`, source: h, destination: 'o', sl, traffic: { kind: 'poisson' as const, rate }, packetBytes: 2048 }))),
    },
  };
}

describe('the floor splits its wait between the VLs of one spaced link by the table (change 125, H31fs: the split by links refuted)', () => {
  it('two links each carrying both SLs into one output at 0.7: each SL within 5 % of the simulated latency (the split by links: SL 0 −8 %, SL 1 +12 %)', () => {
    // Simulator (5 × 40,000 packets per flow, benchmarks/floor-split-bare.ts): SL 0 2.62 x ± 2.1 %, SL 1 1.76 x ± 0.5 %;
    // the model (wrrSplit's split for the floor) 2.62 and 1.75; the split by links proposed in measurement 115 gave 2.41 and 1.97.
    // Re-run after the same-instant fix (H33vl, measurement 152; 5 replications × 20,000 packets per flow): SL 0 2.66 / 2.65 x
    // ± 2.1 %, SL 1 1.727 / 1.731 x ± 0.5 % (model −1.5 % / +1.3 %): the bound holds.
    const { rate, params } = bare(0.7);
    const until = 20000 / rate;
    const sim = simulate({ scenario: 'fabric', params } as never, { replications: 5, seed: 7, until, warmup: until / 5 }) as unknown as { metrics: { latency: Record<string, { mean: number }> } };
    const simSl = (sl: number) => Object.entries(sim.metrics.latency).filter(([k]) => k.endsWith(`sl${sl}`)).reduce((a, [, v]) => a + v.mean, 0) / 2;
    const r = solveFabric(fabricModelNetwork(params as never));
    const modelSl = (sl: number) => r.flows.filter((f) => f.name.endsWith(`sl${sl}`)).reduce((a, f) => a + f.latency, 0) / 2;
    expect(r.diagnostics.converged).toBe(true);
    expect(Math.abs(modelSl(0) / simSl(0) - 1)).toBeLessThan(0.05);
    expect(Math.abs(modelSl(1) / simSl(1) - 1)).toBeLessThan(0.05);
  }, 180_000);
});

/**
 * Change 295 (H41tr, docs/fabric-model.md; docs/models.md §13.4): the output-queued floor of a VL is the wait that its own
 * input links' packets bear, W_i = W(λ) − W(λ_i) for a spaced link i (its stream finds none of its own work queued: change
 * 29's reading) and W(λ) for another input (Σ_i λ_i·W_i = λ·W_OQ), plus what the table moves to or from the VL, (g_v − 1)·W_OQ;
 * before, every VL took g_v·W_OQ, whatever link brought its packets. The bare form of torus8x8-transpose-2sl's diagonal output (s4_4:4 at 50 %): a train of
 * three hosts over one link on VLs 0 and 2, a light host on VLs 1 and 3 (the dateline's VLs), the torus's table 32/32/96/96.
 */
import { describe, expect, it } from 'vitest';
import { fabricModelNetwork, solveFabric } from '../../src/model/index.js';
import { simulate } from '../../src/index.js';
import { trainIntoOne } from '../helpers/twoSls.js';

const MTU_US = (2048 * 8) / 2.5e3; // one 2 KB packet on a 2.5 Gb/s link, µs
const FOUR_VLS = {
  vls: 4,
  slToVl: [0, 2, 1, 3, ...Array<number>(12).fill(0)],
  arbitration: { high: [], low: [{ vl: 0, weight: 32 }, { vl: 1, weight: 32 }, { vl: 2, weight: 96 }, { vl: 3, weight: 96 }], limitOfHighPriority: 0 },
  mtu: 2048,
  bufferBytes: 4 * 2048,
  switchLatencyNs: 100,
  cutThrough: true,
};

/** Hosts a0–a2 over u's link into s:1 send SL 0 and SL 1 (VLs 0, 2) at heavy/6 each; host b on s:2 SL 2 and SL 3 (VLs 1, 3) at light/2. */
function bare(heavy: number, light: number) {
  const pps = (load: number) => load / (MTU_US * 1e-6);
  const flow = (h: string, sl: number, load: number) => ({ name: `${h}-sl${sl}`, source: h, destination: 'o', sl, traffic: { kind: 'poisson' as const, rate: pps(load) }, packetBytes: 2048 });
  return {
    lightRate: pps(light / 2),
    params: { topology: trainIntoOne(), ...FOUR_VLS, flows: [...['a0', 'a1', 'a2'].flatMap((h) => [0, 1].map((sl) => flow(h, sl, heavy / 6))), ...[2, 3].map((sl) => flow('b', sl, light / 2))] },
  };
}

describe('change 295: the floor of a VL is the wait of the links that bring it', () => {
  it('a spaced train at 0.33 and a light link at 0.11 into one output: every flow within 3 % of the simulator’s 95 % interval (before: +4.6, +3.1, −8.9, −6.4 %)', () => {
    // Simulator (5 × 20,000 packets per light flow, seed 7; scratch run of session 24): a0-sl0 1.498 x ± 0.7 %, a0-sl1 1.372 ± 0.5 %,
    // b-sl2 1.421 ± 0.7 %, b-sl3 1.358 ± 0.3 %; the model before 1.566 / 1.414 / 1.295 / 1.272 (+4.5, +3.1, −8.9, −6.3 %),
    // with 295 1.520 / 1.368 / 1.382 / 1.342 (+1.5, −0.3, −2.7, −1.2 %; g_v·W_i instead of W_i + (g_v − 1)·W_OQ, tried: +0.5, +0.3,
    // −4.3, −4.6 %, and at 0.6 / 0.2, where the light VLs are below their table share, −22 % on the light link against −13 %).
    const { lightRate, params } = bare(0.33, 0.11);
    const until = 20000 / lightRate;
    // Review H41rv295: within 3 % of the simulator's 95 % interval (3 % + its relative half-width, 0.3–0.8 % here): the model's
    // −2.7 % on b-sl2 is −2.9 % with seed 11 (± 0.8 %), so 3 % from the mean alone held by 0.3 %, less than the reference's own
    // uncertainty. Main before 295 still fails it by far (b-sl2 −8.9 %, b-sl3 −6.4 %, a0-sl0 +4.6 % against 3.7 %).
    const sim = simulate({ scenario: 'fabric', params } as never, { replications: 5, seed: 7, until, warmup: until / 5 }) as unknown as { metrics: { latency: Record<string, { mean: number; halfWidth: number }> } };
    const r = solveFabric(fabricModelNetwork(params as never));
    expect(r.diagnostics.converged).toBe(true);
    const err = (n: string) => r.flows.find((f) => f.name === n)!.latency / sim.metrics.latency[n]!.mean - 1;
    for (const n of ['a0-sl0', 'a0-sl1', 'b-sl2', 'b-sl3']) {
      const { mean, halfWidth } = sim.metrics.latency[n]!;
      expect(halfWidth / mean, `${n}: the reference's half-width`).toBeLessThan(0.015);
      expect(Math.abs(err(n)), n).toBeLessThan(0.03 + halfWidth / mean);
    }
  }, 300_000);
});

/**
 * A VL's visit ends when its VL has no ready head (docs/fabric-model.md change 168;
 * src/model/saturation/visitRuns.ts). Two switches: hosts a0, a1 on S0 send SL 1 (VL 1) to b and c on S1,
 * each offered the whole link, so S0's output to S1 is backlogged and serves a0's and a1's buffers in turn:
 * the heads of S1's VL 1 input buffer alternate between S1's ports to b and to c. Host e on S1 sends SL 0
 * (VL 0) to c, offered the whole link. VL arbitration weights 96 : 96 (three 2048-byte packets a visit
 * each, shares 1/2 and 1/2 by the table), FIFO input buffers of four packets, cut-through.
 *
 * Reference, exact arithmetic from the switch's rules (src/admission/arbiter.ts: an entry keeps the lane
 * while its weight lasts and its VL has a packet ready; crossbar.ts: a buffer's next head is ready when its
 * predecessor ends): at S1's port to c, VL 1's only buffer has one head for c, then one for b — after one
 * packet VL 1 is not ready and VL 0 sends its three; the head for b goes meanwhile, and the next head for
 * c waits for VL 1's next visit. So a cycle of four packet times: VL 1 one packet, VL 0 three — VL 1
 * 1/4 of the link to c (not the table's 1/2), e → c 3/4, a1 → c 1/4; and the buffer, one head to b per
 * cycle, holds a0 → b to 1/4 too (the buffer, fed in rotation, moves in lock step: change 218, lockStep.ts).
 *
 * Reference, simulated: the bundled simulator, 5 replications of 20 ms after 2 ms of warm-up.
 */
import { describe, expect, it } from 'vitest';
import { replicatedThroughputs } from '../helpers/replicatedThroughputs.js';
import { fabricModelNetwork } from '../../src/model/spec/scenario.js';
import { compiledModel, hopArrays } from '../../src/model/spec/compile.js';
import { inputFairRates } from '../../src/model/saturation/inputFair.js';
import { portSharesByMeanBytes } from '../../src/model/routes/weightedMaxmin.js';
import { EXACT, LINK, rotationChain } from './rotationChain.js';

const params = rotationChain(false);

/** The compiled model, its hops and its ports' table shares. */
function modelOf(p: object) {
  const net = fabricModelNetwork(p as never);
  const m = compiledModel(net);
  const hops = hopArrays(m);
  return { net, m, hops, shares: portSharesByMeanBytes(m, net, hops) };
}

/** Each flow's mean throughput over 5 replications within 2 % of its exact fraction of a 2.5 Gb/s link. */
function expectSimulated(p: object, exact: Record<string, number>): void {
  for (const [name, xs] of Object.entries(replicatedThroughputs(p, LINK))) {
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(Math.abs(mean / exact[name]! - 1), `${name} ${mean}`).toBeLessThan(0.02);
  }
}

describe('a VL whose only buffer alternates its heads between two outputs sends one packet a visit', () => {
  it('the simulator (5 replications) gives the exact fractions: a1 → c 1/4, e → c 3/4, a0 → b 1/4 (within 2 %)', () => {
    expectSimulated(params, EXACT);
  });

  it('the input-fair allocation gives VL 1 a quarter of the port to c (a1 → c 1/4, e → c 3/4) and, in lock step, a0 → b 1/4; without the visits’ runs the table’s halves', () => {
    const { net, m, hops, shares } = modelOf(params);
    const share = (rates: Float64Array, name: string) => (rates[net.flows.findIndex((f) => f.name === name)]! * 2048) / (LINK * 1e9 / 8);
    const fair = inputFairRates(m, shares, { hops });
    expect(fair.settled).toBe(true);
    expect(share(fair.rate, 'a1-c')).toBeCloseTo(1 / 4, 9);
    expect(share(fair.rate, 'e-c')).toBeCloseTo(3 / 4, 9);
    // Change 218: S1's VL 1 buffer, fed in rotation, moves in lock step — one head to b per head to c, so a0 → b is
    // held to the quarter a1 → c gets (the simulator's 1/4 above; lockStep.ts). Without the lock step b's port lets it run at 3/4.
    expect(share(fair.rate, 'a0-b')).toBeCloseTo(1 / 4, 9);
    const loose = inputFairRates(m, shares, { hops, lockStep: false });
    expect(share(loose.rate, 'a0-b')).toBeCloseTo(3 / 4, 9);
    const plain = inputFairRates(m, shares, { hops, visitRuns: false });
    expect(share(plain.rate, 'a1-c')).toBeCloseTo(1 / 2, 9);
    expect(share(plain.rate, 'e-c')).toBeCloseTo(1 / 2, 9);
  });
});

describe('the lock step counts packets, not link time (change 218): the port to b twice as fast', () => {
  // The same two switches with S1's link to b at 5 Gb/s. The rules do not change: S1's VL 1 buffer still alternates its
  // heads and VL 1 still sends one packet a visit to c, so the cycle at c is four 2.5 Gb/s packet times (VL 1 one, VL 0
  // three) and the buffer passes one head to b per head to c: a0 → b carries as many packets as a1 → c, 1/4 of a 2.5 Gb/s
  // link (0.625 Gb/s, 1/8 of b's faster link), e → c 3/4 (1.875 Gb/s). Exact arithmetic; the simulator beside it.
  const fast = { ...params, topology: { ...params.topology, links: params.topology.links.map((l) => (l.a === 'S1:2' ? { ...l, rateGbps: 2 * LINK } : l)) } };
  const EXACT_FAST: Record<string, number> = { 'a0-b': 1 / 4, 'a1-c': 1 / 4, 'e-c': 3 / 4 }; // of a 2.5 Gb/s link

  it('the simulator (5 replications) gives a0 → b, a1 → c 1/4 and e → c 3/4 of a 2.5 Gb/s link (within 2 %)', () => {
    expectSimulated(fast, EXACT_FAST);
  });

  it('the input-fair allocation gives the same packet rates (a0 → b 1/4 of a 2.5 Gb/s link, not 1/4 of its own 5 Gb/s one)', () => {
    const { net, m, hops, shares } = modelOf(fast);
    const fair = inputFairRates(m, shares, { hops });
    expect(fair.settled).toBe(true);
    for (const [name, want] of Object.entries(EXACT_FAST)) {
      const got = (fair.rate[net.flows.findIndex((f) => f.name === name)]! * 2048 * 8) / (LINK * 1e9);
      expect(got, name).toBeCloseTo(want, 9);
    }
  });
});

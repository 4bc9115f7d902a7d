/**
 * Outputs fed by one link. Change 230's displaced share there (since change 265 the port wait's, portReadout.ts otherVlsReadout), and
 * change 250: a turn of the same input FIFO is never a head beside the turn (its packet is ahead in the FIFO or behind it), so at an
 * output whose every turn comes out of ONE buffer — here on two VLs of that port, the one-SL torus's dateline pair — no
 * turn waits for the output, however long that buffer's heads wait at its other output. Exact by the switch's rule (the
 * output serves the buffer's head alone), not a number of the code under test. Before change 250 the two VLs' turns counted
 * each other as strangers displaced by the wait at the other output (torus8x8-transpose-1sl 90 %: h0_1 +14.5 → +39 %).
 */
import { describe, expect, it } from 'vitest';
import type { ModelNetwork, ModelPort } from '../../src/model/index.js';
import { solveModel } from '../../src/model/solve.js';

const RR = { high: [], low: [{ vl: 0, weight: 1 }, { vl: 1, weight: 1 }], limitOfHighPriority: 255 };
const BYTES = 2048;
const RATE = 2.5e9 / 8;

function port(name: string, host: boolean, downstreamBufferBytes: number): ModelPort {
  return { name, rate: RATE, delay: 0, exponential: false, host, downstreamBufferBytes, downstreamLatency: 100e-9, arbitration: RR };
}

/**
 * Hosts a and b into one switch; its output q (to host c) fed by a's link alone, output r (to host d) by both links.
 * From a's buffer (VL 0): `toQ0` into q on VL 0, `toQ1` into q on VL 1, `toR` into r; from b's: `bToR` into r. Rates in
 * packets per transmission.
 */
function network(toQ0: number, toQ1: number, toR: number, bToR: number, secondBuffer = false): ModelNetwork {
  const x = BYTES / RATE;
  const flow = (name: string, path: number[], vls: number[], load: number) => ({
    name, path, vls, lambda: load / x, ca2: 1, meanBytes: BYTES, secondMomentBytes: BYTES * BYTES, sendQueuePackets: Infinity,
  });
  return {
    ports: [port('a', true, 4 * BYTES), port('b', true, 4 * BYTES), port('s:q', false, Infinity), port('s:r', false, Infinity)],
    flows: [
      flow('a-q0', [0, 2], [0, 0], toQ0),
      // With `secondBuffer` this flow comes over a's link on VL 1: another FIFO of the same link (change 230's subject).
      flow('a-q1', [0, 2], [secondBuffer ? 1 : 0, 1], toQ1),
      flow('a-r', [0, 3], [0, 0], toR),
      flow('b-r', [1, 3], [0, 0], bToR),
    ],
    vls: 2,
    cutThrough: true,
  };
}

/** Each turn into output port `p`: its head wait beyond its port wait (the wait for the output), in transmissions. */
function outputWaits(net: ModelNetwork, p: number): number[] {
  const { m, s } = solveModel(net, 1e-9, 2000, 1);
  const x = BYTES / RATE;
  const out: number[] = [];
  for (let t = 0; t < m.turnIn.length; t++) {
    if (((m.turnOut[t]! / m.V) | 0) === p && s.lamT[t]! > 0) out.push((s.headWait[t]! - s.portWait[t]!) / x);
  }
  return out;
}

/** Each turn into output port `p`: its port wait, in transmissions. */
function portWaits(net: ModelNetwork, p: number): number[] {
  const { m, s } = solveModel(net, 1e-9, 2000, 1);
  const out: number[] = [];
  for (let t = 0; t < m.turnIn.length; t++) if (((m.turnOut[t]! / m.V) | 0) === p && s.lamT[t]! > 0) out.push(s.portWait[t]! / (BYTES / RATE));
  return out;
}

describe('change 250: one FIFO into a one-link output', () => {
  it.each([
    [0.1, 0.2, 0.3, 0.4],
    [0.2, 0.2, 0.3, 0.5],
  ])('turns %d, %d (q) and %d (r) of one buffer, %d of the other link into r: no output wait at q', (q0, q1, r, b) => {
    const waits = outputWaits(network(q0, q1, r, b), 2);
    expect(waits.length).toBe(2);
    for (const w of waits) expect(w).toBe(0);
    // Since change 265 q is marked fed by one input port (no MVA there at all): the rule now lives in the port readout, which
    // skips the head's own buffer — a's only buffer with traffic, so its heads at q never wait for their port either (review
    // H40rv265: 250's rule tested again where 265 reads it; counting the FIFO's own turn to r or q there would fail this).
    for (const e of portWaits(network(q0, q1, r, b), 2)) expect(e).toBe(0);
    // The buffer's heads do wait at r (the other link's turn contends there): the share change 230 reads is not 0.
    expect(Math.max(...outputWaits(network(q0, q1, r, b), 3))).toBeGreaterThan(0.01);
  });

  it("the link's other FIFO (VL 1) into the same output: no output wait either, its packets are port waits (change 265)", () => {
    // Change 265 replaced change 230's strangers here: every packet ahead of a head at q comes through the head's own input
    // port, so the wait is read in the port wait (test/model/ownPort.test.ts), none is left for the output.
    const waits = outputWaits(network(0.1, 0.2, 0.3, 0.4, true), 2);
    expect(waits.length).toBe(2);
    for (const w of waits) expect(w).toBe(0);
  });
});

/**
 * A turn without traffic into a one-link output (here a probe flow of rate 0 over a's VL 1 buffer into q on VL 0) reads
 * its buffer's displaced share and rate as linkDisplaced has just set them, never a value left by an earlier solve: the
 * same network solves to the same numbers before and after another network (the same turns, the probe with traffic).
 * Before the fix the turn read a per-turn scratch entry only turns with traffic write (0.0142 fresh, 0.0122 after).
 */
describe('change 230 scratch: a turn without traffic', () => {
  const probeNet = (probe: number): ModelNetwork => {
    const net = network(0.1, 0.2, 0.3, 0.4, true);
    const x = BYTES / RATE;
    const extra = (name: string, path: number[], vls: number[], load: number) => ({
      name, path, vls, lambda: load / x, ca2: 1, meanBytes: BYTES, secondMomentBytes: BYTES * BYTES, sendQueuePackets: Infinity,
    });
    return { ...net, flows: [...net.flows, extra('a-r1', [0, 3], [1, 1], 0.1), extra('probe', [0, 2], [1, 0], probe)] };
  };
  const waitsOf = (net: ModelNetwork) => {
    const { s } = solveModel(net, 1e-9, 2000, 1);
    return Array.from(s.headWait);
  };

  it('solves the same before and after another solve', () => {
    const first = waitsOf(probeNet(0));
    waitsOf(probeNet(0.05));
    expect(waitsOf(probeNet(0))).toEqual(first);
  });
});

/**
 * Change 240: at an output, the waiting heads ahead of a head exclude the other turns of its own input FIFO into that
 * output. By the switch's rule only a FIFO's head requests an output (src/sim/fabric/switch/inputFifo.ts), so while this
 * turn's packet is the head, no other packet of its buffer waits at the output — whatever that other turn's own wait.
 * Checked as the rule itself, not a number of the code: one buffer (host a's, VL 0) sends into output r on two VLs (VL 0
 * and VL 1, as one SL on the torus's two dateline VLs), and host b's buffer sends into r too. Raising the waiting term of
 * a's VL 1 turn must leave the head wait of a's VL 0 turn unchanged and raise b's (a's waiting head is ahead of b's).
 * Before change 240, a's VL 0 turn counted its own buffer's other turn among the heads ahead and its wait rose too.
 */
import { describe, expect, it } from 'vitest';
import type { ModelNetwork, ModelPort } from '../../src/model/index.js';
import { solveModel } from '../../src/model/solve.js';
import { portWaits } from '../../src/model/fixedPoint/iterate.js';
import { vlShares } from '../../src/model/queues/arbitration.js';

const RR = { high: [], low: [{ vl: 0, weight: 1 }, { vl: 1, weight: 1 }], limitOfHighPriority: 255 };
const BYTES = 2048;
const RATE = 2.5e9 / 8;
const X = BYTES / RATE;

function port(name: string, host: boolean, downstreamBufferBytes: number): ModelPort {
  return { name, rate: RATE, delay: 0, exponential: false, host, downstreamBufferBytes, downstreamLatency: 100e-9, arbitration: RR };
}

/** Hosts a and b into one switch whose output r (port 2) both feed: a on VL 0 into r's VL 0 and VL 1, b on VL 0. */
function network(a0: number, a1: number, b: number): ModelNetwork {
  const flow = (name: string, path: number[], vls: number[], load: number) => ({
    name, path, vls, lambda: load / X, ca2: 1, meanBytes: BYTES, secondMomentBytes: BYTES * BYTES, sendQueuePackets: Infinity,
  });
  return {
    ports: [port('a', true, 4 * BYTES), port('b', true, 4 * BYTES), port('s:r', false, Infinity)],
    flows: [flow('a-r0', [0, 2], [0, 0], a0), flow('a-r1', [0, 2], [0, 1], a1), flow('b-r', [1, 2], [0, 0], b)],
    vls: 2,
    cutThrough: true,
  };
}

describe('change 240: a FIFO has one head at an output', () => {
  it.each([
    [0.2, 0.2, 0.4],
    [0.1, 0.3, 0.5],
  ])("a's turns %d (VL 0) and %d (VL 1), b's %d: a's other turn's wait is not ahead of a's head; it is ahead of b's", (a0, a1, b) => {
    const { m, s } = solveModel(network(a0, a1, b), 1e-10, 4000, 1);
    const sh = Array.from({ length: 3 }, () => vlShares(RR, new Float64Array([BYTES, BYTES]), m.V));
    const turnOf = (inPort: number, outVl: number) => {
      for (let t = 0; t < m.turnIn.length; t++) {
        if (((m.turnIn[t]! / m.V) | 0) === inPort && m.turnOut[t] === 2 * m.V + outVl && s.lamT[t]! > 0) return t;
      }
      throw new Error(`no turn from port ${inPort} into r's VL ${outVl}`);
    };
    const [tA0, tA1, tB] = [turnOf(0, 0), turnOf(0, 1), turnOf(1, 0)];
    expect(m.turnIn[tA0]).toBe(m.turnIn[tA1]); // one buffer, two turns into r
    portWaits(m, s, sh, 2, 3);
    const before = [s.headWait[tA0]!, s.headWait[tB]!];
    expect(before[1]).toBeGreaterThan(0); // b's head does wait at r
    s.headWait[tA1]! += 5 * X;
    portWaits(m, s, sh, 2, 3);
    // (1e-9 x: the second call reads what the first wrote at a fixed point solved to 1e-10.)
    expect(Math.abs(s.headWait[tA0]! - before[0]!)).toBeLessThan(1e-9 * X);
    expect(s.headWait[tB]!).toBeGreaterThan(before[1]! + 1e-3 * X);
  });
});

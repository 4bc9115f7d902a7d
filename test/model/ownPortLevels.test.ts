/**
 * Review H40rv265 of change 265 (H40dia): an output is marked fed by one input port (its other VLs' packets for it then
 * counted in the head's port wait, iterate.ts portWaits / portReadout.ts otherVlsReadout) only where one priority level carries
 * its traffic. With a high-priority table the other level's packets reach a head at the output through the priority terms
 * (a high head waits the residual of a low packet in service, `lowerTerm`; a low head's MVA runs at 1 − ρ_high): counting
 * them in the port readout as well counts the same packet twice. Exact by the rule (each packet once), not a number of
 * the code: one switch, host a's VL 0 (high) to outputs q and r, its VL 1 (low) to q only — VL 1's packets are in q's
 * priority terms, so VL 0's head at q has no port wait at all (it has no other VL's packet for another output); at
 * 24ccbe6 its port wait was 0.029 x beside the same packets' priority residual 0.211 x.
 */
import { describe, expect, it } from 'vitest';
import type { ModelNetwork, ModelPort } from '../../src/model/index.js';
import { solveModel } from '../../src/model/solve.js';

const HIGH_LOW = { high: [{ vl: 0, weight: 1 }], low: [{ vl: 1, weight: 1 }], limitOfHighPriority: 255 };
const BYTES = 2048;
const RATE = 2.5e9 / 8;
const X = BYTES / RATE;

function port(name: string, host: boolean): ModelPort {
  return { name, rate: RATE, delay: 0, exponential: false, host, downstreamBufferBytes: host ? 4 * BYTES : Infinity, downstreamLatency: 100e-9, arbitration: HIGH_LOW };
}

const flow = (name: string, path: number[], vls: number[], load: number) => ({
  name, path, vls, lambda: load / X, ca2: 1, meanBytes: BYTES, secondMomentBytes: BYTES * BYTES, sendQueuePackets: Infinity,
});

/** Hosts a, b into one switch; q (port 2), r (port 3). `bToQ`: b's VL 1 into q as well (q's low level then fed by two ports). */
function network(bToQ: number): ModelNetwork {
  const flows = [flow('a-q0', [0, 2], [0, 0], 0.2), flow('a-q1', [0, 2], [1, 1], 0.3), flow('a-r0', [0, 3], [0, 0], 0.2), flow('b-r0', [1, 3], [0, 0], 0.2)];
  if (bToQ > 0) flows.push(flow('b-q1', [1, 2], [1, 1], bToQ));
  return { ports: [port('a', true), port('b', true), port('s:q', false), port('s:r', false)], flows, vls: 2, cutThrough: true };
}

describe('change 265 with two priority levels: each packet counted once', () => {
  it.each([0, 0.1])("b's VL 1 into q at %d: a's high head at q has no port wait, and waits for VL 1's packets at q (priority residual)", (bToQ) => {
    const { m, s } = solveModel(network(bToQ), 1e-10, 4000, 1);
    const t = Array.from({ length: m.turnIn.length }, (_, k) => k).find((k) => m.turnIn[k] === 0 && ((m.turnOut[k]! / m.V) | 0) === 2);
    expect(t).toBeDefined();
    expect(s.portWait[t!]).toBe(0);
    expect(s.headWait[t!]! / X).toBeGreaterThan(0.1);
  });
});

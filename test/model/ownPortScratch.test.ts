/**
 * Review H40rv265 of changes 265/266 (H40dia): their scratch — waiting.ts's marks of the outputs fed by one input port
 * (module-wide) and heads.ts portBusyOf (per solve state) — reads nothing of an earlier port, pass, solve or model. In a file
 * of its own: vitest runs each file in a fresh module, so the first solve below is the first of the process (no model has
 * marked anything before it). Independent of what the code computes, only of its being computed alike.
 */
import { describe, expect, it } from 'vitest';
import type { ModelNetwork, ModelPort } from '../../src/model/index.js';
import { solveModel } from '../../src/model/solve.js';
import { delayedShare } from '../../src/model/queues/heads.js';

const RR = { high: [], low: [{ vl: 0, weight: 1 }, { vl: 1, weight: 1 }], limitOfHighPriority: 255 };
const BYTES = 2048;
const RATE = 2.5e9 / 8;
const X = BYTES / RATE;

function port(name: string, host: boolean): ModelPort {
  return { name, rate: RATE, delay: 0, exponential: false, host, downstreamBufferBytes: host ? 4 * BYTES : Infinity, downstreamLatency: 100e-9, arbitration: RR };
}

/** As test/model/ownPort.test.ts: hosts a and b into one switch, output q (port 2) fed by a's link alone on VLs 0 and 1, r by both. */
function network(q0: number, q1: number, r0: number, b0: number): ModelNetwork {
  const flow = (name: string, path: number[], vls: number[], load: number) => ({
    name, path, vls, lambda: load / X, ca2: 1, meanBytes: BYTES, secondMomentBytes: BYTES * BYTES, sendQueuePackets: Infinity,
  });
  return {
    ports: [port('a', true), port('b', true), port('s:q', false), port('s:r', false)],
    flows: [flow('a-q0', [0, 2], [0, 0], q0), flow('a-q1', [0, 2], [1, 1], q1), flow('a-r0', [0, 3], [0, 0], r0), flow('b-r0', [1, 3], [0, 0], b0)],
    vls: 2,
    cutThrough: true,
  };
}

/**
 * Models A (q fed by a's link alone: marked) and B (b's link into q on both VLs too: not marked; the same ports) and C (one
 * port more). Without the unmarking of every port first (iterate.ts portWaits) B's second solve read A's mark and differed
 * (checked by removing that line: this test fails).
 */
describe('changes 265/266 scratch: A, B, C, A solves as a fresh A', () => {
    const flow = (name: string, path: number[], vls: number[], load: number) => ({
    name, path, vls, lambda: load / X, ca2: 1, meanBytes: BYTES, secondMomentBytes: BYTES * BYTES, sendQueuePackets: Infinity,
  });
  const a = () => network(0.2, 0.3, 0.2, 0.4);
  const b = (): ModelNetwork => {
    const n = network(0.2, 0.3, 0.2, 0.2);
    return { ...n, flows: [...n.flows, flow('b-q0', [1, 2], [0, 0], 0.1), flow('b-q1', [1, 2], [1, 1], 0.1)] };
  };
  const c = (): ModelNetwork => {
    const n = network(0.1, 0.2, 0.3, 0.3);
    return { ...n, ports: [...n.ports, port('s:z', false)], flows: [...n.flows, flow('a-z1', [0, 4], [1, 1], 0.2)] };
  };
  const numbers = (net: ModelNetwork) => {
    const { m, s } = solveModel(net, 1e-10, 4000, 1);
    const turns = Array.from({ length: m.turnIn.length }, (_, t) => t);
    return [Array.from(s.headWait), Array.from(s.portWait), Array.from(s.headTime), Array.from(s.fifoWait), turns.map((t) => delayedShare(m, s, t))];
  };

  it('B fresh, then A, B again, C, A again: each as its first solve', () => {
    // B first: no model has marked anything yet (B marks nothing at q); A then marks q, which B's second solve must not read.
    const firstB = numbers(b());
    const firstA = numbers(a());
    expect(numbers(b())).toEqual(firstB);
    numbers(c());
    expect(numbers(a())).toEqual(firstA);
    // The two models differ where the marks do (else the check could not fail): A's heads at q have port waits B's lack.
    expect(firstA[1]).not.toEqual(firstB[1]);
  });
});

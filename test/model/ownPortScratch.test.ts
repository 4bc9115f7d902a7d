/**
 * Review H40rv265 of changes 265/266 (H40dia): their scratch — waiting.ts's marks of the outputs fed by one input port
 * (module-wide then; the compiled model's work.ts `oneLinkOut` since the second reading) and the per-turn port-busy
 * chances (a WeakMap per solve state then; state.ts `portBusyFresh` / `portBusyAll` since) — reads nothing of an earlier port, pass, solve or model. In a file
 * of its own: vitest runs each file in a fresh module, so the first solve below is the first of the process (no model has
 * marked anything before it). Independent of what the code computes, only of its being computed alike.
 */
import { describe, expect, it } from 'vitest';
import { solveModel } from '../../src/model/solve.js';
import { delayedShare } from '../../src/model/queues/portReadout.js';
import type { ModelNetwork } from '../../src/model/index.js';
import { flow, network, port } from './ownPortNetwork.js';

/**
 * Models A (q fed by a's link alone: marked) and B (b's link into q on both VLs too: not marked; the same ports) and C (one
 * port more). Without the unmarking of every port first (iterate.ts portWaits) B's second solve read A's mark and differed
 * (checked by removing that line: this test fails).
 */
describe('changes 265/266 scratch: A, B, C, A solves as a fresh A', () => {
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

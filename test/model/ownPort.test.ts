/**
 * Changes 265 and 266 (H40dia, docs/fabric-model.md; docs/models.md §13.4). 265: at a switch output fed by one input port,
 * every packet ahead of a head comes through the head's own input port, which sends one packet at a time (the simulator's
 * crossbar): the port's other VLs' packets for that output are waits for the port, counted in the head's port wait e like
 * its packets for other outputs — a delayed one (it left its buffer later than it came) as a fresh head finds it, any one
 * after a wait. 266: a packet that waited for its own input port left later than it came too. The checks are the rules,
 * not numbers of the code: before 265 the port wait of a head at such an output left those packets out (0 here, where
 * the other VL sends nothing elsewhere), and before 266 the delayed share was λ_u(S_u − x_u) exactly where b = 0.
 */
import { describe, expect, it } from 'vitest';
import { solveModel } from '../../src/model/solve.js';
import { delayedShare } from '../../src/model/queues/portReadout.js';
import { X, network } from './ownPortNetwork.js';

/** The turns into output port p with traffic, from input buffer (channel) u. */
function turnsInto(m: ReturnType<typeof solveModel>['m'], s: ReturnType<typeof solveModel>['s'], u: number, p: number): number[] {
  const out: number[] = [];
  for (let t = 0; t < m.turnIn.length; t++) if (m.turnIn[t] === u && ((m.turnOut[t]! / m.V) | 0) === p && s.lamT[t]! > 0) out.push(t);
  return out;
}

describe('change 265: a head at an output fed by its own input port alone', () => {
  it.each([
    [0.2, 0.2, 0.2, 0.4],
    [0.1, 0.3, 0.3, 0.5],
  ])('q0 %d, q1 %d, r0 %d, b0 %d: its port wait counts the other VL\'s packets for that output, and it has no other wait', (q0, q1, r0, b0) => {
    const { m, s } = solveModel(network(q0, q1, r0, b0), 1e-10, 4000, 1);
    const [t0] = turnsInto(m, s, 0, 2); // a's VL 0 buffer into q
    const [t1] = turnsInto(m, s, 1, 2); // a's VL 1 buffer into q
    expect(t0).toBeDefined();
    expect(t1).toBeDefined();
    // No output wait beyond the port wait (the output serves only this port's packets).
    expect(s.headWait[t0!]).toBeCloseTo(s.portWait[t0!]!, 15);
    expect(s.headWait[t1!]).toBeCloseTo(s.portWait[t1!]!, 15);
    // VL 1 sends only to q: before change 265 VL 0's head at q had no port wait from it at all.
    const l1 = q1 / X;
    const d1 = delayedShare(m, s, t1!);
    expect(d1).toBeGreaterThan(0);
    // Between the fresh head's count (VL 1's delayed packets, residual x/2 each) and a waited head's (any packet).
    expect(s.portWait[t0!]! / X).toBeGreaterThan(0.5 * l1 * X * d1 * (1 - Math.min(1, s.headWaitProb[t0!]!)) * (1 - Math.min(1, (q0 + r0) / X * Math.max(0, s.headTime[0]! - X))) - 1e-12);
    expect(s.portWait[t0!]! / X).toBeLessThanOrEqual(0.5 * l1 * X + 1e-12);
  });
});

describe('change 266: a packet that waited for its own input port left later than it came', () => {
  it('where its head never waits for the output (b = 0), its delayed share exceeds the wait behind its buffer', () => {
    const { m, s } = solveModel(network(0.2, 0.3, 0.2, 0.4), 1e-10, 4000, 1);
    const [t1] = turnsInto(m, s, 1, 2);
    expect(s.headWaitProb[t1!]).toBe(0);
    expect(s.portWait[t1!]).toBeGreaterThan(0);
    const behind = Math.min(1, s.lam[1]! * Math.max(0, s.headTime[1]! - s.xbar[1]!));
    expect(delayedShare(m, s, t1!) - behind).toBeGreaterThan(1e-4);
  });
});

/**
 * Review H40rv265: changes 265/266's sums at an output fed by one input port, against docs/models.md §13.4 worked by hand
 * from the solved state's inputs to them (b_t the output-wait chance, λ_u(S_u − x_u) the wait behind the buffer, the rates
 * and moments). One switch: host a's VL 0 buffer to outputs q and r, its VL 1 buffer to q only; host b's VL 0 to r. q is fed
 * by a alone (θ_q = 0: no other port's head takes it). For a head of turn t into q, free_t = (1 − b_t)(1 − λ_u(S_u − x_u)):
 *   e_t = free_t Σ_w f_w λ_w δ_w E[x_w²]/2 + (1 − free_t) Σ_w f_w λ_w E[x_w²]/2 over the other VL's turns w (265: q's too),
 *   δ_w = 1 − (1 − b_w)(1 − λ_u(S_u − x_u))(1 − P_w), P_w = free_w Σ λ δ x + (1 − free_w) Σ λ x over the packets w's own
 *   readout counts (266), f_w the lower VLs' run (1/(1 − more), capped by 1/(1 − ρ_lower)) for VL 1's heads, 1 otherwise.
 * δ and P solved here by plain iteration of those equations; e compared with the code's port wait. And no output wait at q.
 */
import { describe, expect, it } from 'vitest';
import { solveModel } from '../../src/model/solve.js';
import { delayedShare } from '../../src/model/queues/portReadout.js';
import { network } from './ownPortNetwork.js';

describe('265/266 at a one-port output against §13.4 by hand', () => {
  it.each([
    [0.2, 0.3, 0.2, 0.4],
    [0.1, 0.2, 0.4, 0.3],
  ])('q0 %d, q1 %d, r0 %d, b0 %d', (...loads) => {
    const { m, s, converged } = solveModel(network(...(loads as [number, number, number, number])), 1e-12, 4000, 1);
    expect(converged).toBe(true);
    const find = (u: number, p: number) => Array.from({ length: m.turnIn.length }, (_, t) => t).find((t) => m.turnIn[t] === u && ((m.turnOut[t]! / m.V) | 0) === p && s.lamT[t]! > 0)!;
    const [tq0, tr0, tq1] = [find(0, 2), find(0, 3), find(1, 2)];
    const b = (t: number) => Math.min(1, s.headWaitProb[t]!);
    const behind = (u: number) => Math.min(1, s.lam[u]! * Math.max(0, s.headTime[u]! - s.xbar[u]!));
    const lam = (t: number) => s.lamT[t]!;
    const x = (t: number) => s.xbar[m.turnOut[t]!]!;
    const x2 = (t: number) => s.x2[m.turnOut[t]!]!;
    const free = (t: number) => (1 - b(t)) * (1 - behind(m.turnIn[t]!));
    const P = new Map([[tq0, 0], [tr0, 0], [tq1, 0]]);
    const delta = (t: number) => 1 - (1 - b(t)) * (1 - behind(m.turnIn[t]!)) * (1 - P.get(t)!);
    for (let k = 0; k < 200; k++) {
      // VL 0's heads (to q, to r): VL 1's packets, all for q (counted at q since 265; at r as another output).
      const fresh0 = lam(tq1) * delta(tq1) * x(tq1);
      const all0 = lam(tq1) * x(tq1);
      // VL 1's head (to q): VL 0's packets for q (265) and for r.
      const fresh1 = lam(tq0) * delta(tq0) * x(tq0) + lam(tr0) * delta(tr0) * x(tr0);
      const all1 = lam(tq0) * x(tq0) + lam(tr0) * x(tr0);
      P.set(tq0, free(tq0) * fresh0 + (1 - free(tq0)) * all0);
      P.set(tr0, free(tr0) * fresh0 + (1 - free(tr0)) * all0);
      P.set(tq1, free(tq1) * fresh1 + (1 - free(tq1)) * all1);
    }
    // VL 0 is lower than VL 1: its run for VL 1's heads (portReadout.ts otherVlsReadout, H31x).
    const more = behind(0) * ((lam(tq0) * (1 - b(tq0)) + lam(tr0) * (1 - b(tr0))) / s.lam[0]!);
    const run = Math.min(1 / (1 - more), 1 / (1 - (lam(tq0) * x(tq0) + lam(tr0) * x(tr0))));
    const e0 = free(tq0) * (lam(tq1) * delta(tq1) * x2(tq1)) / 2 + (1 - free(tq0)) * (lam(tq1) * x2(tq1)) / 2;
    const e1 =
      free(tq1) * run * (lam(tq0) * delta(tq0) * x2(tq0) + lam(tr0) * delta(tr0) * x2(tr0)) / 2 +
      (1 - free(tq1)) * run * (lam(tq0) * x2(tq0) + lam(tr0) * x2(tr0)) / 2;
    expect(s.portWait[tq0]! / e0).toBeCloseTo(1, 9);
    expect(s.portWait[tq1]! / e1).toBeCloseTo(1, 9);
    for (const t of [tq0, tr0, tq1]) expect(delayedShare(m, s, t)).toBeCloseTo(delta(t), 9);
    // 266 moved something here: VL 1's head never waits for q (b = 0), yet its δ exceeds the wait behind its buffer.
    expect(delta(tq1) - behind(1)).toBeGreaterThan(1e-3);
    // No output wait at q (265: no MVA there).
    expect(s.headWait[tq0]).toBe(s.portWait[tq0]);
    expect(s.headWait[tq1]).toBe(s.portWait[tq1]);
  });
});

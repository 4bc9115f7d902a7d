/**
 * trainsAhead (docs/models.md §13.5, changes 303/310–312) on a state set by hand: one switch, inputs h0, h1, h2 into output
 * h3 (one VL); h2's buffer also sends to h0. The count of other inputs' next packets ahead of a head from input port pu is
 * Σ_{u′ ≠ pu, N_u′ ≥ 2} λ_t′ x_c · P_u′ · λ_t′/λ_u′, P = (σ + ρ′)/2, ρ′ = min(1, (S − x)/(1/λ − x)), σ = ρ′e^(−xρ′/W),
 * written out here (review H41rv310: the sum, the own port's exclusion, a split buffer's share and change 310's one-packet
 * buffers had no test; trainsAhead.test.ts checks nextPacketChance alone).
 */
import { describe, expect, it } from 'vitest';
import { fabricModelNetwork } from '../../src/model/index.js';
import { compileModel } from '../../src/model/spec/compile.js';
import { newState } from '../../src/model/fixedPoint/state.js';
import { trainsAhead } from '../../src/model/queues/trainsAhead.js';
import { singleSwitchTopology } from '../../src/network/index.js';

const X = (2048 * 8) / 2.5e9; // one 2 KB packet on a 2.5 Gb/s link, s
/** Per link, in packets per x: h0→h3, h1→h3, h2→h3, h2→h0. */
const PAIRS: ReadonlyArray<readonly [string, string, number]> = [['h0', 'h3', 0.2], ['h1', 'h3', 0.3], ['h2', 'h3', 0.25], ['h2', 'h0', 0.15]];

/** Every input buffer's head time x + `beyondX`·x and FIFO wait `wX`·x; returns the count ahead of a head from each host. */
function count(bufferBytes: number, beyondX: number, wX: number): Record<'h0' | 'h1' | 'h2', number> {
  const flows = PAIRS.map(([a, b, load], i) => ({ name: `f${i}`, source: a, destination: b, sl: 0, traffic: { kind: 'poisson' as const, rate: load / X }, packetBytes: 2048 }));
  const net = fabricModelNetwork({ topology: singleSwitchTopology(4), vls: 1, slToVl: Array<number>(16).fill(0), bufferBytes, flows } as never);
  const m = compileModel(net);
  const s = newState(m);
  const port = (h: string) => net.ports.findIndex((p) => p.name === h);
  const T = m.turnIn.length;
  const outsOf = (h: string) => [...Array(T).keys()].filter((t) => m.turnIn[t] === port(h)).map((t) => m.turnOut[t]!);
  const c = outsOf('h0')[0]!; // the switch's output to h3: h0's only turn goes there
  const toH0 = outsOf('h2').find((o) => o !== c)!;
  const turn = (from: string, to: string) => [...Array(T).keys()].find((t) => m.turnIn[t] === port(from) && m.turnOut[t] === (to === 'h3' ? c : toH0))!;
  for (const h of ['h0', 'h1', 'h2']) {
    const u = port(h);
    const l = PAIRS.filter((p) => p[0] === h).reduce((a, p) => a + p[2], 0) / X;
    s.lam[u] = l;
    s.b1[u] = l * 2048; // bytes per second: 2 KB packets
    s.xbar[u] = X;
    s.headTime[u] = X + beyondX * X;
    s.fifoWait[u] = wX * X;
  }
  for (const [a, b, load] of PAIRS) s.lamT[turn(a, b)] = load / X;
  s.xbar[c] = X;
  return { h0: trainsAhead(m, s, c, port('h0')), h1: trainsAhead(m, s, c, port('h1')), h2: trainsAhead(m, s, c, port('h2')) };
}

/** Input u′'s term, written out: λ_t′x_c · P · λ_t′/λ_u′ (loads per x, so λx is the load itself). */
function term(lt: number, lu: number, beyondX: number, wX: number): number {
  const rho = Math.min(1, beyondX / (1 / lu - 1)); // (S − x)/(1/λ − x), in x
  const sigma = wX > 0 ? rho * Math.exp(-rho / wX) : 0;
  return lt * ((sigma + rho) / 2) * (lt / lu);
}

describe("trainsAhead: the other inputs' next packets ahead of a head", () => {
  it('four slots: each head counts the other two inputs, h2 by its share 0.25/0.40 for h3', () => {
    const got = count(4 * 2048, 0.5, 1);
    const h0 = term(0.2, 0.2, 0.5, 1);
    const h1 = term(0.3, 0.3, 0.5, 1);
    const h2 = term(0.25, 0.4, 0.5, 1);
    expect(got.h0).toBeCloseTo(h1 + h2, 14);
    expect(got.h1).toBeCloseTo(h0 + h2, 14);
    expect(got.h2).toBeCloseTo(h0 + h1, 14);
    // h2's own numbers: ρ′ = 0.5/(2.5 − 1) = 1/3, σ = e^(−1/3)/3.
    expect(term(0.25, 0.4, 0.5, 1)).toBeCloseTo(0.25 * ((Math.exp(-1 / 3) / 3 + 1 / 3) / 2) * 0.625, 15);
  });

  it('a buffer of one packet holds no next packet (change 310): nothing ahead', () => {
    const got = count(2048, 0.5, 1);
    expect([got.h0, got.h1, got.h2]).toEqual([0, 0, 0]);
  });
});

/**
 * Method change 246 (src/model/queues/portReadout.ts sameLinkStrangers; docs/fabric-model.md): the same link's other
 * VLs at an output contend with a turn as strangers only as far as one of the two packets was delayed. Two switches: host a
 * (on S:1) sends SL 0 to c and d and SL 1 to c, host e (on S:3) sends SL 0 to c; c and d hang off T, behind S:2. S puts the
 * hop to d on VL offset 1 (a dateline's kind of turn): a's VL 0 buffer feeds S:2 on VL 0 (to c) and on VL 1 (to d). At S:2
 * the turn of a's VL 0 to c has one turn of another buffer of its link (a's VL 1), one of its own FIFO (a's VL 0 to d: never
 * a head beside it, inputFifo.ts, one head per buffer; review H39rv246 of change 246, as changes 250/240 read it) and one
 * stranger of another link (e's, never counted here). The state's delays are set by hand and the reference is the rule's
 * arithmetic done here: d = 1 − (1 − b)(1 − λ(S − x)) per turn, rate λ_t'·(1 − (1 − d_t)(1 − d_t')).
 */
import { describe, expect, it } from 'vitest';
import { fabricModelNetwork } from '../../src/model/spec/scenario.js';
import { solveModel } from '../../src/model/solve.js';
import { sameLinkStrangers, delayedShare } from '../../src/model/queues/portReadout.js';
import type { VlShares } from '../../src/model/queues/arbitration.js';

const PPS = 50_000;
const flow = (name: string, source: string, destination: string, sl: number) => ({ name, source, destination, sl, traffic: { kind: 'poisson', rate: PPS }, packetBytes: 2048 });
const params = {
  topology: {
    switches: [{ name: 'S', ports: 3 }, { name: 'T', ports: 3 }],
    hosts: [{ name: 'a' }, { name: 'c' }, { name: 'd' }, { name: 'e' }],
    links: [
      { a: 'a', b: 'S:1', rateGbps: 2.5 },
      { a: 'S:2', b: 'T:1', rateGbps: 2.5 },
      { a: 'e', b: 'S:3', rateGbps: 2.5 },
      { a: 'T:2', b: 'c', rateGbps: 2.5 },
      { a: 'T:3', b: 'd', rateGbps: 2.5 },
    ],
    forwarding: { S: { a: 1, c: 2, d: 2, e: 3 }, T: { a: 1, c: 2, d: 3, e: 1 } },
    virtualLanes: { S: { a: 0, c: 0, d: 1, e: 0 }, T: { a: 0, c: 0, d: 0, e: 0 } },
  },
  vls: 2,
  slToVl: [0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  flows: [flow('a0', 'a', 'c', 0), flow('a1', 'a', 'c', 1), flow('ad', 'a', 'd', 0), flow('e0', 'e', 'c', 0)],
};

describe('the same link’s other VLs at an output (change 246)', () => {
  const net = fabricModelNetwork(params as never);
  const { m, s } = solveModel(net, 1e-9, 500, 1);
  const portOf = (name: string) => net.ports.findIndex((p) => p.name === name);
  const base = portOf('S:2') * m.V;
  // The turn into S:2's VL `out` from the buffer fed by `port`'s channel of VL `v` (a channel is named by its sending port).
  const turn = (port: string, v: number, out: number) => {
    for (let i = m.intoStart[base + out]!; i < m.intoStart[base + out + 1]!; i++) if (m.turnIn[m.intoOf[i]!] === portOf(port) * m.V + v) return m.intoOf[i]!;
    throw new Error(`no turn from ${port} VL ${v} into VL ${out}`);
  };
  const t0 = turn('a', 0, 0);
  const t1 = turn('a', 1, 1);
  const tf = turn('a', 0, 1);
  const te = turn('e', 0, 0);
  const oneLevel = { level: [0, 0] } as unknown as VlShares;

  it('the set-up: four turns with traffic, a’s VL 0 buffer on both VLs of S:2', () => {
    for (const t of [t0, t1, tf, te]) expect(s.lamT[t]).toBeGreaterThan(0);
    expect(m.turnIn[tf]).toBe(m.turnIn[t0]);
  });

  it('counts nothing when neither packet waited (the link spaces them), and never the other link’s turn', () => {
    for (const t of [t0, t1, tf, te]) s.headWaitProb[t] = 0;
    for (const t of [t0, t1, tf, te]) s.headTime[m.turnIn[t]!] = s.xbar[m.turnIn[t]!]!;
    s.headWaitProb[te] = 0.9;
    expect(sameLinkStrangers(m, s, t0, base, oneLevel, 0)).toBe(0);
    expect(sameLinkStrangers(m, s, te, base, oneLevel, 0)).toBe(0);
  });

  it('with delays set by hand, the pair form over the link’s other buffers to 1e-12 (the own FIFO’s turn not counted)', () => {
    s.headWaitProb[t0] = 0.2;
    s.headWaitProb[t1] = 0.1;
    s.headWaitProb[tf] = 0.4;
    s.headWaitProb[te] = 0.9;
    const u0 = m.turnIn[t0]!;
    const u1 = m.turnIn[t1]!;
    s.headTime[u0] = s.xbar[u0]! * 1.5;
    s.headTime[u1] = s.xbar[u1]! * 1.25;
    const d0 = 1 - (1 - 0.2) * (1 - s.lam[u0]! * 0.5 * s.xbar[u0]!);
    const df = 1 - (1 - 0.4) * (1 - s.lam[u0]! * 0.5 * s.xbar[u0]!);
    const d1 = 1 - (1 - 0.1) * (1 - s.lam[u1]! * 0.25 * s.xbar[u1]!);
    expect(Math.abs(delayedShare(m, s, t0) - d0)).toBeLessThan(1e-12);
    const want = s.lamT[t1]! * (1 - (1 - d0) * (1 - d1));
    expect(Math.abs(sameLinkStrangers(m, s, t0, base, oneLevel, 0) / want - 1)).toBeLessThan(1e-12);
    expect(Math.abs(sameLinkStrangers(m, s, tf, base, oneLevel, 0) / (s.lamT[t1]! * (1 - (1 - df) * (1 - d1))) - 1)).toBeLessThan(1e-12);
    // a's VL 1 sees both turns of a's VL 0 buffer.
    const both = s.lamT[t0]! * (1 - (1 - d0) * (1 - d1)) + s.lamT[tf]! * (1 - (1 - df) * (1 - d1));
    expect(Math.abs(sameLinkStrangers(m, s, t1, base, oneLevel, 0) / both - 1)).toBeLessThan(1e-12);
  });

  it('only the priority level being read: with S:2’s VL 1 on the other level, a’s VL 0 to c has no same-link stranger', () => {
    expect(sameLinkStrangers(m, s, t0, base, { level: [0, 1] } as unknown as VlShares, 0)).toBe(0);
  });
});

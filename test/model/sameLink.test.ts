/**
 * Method change 246 (src/model/queues/heads.ts sameLinkStrangers; docs/fabric-model.md): the same link's other VLs at an
 * output contend with a turn as strangers only as far as one of the two packets was delayed. One switch: host a sends SL 0
 * (VL 0) and SL 1 (VL 1) to c, host e sends SL 0 to c. At c's output the turn of a's VL 0 has one same-link turn (a's VL 1)
 * and one stranger (e's, another link, never counted here). The state's delays are set by hand and the reference is the
 * rule's arithmetic done here: d = 1 − (1 − b)(1 − λ(S − x)) per turn, rate λ_t'·(1 − (1 − d_t)(1 − d_t')).
 */
import { describe, expect, it } from 'vitest';
import { fabricModelNetwork } from '../../src/model/spec/scenario.js';
import { solveModel } from '../../src/model/solve.js';
import { sameLinkStrangers, delayedShare } from '../../src/model/queues/heads.js';

const PPS = 50_000;
const params = {
  topology: {
    switches: [{ name: 'S', ports: 3 }],
    hosts: [{ name: 'a' }, { name: 'c' }, { name: 'e' }],
    links: [
      { a: 'a', b: 'S:1', rateGbps: 2.5 },
      { a: 'S:2', b: 'c', rateGbps: 2.5 },
      { a: 'e', b: 'S:3', rateGbps: 2.5 },
    ],
  },
  vls: 2,
  slToVl: [0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  flows: [
    { name: 'a0', source: 'a', destination: 'c', sl: 0, traffic: { kind: 'poisson', rate: PPS }, packetBytes: 2048 },
    { name: 'a1', source: 'a', destination: 'c', sl: 1, traffic: { kind: 'poisson', rate: PPS }, packetBytes: 2048 },
    { name: 'e0', source: 'e', destination: 'c', sl: 0, traffic: { kind: 'poisson', rate: PPS }, packetBytes: 2048 },
  ],
};

describe('the same link’s other VLs at an output (change 246)', () => {
  const net = fabricModelNetwork(params as never);
  const { m, s } = solveModel(net, 1e-9, 500, 1);
  const portOf = (name: string) => net.ports.findIndex((p) => p.name === name);
  const out = portOf('S:2');
  const base = out * m.V;
  // The turns into c's output, by the host port whose channel feeds the buffer, and VL.
  const turn = (host: string, v: number) => {
    for (let c = base; c < base + m.V; c++) for (let i = m.intoStart[c]!; i < m.intoStart[c + 1]!; i++) if (m.turnIn[m.intoOf[i]!] === portOf(host) * m.V + v) return m.intoOf[i]!;
    throw new Error(`no turn from ${host} VL ${v}`);
  };
  const t0 = turn('a', 0);
  const t1 = turn('a', 1);
  const te = turn('e', 0);

  it('counts nothing when neither packet waited (the link spaces them), and never the other link’s turn', () => {
    for (const t of [t0, t1, te]) s.headWaitProb[t] = 0;
    for (const t of [t0, t1, te]) s.headTime[m.turnIn[t]!] = s.xbar[m.turnIn[t]!]!;
    expect(sameLinkStrangers(m, s, t0, base)).toBe(0);
    expect(sameLinkStrangers(m, s, te, base)).toBe(0);
  });

  it('with delays set by hand, the pair form of the rule to 1e-12', () => {
    s.headWaitProb[t0] = 0.2;
    s.headWaitProb[t1] = 0.1;
    s.headWaitProb[te] = 0.9;
    const u0 = m.turnIn[t0]!;
    const u1 = m.turnIn[t1]!;
    s.headTime[u0] = s.xbar[u0]! * 1.5;
    s.headTime[u1] = s.xbar[u1]! * 1.25;
    const d0 = 1 - (1 - 0.2) * (1 - s.lam[u0]! * 0.5 * s.xbar[u0]!);
    const d1 = 1 - (1 - 0.1) * (1 - s.lam[u1]! * 0.25 * s.xbar[u1]!);
    expect(Math.abs(delayedShare(m, s, t0) - d0)).toBeLessThan(1e-12);
    const want = s.lamT[t1]! * (1 - (1 - d0) * (1 - d1));
    expect(Math.abs(sameLinkStrangers(m, s, t0, base) / want - 1)).toBeLessThan(1e-12);
    // Symmetric in the pair: a's VL 1 sees a's VL 0 at its rate.
    expect(Math.abs(sameLinkStrangers(m, s, t1, base) / (s.lamT[t0]! * (1 - (1 - d0) * (1 - d1))) - 1)).toBeLessThan(1e-12);
  });
});

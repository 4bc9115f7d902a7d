/**
 * Seed gran-…'s pieces one by one: the folded-Clos generator and its D-mod-k tables, per-QP IB CC
 * (exact CCTI arithmetic), the V/C/B generator's Frame I rules (shares of link time, no HoL blocking
 * in the generator, hotspots moving), and the scenario's bad-input errors.
 */
import { describe, expect, it } from 'vitest';
import { IbCcQpTable } from '../../../src/congestion/index.js';
import { InvalidParameterError } from '../../../src/core/errors.js';
import { seededStream } from '../../../src/core/random.js';
import { fabricRoute, foldedClosTopology, validateFabricTopology } from '../../../src/network/index.js';
import { GranRole, GranTraffic, parseIbccFatTree, PARKED_MESSAGES, type GranTrafficConfig } from '../../../src/studies/index.js';
import { thrownBy } from '../../helpers/errors.js';

describe('foldedClosTopology', () => {
  it('radix 36 → the Sun 648: 54 switches (36 leaves, 18 spines), 648 hosts', () => {
    const t = foldedClosTopology(36);
    expect(t.switches.length).toBe(54);
    expect(t.hosts.length).toBe(648);
    expect(t.switches.every((s) => s.ports === 36)).toBe(true);
    // 648 host links + 36 × 18 leaf-spine links
    expect(t.links.length).toBe(648 + 36 * 18);
  });

  it('radix 8: every route crosses 1 switch inside a leaf and 3 across, through spine d mod 4', () => {
    const t = validateFabricTopology(foldedClosTopology(8));
    for (let a = 0; a < 32; a += 3) {
      for (let d = 0; d < 32; d++) {
        if (a === d) continue;
        const route = fabricRoute(t, `h${Math.floor(a / 4)}_${a % 4}`, `h${Math.floor(d / 4)}_${d % 4}`);
        const sameLeaf = Math.floor(a / 4) === Math.floor(d / 4);
        expect(route.length, `${a}→${d}`).toBe(sameLeaf ? 1 : 3);
        if (!sameLeaf) expect(route[1], `${a}→${d}`).toBe(`S${d % 4}:${Math.floor(d / 4) + 1}`);
      }
    }
  });

  it('each spine-to-leaf link carries one destination (D-mod-k), so the tables are non-blocking for destinations', () => {
    const t = foldedClosTopology(6);
    for (let j = 0; j < 3; j++) {
      const row = t.forwarding![`S${j}`]!;
      for (let i = 0; i < 6; i++) {
        // hosts reaching leaf i through S_j's port i+1 with position j
        const via = t.hosts.filter((h, d) => row[h.name] === i + 1 && t.forwarding![`L${i}`]![h.name] === (d % 3) + 1);
        expect(via.length).toBe(3);
      }
    }
  });

  it('rejects an odd radix or one under 4, naming radix', () => {
    for (const k of [3, 5, 2, 0, 66, 4.5]) expect(thrownBy(InvalidParameterError, () => foldedClosTopology(k)).parameter).toBe('radix');
  });
});

describe('IbCcQpTable', () => {
  it('raises one pair by CCTI_Increase per BECN up to CCTI_Limit and leaves other pairs alone', () => {
    const cc = new IbCcQpTable({ hosts: 3, cctiLimit: 4, cctiIncrease: 3, timerPeriod: 1 });
    cc.onBecn(0, 1, 0);
    expect(cc.ccti(0, 1, 0)).toBe(3);
    cc.onBecn(0, 1, 0.5);
    expect(cc.ccti(0, 1, 0.5)).toBe(4); // min(4, 6)
    expect(cc.ccti(1, 0, 0.5)).toBe(0);
    expect(cc.ccti(0, 2, 0.5)).toBe(0);
    expect(cc.becns).toBe(2);
  });

  it('applies the free-running timer lazily: one decrement per expiry k·T passed, never below CCTI_Min', () => {
    const cc = new IbCcQpTable({ hosts: 2, cctiMin: 1 });
    expect(cc.timerPeriod).toBeCloseTo(153.6e-6, 15);
    const T = cc.timerPeriod;
    for (let i = 0; i < 10; i++) cc.onBecn(1, 0, 0.5 * T); // CCTI 1 + 10 at 0.5 T
    expect(cc.ccti(1, 0, 0.99 * T)).toBe(11);
    expect(cc.ccti(1, 0, 1.0 * T)).toBe(10); // expiry at T
    expect(cc.ccti(1, 0, 3.5 * T)).toBe(8); // expiries at 2T, 3T
    expect(cc.ccti(1, 0, 100 * T)).toBe(1); // CCTI_Min
    // a BECN after idle expiries starts from the minimum, not from a stale value
    cc.onBecn(1, 0, 100.2 * T);
    expect(cc.ccti(1, 0, 100.2 * T)).toBe(2);
  });

  it('random BECNs and reads on a few pairs → the CCTI of a reference that applies every expiry k·T one by one', () => {
    // The reference keeps each pair's CCTI and the time it was last brought up to date, and steps
    // through the expiries k·T in between (no lazy arithmetic): an independent statement of the rule.
    const T = 1e-4;
    const cc = new IbCcQpTable({ hosts: 3, cctiMin: 2, cctiLimit: 9, cctiIncrease: 3, table: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], timerPeriod: T });
    const level = new Map<number, number>();
    const since = new Map<number, number>();
    const refAt = (qp: number, t: number): number => {
      let c = level.get(qp) ?? 2;
      for (let k = Math.floor((since.get(qp) ?? 0) / T) + 1; k * T <= t; k++) c = Math.max(2, c - 1);
      level.set(qp, c);
      since.set(qp, t);
      return c;
    };
    const random = seededStream(7);
    let t = 0;
    for (let i = 0; i < 4000; i++) {
      t += random.next() * (random.next() < 0.1 ? 20 * T : 0.7 * T);
      const a = Math.floor(random.next() * 3);
      const d = (a + 1 + Math.floor(random.next() * 2)) % 3;
      const qp = a * 3 + d;
      if (random.next() < 0.4) {
        cc.onBecn(a, d, t);
        level.set(qp, Math.min(9, refAt(qp, t) + 3));
      } else expect(cc.ccti(a, d, t)).toBe(refAt(qp, t));
    }
    expect(cc.becns).toBeGreaterThan(1000);
  });

  it('IRD is the table entry at CCTI (default IRD[i] = i, Table I limit 127)', () => {
    const cc = new IbCcQpTable({ hosts: 2 });
    expect(cc.table.length).toBe(128);
    for (let i = 0; i < 200; i++) cc.onBecn(0, 1, 0);
    expect(cc.ird(0, 1, 0)).toBe(127);
    const custom = new IbCcQpTable({ hosts: 2, table: [0, 10, 100] });
    custom.onBecn(0, 1, 0);
    expect(custom.ird(0, 1, 0)).toBe(10);
  });

  it('rejects bad parameters by name', () => {
    expect(thrownBy(InvalidParameterError, () => new IbCcQpTable({ hosts: 1 })).parameter).toBe('hosts');
    expect(thrownBy(InvalidParameterError, () => new IbCcQpTable({ hosts: 2, table: [0, 1], cctiLimit: 5 })).parameter).toBe('cctiLimit');
    expect(thrownBy(InvalidParameterError, () => new IbCcQpTable({ hosts: 2, table: [0, -1] })).parameter).toBe('table[1]');
    expect(thrownBy(InvalidParameterError, () => new IbCcQpTable({ hosts: 2, timerPeriod: 0 })).parameter).toBe('timerPeriod');
  });
});

/** A GranTraffic over `roles` with unit rates: R = B = 1 byte/s, 1-byte packets. */
function traffic(roles: number[], over: Partial<GranTrafficConfig> = {}): GranTraffic {
  return new GranTraffic({
    roles: Uint8Array.from(roles),
    contributors: roles.flatMap((r, h) => (r === GranRole.C || r === GranRole.B ? [h] : [])),
    p: 0.5,
    hotspots: 1,
    lifetime: Infinity,
    injectionRate: 1,
    linkRate: 1,
    packetBytes: 1,
    messagePackets: 2,
    cc: null,
    hotspotStream: seededStream(3),
    hostStreams: roles.map((_, h) => seededStream(100 + h)),
    ...over,
  });
}

/** Host h sends whenever allowed, one packet per unit of time, up to time `until`; returns the destinations. */
function drive(t: GranTraffic, h: number, until: number, step = 1): { at: number; dst: number }[] {
  const out: { at: number; dst: number }[] = [];
  let now = 0;
  while (now < until) {
    const d = t.next(h, now);
    if (d < 0) {
      expect(t.wakeAt).toBeGreaterThan(now);
      if (t.wakeAt === Infinity) break;
      now = t.wakeAt;
      continue;
    }
    t.sent(h, d, now);
    out.push({ at: now, dst: d });
    now += step;
  }
  return out;
}

describe('GranTraffic (Frame I)', () => {
  it('a B node with p = 50 % sends about half its packets to its hotspot, the other half uniformly to the others', () => {
    const roles = Array(20).fill(GranRole.V);
    roles[1] = GranRole.B;
    const t = traffic(roles, { p: 0.3 });
    const hs = t.hotspotOf[0]!;
    const sent = drive(t, 1, 4000);
    const toHs = sent.filter((s) => s.dst === hs).length;
    // hotspot share 0.3 by the coin; the uniform part also reaches the hotspot 1/19 of the time
    const expected = 0.3 + 0.7 / 19;
    expect(toHs / sent.length).toBeGreaterThan(expected - 0.03);
    expect(toHs / sent.length).toBeLessThan(expected + 0.03);
    expect(sent.every((s) => s.dst !== 1)).toBe(true);
  });

  it('keeps the uniform stream within its (1 − p) share of link time when the hotspot stream is held back', () => {
    const roles = [GranRole.B, GranRole.V, GranRole.V, GranRole.V];
    const cc = new IbCcQpTable({ hosts: 4, timerPeriod: 1e9, table: [0, 1e6], cctiLimit: 1 });
    const t = traffic(roles, { p: 0.6, cc });
    const hs = t.hotspotOf[0]!;
    cc.onBecn(0, hs, 0); // the pair to the hotspot is throttled to B/(1 + 1e6)
    const sent = drive(t, 0, 1000);
    const uniform = sent.filter((s) => s.dst !== hs);
    // no HoL blocking: the uniform stream still sends ...
    expect(uniform.length).toBeGreaterThan(350);
    // ... but never more than 40 % of the time so far (plus the packet it starts)
    uniform.forEach((s, i) => expect(i, `packet ${i} at ${s.at}`).toBeLessThanOrEqual(0.4 * s.at + 1));
  });

  it('parks a uniform message whose pair is rate-limited and sends other destinations meanwhile', () => {
    const roles = Array(6).fill(GranRole.V);
    const cc = new IbCcQpTable({ hosts: 6, timerPeriod: 1e9, table: [0, 1e6], cctiLimit: 1 });
    const t = traffic(roles, { cc, hotspots: 0 });
    for (const d of [1, 2, 3]) cc.onBecn(0, d, 0);
    // the first packet to each throttled pair may go (the gap counts from a packet), then they wait
    const sent = drive(t, 0, 400);
    const perDst = [1, 2, 3, 4, 5].map((d) => sent.filter((s) => s.dst === d).length);
    expect(perDst.slice(0, 3).every((n) => n <= 1)).toBe(true);
    expect(perDst[3]! + perDst[4]!).toBeGreaterThan(300);
    expect(PARKED_MESSAGES).toBeGreaterThanOrEqual(3);
  });

  it('moves the hotspots every lifetime, drawing a new random set', () => {
    const roles = Array(50).fill(GranRole.C);
    const t = traffic(roles, { hotspots: 2, lifetime: 10 });
    const seen = new Set<number>();
    for (let now = 0; now < 200; now += 10) {
      t.next(5, now);
      seen.add(t.hotspotOf[0]!);
      seen.add(t.hotspotOf[1]!);
      expect(t.hotspotOf[0]).not.toBe(t.hotspotOf[1]);
    }
    expect(seen.size).toBeGreaterThan(15);
  });

  it('with no hotspots C nodes are idle and V nodes send uniformly', () => {
    const t = traffic([GranRole.C, GranRole.V, GranRole.V], { hotspots: 0 });
    expect(t.next(0, 0)).toBe(-1);
    expect(t.wakeAt).toBe(Infinity);
    expect(t.next(1, 0)).toBeGreaterThanOrEqual(0);
  });
});

describe('ibcc-fat-tree parameters', () => {
  it('defaults to the paper: radix 36, 20 % V, 80 % C, 8 hotspots, CC on, VoQ', () => {
    const p = parseIbccFatTree({});
    expect(p).toMatchObject({ radix: 36, victims: 0.2, contributors: 0.8, bNodes: 0, hotspots: 8, cc: 'on', inputQueueing: 'voq', linkGbps: 16, injectionGbps: 13.5, receiveGbps: 13.6, threshold: 15 });
  });

  it.each([
    [{ victims: 0.5, contributors: 0.8 }, 'victims', /add up to 1/],
    [{ p: 101 }, 'p', /0, 100|\[0, 100\]|0\.\.100/],
    [{ p: -1 }, 'p', /./],
    [{ radix: 8, hotspots: 33 }, 'hotspots', /0\.\.32/],
    [{ radix: 7 }, 'radix', /even/],
    [{ radix: 2 }, 'radix', /even/],
    [{ cc: 'maybe' }, 'cc', /on/],
    [{ inputQueueing: 'lifo' }, 'inputQueueing', /voq/],
    [{ hotspotLifetimeMs: 0 }, 'hotspotLifetimeMs', /./],
    // Issue 33: these never advanced. 2048 B · 8 / 16 Gb/s = 1.024 µs = 0.001024 ms.
    [{ hotspotLifetimeMs: 1e-300 }, 'hotspotLifetimeMs', /at least 0\.001024 ms, one 2048-byte packet's transmission time at linkGbps = 16/],
    [{ hotspotLifetimeMs: 1e-8 }, 'hotspotLifetimeMs', /at least 0\.001024 ms/],
    [{ hotspotLifetimeMs: 1e-4, linkGbps: 100 }, 'hotspotLifetimeMs', /at least 0\.00016384 ms/],
    [{ injectionGbps: 20 }, 'injectionGbps', /linkGbps/],
    [{ bogus: 1 }, 'params', /./],
  ])('%j → an error naming %s', (params, name, rule) => {
    const e = thrownBy(InvalidParameterError, () => parseIbccFatTree(params));
    expect(e.parameter.startsWith(name)).toBe(true);
    expect(e.message).toMatch(rule);
  });
});

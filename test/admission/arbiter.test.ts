import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VlArbiter, delayBoundBytes, parseOpenSmVlarb, vlGuarantees, type ArbitrationEntry } from '../../src/index.js';

/** Drives an arbiter with always-backlogged VLs of fixed packet sizes; returns bytes sent per VL. */
function run(a: VlArbiter, sizes: Record<number, number>, packets: number): Record<number, number> {
  const bytes: Record<number, number> = {};
  const head = (vl: number) => sizes[vl] ?? 0;
  for (let k = 0; k < packets; k++) {
    const vl = a.select(head);
    if (vl < 0) break;
    bytes[vl] = (bytes[vl] ?? 0) + sizes[vl]!;
    a.sent(vl, sizes[vl]!);
  }
  return bytes;
}

/** The VLs an arbiter picks in `count` turns when every VL has a `bytes`-byte packet ready. */
function picks(a: VlArbiter, bytes: number, count: number): number[] {
  const seq: number[] = [];
  for (let k = 0; k < count; k++) {
    const vl = a.select(() => bytes);
    seq.push(vl);
    a.sent(vl, bytes);
  }
  return seq;
}

describe('VlArbiter: the share a VL keeps when the rest of the table is full (docs/admission.md)', () => {
  // VL 0: one entry of weight 255, 64-byte packets. VL 1: the other 63 entries at weight 255.
  const high: ArbitrationEntry[] = [{ vl: 0, weight: 255 }, ...Array.from({ length: 63 }, () => ({ vl: 1, weight: 255 }))];
  /** Units (⌈b/64⌉) sent per VL over `rounds` rounds, VL 1 sending the packet sizes of `pattern` in turn. */
  function units(pattern: number[], rounds: number): [number, number] {
    const a = new VlArbiter({ high, low: [], limitOfHighPriority: 255 });
    let next = 0;
    const sent = [0, 0];
    const perRound = 255 + 63 * pattern.length * Math.ceil(255 / pattern.reduce((s, b) => s + Math.ceil(b / 64), 0));
    for (let k = 0; k < rounds * perRound; k++) {
      const vl = a.select((v) => (v === 0 ? 64 : pattern[next % pattern.length]!));
      const bytes = vl === 0 ? 64 : pattern[next++ % pattern.length]!;
      sent[vl]! += Math.ceil(bytes / 64);
      a.sent(vl, bytes);
    }
    return [sent[0]!, sent[1]!];
  }

  it('mixed packets (254 of 64 bytes, then 2048): each other entry overruns by 31 units; VL 0 gets exactly guaranteedShare, below W/16320', () => {
    const [own, others] = units([...Array.from({ length: 254 }, () => 64), 2048], 4);
    // Per round: VL 0 sends 255 units, each VL 1 entry 254 + 32 = 286 (hand count from the pattern).
    expect([own, others]).toEqual([4 * 255, 4 * 63 * 286]);
    const share = own / (own + others);
    const g = vlGuarantees(high, { mtu: 2048 })[0]!;
    expect(g.guaranteedShare).toBe(255 / (255 + 63 * (254 + 32)));
    expect(share).toBeCloseTo(g.guaranteedShare, 14);
    expect(share).toBeLessThan(255 / 16320); // the old claim "at least W/16320" fails here
  });

  it('MTU packets only (2048 bytes): each other entry spends 256 units, 0.38 % under W/16320', () => {
    const [own, others] = units([2048], 4);
    // 255 units = 7 packets of 32 + 31: the 8th packet overruns by 1 → 256 units per entry.
    expect([own, others]).toEqual([4 * 255, 4 * 63 * 256]);
    const share = own / (own + others);
    expect(share).toBeCloseTo(255 / 16383, 14);
    expect(1 - share / (255 / 16320)).toBeCloseTo(63 / 16383, 14); // ≈ 0.385 %
    expect(share).toBeGreaterThan(vlGuarantees(high, { mtu: 2048 })[0]!.guaranteedShare);
  });
});

describe('VlArbiter', () => {
  it('weighted round robin: backlogged VLs get bytes in the ratio of their weights (64-byte packets)', () => {
    const a = new VlArbiter({ high: [{ vl: 0, weight: 30 }, { vl: 1, weight: 10 }], low: [], limitOfHighPriority: 255 });
    const b = run(a, { 0: 64, 1: 64 }, 4000);
    expect(b[0]! / b[1]!).toBe(3); // thesis §5.2: weights 30 and 10 → 75 % and 25 %
  });

  it('a packet may overrun the remaining weight: weight 1 still sends one 2048-byte packet per visit', () => {
    const a = new VlArbiter({ high: [{ vl: 0, weight: 1 }, { vl: 1, weight: 64 }], low: [], limitOfHighPriority: 255 });
    // VL 1 has 64 units = 4096 bytes: two 2048-byte packets per visit; VL 0 one.
    expect(picks(a, 2048, 6)).toEqual([0, 1, 1, 0, 1, 1]);
  });

  it('skips entries of weight 0 and VLs with nothing to send; −1 when nothing is ready', () => {
    const a = new VlArbiter({ high: parseOpenSmVlarb('2:0,3:5,4:5'), low: [], limitOfHighPriority: 255 });
    expect(a.select((vl) => (vl === 4 ? 100 : 0))).toBe(4);
    a.sent(4, 100);
    expect(a.select(() => 0)).toBe(-1);
  });

  it('LimitOfHighPriority L: at most L·4096 bytes of high before a ready low packet', () => {
    const a = new VlArbiter({ high: [{ vl: 0, weight: 255 }], low: [{ vl: 1, weight: 1 }], limitOfHighPriority: 1 });
    expect(picks(a, 1024, 9)).toEqual([0, 0, 0, 0, 1, 0, 0, 0, 0]);
    const zero = new VlArbiter({ high: [{ vl: 0, weight: 255 }], low: [{ vl: 1, weight: 1 }], limitOfHighPriority: 0 });
    expect(picks(zero, 1024, 4)).toEqual([0, 1, 0, 1]);
  });

  it('limit 255: low goes only when high has nothing ready', () => {
    const a = new VlArbiter({ high: [{ vl: 0, weight: 1 }], low: [{ vl: 1, weight: 1 }], limitOfHighPriority: 255 });
    expect(run(a, { 0: 256, 1: 256 }, 100)[1]).toBeUndefined();
    expect(a.select((vl) => (vl === 1 ? 256 : 0))).toBe(1);
  });

  // Hand-derived sequences from the semantics in docs/admission.md ("The run-time arbiter"; IBA vol. 1 §7.6.9).
  it('an entry of weight 0 is skipped even when its VL has a packet ready', () => {
    const a = new VlArbiter({ high: [{ vl: 2, weight: 0 }, { vl: 3, weight: 5 }], low: [{ vl: 4, weight: 0 }], limitOfHighPriority: 255 });
    expect(run(a, { 2: 64, 3: 64, 4: 64 }, 50)).toEqual({ 3: 64 * 50 });
    expect(a.select((vl) => (vl === 3 ? 0 : 64))).toBe(-1);
  });

  it('within a visit a packet larger than the remaining weight still goes (the weight goes negative)', () => {
    // Weight 40 = 2560 bytes: after one 2048-byte packet 8 units remain (> 0), so a second 2048-byte packet goes.
    const a = new VlArbiter({ high: [{ vl: 0, weight: 40 }, { vl: 1, weight: 40 }], low: [], limitOfHighPriority: 255 });
    expect(picks(a, 2048, 8)).toEqual([0, 0, 1, 1, 0, 0, 1, 1]);
  });

  it('limit 255 is unbounded: a ready low packet waits even after 255 · 4096 high-priority bytes', () => {
    const a = new VlArbiter({ high: [{ vl: 0, weight: 255 }], low: [{ vl: 1, weight: 255 }], limitOfHighPriority: 255 });
    const bytes = run(a, { 0: 2048, 1: 2048 }, 1000); // 2 048 000 bytes > 255 · 4096 = 1 044 480
    expect(bytes).toEqual({ 0: 2048 * 1000 });
    const l254 = new VlArbiter({ high: [{ vl: 0, weight: 255 }], low: [{ vl: 1, weight: 255 }], limitOfHighPriority: 254 });
    expect(run(l254, { 0: 2048, 1: 2048 }, 1000)[1]).toBe(2048); // 254 · 4096 = 508 packets, then one low
  });

  it('rejects bad configurations naming the entry', () => {
    expect(() => new VlArbiter({ high: [{ vl: 15, weight: 1 }], low: [], limitOfHighPriority: 0 })).toThrow(/config\.high\[0\]\.vl/);
    expect(() => new VlArbiter({ high: [], low: [{ vl: 1, weight: 300 }], limitOfHighPriority: 0 })).toThrow(/config\.low\[0\]\.weight/);
    expect(() => new VlArbiter({ high: [], low: [], limitOfHighPriority: 256 })).toThrow(/limitOfHighPriority/);
  });
});

describe('delay bound against the arbiter', () => {
  it('delayBoundBytes: the formula at hand-computed points (docs/admission.md derivation)', () => {
    // d = 1: only the packet on the wire. d = 2, M = 2048: 2048 + (254·64 + 2048) = 20352.
    expect(delayBoundBytes({ distance: 1, mtu: 2048, limitOfHighPriority: 255 })).toBe(2048);
    expect(delayBoundBytes({ distance: 2, mtu: 2048, limitOfHighPriority: 255 })).toBe(20352);
    // L = 4: H = 18304, N = ⌊18304 / 16384⌋ + 1 = 2 low packets.
    expect(delayBoundBytes({ distance: 2, mtu: 2048, limitOfHighPriority: 4 })).toBe(20352 + 2 * 2048);
    expect(() => delayBoundBytes({ distance: 0, mtu: 2048, limitOfHighPriority: 4 })).toThrow(/distance/);
  });

  it('no VL ever waits more bytes than its bound (random tables, random readiness, random sizes)', () => {
    const tableArb = fc.array(
      fc.record({ vl: fc.integer({ min: 0, max: 3 }), weight: fc.integer({ min: 0, max: 255 }) }),
      { minLength: 1, maxLength: 64 },
    );
    fc.assert(
      fc.property(
        tableArb,
        fc.integer({ min: 0, max: 255 }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        (high: ArbitrationEntry[], limit, seed) => {
          const mtu = 2048;
          const low = [{ vl: 7, weight: 4 }];
          const a = new VlArbiter({ high, low, limitOfHighPriority: limit });
          const padded = [...high, ...new Array(64 - high.length).fill({ vl: 0, weight: 0 })];
          const bound = new Map(vlGuarantees(padded, { mtu, limitOfHighPriority: limit }).map((g) => [g.vl, g.delayBoundBytes]));
          let s = seed;
          const rnd = () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32);
          const size = new Map<number, number>();
          const waitingSince = new Map<number, number>(); // VL → bytes on the wire when it became ready
          let wire = 0;
          for (let step = 0; step < 2000; step++) {
            // Each VL with nothing queued becomes ready with some probability, with a random size.
            for (const vl of [0, 1, 2, 3, 7]) {
              if (!size.has(vl) && rnd() < 0.3) {
                size.set(vl, 64 + Math.floor(rnd() * (mtu - 63)));
                waitingSince.set(vl, wire);
              }
            }
            const vl = a.select((v) => size.get(v) ?? 0);
            if (vl < 0) continue;
            const b = size.get(vl)!;
            if (bound.has(vl)) expect(wire - waitingSince.get(vl)!).toBeLessThanOrEqual(bound.get(vl)!);
            a.sent(vl, b);
            wire += b;
            size.delete(vl);
            waitingSince.delete(vl);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

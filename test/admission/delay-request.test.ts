import Fraction from 'fraction.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BandwidthBroker, InvalidParameterError, type TopologySpec } from '../../src/index.js';

/**
 * The worst-case wait in bytes, written out from docs/admission.md "The delay bound" (not from
 * delay.ts): B(d) = M + H + N·M, H = (d − 1)(254·64 + M), N = 0 (L = 255), ⌊H/(4096·L)⌋ + 1 (L = 1..254).
 */
function boundBytes(d: number, M: number, L: number): number {
  const H = (d - 1) * (254 * 64 + M);
  const N = L === 255 ? 0 : Math.floor(H / (4096 * L)) + 1;
  return M + H + N * M;
}

/** Seconds of B(d) on a link of `mbps` Mb/s, exactly: B / (mbps · 10^6 / 8). */
function seconds(d: number, mbps: number, M = 2048, L = 255): Fraction {
  return new Fraction(boundBytes(d, M, L) * 8).div(mbps * 1_000_000);
}

const fastSlow: TopologySpec = {
  bandwidthUnit: 'Mb/s',
  links: [
    { id: 'fast', bandwidth: 2500 },
    { id: 'slow', bandwidth: 1000 },
  ],
};

/** Distance of the sequence the connection's SL got on each link (the request is small: 64/d entries). */
function distances(b: BandwidthBroker, sl: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const t of b.tablesState()) for (const s of t.sequences) if (s.sl === sl) out[t.link] = s.distance;
  return out;
}

function snapshot(b: BandwidthBroker): string {
  return JSON.stringify({ links: b.links(), tables: b.tablesState(), size: b.size });
}

describe('request.delay → the largest distance whose bound meets it on every link', () => {
  it('hand values (docs/admission.md): 2500 Mb/s, M = 2048, L = 255 → B(2)/rate = 65.1264 µs, B(4)/rate = 182.272 µs', () => {
    // 312.5e6 bytes/s; B(2) = 20352, B(4) = 56960, B(8) = 130176 bytes (docs/admission.md).
    expect(seconds(2, 2500).equals('0.0000651264')).toBe(true);
    expect(seconds(4, 2500).equals('0.000182272')).toBe(true);
    expect(seconds(8, 2500).equals('0.0004165632')).toBe(true);
  });

  it('a delay exactly at B(4)/rate gets distance 4 (the bound meets it: ≤); a hair less gets 2', () => {
    const b = new BandwidthBroker(fastSlow);
    expect(b.admit({ id: 1, path: ['fast'], sl: 0, bandwidth: 1, delay: '182.272e-6' }).admitted).toBe(true);
    expect(b.admit({ id: 2, path: ['fast'], sl: 1, bandwidth: 1, delay: '182.2719e-6' }).admitted).toBe(true);
    expect(distances(b, 0)).toEqual({ fast: 4 });
    expect(distances(b, 1)).toEqual({ fast: 2 });
  });

  it('every link counts: the slow link sets the distance for the whole path', () => {
    // 200 µs: fast allows 4 (182.272 ≤ 200 < 416.5632); slow (125e6 B/s) allows 2 (162.816 ≤ 200 < 455.68).
    expect(seconds(2, 1000).equals('0.000162816')).toBe(true);
    const b = new BandwidthBroker(fastSlow);
    expect(b.admit({ id: 1, path: ['fast', 'slow'], sl: 0, bandwidth: 1, delay: 200e-6 })).toEqual({ id: 1, admitted: true, slack: 999 });
    expect(distances(b, 0)).toEqual({ fast: 2, slow: 2 });
  });

  it('a delay no distance can meet is a verdict (reason delay, the link that cannot), and changes nothing', () => {
    const b = new BandwidthBroker(fastSlow);
    b.admit({ id: 'x', path: ['fast'], sl: 3, bandwidth: 5 });
    const before = snapshot(b);
    // 100 µs: fast meets it at d = 2 (65.1264 µs) but slow cannot (162.816 µs).
    expect(b.admit({ id: 1, path: ['fast', 'slow'], sl: 0, bandwidth: 1, delay: 100e-6 })).toEqual({
      id: 1,
      admitted: false,
      bindingLink: 'slow',
      reason: 'delay',
    });
    expect(b.admit({ id: 2, path: ['slow', 'fast'], sl: 0, bandwidth: 1, delay: '65.1263e-6' })).toMatchObject({ bindingLink: 'slow', reason: 'delay' });
    expect(b.admit({ id: 3, path: ['fast'], sl: 0, bandwidth: 1, delay: '65.1263e-6' })).toMatchObject({ bindingLink: 'fast', reason: 'delay' });
    expect(snapshot(b)).toBe(before);
  });

  it('distance and delay together: the stricter applies', () => {
    const b = new BandwidthBroker(fastSlow);
    b.admit({ id: 1, path: ['fast'], sl: 0, bandwidth: 1, distance: 2, delay: 1 });
    b.admit({ id: 2, path: ['fast'], sl: 1, bandwidth: 1, distance: 64, delay: 200e-6 });
    b.admit({ id: 3, path: ['fast'], sl: 2, bandwidth: 1, distance: 16, delay: 1 });
    expect([0, 1, 2].map((sl) => distances(b, sl).fast)).toEqual([2, 4, 16]);
  });

  it('a generous delay caps at 64 (one entry), like no requirement', () => {
    // B(64) = 2048 + 63·18304 = 1155200 bytes → 3.69664 ms at 2500 Mb/s.
    expect(seconds(64, 2500).equals('0.00369664')).toBe(true);
    const b = new BandwidthBroker(fastSlow);
    b.admit({ id: 1, path: ['fast'], sl: 0, bandwidth: 1, delay: '0.00369664' });
    b.admit({ id: 2, path: ['fast'], sl: 1, bandwidth: 1, delay: '0.0036966' });
    expect(distances(b, 0).fast).toBe(64);
    expect(distances(b, 1).fast).toBe(32);
  });

  it('LimitOfHighPriority and MTU enter the bound: L = 4 adds low-priority packets', () => {
    // d = 2, M = 2048, L = 4: N = ⌊18304/16384⌋ + 1 = 2 → B = 24448 bytes = 78.2336 µs at 2500 Mb/s.
    expect(seconds(2, 2500, 2048, 4).equals('0.0000782336')).toBe(true);
    const limited = new BandwidthBroker({ ...fastSlow, bestEffortReserve: 0.2, arbitration: { limitOfHighPriority: 4, low: '7:32' } });
    expect(limited.admit({ id: 1, path: ['fast'], sl: 0, bandwidth: 1, delay: 70e-6 })).toMatchObject({ admitted: false, reason: 'delay' });
    expect(limited.admit({ id: 2, path: ['fast'], sl: 0, bandwidth: 1, delay: '78.2336e-6' }).admitted).toBe(true);
    // M = 256: B(2) = 256 + 16512 = 16768 bytes = 53.6576 µs.
    const small = new BandwidthBroker({ ...fastSlow, arbitration: { mtu: 256 } });
    expect(seconds(2, 2500, 256).equals('0.0000536576')).toBe(true);
    expect(small.admit({ id: 1, path: ['fast'], sl: 0, bandwidth: 1, delay: '53.6576e-6' }).admitted).toBe(true);
  });

  it('property: the distance taken is the largest power of two 2..64 whose bound meets the delay on the path', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5_000_000 }), fc.constantFrom(['fast'], ['slow'], ['fast', 'slow']), (ns, path) => {
        const delay = new Fraction(ns, 1_000_000_000); // 1 ns … 5 ms
        const b = new BandwidthBroker(fastSlow);
        const v = b.admit({ id: 1, path, sl: 0, bandwidth: '0.001', delay: `${ns}e-9` });
        let want = 0;
        for (const d of [2, 4, 8, 16, 32, 64]) {
          if (path.every((l) => seconds(d, l === 'fast' ? 2500 : 1000).compare(delay) <= 0)) want = d;
        }
        if (want === 0) return v.admitted === false && v.reason === 'delay';
        return v.admitted && path.every((l) => distances(b, 0)[l] === want);
      }),
    );
  });
});

describe('request.delay: bad input is an error naming request.delay, and changes nothing', () => {
  const cases: [string, TopologySpec, unknown, RegExp][] = [
    ['zero', fastSlow, 0, /request\.delay must be a delay > 0 \(seconds\), got 0/],
    ['negative', fastSlow, -1e-6, /request\.delay must be a value >= 0/],
    ['text', fastSlow, 'soon', /request\.delay must be a finite number or an exact decimal string/],
    ['NaN', fastSlow, Number.NaN, /request\.delay must be a finite number/],
    ['no bandwidthUnit', { links: [{ id: 'fast', bandwidth: 2500 }] }, 1e-3, /request\.delay must be given only when the topology states its bandwidthUnit/],
  ];
  it.each(cases)('%s', (_name, topology, delay, message) => {
    const b = new BandwidthBroker(topology);
    const before = snapshot(b);
    expect(() => b.admit({ id: 1, path: ['fast'], sl: 0, bandwidth: 1, delay } as never)).toThrow(InvalidParameterError);
    expect(() => b.admit({ id: 1, path: ['fast'], sl: 0, bandwidth: 1, delay } as never)).toThrow(message);
    expect(snapshot(b)).toBe(before);
  });

  it('bandwidthUnit must be one of the SI bit rates', () => {
    expect(() => new BandwidthBroker({ links: [{ id: 'a', bandwidth: 1 }], bandwidthUnit: 'MB/s' as never })).toThrow(
      /bandwidthUnit must be one of b\/s, kb\/s, Mb\/s, Gb\/s, Tb\/s, got "MB\/s"/,
    );
  });
});

describe('default distance (no distance, no delay) is 64: one entry, no latency requirement (seed SLs 6–9)', () => {
  it('a small connection takes one entry', () => {
    const b = new BandwidthBroker({ links: [{ id: 'L', bandwidth: 3 }] });
    b.admit({ id: 1, path: ['L'], sl: 0, bandwidth: 1 });
    expect(b.tablesState()[0]!.freeEntries).toBe(32); // 1/3 of the link: ⌈16320/3/255⌉ = 22 → 32 entries
    const c = new BandwidthBroker({ links: [{ id: 'L', bandwidth: 3 }] });
    c.admit({ id: 1, path: ['L'], sl: 0, bandwidth: '0.01' });
    expect(c.tablesState()[0]!.freeEntries).toBe(63);
  });

  it('more than half a link needs > 32 entries of weight 255, so all 64: the weight, not the default distance', () => {
    // 1.9 / 3 of the link: ⌈16320 · 1.9/3⌉ = 10336 units > 32 · 255 = 8160 → 41 entries → the set of 64.
    const b = new BandwidthBroker({ links: [{ id: 'L', bandwidth: 3 }] });
    expect(b.admit({ id: 1, path: ['L'], sl: 0, bandwidth: 1.9 }).admitted).toBe(true);
    expect(b.tablesState()[0]!.freeEntries).toBe(0);
    expect(b.admit({ id: 2, path: ['L'], sl: 1, bandwidth: 1 })).toEqual({ id: 2, admitted: false, bindingLink: 'L', reason: 'arbitration-table' });
    // Exactly half (8160 units = 32 entries of 255) still fits in 32 entries, leaving 32 for the other SL.
    const c = new BandwidthBroker({ links: [{ id: 'L', bandwidth: 3 }] });
    expect(c.admit({ id: 1, path: ['L'], sl: 0, bandwidth: 1.5 }).admitted).toBe(true);
    expect(c.tablesState()[0]!.freeEntries).toBe(32);
    expect(c.admit({ id: 2, path: ['L'], sl: 1, bandwidth: 1.4 }).admitted).toBe(true);
  });
});

describe('LimitOfHighPriority against the best-effort reserve', () => {
  const base = { links: [{ id: 'a', bandwidth: 1 }] };
  it('L < 255 with a low table needs bestEffortReserve ≥ M / (L·4096 + M)', () => {
    // L = 4, M = 2048: 2048 / 18432 = 1/9 of the link may go to low-priority packets.
    expect(() => new BandwidthBroker({ ...base, bestEffortReserve: '1/9', arbitration: { limitOfHighPriority: 4, low: '3:64' } })).not.toThrow();
    expect(() => new BandwidthBroker({ ...base, bestEffortReserve: 0.11, arbitration: { limitOfHighPriority: 4, low: '3:64' } })).toThrow(
      /arbitration\.limitOfHighPriority must be a limit L whose low-priority share mtu \/ \(L·4096 \+ mtu\) = 2048\/18432 fits in bestEffortReserve \(0\.11\), got 4/,
    );
    // L = 1, M = 4096: 4096 / 8192 = 1/2.
    expect(() => new BandwidthBroker({ ...base, bestEffortReserve: 0.49, arbitration: { limitOfHighPriority: 1, low: '3:64', mtu: 4096 } })).toThrow(
      /limitOfHighPriority/,
    );
    expect(() => new BandwidthBroker({ ...base, bestEffortReserve: 0.5, arbitration: { limitOfHighPriority: 1, low: '3:64', mtu: 4096 } })).not.toThrow();
  });

  it('L = 0 with a low table is refused; no low table, L = 255 or tables disabled: no check', () => {
    expect(() => new BandwidthBroker({ ...base, bestEffortReserve: 0.9, arbitration: { limitOfHighPriority: 0, low: '3:64' } })).toThrow(
      /arbitration\.limitOfHighPriority must be not 0 while the low table has entries/,
    );
    expect(() => new BandwidthBroker({ ...base, arbitration: { limitOfHighPriority: 0 } })).not.toThrow();
    expect(() => new BandwidthBroker({ ...base, arbitration: { limitOfHighPriority: 255, low: '3:64' } })).not.toThrow();
    expect(() => new BandwidthBroker({ ...base, arbitration: { enabled: false, limitOfHighPriority: 4, low: '3:64' } })).not.toThrow();
  });
});

import fc from 'fast-check';
import Fraction from 'fraction.js';
import { describe, expect, it } from 'vitest';
import { BandwidthBroker, InvalidParameterError, type TopologySpec } from '../../src/index.js';

const twoLinks: TopologySpec = {
  links: [
    { id: 'A-B', bandwidth: 2500 },
    { id: 'B-C', bandwidth: 2500 },
  ],
  slShares: { 0: 0.5, 1: 0.3 },
};

/** Everything observable about a broker, exactly. */
function snapshot(b: BandwidthBroker): string {
  return JSON.stringify({ links: b.links(), tables: b.tablesState(), size: b.size });
}

describe('BandwidthBroker: the rules', () => {
  it('s + p exactly equal to the capacity is rejected (strict <, thesis §3.2), with slack 0', () => {
    // Capacity 0.8 = 1 · (1 − 0.2). In doubles 0.7 + 0.1 = 0.7999999999999999 < 0.8 would pass.
    const b = new BandwidthBroker({ links: [{ id: 'L', bandwidth: 1 }], bestEffortReserve: 0.2, arbitration: { enabled: false } });
    expect(b.admit({ id: 'a', path: ['L'], sl: 0, bandwidth: 0.7 }).admitted).toBe(true);
    expect(b.admit({ id: 'b', path: ['L'], sl: 0, bandwidth: 0.1 })).toEqual({
      id: 'b',
      admitted: false,
      bindingLink: 'L',
      reason: 'link-capacity',
      slack: 0,
    });
    expect(b.admit({ id: 'c', path: ['L'], sl: 0, bandwidth: '0.0999999999999999999' }).admitted).toBe(true);
    expect(b.exactLoad('L')).toBe('0.7999999999999999999');
  });

  it('per-SL rule: s_SL + p < share · bw; an SL without a share gets nothing', () => {
    const b = new BandwidthBroker(twoLinks);
    expect(b.admit({ id: 1, path: ['A-B'], sl: 1, bandwidth: 700 })).toEqual({ id: 1, admitted: true, slack: 50 });
    expect(b.admit({ id: 2, path: ['B-C', 'A-B'], sl: 1, bandwidth: 50 })).toEqual({
      id: 2,
      admitted: false,
      bindingLink: 'A-B',
      reason: 'sl-capacity',
      slack: 0,
    });
    expect(b.admit({ id: 3, path: ['A-B'], sl: 2, bandwidth: 1 })).toMatchObject({ admitted: false, reason: 'sl-capacity', slack: -1 });
  });

  it('atomic: a refusal on the last link reserves nothing on the first', () => {
    const b = new BandwidthBroker({ links: [{ id: 'x', bandwidth: 10 }, { id: 'y', bandwidth: 5 }] });
    const before = snapshot(b);
    expect(b.admit({ id: 1, path: ['x', 'y'], sl: 0, bandwidth: 6 })).toMatchObject({ admitted: false, bindingLink: 'y' });
    expect(snapshot(b)).toBe(before);
  });

  it('the arbitration table can be the binding constraint', () => {
    const b = new BandwidthBroker({ links: [{ id: 'x', bandwidth: 1000 }] });
    // SL 0 at distance 2 takes the 32 even entries, SL 1 at distance 2 the 32 odd ones: the table is full.
    expect(b.admit({ id: 1, path: ['x'], sl: 0, bandwidth: 1, distance: 2 }).admitted).toBe(true);
    expect(b.admit({ id: 2, path: ['x'], sl: 1, bandwidth: 1, distance: 2 }).admitted).toBe(true);
    expect(b.admit({ id: 3, path: ['x'], sl: 2, bandwidth: 1 })).toEqual({ id: 3, admitted: false, bindingLink: 'x', reason: 'arbitration-table' });
    // Same SL, same distance: it joins SL 0's sequence.
    expect(b.admit({ id: 4, path: ['x'], sl: 0, bandwidth: 1, distance: 2 }).admitted).toBe(true);
  });

  it('release returns the bandwidth; unknown ids are errors', () => {
    const b = new BandwidthBroker(twoLinks);
    b.admit({ id: 'c', path: ['A-B', 'B-C'], sl: 0, bandwidth: '1/3' });
    expect(b.exactLoad('B-C')).toBe('1/3');
    b.release('c');
    expect(b.exactLoad('B-C')).toBe('0');
    expect(() => b.release('c')).toThrow(InvalidParameterError);
  });
});

describe('BandwidthBroker: malformed input is an error naming the field, and changes nothing', () => {
  const bad: [string, unknown, RegExp][] = [
    ['unknown link', { id: 1, path: ['A-B', 'Q'], sl: 0, bandwidth: 1 }, /request\.path\[1\] must be the id of a link/],
    ['repeated link', { id: 1, path: ['A-B', 'A-B'], sl: 0, bandwidth: 1 }, /request\.path\[1\] must be a link not already on the path/],
    ['empty path', { id: 1, path: [], sl: 0, bandwidth: 1 }, /request\.path must be a non-empty array/],
    ['SL 16', { id: 1, path: ['A-B'], sl: 16, bandwidth: 1 }, /request\.sl must be an SL 0\.\.15/],
    ['unmapped SL 15', { id: 1, path: ['A-B'], sl: 15, bandwidth: 1 }, /request\.sl must be an SL that slToVl maps/],
    ['zero bandwidth', { id: 1, path: ['A-B'], sl: 0, bandwidth: 0 }, /request\.bandwidth must be a bandwidth > 0/],
    ['NaN bandwidth', { id: 1, path: ['A-B'], sl: 0, bandwidth: NaN }, /request\.bandwidth must be a finite number/],
    ['text bandwidth', { id: 1, path: ['A-B'], sl: 0, bandwidth: 'lots' }, /request\.bandwidth must be/],
    ['distance 0.5', { id: 1, path: ['A-B'], sl: 0, bandwidth: 1, distance: 0.5 }, /request\.distance must be a number >= 2 \(entries\), got 0\.5/],
    // docs/models.md §9: distances are 2, 4, …, 64; 1 is not a request.
    ['distance 1', { id: 1, path: ['A-B'], sl: 0, bandwidth: 1, distance: 1 }, /request\.distance must be a number >= 2 \(entries\), got 1/],
    ['unknown key', { id: 1, path: ['A-B'], sl: 0, bandwidth: 1, deadline: 3 }, /request\.deadline must be absent/],
    ['id in use', { id: 'used', path: ['A-B'], sl: 0, bandwidth: 1 }, /request\.id must be an id no admitted connection uses/],
  ];
  it.each(bad)('%s', (_name, request, message) => {
    const b = new BandwidthBroker(twoLinks);
    b.admit({ id: 'used', path: ['B-C'], sl: 0, bandwidth: '0.5' });
    const before = snapshot(b);
    expect(() => b.admit(request as never)).toThrow(message);
    expect(snapshot(b)).toBe(before);
  });
});

describe('validateTopology (through the broker)', () => {
  const cases: [string, unknown, RegExp][] = [
    ['no links', { links: [] }, /links must be a non-empty array/],
    ['bad bandwidth', { links: [{ id: 'a', bandwidth: -1 }] }, /links\[0\]\.bandwidth must be a value >= 0/],
    ['zero bandwidth', { links: [{ id: 'a', bandwidth: '0' }] }, /links\[0\]\.bandwidth must be a bandwidth > 0/],
    ['duplicate id', { links: [{ id: 'a', bandwidth: 1 }, { id: 'a', bandwidth: 1 }] }, /links\[1\]\.id must be unique/],
    ['share > 1', { links: [{ id: 'a', bandwidth: 1 }], slShares: { 0: 1.5 } }, /slShares\.0 must be a share in \[0, 1\]/],
    ['shares sum > 1', { links: [{ id: 'a', bandwidth: 1 }], slShares: { 0: 0.6, 1: '2/5', 2: 0.01 } }, /slShares must be shares summing to at most 1/],
    ['SL key 16', { links: [{ id: 'a', bandwidth: 1 }], slShares: { 16: 0.1 } }, /slShares\.16 must be a key that is an SL/],
    ['VL 15', { links: [{ id: 'a', bandwidth: 1 }], slToVl: { 3: 15 } }, /slToVl\.3 must be a data VL 0\.\.14/],
    ['reserve 1', { links: [{ id: 'a', bandwidth: 1 }], bestEffortReserve: 1 }, /bestEffortReserve must be a fraction in \[0, 1\)/],
    ['high limit', { links: [{ id: 'a', bandwidth: 1 }], arbitration: { limitOfHighPriority: 256 } }, /arbitration\.limitOfHighPriority must be an integer 0\.\.255/],
    ['low table', { links: [{ id: 'a', bandwidth: 1 }], arbitration: { low: '0:256' } }, /arbitration\.low\[0\]\.weight must be an integer 0\.\.255/],
    ['port link', { links: [{ id: 'a', bandwidth: 1 }], switches: [{ id: 'S', ports: [{ port: 1, link: 'b' }] }] }, /switches\[0\]\.ports\[0\]\.link must be the id of a link/],
    ['typo', { links: [{ id: 'a', bandwith: 1 }] }, /links\[0\]\.bandwith must be absent/],
  ];
  it.each(cases)('%s', (_name, spec, message) => {
    expect(() => new BandwidthBroker(spec as never)).toThrow(message);
  });

  it('switch ports label the tables', () => {
    const b = new BandwidthBroker({ links: [{ id: 'a', bandwidth: 1 }], switches: [{ id: 'S1', ports: [{ port: 3, link: 'a' }] }] });
    expect(b.tablesState()[0]!.port).toBe('S1/3');
  });
});

// ---- Properties over random request/release sequences, checked against independent exact accounting.

const LINKS = ['a', 'b', 'c', 'd'];
const topologyArb = fc.record({
  bandwidths: fc.array(fc.constantFrom(1, 10, 2500, '0.3', '7/3'), { minLength: 4, maxLength: 4 }),
  shares: fc.option(fc.constantFrom<Record<string, number | string>>({ 0: 0.5, 1: 0.3 }, { 0: '1/3', 1: '1/3', 2: '1/3' }, { 0: 1 }), { nil: undefined }),
  reserve: fc.constantFrom(0, 0.2, '1/7'),
  tables: fc.boolean(),
});
type Item = { kind: 'admit'; path: number[]; sl: number; bandwidth: number | string; distance?: number } | { kind: 'release'; pick: number };
const itemArb: fc.Arbitrary<Item> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record(
      {
        kind: fc.constant('admit' as const),
        path: fc.uniqueArray(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 4 }),
        sl: fc.integer({ min: 0, max: 2 }),
        bandwidth: fc.oneof(fc.constantFrom(0.1, 0.2, 0.05, 1, 3, '1/3', '0.25', '1/21'), fc.integer({ min: 1, max: 900 })),
        distance: fc.constantFrom(2, 4, 8, 16, 33, 64),
      },
      { requiredKeys: ['kind', 'path', 'sl', 'bandwidth'] },
    ),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('release' as const), pick: fc.nat() }) },
);

const F = (x: number | string) => new Fraction(typeof x === 'number' ? String(x) : x);

describe('BandwidthBroker: properties', () => {
  it('capacity never exceeded; rejections change nothing; loads equal the exact sum of admitted bandwidths', () => {
    fc.assert(
      fc.property(topologyArb, fc.array(itemArb, { maxLength: 60 }), (topo, items) => {
        const spec: TopologySpec = {
          links: LINKS.map((id, k) => ({ id, bandwidth: topo.bandwidths[k]! })),
          ...(topo.shares ? { slShares: topo.shares } : {}),
          bestEffortReserve: topo.reserve,
          arbitration: { enabled: topo.tables },
        };
        const b = new BandwidthBroker(spec);
        const live: { id: number; links: number[]; sl: number; bw: Fraction }[] = [];
        let next = 0;
        for (const item of items) {
          if (item.kind === 'release') {
            if (live.length === 0) continue;
            const [c] = live.splice(item.pick % live.length, 1);
            b.release(c!.id);
          } else {
            const before = snapshot(b);
            const id = next++;
            const v = b.admit({ id, path: item.path.map((k) => LINKS[k]!), sl: item.sl, bandwidth: item.bandwidth, ...(item.distance ? { distance: item.distance } : {}) });
            if (v.admitted) live.push({ id, links: item.path, sl: item.sl, bw: F(item.bandwidth) });
            else expect(snapshot(b)).toBe(before);
          }
          LINKS.forEach((id, k) => {
            const bw = F(topo.bandwidths[k]!);
            const cap = bw.mul(new Fraction(1).sub(F(topo.reserve)));
            const sum = live.filter((c) => c.links.includes(k)).reduce((s, c) => s.add(c.bw), new Fraction(0));
            expect(new Fraction(b.exactLoad(id)).equals(sum)).toBe(true);
            if (sum.compare(0) > 0) expect(sum.compare(cap)).toBeLessThan(0);
            if (topo.shares) {
              for (let sl = 0; sl < 3; sl++) {
                const share = (topo.shares as Record<number, number | string>)[sl];
                const slSum = live.filter((c) => c.links.includes(k) && c.sl === sl).reduce((s, c) => s.add(c.bw), new Fraction(0));
                if (slSum.compare(0) > 0) expect(slSum.compare(bw.mul(F(share!)))).toBeLessThan(0);
              }
            }
          });
          for (const t of b.tablesState()) {
            expect(t.high).toHaveLength(64);
            for (const e of t.high) expect(e.weight >= 0 && e.weight <= 255).toBe(true);
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it('the bigint form (forced by a huge unused link) gives the same verdicts and state as the double form', () => {
    fc.assert(
      fc.property(topologyArb, fc.array(itemArb, { maxLength: 60 }), (topo, items) => {
        const links = LINKS.map((id, k) => ({ id, bandwidth: topo.bandwidths[k]! }));
        const common = { ...(topo.shares ? { slShares: topo.shares } : {}), bestEffortReserve: topo.reserve, arbitration: { enabled: topo.tables } };
        const small = new BandwidthBroker({ links, ...common });
        const big = new BandwidthBroker({ links: [...links, { id: 'huge', bandwidth: '1e30' }], ...common });
        const live: number[] = [];
        items.forEach((item, id) => {
          if (item.kind === 'release') {
            if (live.length === 0) return;
            const victim = live.splice(item.pick % live.length, 1)[0]!;
            expect(big.release(victim)).toEqual(small.release(victim));
            return;
          }
          const request = { id, path: item.path.map((k) => LINKS[k]!), sl: item.sl, bandwidth: item.bandwidth, ...(item.distance ? { distance: item.distance } : {}) };
          const v = small.admit(request);
          expect(big.admit(request)).toEqual(v);
          if (v.admitted) live.push(id);
        });
        expect(JSON.stringify(big.links().slice(0, 4))).toBe(JSON.stringify(small.links()));
        expect(JSON.stringify(big.tablesState().slice(0, 4))).toBe(JSON.stringify(small.tablesState()));
      }),
      { numRuns: 150 },
    );
  });

  it('a request larger than 2^53 units in the double form is refused by the first link, exactly', () => {
    const b = new BandwidthBroker({ links: [{ id: 'x', bandwidth: 10 }, { id: 'y', bandwidth: 10 }] });
    expect(b.admit({ id: 1, path: ['y', 'x'], sl: 0, bandwidth: '1e20' })).toEqual({ id: 1, admitted: false, bindingLink: 'y', reason: 'link-capacity', slack: 10 - 1e20 });
  });

  it('admit then release restores the exact prior state', () => {
    fc.assert(
      fc.property(topologyArb, fc.array(itemArb, { maxLength: 40 }), itemArb, (topo, items, probe) => {
        const b = new BandwidthBroker({
          links: LINKS.map((id, k) => ({ id, bandwidth: topo.bandwidths[k]! })),
          ...(topo.shares ? { slShares: topo.shares } : {}),
          bestEffortReserve: topo.reserve,
          arbitration: { enabled: topo.tables },
        });
        const live: number[] = [];
        items.forEach((item, id) => {
          if (item.kind === 'release') {
            if (live.length > 0) b.release(live.splice(item.pick % live.length, 1)[0]!);
          } else if (b.admit({ id, path: item.path.map((k) => LINKS[k]!), sl: item.sl, bandwidth: item.bandwidth }).admitted) live.push(id);
        });
        if (probe.kind !== 'admit') return;
        const before = snapshot(b);
        const v = b.admit({ id: 'probe', path: probe.path.map((k) => LINKS[k]!), sl: probe.sl, bandwidth: probe.bandwidth, distance: probe.distance ?? 64 });
        if (v.admitted) expect(b.release('probe').movedEntries).toBe(0);
        expect(snapshot(b)).toBe(before);
      }),
      { numRuns: 300 },
    );
  });

  it('every admitted connection’s VL has entries at most its distance apart on every link of its path', () => {
    fc.assert(
      fc.property(fc.array(itemArb, { maxLength: 80 }), (items) => {
        const b = new BandwidthBroker({ links: LINKS.map((id) => ({ id, bandwidth: 100 })) });
        const live: { id: number; path: number[]; sl: number; d: number }[] = [];
        items.forEach((item, id) => {
          if (item.kind === 'release') {
            if (live.length > 0) b.release(live.splice(item.pick % live.length, 1)[0]!.id);
          } else if (b.admit({ id, path: item.path.map((k) => LINKS[k]!), sl: item.sl, bandwidth: item.bandwidth, ...(item.distance ? { distance: item.distance } : {}) }).admitted) {
            live.push({ id, path: item.path, sl: item.sl, d: item.distance ?? 64 });
          }
          const tables = b.tablesState();
          for (const c of live) {
            for (const k of c.path) {
              const g = tables[k]!.vls.find((v) => v.vl === c.sl);
              expect(g).toBeDefined();
              expect(g!.maxDistance).toBeLessThanOrEqual(c.d);
            }
          }
        });
      }),
      { numRuns: 200 },
    );
  });
});

describe('BandwidthBroker: reported numbers are the exact values correctly rounded', () => {
  // Reference values: the exact rationals (fraction.js above / by hand), rounded once to a double.
  it('huge and tiny links side by side (bigint form): loads, slack and utilisation stay finite and right', () => {
    const b = new BandwidthBroker({ links: [{ id: 'huge', bandwidth: '1e300' }, { id: 'tiny', bandwidth: '1e-300' }] });
    expect(b.admit({ id: 1, path: ['huge'], sl: 0, bandwidth: '1e299' })).toEqual({ id: 1, admitted: true, slack: 9e299 });
    expect(b.admit({ id: 2, path: ['tiny'], sl: 0, bandwidth: '1e-301' })).toEqual({ id: 2, admitted: true, slack: 9e-301 });
    expect(b.admit({ id: 3, path: ['tiny'], sl: 0, bandwidth: '9e-301' })).toMatchObject({ admitted: false, reason: 'link-capacity', slack: 0 });
    const [huge, tiny] = b.links();
    expect([huge!.bandwidth, huge!.capacity, huge!.load, huge!.utilization]).toEqual([1e300, 1e300, 1e299, 0.1]);
    expect([tiny!.bandwidth, tiny!.load, tiny!.utilization, tiny!.sls[0]!.load]).toEqual([1e-300, 1e-301, 0.1, 1e-301]);
  });

  it('a rejected request that brings a new denominator leaves every reported number unchanged (bigint form)', () => {
    for (const den of [3, 7, 11, 29, 41]) {
      const b = new BandwidthBroker({ links: [{ id: 'huge', bandwidth: '1e30' }, { id: 'x', bandwidth: 1 }] });
      b.admit({ id: 1, path: ['x'], sl: 0, bandwidth: `1/${den}` });
      b.admit({ id: 2, path: ['huge'], sl: 0, bandwidth: `100000000000000000000000000000/${den}` });
      const before = snapshot(b);
      for (const d2 of [101, 103, 107, 997]) expect(b.admit({ id: `r${d2}`, path: ['x'], sl: 0, bandwidth: `1000/${d2}` }).admitted).toBe(false);
      expect(snapshot(b)).toBe(before);
      // 10^29/den correctly rounded: parseFloat rounds a 30-digit-past-the-point decimal of it correctly.
      expect(b.links()[0]!.load).toBe(Number.parseFloat(`${10n ** 59n / BigInt(den)}e-30`));
    }
  });
});

describe('BandwidthBroker: the tables carry the admitted bandwidth', () => {
  it('on every link each VL’s weight / 16320 is at least its admitted bandwidth / link bandwidth (exact)', () => {
    fc.assert(
      fc.property(topologyArb, fc.array(itemArb, { maxLength: 60 }), (topo, items) => {
        const b = new BandwidthBroker({ links: LINKS.map((id, k) => ({ id, bandwidth: topo.bandwidths[k]! })), bestEffortReserve: topo.reserve });
        const live: { id: number; links: number[]; sl: number; bw: Fraction }[] = [];
        items.forEach((item, id) => {
          if (item.kind === 'release') {
            if (live.length > 0) b.release(live.splice(item.pick % live.length, 1)[0]!.id);
          } else if (b.admit({ id, path: item.path.map((k) => LINKS[k]!), sl: item.sl, bandwidth: item.bandwidth, ...(item.distance ? { distance: item.distance } : {}) }).admitted) {
            live.push({ id, links: item.path, sl: item.sl, bw: F(item.bandwidth) });
          }
        });
        b.tablesState().forEach((t, k) => {
          const bw = F(topo.bandwidths[k]!);
          for (let sl = 0; sl < 3; sl++) {
            const carried = live.filter((c) => c.sl === sl && c.links.includes(k)).reduce((s, c) => s.add(c.bw), new Fraction(0));
            const weight = t.vls.find((v) => v.vl === sl)?.weight ?? 0;
            // SL i is on VL i (default slToVl). docs/models.md §9: a VL's share is its weight over the table's.
            expect(new Fraction(weight).mul(bw).compare(carried.mul(16320))).toBeGreaterThanOrEqual(0);
          }
        });
      }),
      { numRuns: 150 },
    );
  });
});

describe('BandwidthBroker: verdicts follow the rules exactly', () => {
  it('admitted ⇔ every link and SL rule holds (exact fraction.js sums); a capacity refusal names the first failing link and rule', () => {
    fc.assert(
      fc.property(topologyArb, fc.array(itemArb, { maxLength: 60 }), (topo, items) => {
        const b = new BandwidthBroker({
          links: LINKS.map((id, k) => ({ id, bandwidth: topo.bandwidths[k]! })),
          ...(topo.shares ? { slShares: topo.shares } : {}),
          bestEffortReserve: topo.reserve,
          arbitration: { enabled: topo.tables },
        });
        const live: { id: number; links: number[]; sl: number; bw: Fraction }[] = [];
        items.forEach((item, id) => {
          if (item.kind === 'release') {
            if (live.length > 0) b.release(live.splice(item.pick % live.length, 1)[0]!.id);
            return;
          }
          const p = F(item.bandwidth);
          // docs/models.md §8: s + p < bw·(1 − reserve) on the link; s_SL + p < share·bw per SL (no share: 0).
          let failing: { link: string; reason: string } | undefined;
          for (const k of item.path) {
            const bw = F(topo.bandwidths[k]!);
            const on = live.filter((c) => c.links.includes(k));
            const s = on.reduce((a, c) => a.add(c.bw), new Fraction(0));
            if (s.add(p).compare(bw.mul(new Fraction(1).sub(F(topo.reserve)))) >= 0) failing = { link: LINKS[k]!, reason: 'link-capacity' };
            else if (topo.shares) {
              const share = (topo.shares as Record<number, number | string>)[item.sl];
              const sSl = on.filter((c) => c.sl === item.sl).reduce((a, c) => a.add(c.bw), new Fraction(0));
              if (sSl.add(p).compare(share === undefined ? new Fraction(0) : bw.mul(F(share))) >= 0) failing = { link: LINKS[k]!, reason: 'sl-capacity' };
            }
            if (failing) break;
          }
          const v = b.admit({ id, path: item.path.map((k) => LINKS[k]!), sl: item.sl, bandwidth: item.bandwidth, ...(item.distance ? { distance: item.distance } : {}) });
          if (failing) expect(v).toMatchObject({ admitted: false, bindingLink: failing.link, reason: failing.reason });
          else if (!topo.tables) expect(v.admitted).toBe(true);
          else if (!v.admitted) expect(v.reason).toBe('arbitration-table');
          if (v.admitted) live.push({ id, links: item.path, sl: item.sl, bw: p });
        });
      }),
      { numRuns: 200 },
    );
  });

  it('an SL’s capacity is share × bandwidth, not reduced by the best-effort reserve (issue 4)', () => {
    const b = new BandwidthBroker({ links: [{ id: 'L', bandwidth: 100 }], slShares: { 0: 0.5 }, bestEffortReserve: 0.2 });
    expect(b.admit({ id: 1, path: ['L'], sl: 0, bandwidth: '49.9' })).toMatchObject({ admitted: true });
    expect(b.admit({ id: 2, path: ['L'], sl: 0, bandwidth: '0.1' })).toMatchObject({ admitted: false, reason: 'sl-capacity', slack: 0 });
  });
});

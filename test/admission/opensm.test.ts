import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatOpenSmArbitration,
  formatOpenSmVlarb,
  parseHighLimit,
  parseOpenSmArbitration,
  parseOpenSmVlarb,
  type ArbitrationEntry,
} from '../../src/index.js';

const entryArb: fc.Arbitrary<ArbitrationEntry> = fc.oneof(
  fc.constant({ vl: 0, weight: 0 }),
  fc.record({ vl: fc.integer({ min: 0, max: 14 }), weight: fc.integer({ min: 1, max: 255 }) }),
);
const tableArb = fc.array(entryArb, { minLength: 64, maxLength: 64 });

describe('OpenSM strings', () => {
  it('parse reads "VL:weight" pairs and pads to 64 free entries', () => {
    const t = parseOpenSmVlarb('0:4, 1:0 ,2:64');
    expect(t).toHaveLength(64);
    expect(t.slice(0, 4)).toEqual([{ vl: 0, weight: 4 }, { vl: 0, weight: 0 }, { vl: 2, weight: 64 }, { vl: 0, weight: 0 }]);
    expect(parseOpenSmVlarb('')).toEqual(new Array(64).fill({ vl: 0, weight: 0 }));
  });

  it('format drops trailing free entries and keeps the positions of inner ones', () => {
    const t = parseOpenSmVlarb('');
    t[2] = { vl: 3, weight: 7 };
    expect(formatOpenSmVlarb(t)).toBe('0:0,0:0,3:7');
  });

  it('round trip: parse(format(t)) = t for any table; format(parse(s)) = s for canonical strings', () => {
    fc.assert(
      fc.property(tableArb, (t) => {
        expect(parseOpenSmVlarb(formatOpenSmVlarb(t))).toEqual(t);
        const s = formatOpenSmVlarb(t);
        expect(formatOpenSmVlarb(parseOpenSmVlarb(s))).toBe(s);
      }),
    );
  });

  it('whole-port lines round-trip, quotes and comments allowed', () => {
    fc.assert(
      fc.property(tableArb, tableArb, fc.integer({ min: 0, max: 255 }), (high, low, limit) => {
        const text = formatOpenSmArbitration({ high, low, limitOfHighPriority: limit });
        expect(parseOpenSmArbitration(`# port S1/3\n${text}\n`)).toEqual({ high, low, limitOfHighPriority: limit });
      }),
    );
    expect(parseOpenSmArbitration('qos_vlarb_high "1:8" # comment').high[0]).toEqual({ vl: 1, weight: 8 });
  });

  it('errors name the pair and the rule', () => {
    expect(() => parseOpenSmVlarb('0:4,15:1')).toThrow(/vlarb\[1\]\.vl must be a data VL 0\.\.14, got 15/);
    expect(() => parseOpenSmVlarb('0:256')).toThrow(/vlarb\[0\]\.weight must be an integer 0\.\.255, got 256/);
    expect(() => parseOpenSmVlarb('0-4')).toThrow(/vlarb\[0\] must be a pair VL:weight/);
    expect(() => parseOpenSmVlarb(new Array(65).fill('0:1').join(','))).toThrow(/at most 64/);
    expect(() => parseHighLimit('300')).toThrow(/limitOfHighPriority must be an integer 0\.\.255/);
    expect(parseHighLimit(' 16 ')).toBe(16);
  });
});

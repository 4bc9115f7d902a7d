import { describe, expect, it } from 'vitest';
import { gege1 } from '../../src/me/index.js';
import { parseResultJson, resultsToJson } from '../../src/present/json.js';

describe('resultsToJson / parseResultJson', () => {
  it('an unstable GE/GE/1 record → Infinity survives the round trip (JSON.stringify would give null)', () => {
    const r = gege1({ lambda: 20, mu: 16, ca2: 5, cs2: 7 });
    expect(r.stable).toBe(false);
    expect(JSON.parse(JSON.stringify(r)).meanQueueLength).toBeNull();
    const text = resultsToJson([r]);
    expect(text).toContain('"meanQueueLength": "Infinity"');
    const back = parseResultJson(text) as (typeof r)[];
    expect(back[0]!.meanQueueLength).toBe(Infinity);
    expect(back[0]).toEqual(JSON.parse(JSON.stringify(r), (_k, v) => (v === null ? Infinity : v)));
  });

  it('-Infinity and NaN → strings and back', () => {
    const back = parseResultJson(resultsToJson({ a: -Infinity, b: NaN, c: 1.5, d: 'x' })) as Record<string, unknown>;
    expect(back.a).toBe(-Infinity);
    expect(back.b).toBeNaN();
    expect(back.c).toBe(1.5);
    expect(back.d).toBe('x');
  });
});

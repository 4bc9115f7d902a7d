import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  batchMeans,
  mser5,
  confidenceInterval,
  Histogram,
  InvalidParameterError,
  StateOccupancy,
  studentTQuantile,
  summarizeReplications,
  Tally,
  TimeWeighted,
} from '../../src/index.js';

const fixture = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'sim', 'student_t.json'), 'utf8')) as {
  rows: { p: number; df: number; quantile: number }[];
  centreRows: { p: number; df: number; quantile: number }[];
};

describe('Tally (Welford)', () => {
  it('mean and sample variance of a small set', () => {
    const t = new Tally();
    for (const x of [2, 4, 4, 4, 5, 5, 7, 9]) t.add(x);
    expect(t.count).toBe(8);
    expect(t.mean).toBe(5);
    expect(t.variance).toBeCloseTo(32 / 7, 14);
    expect([t.min, t.max]).toEqual([2, 9]);
  });

  it('keeps the variance of values with a huge common offset (where Σx² − (Σx)²/n fails)', () => {
    const t = new Tally();
    for (let i = 0; i < 1000; i++) t.add(1e9 + (i % 2));
    expect(t.variance).toBeCloseTo(0.25 * (1000 / 999), 9);
  });

  it('reset forgets; empty stats are NaN', () => {
    const t = new Tally();
    t.add(3);
    t.reset();
    expect(t.count).toBe(0);
    expect(t.mean).toBeNaN();
    t.add(1);
    expect(t.variance).toBeNaN();
  });
});

describe('TimeWeighted and StateOccupancy', () => {
  it('time average of a step signal', () => {
    const q = new TimeWeighted(0, 0);
    q.update(1, 2);
    q.update(3, 0);
    expect(q.mean(4)).toBe(1);
    expect(q.integral(5)).toBe(4);
  });

  it('reset deletes the warm-up: only the time after it counts', () => {
    const q = new TimeWeighted(0, 10);
    q.update(5, 1);
    q.reset(5);
    q.update(7, 3);
    expect(q.mean(9)).toBe((1 * 2 + 3 * 2) / 4);
  });

  it('a million tiny increments keep full precision (compensated sum)', () => {
    const q = new TimeWeighted(0, 1);
    let t = 0;
    for (let i = 0; i < 1_000_000; i++) {
      t = (i + 1) * 0.1;
      q.update(t, 1);
    }
    expect(Math.abs(q.integral(t) - t)).toBeLessThan(1e-9);
  });

  it('StateOccupancy: distribution, mean and growth beyond the initial size', () => {
    const occ = new StateOccupancy(2);
    occ.observe(0, 1);
    occ.observe(1, 5);
    occ.observe(3, 0);
    expect(occ.distribution(4)).toEqual([0.25, 0.25, 0, 0, 0, 0.5]);
    expect(occ.mean(4)).toBe((1 + 10) / 4);
    occ.reset(4);
    expect(occ.distribution(6)).toEqual([1]);
  });
});

describe('Histogram', () => {
  it('bins, underflow and overflow', () => {
    const h = new Histogram({ lo: 0, hi: 10, bins: 5 });
    for (const x of [-1, 0, 1.99, 2, 9.999, 10, 3]) h.add(x);
    expect(Array.from(h.counts)).toEqual([2, 2, 0, 0, 1]);
    expect([h.underflow, h.overflow, h.total]).toEqual([1, 1, 7]);
    expect(() => new Histogram({ lo: 1, hi: 1, bins: 3 })).toThrow(/hi/);
  });
});

describe('Student-t quantile', () => {
  it.each(fixture.rows.map((r) => [r.p, r.df, r.quantile]))('t(%s, df %s) = scipy %s to 1e-10 relative', (p, df, q) => {
    expect(Math.abs(studentTQuantile(p, df) - q)).toBeLessThanOrEqual(1e-10 * Math.abs(q));
    expect(Math.abs(studentTQuantile(1 - p, df) + q)).toBeLessThanOrEqual(1e-9 * Math.abs(q));
  });

  // Near p = ½ the CDF's rounding near ½ used to cost the quantile up to 4e-4 relative (p = 0.5000001).
  it.each(fixture.centreRows.map((r) => [r.p, r.df, r.quantile]))('t(%s, df %s) = mpmath %s to 1e-10 relative (near the centre)', (p, df, q) => {
    expect(Math.abs(studentTQuantile(p, df) - q)).toBeLessThanOrEqual(1e-10 * Math.abs(q));
    expect(Math.abs(studentTQuantile(1 - p, df) + q)).toBeLessThanOrEqual(1e-9 * Math.abs(q));
  });

  it('rejects p outside (0, 1) and df < 1', () => {
    expect(() => studentTQuantile(1, 3)).toThrow(InvalidParameterError);
    expect(() => studentTQuantile(0.9, 0.5)).toThrow(/df/);
  });
});

describe('confidence intervals', () => {
  it('replications: mean ± t·s/√n (t from scipy: t.ppf(0.975, 4) = 2.7764451051977987)', () => {
    const ci = confidenceInterval([1, 2, 3, 4, 5]);
    expect(ci.mean).toBe(3);
    expect(ci.halfWidth).toBeCloseTo((2.7764451051977987 * Math.sqrt(2.5)) / Math.sqrt(5), 12);
    expect(ci.confidence).toBe(0.95);
    expect(confidenceInterval([4]).halfWidth).toBe(Infinity);
    expect(confidenceInterval([2, 2, 2]).halfWidth).toBe(0);
  });

  it('coverage: about 95 % of 95 % intervals of normal samples contain the mean', () => {
    // Box–Muller normals from a fixed LCG: 2000 intervals of 5 values each.
    let x = 42;
    const u = (): number => ((x = (x * 48271) % 2147483647), x / 2147483647);
    let hits = 0;
    for (let k = 0; k < 2000; k++) {
      const v = Array.from({ length: 5 }, () => Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u()));
      const ci = confidenceInterval(v);
      if (Math.abs(ci.mean) <= ci.halfWidth) hits++;
    }
    // Binomial(2000, 0.95): sd = 9.7; ±4 sd.
    expect(Math.abs(hits - 1900)).toBeLessThan(40);
  });

  it('batch means of an AR(1) series: correct mean inside the interval, lag-1 correlation of batches small', () => {
    let x = 7;
    const u = (): number => ((x = (x * 48271) % 2147483647), x / 2147483647);
    const series = new Float64Array(200_000);
    let y = 0;
    for (let i = 0; i < series.length; i++) {
      y = 0.9 * y + (u() - 0.5);
      series[i] = 3 + y;
    }
    const bm = batchMeans(series, { batches: 20, confidence: 0.99 });
    expect(Math.abs(bm.mean - 3)).toBeLessThan(bm.halfWidth);
    expect(Math.abs(bm.lag1Correlation)).toBeLessThan(0.5);
    expect(bm.batchSize).toBe(10_000);
    expect(() => batchMeans([1, 2], { batches: 5 })).toThrow(/series/);
  });

  it('summarizeReplications keeps the nesting and names a mismatched field', () => {
    const s = summarizeReplications([
      { L: { upstream: 1, total: 2 }, P: [0.5, 0.5] },
      { L: { upstream: 3, total: 4 }, P: [0.25, 0.75] },
    ]) as unknown as { L: { upstream: { mean: number } }; P: { mean: number }[] };
    expect(s.L.upstream.mean).toBe(2);
    expect(s.P[1]!.mean).toBe(0.625);
    expect(() => summarizeReplications([{ a: 1 }, { a: { b: 1 } }])).toThrow('records[1].a must be a number, as in records[0]');
    expect(() => summarizeReplications([{ a: [1] }, { a: [[1]] }])).toThrow(/records\[1\].a\[0\] must be a number/);
    expect(() => summarizeReplications([])).toThrow(InvalidParameterError);
  });

  it('summarizeReplications of records whose keys differ (a port idle in one replication) → the union, each partial metric with its count (issue 33)', () => {
    const s = summarizeReplications([
      { a: 1, port: { x: 1 }, P: [1, 2] },
      { a: 3, P: [3] },
      { a: 5, port: { x: 3 }, b: 7, P: [5, 6] },
    ]) as unknown as Record<string, unknown>;
    expect(Object.keys(s)).toEqual(['a', 'port', 'P', 'b']);
    // Complete metrics keep their shape exactly (no count).
    expect(s.a).toEqual(confidenceInterval([1, 3, 5]));
    // 12.7062 = t(0.975, 1): x = 1, 3 → mean 2, sd √2, half-width 12.7062·√2/√2.
    const x = (s.port as { x: { mean: number; halfWidth: number; replications: number } }).x;
    expect(x.mean).toBe(2);
    expect(x.halfWidth).toBeCloseTo(12.706204736, 6);
    expect(x.replications).toBe(2);
    expect(s.b).toEqual({ mean: 7, halfWidth: Infinity, confidence: 0.95, replications: 1 });
    expect((s.P as { mean: number; replications?: number }[]).map((c) => [c.mean, c.replications])).toEqual([[3, undefined], [4, 2]]);
  });

  it('summarizeReplications of metrics named __proto__ and constructor → kept as own keys (issue 33)', () => {
    const rec = JSON.parse('{"__proto__": 1, "constructor": 2}') as Record<string, number>;
    const s = summarizeReplications([rec, JSON.parse('{"__proto__": 3, "constructor": 4}') as Record<string, number>]) as unknown as Record<string, { mean: number }>;
    expect(Object.keys(s)).toEqual(['__proto__', 'constructor']);
    expect(Object.getOwnPropertyDescriptor(s, '__proto__')!.value.mean).toBe(2);
    expect(JSON.stringify(s)).toContain('"__proto__":{"mean":2');
  });
});

describe('MSER-5 warm-up', () => {
  it('finds the end of a decaying transient in a noisy series', () => {
    let x = 3;
    const u = (): number => ((x = (x * 48271) % 2147483647), x / 2147483647);
    const series = Array.from({ length: 5000 }, (_, i) => 5 * Math.exp(-i / 50) + (u() - 0.5));
    const w = mser5(series);
    expect(w.reliable).toBe(true);
    // The bias 5e^(−i/50) falls below the noise's standard error of a 5-batch (0.13) near i = 180.
    expect(w.truncate).toBeGreaterThan(100);
    expect(w.truncate).toBeLessThan(400);
  });

  it('a stationary series needs (almost) no truncation; a trend is flagged unreliable', () => {
    let x = 5;
    const u = (): number => ((x = (x * 48271) % 2147483647), x / 2147483647);
    const flat = mser5(Array.from({ length: 2000 }, () => u()));
    expect(flat.reliable).toBe(true);
    expect(flat.truncate).toBeLessThan(200);
    expect(mser5(Array.from({ length: 2000 }, (_, i) => i + u())).reliable).toBe(false);
    expect(() => mser5([1, 2, 3])).toThrow(InvalidParameterError);
  });
});

import { describe, expect, it } from 'vitest';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { canonicalKey, deriveSeed, geSample, InvalidParameterError, RandomStreams, seededStream } from '../../src/index.js';

function draws(stream: { next(): number }, n: number): number[] {
  return Array.from({ length: n }, () => stream.next());
}

describe('RandomStreams', () => {
  it('same seed and name → the same draws; a different seed or name → different draws', () => {
    const a = draws(new RandomStreams(7).stream('arrivals'), 3000);
    expect(draws(new RandomStreams(7).stream('arrivals'), 3000)).toEqual(a);
    expect(draws(new RandomStreams(8).stream('arrivals'), 3000)).not.toEqual(a);
    expect(draws(new RandomStreams(7).stream('service'), 3000)).not.toEqual(a);
    expect(draws(new RandomStreams(7).stream('arrivals', 1), 3000)).not.toEqual(a);
  });

  it("a stream's draws do not depend on which other streams were created, or in what order", () => {
    const s1 = new RandomStreams(3);
    const first = s1.stream('x');
    s1.stream('y').next();
    const s2 = new RandomStreams(3);
    s2.stream('z');
    s2.stream('y');
    expect(draws(first, 100)).toEqual(draws(s2.stream('x'), 100));
  });

  it('draws are pure-rand xoroshiro128+ outputs, bits 6..31 and 5..31 of two outputs per double', () => {
    const stream = new RandomStreams(11).stream('check');
    // Rebuild the stream's generator from its state and read the same doubles by hand.
    const g = xoroshiro128plusFromState(stream.state());
    for (let i = 0; i < 2500; i++) {
      const hi = g.next() >>> 6;
      const lo = g.next() >>> 5;
      expect(stream.next()).toBe((hi * 2 ** 27 + lo) / 2 ** 53);
    }
  });

  it('replication r starts r jumps after replication 0', () => {
    const streams = new RandomStreams(5);
    const base = streams.stream('svc');
    const g = xoroshiro128plusFromState(base.state());
    g.jump();
    g.jump();
    const rep2 = streams.stream('svc', 2);
    expect(rep2.state()).toEqual(g.getState());
  });

  it('draws look uniform: mean, variance and a 20-cell chi-square within wide bounds', () => {
    const s = new RandomStreams(1).stream('u');
    const n = 200_000;
    const cells = new Float64Array(20);
    let sum = 0;
    let sum2 = 0;
    let outside = 0;
    for (let i = 0; i < n; i++) {
      const u = s.next();
      if (!(u >= 0 && u < 1)) outside++;
      sum += u;
      sum2 += u * u;
      cells[Math.floor(u * 20)]!++;
    }
    expect(outside).toBe(0);
    expect(Math.abs(sum / n - 0.5)).toBeLessThan(5 * Math.sqrt(1 / 12 / n));
    expect(Math.abs(sum2 / n - 1 / 3)).toBeLessThan(0.005);
    const e = n / 20;
    const chi2 = cells.reduce((a, c) => a + (c - e) ** 2 / e, 0);
    expect(chi2).toBeLessThan(43.8); // chi-square(19) 0.999 quantile (scipy.stats.chi2.ppf(0.999, 19) = 43.82)
  });

  it('feeds the distributions samplers (RandomStream interface)', () => {
    const s = new RandomStreams(2).stream('ge');
    let zeros = 0;
    for (let i = 0; i < 10_000; i++) if (geSample({ rate: 1, scv: 3 }, s) === 0) zeros++;
    expect(Math.abs(zeros / 10_000 - 0.5)).toBeLessThan(0.03); // P(W = 0) = 1 − τ = 1 − 2/4
    expect(seededStream(1).next()).toBeGreaterThanOrEqual(0);
  });

  it('bad seeds, names and replication numbers → InvalidParameterError', () => {
    expect(() => new RandomStreams(-1)).toThrow(InvalidParameterError);
    expect(() => new RandomStreams(1.5)).toThrow(/seed/);
    expect(() => new RandomStreams(2 ** 53)).toThrow(/seed/);
    expect(() => new RandomStreams(1).stream('')).toThrow(/name/);
    expect(() => new RandomStreams(1).stream('a', -1)).toThrow(/replication/);
  });
});

describe('no Math.random in src', () => {
  it('no source file calls Math.random (STYLE.md habit 13)', async () => {
    const { readdirSync, readFileSync, statSync } = await import('node:fs');
    const { join } = await import('node:path');
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? files(join(dir, n)) : [join(dir, n)]));
    const offenders = files(join(import.meta.dirname, '..', '..', 'src')).filter((f) =>
      /Math\.random\s*\(/.test(readFileSync(f, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')),
    );
    expect(offenders).toEqual([]);
  });
});

describe('deriveSeed and canonicalKey', () => {
  it('same (seed, key) → the same seed; another key or seed → another; always a valid seed', () => {
    const keys = Array.from({ length: 200 }, (_, i) => canonicalKey({ lambda: 0.5 + i / 100, capacity: Infinity }));
    const seeds = keys.map((k) => deriveSeed(1, k));
    expect(new Set(seeds).size).toBe(200);
    expect(keys.map((k) => deriveSeed(1, k))).toEqual(seeds);
    expect(deriveSeed(2, keys[0]!)).not.toBe(seeds[0]);
    for (const s of seeds) expect(() => new RandomStreams(s)).not.toThrow();
    expect(() => deriveSeed(-1, 'x')).toThrow(InvalidParameterError);
    expect(() => deriveSeed(1.5, 'x')).toThrow(/seed/);
  });

  it('canonicalKey sorts keys and spells out Infinity (which JSON writes as null)', () => {
    expect(canonicalKey({ mu: 8, lambda: 5, capacity: Infinity })).toBe('{"capacity":"Infinity","lambda":5,"mu":8}');
    expect(canonicalKey({ b: [1, { d: 2, c: 3 }], a: null })).toBe('{"a":null,"b":[1,{"c":3,"d":2}]}');
    expect(canonicalKey({ capacity: Infinity })).not.toBe(canonicalKey({ capacity: null }));
  });
});

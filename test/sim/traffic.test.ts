import { describe, expect, it } from 'vitest';
import {
  arrivalProcess,
  attachSource,
  ConstantRateArrivals,
  Engine,
  GeArrivals,
  InvalidParameterError,
  OnOffArrivals,
  packetSizes,
  PoissonArrivals,
  RandomStreams,
  Tally,
} from '../../src/index.js';

/** Per-job inter-arrival gaps (0 inside a batch) of n epochs. */
function jobGaps(p: { next(): number; readonly batch: number }, epochs: number): Tally {
  const t = new Tally();
  for (let i = 0; i < epochs; i++) {
    t.add(p.next());
    for (let k = 1; k < p.batch; k++) t.add(0);
  }
  return t;
}

describe('arrival processes', () => {
  it('GeArrivals: per-job gaps have mean 1/λ and SCV Ca² (docs/models.md §1.2)', () => {
    const a = new GeArrivals({ rate: 5, ca2: 5 }, new RandomStreams(1).stream('a'));
    const t = jobGaps(a, 200_000);
    expect(t.mean).toBeCloseTo(0.2, 2);
    expect(t.variance / t.mean ** 2).toBeGreaterThan(4.8);
    expect(t.variance / t.mean ** 2).toBeLessThan(5.2);
  });

  it('GeArrivals: batch sizes are geometric with P(B = 1) = τ and mean 1/τ', () => {
    const a = new GeArrivals({ rate: 1, ca2: 3 }, new RandomStreams(2).stream('a')); // τ = 0.5
    let ones = 0;
    let total = 0;
    const n = 100_000;
    for (let i = 0; i < n; i++) {
      a.next();
      if (a.batch === 1) ones++;
      total += a.batch;
    }
    expect(Math.abs(ones / n - 0.5)).toBeLessThan(0.01);
    expect(Math.abs(total / n - 2)).toBeLessThan(0.03);
  });

  it('GeArrivals with Ca² = 1 is Poisson: every batch is one job', () => {
    const a = new GeArrivals({ rate: 2, ca2: 1 }, new RandomStreams(3).stream('a'));
    for (let i = 0; i < 1000; i++) {
      a.next();
      expect(a.batch).toBe(1);
    }
    const t = jobGaps(new PoissonArrivals(2, new RandomStreams(3).stream('p')), 100_000);
    expect(t.mean).toBeCloseTo(0.5, 2);
    expect(t.variance / t.mean ** 2).toBeCloseTo(1, 1);
  });

  it('ConstantRateArrivals: the first gap is the phase, then 1/rate', () => {
    const a = new ConstantRateArrivals({ rate: 4, phase: 0.1 });
    expect([a.next(), a.next(), a.next()]).toEqual([0.1, 0.25, 0.25]);
    expect(new ConstantRateArrivals({ rate: 4 }).next()).toBe(0.25);
  });

  it('OnOffArrivals: long-run rate peak·on/(on + off) (Poisson), 1/(e^(1/(peak·on)) − 1)/(on + off) (CBR)', () => {
    for (const pattern of ['poisson', 'cbr'] as const) {
      const a = new OnOffArrivals({ peakRate: 10, meanOn: 1, meanOff: 3, pattern }, new RandomStreams(4).stream(pattern));
      const rate = pattern === 'poisson' ? 2.5 : 1 / (Math.exp(0.1) - 1) / 4;
      expect(a.rate).toBeCloseTo(rate, 14);
      let time = 0;
      const n = 100_000;
      for (let i = 0; i < n; i++) time += a.next();
      expect(Math.abs(n / time - rate) / rate).toBeLessThan(0.03);
    }
  });

  it('arrivalProcess builds from JSON and names the bad field', () => {
    const s = new RandomStreams(1).stream('x');
    expect(arrivalProcess({ kind: 'ge', rate: 5, ca2: 5 }, s)).toBeInstanceOf(GeArrivals);
    expect(arrivalProcess({ kind: 'cbr', rate: 5 }, s).rate).toBe(5);
    expect(() => arrivalProcess({ kind: 'ge', rate: 5, ca2: 0.5 }, s, 'flows[1].arrivals')).toThrow(
      'flows[1].arrivals.ca2 must be a finite squared coefficient of variation >= 1, got 0.5',
    );
    expect(() => arrivalProcess({ kind: 'poison', rate: 5 } as never, s)).toThrow(/arrivals.kind/);
    expect(() => arrivalProcess({ kind: 'toString', rate: 5 } as never, s)).toThrow(/arrivals.kind must be one of/); // not a prototype key
    expect(() => arrivalProcess({ kind: 'poisson', rate: 5, ca2: 2 } as never, s)).toThrow(/arrivals.ca2/);
    expect(() => new PoissonArrivals(-1, s)).toThrow(InvalidParameterError);
  });
});

describe('packet sizes', () => {
  it('mix: frequencies follow the weights; mean is the weighted mean', () => {
    const p = packetSizes({ kind: 'mix', bytes: [256, 2048], weights: [3, 2] }, new RandomStreams(1).stream('s'));
    expect(p.meanBytes).toBeCloseTo(972.8, 10);
    let small = 0;
    for (let i = 0; i < 50_000; i++) if (p.sample() === 256) small++;
    expect(Math.abs(small / 50_000 - 0.6)).toBeLessThan(0.01);
  });

  it('mix: a size of weight 0 is never drawn, not even when the weights sum to 1 − ε (found in review)', () => {
    // Seven weights of 1/7 sum to 0.9999999999999998; the largest u below 1 lies above that.
    const top = { next: () => 1 - 2 ** -53 };
    expect(packetSizes({ kind: 'mix', bytes: [1, 2, 3, 4, 5, 6, 7, 99], weights: [1, 1, 1, 1, 1, 1, 1, 0] }, top).sample()).toBe(7);
    expect(packetSizes({ kind: 'mix', bytes: [99, 5, 99], weights: [0, 1, 0] }, { next: () => 0 }).sample()).toBe(5);
  });

  it('constant and uniform', () => {
    expect(packetSizes({ kind: 'constant', bytes: 2048 }).sample()).toBe(2048);
    const u = packetSizes({ kind: 'uniform', minBytes: 10, maxBytes: 12 }, new RandomStreams(1).stream('s'));
    const seen = new Set<number>();
    for (let i = 0; i < 200; i++) seen.add(u.sample());
    expect([...seen].sort()).toEqual([10, 11, 12]);
    expect(u.meanBytes).toBe(11);
  });

  it('bad specs name the field', () => {
    expect(() => packetSizes({ kind: 'mix', bytes: [256], weights: [1, 2] })).toThrow(/sizes.weights/);
    expect(() => packetSizes({ kind: 'constant', bytes: 0 }, undefined, 'f.sizes')).toThrow(/f.sizes.bytes/);
    expect(() => packetSizes({ kind: 'mix', bytes: [1], weights: [1] })).toThrow(/stream/);
  });
});

describe('attachSource', () => {
  it('emits the process epochs on the engine and stops at stopAt', () => {
    const engine = new Engine();
    const times: number[] = [];
    const src = attachSource(engine, new ConstantRateArrivals({ rate: 2 }), (batch, e) => times.push(e.now * batch), { stopAt: 2.1 });
    engine.run();
    expect(times).toEqual([0.5, 1, 1.5, 2]);
    expect(src.emitted).toBe(4);
  });

  it('counts jobs of batches; stop() cancels', () => {
    const engine = new Engine();
    let jobs = 0;
    const src = attachSource(engine, new GeArrivals({ rate: 5, ca2: 5 }, new RandomStreams(9).stream('a')), (b) => (jobs += b));
    engine.run({ until: 2000 });
    expect(Math.abs(jobs / 2000 - 5)).toBeLessThan(0.35);
    src.stop();
    expect(engine.run().events).toBe(0);
  });

  it('stop() called from the arrival callback emits nothing more (found in review)', () => {
    const engine = new Engine();
    let jobs = 0;
    const src = attachSource(engine, new ConstantRateArrivals({ rate: 1 }), () => {
      if (++jobs === 3) src.stop();
    });
    engine.run({ until: 10 });
    expect([jobs, src.emitted, engine.calendarSize]).toEqual([3, 3, 0]);
  });
});

/** rateTrajectory: a marks pattern against the mpmath fixture, a seeded random process, option errors. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fimd, InvalidParameterError, lipd, pipd, rateTrajectory, seededStream, type TrajectoryPoint } from '../../src/index.js';

const REF = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'congestion', 'reference.json'), 'utf8')) as {
  trajectory: { params: { rMin: number; rMax: number; n: number }; marks: string; acks: number; points: TrajectoryPoint[] };
};

describe('rateTrajectory', () => {
  it("FIMD under '0001' repeated over 12 ACKs matches the independent script, point for point", () => {
    const t = REF.trajectory;
    const path = rateTrajectory(fimd(t.params), { marks: t.marks, acks: t.acks });
    expect(path.points).toHaveLength(13);
    path.points.forEach((p, k) => {
      const q = t.points[k]!;
      expect(p.ack).toBe(q.ack);
      expect(p.marked).toBe(q.marked);
      expect(Math.abs(p.rate - q.rate)).toBeLessThanOrEqual(1e-12 * q.rate);
      expect(Math.abs(p.time - q.time)).toBeLessThanOrEqual(1e-12 * Math.max(q.time, 1e-300));
    });
    expect(path.markedAcks).toBe(3);
    expect(path.timeAverageRate).toBeCloseTo(12 / t.points[12]!.time, 6);
  });

  it('by hand: FIMD(1000, 256000, 4) from R_max, marks "1": ACK at 1/256000 s, rate 64000 (docs/models.md §10)', () => {
    const path = rateTrajectory(fimd({ rMin: 1000, rMax: 256000, n: 4 }), { marks: [true] });
    expect(path.points[1]).toEqual({ ack: 1, time: 1 / 256000, marked: true, rate: 64000 });
  });

  it('PIPD at the thesis scale is bang-bang: R_max → R_min on a mark, R_min → R_max on the next unmarked ACK', () => {
    const path = rateTrajectory(pipd({ rMin: 1000, rMax: 256000, m: 4 }), { marks: '10', acks: 6 });
    expect(path.points.map((p) => p.rate)).toEqual([256000, 1000, 256000, 1000, 256000, 1000, 256000]);
  });

  it('a seeded random process is reproducible, and its marks follow the stream', () => {
    const f = lipd({ rMin: 1000, rMax: 256000 });
    const a = rateTrajectory(f, { markProbability: 0.1, acks: 2000, random: seededStream(7) });
    const b = rateTrajectory(f, { markProbability: 0.1, acks: 2000, random: seededStream(7) });
    expect(a).toEqual(b);
    const s = seededStream(7);
    const expected = Array.from({ length: 2000 }, () => s.next() < 0.1);
    expect(a.points.slice(1).map((p) => p.marked)).toEqual(expected);
    expect(a.markedAcks).toBe(expected.filter(Boolean).length);
    expect(rateTrajectory(f, { markProbability: 0, acks: 5, random: seededStream(1) }).markedAcks).toBe(0);
  });

  it('start sets the first rate; a pattern repeats to acks', () => {
    const path = rateTrajectory(fimd({ rMin: 1, rMax: 100, n: 2 }), { marks: '01', acks: 5, start: 8 });
    expect(path.points[0]!.rate).toBe(8);
    expect(path.points.map((p) => p.marked)).toEqual([false, false, true, false, true, false]);
  });

  it.each([
    [{}, /^options must be given exactly one of marks and markProbability/],
    [{ marks: '01', markProbability: 0.5 }, /^options must be given exactly one/],
    [{ marks: '01x' }, /^options\.marks must be a non-empty string of '0' and '1'/],
    [{ marks: '' }, /^options\.marks must be a non-empty string/],
    [{ marks: [1, 2] }, /^options\.marks must be a non-empty array of booleans or 0\/1/],
    [{ markProbability: 0.5, acks: 10 }, /^options\.random must be a RandomStream/],
    [{ markProbability: 0.5, random: seededStream(1) }, /^options\.acks must be given with markProbability/],
    [{ markProbability: 1.5, acks: 3, random: seededStream(1) }, /^options\.markProbability must be a finite number in \[0, 1\]/],
    [{ marks: '1', acks: 0 }, /^options\.acks must be an integer >= 1, got 0$/],
    [{ marks: '1', start: -3 }, /^options\.start must be a finite number > 0, got -3$/],
  ])('%j → InvalidParameterError', (options, message) => {
    const f = fimd({ rMin: 1, rMax: 100, n: 2 });
    expect(() => rateTrajectory(f, options as never)).toThrow(InvalidParameterError);
    expect(() => rateTrajectory(f, options as never)).toThrow(message);
  });
});

describe('RateController', () => {
  it('applies f_dec on a marked ACK and f_inc on an unmarked one, from R_max by default — the same path as rateTrajectory', async () => {
    const { RateController } = await import('../../src/index.js');
    const f = fimd({ rMin: 1000, rMax: 256000, n: 4 });
    const c = new RateController(f);
    expect(c.rate).toBe(256000);
    expect(c.onAck(true)).toBe(64000); // 256000/4 (docs/models.md §10)
    const path = rateTrajectory(f, { marks: '1001011', start: 256000 });
    const c2 = new RateController(f, 256000);
    expect([...'1001011'].map((m) => c2.onAck(m === '1'))).toEqual(path.points.slice(1).map((p) => p.rate));
    expect(() => new RateController(f, 0)).toThrow(/^start must be a finite number > 0, got 0$/);
    expect(() => new RateController({} as never)).toThrow(/^fn must be a response function/);
  });
});

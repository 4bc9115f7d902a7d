/**
 * checkConditions: PIPD and FIMD meet condition (1) on their design range (and not below it, where
 * the R_min floor forces a violation — docs/models.md §10); LIPD as the seed states it; planted
 * violations of each condition are caught, with the worst point where it was planted.
 */
import { describe, expect, it } from 'vitest';
import { aimd, checkConditions, fimd, geometricGrid, InvalidParameterError, lipd, pipd, responseFunction } from '../../src/index.js';
import fc from 'fast-check';

describe('condition (1) for PIPD and FIMD on the design range', () => {
  it('PIPD meets (1), (2), (3) on [R_min^m, R_max] for several (R_min, R_max, m)', () => {
    for (const p of [
      { rMin: 10, rMax: 1e5, m: 4 },
      { rMin: 2, rMax: 256, m: 2 },
      { rMin: 3, rMax: 5000, m: 2.5 },
      { rMin: 1.5, rMax: 1e6, m: 8 },
    ]) {
      const report = checkConditions(pipd(p));
      expect(report.range, JSON.stringify(p)).toBe('design');
      expect(report.conditions, JSON.stringify(p)).toEqual({ avoidsCongestion: true, fair: true, efficient: true });
      expect(report.details.avoidsCongestion.from).toBe(p.rMin ** p.m);
    }
  });

  it('property: f_inc(f_dec(r)) ≤ r for PIPD and FIMD at any rate of the design range', () => {
    fc.assert(
      fc.property(fc.double({ min: 1.5, max: 50, noNaN: true }), fc.double({ min: 1.2, max: 6, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (rMin, k, u) => {
        const rMax = rMin ** k * 10;
        const f = pipd({ rMin, rMax, m: k });
        const r = f.designRangeStart * (rMax / f.designRangeStart) ** u;
        expect(f.increase(f.decrease(r))).toBeLessThanOrEqual(r * (1 + 1e-9));
        const g = fimd({ rMin, rMax, n: k });
        const s = g.designRangeStart * (rMax / g.designRangeStart) ** u;
        expect(g.increase(g.decrease(s))).toBeLessThanOrEqual(s * (1 + 1e-9));
      }),
    );
  });

  it('FIMD(1000, 256000, 4) meets all three on [4000, 256000]', () => {
    const report = checkConditions(fimd({ rMin: 1000, rMax: 256000, n: 4 }));
    expect(report.conditions).toEqual({ avoidsCongestion: true, fair: true, efficient: true });
    expect(report.details.avoidsCongestion.from).toBe(4000);
  });

  it('below the design range the floor breaks (1): FIMD on the full range, worst at R_min where f_inc(R_min) = n·R_min', () => {
    const report = checkConditions(fimd({ rMin: 1000, rMax: 256000, n: 4 }), { range: 'full' });
    expect(report.conditions.avoidsCongestion).toBe(false);
    const w = report.details.avoidsCongestion.worst!;
    expect(w.rate).toBe(1000);
    expect(w.value).toBeCloseTo(4000, 6);
    expect(w.violation).toBeCloseTo(3, 9); // (4000 − 1000)/1000
  });

  it("PIPD at the issue's scale (1000, 256000, 4): the design range [10^12, …] is empty; on the full range it is bang-bang", () => {
    const report = checkConditions(pipd({ rMin: 1000, rMax: 256000, m: 4 }));
    expect(report.range).toBe('full');
    expect(report.note).toMatch(/design range empty/);
    expect(report.note).toMatch(/no rate up to R_max decreases to more than R_min/);
    expect(report.designRangeStart).toBe(1e12);
    // every decrease lands on R_min and the next ACK restores R_max: (1) fails, worst at R_min
    expect(report.conditions).toEqual({ avoidsCongestion: false, fair: true, efficient: true });
    expect(report.details.avoidsCongestion.worst).toMatchObject({ rate: 1000, value: 256000, violation: 255 });
  });
});

describe('LIPD as the seed states it (f_inc(r) = r/(1 − R_min/R_max))', () => {
  const f = lipd({ rMin: 1000, rMax: 256000 });
  it('meets (1), (2) and (3) on its design range [R_max·R_min/(R_max − R_min), R_max]', () => {
    expect(checkConditions(f).conditions).toEqual({ avoidsCongestion: true, fair: true, efficient: true });
  });
  it('(1) holds with equality at the range start: f_inc(f_dec(r0)) = r0 (docs/models.md §10, worked in docs/congestion.md)', () => {
    const r0 = f.designRangeStart;
    expect(f.increase(f.decrease(r0)) / r0 - 1).toBeCloseTo(0, 12);
  });
  it('with R_max < 2·R_min its design range is empty, and the note does not claim a floor it lacks', () => {
    const report = checkConditions(lipd({ rMin: 1000, rMax: 1500 }));
    expect(report.designRangeStart).toBeCloseTo(3000, 9); // 1500·1000/500
    expect(report.range).toBe('full');
    expect(lipd({ rMin: 1000, rMax: 1500 }).decrease(1500)).toBe(750); // below R_min: no floor
    expect(report.note).not.toMatch(/lands on R_min\)/);
  });

  it('breaks (1) just below it, by little, since its decrease has no floor', () => {
    const report = checkConditions(f, { range: 'full' });
    expect(report.conditions.avoidsCongestion).toBe(false);
    const w = report.details.avoidsCongestion.worst!;
    expect(w.rate).toBe(1000);
    // f_dec(1000) = 256000/257, f_inc of it = 256000/257·256/255 = 1000·(256²/(257·255))/1000…
    expect(w.value).toBeCloseTo((256000 / 257) * (256 / 255), 9);
  });
});

describe('AIMD', () => {
  it('(1) fails below α/(1 − β) and holds above it', () => {
    const f = aimd({ rMin: 100, rMax: 1e5, alpha: 1000, beta: 0.5 }); // design range from 200; α/(1−β) = 2000
    const report = checkConditions(f);
    expect(report.conditions.avoidsCongestion).toBe(false);
    const w = report.details.avoidsCongestion.worst!;
    expect(w.rate).toBe(200);
    expect(w.value).toBe(1100);
    const upper = responseFunction({ rMin: 100, rMax: 1e5, increase: f.increase, decrease: f.decrease, designRangeStart: 2000 });
    expect(checkConditions(upper).conditions.avoidsCongestion).toBe(true);
  });
  it('(3): the fluid recovery time ln(1/β)/α = 6.93e-4 is not 1/R_min = 1e-3 → not efficient', () => {
    const report = checkConditions(aimd({ rMin: 1000, rMax: 256000, alpha: 1000, beta: 0.5 }));
    expect(report.conditions.efficient).toBe(false);
    expect(report.details.efficient.worst!.rate).toBe(256000);
    expect(report.details.efficient.worst!.value).toBeCloseTo(Math.log(2) / 1000, 5);
  });
});

describe('planted violations are caught, with where they are', () => {
  it('(1): f_inc = 3r after f_dec = r/2', () => {
    const f = responseFunction({ rMin: 1, rMax: 1000, increase: (r) => Math.min(3 * r, 1000), decrease: (r) => Math.max(r / 2, 1) });
    const report = checkConditions(f);
    expect(report.conditions.avoidsCongestion).toBe(false);
    const w = report.details.avoidsCongestion.worst!;
    expect(w.violation).toBeCloseTo(0.5, 12); // 3·(r/2) = 1.5 r
    expect(w.rate).toBeLessThan(1000 / 1.5);
  });

  it('(2): faster recovery at high rates, f_inc(r) = r·2^(r/R_max), f_dec = r/2 — (1) still holds', () => {
    const rMax = 1e4;
    const f = responseFunction({ rMin: 1, rMax, increase: (r) => Math.min(r * 2 ** (r / rMax), rMax), decrease: (r) => Math.max(r / 2, 1) });
    const report = checkConditions(f);
    expect(report.conditions.avoidsCongestion).toBe(true);
    expect(report.conditions.fair).toBe(false);
    const w = report.details.fair.worst!;
    expect(w.lowerRate!).toBeLessThan(w.rate);
    expect(w.value).toBeGreaterThan(w.bound);
    expect(report.conditions.efficient).toBe(false);
  });

  it('(2) planted inside an otherwise fair function: a detour that slows the climb only around 5000', () => {
    const base = fimd({ rMin: 1000, rMax: 256000, n: 4 });
    // an unmarked ACK in [2000, 2500) adds only 1 to the rate: recoveries that pass through it (from r in [8000, 10000)) take far longer
    const f = responseFunction({ rMin: 1000, rMax: 256000, increase: (r) => (r >= 2000 && r < 2500 ? r + 1 : base.increase(r)), decrease: base.decrease });
    const report = checkConditions(f, { points: 400 });
    expect(report.conditions.fair).toBe(false);
    const w = report.details.fair.worst!;
    expect(w.lowerRate!).toBeGreaterThanOrEqual(8000);
    expect(w.lowerRate!).toBeLessThan(10000 * 1.01);
  });

  it('(3) and (2) when the climb stalls: a function that never recovers is not efficient, and an everywhere-infinite T_rec is still nondecreasing', () => {
    // f_inc(r) = r: after any decrease the rate never climbs back, T_rec = Infinity (a climb of 0 ACKs that is not "nothing to recover")
    const never = responseFunction({ rMin: 1, rMax: 100, increase: (r) => r, decrease: (r) => Math.max(r / 2, 1) });
    const report = checkConditions(never);
    expect(report.conditions.efficient).toBe(false);
    expect(report.details.efficient.pointsChecked).toBe(256);
    expect(report.details.efficient.worst!.value).toBe(Infinity);
    expect(report.details.efficient.worst!.violation).toBe(Infinity);
    expect(report.conditions.fair).toBe(true); // Infinity ≤ Infinity at every pair
    expect(Number.isNaN(report.details.fair.worst!.violation)).toBe(false);
  });

  it('(2) when the climb stalls only from some rates: recovery from the lower rate never ends, the violation is Infinity', () => {
    // an unmarked ACK in [10, 20) does not raise the rate: decreases that land there (from r in [20, 40)) never recover
    const band = responseFunction({ rMin: 1, rMax: 100, increase: (r) => (r >= 10 && r < 20 ? r : Math.min(2 * r, 100)), decrease: (r) => Math.max(r / 2, 1) });
    const report = checkConditions(band);
    expect(report.conditions.fair).toBe(false);
    const w = report.details.fair.worst!;
    expect(w.lowerRate!).toBeGreaterThanOrEqual(20);
    expect(w.lowerRate!).toBeLessThan(40);
    expect(w.value).toBe(Infinity);
    expect(w.violation).toBe(Infinity);
    expect(report.conditions.efficient).toBe(false);
  });

  it('(3): a recovery that takes twice 1/R_min', () => {
    const f = responseFunction({ rMin: 1, rMax: 100, increase: (r) => Math.min(r * 2 ** (0.5 / r), 100), decrease: (r) => Math.max(r / 2, 1) });
    const report = checkConditions(f);
    expect(report.conditions.efficient).toBe(false);
    expect(report.details.efficient.worst!.violation).toBeGreaterThan(0.9);
  });
});

describe('options', () => {
  const f = fimd({ rMin: 1000, rMax: 256000, n: 4 });
  it('points sets the grid size; the grid is geometric with both ends', () => {
    expect(checkConditions(f, { points: 2 }).details.avoidsCongestion.pointsChecked).toBe(2);
    const g = geometricGrid(1, 1000, 4);
    expect(g[0]).toBe(1);
    expect(g[3]).toBe(1000);
    expect(g[1]).toBeCloseTo(10, 12);
  });
  it.each([
    [{ points: 1 }, /^options\.points must be an integer >= 2, got 1$/],
    [{ points: 2.5 }, /^options\.points must be an integer >= 2/],
    [{ range: 'half' }, /^options\.range must be one of 'design', 'full', got "half"$/],
    [{ grid: 3 }, /^options\.grid must be absent/],
  ])('%j → InvalidParameterError', (options, message) => {
    expect(() => checkConditions(f, options as never)).toThrow(InvalidParameterError);
    expect(() => checkConditions(f, options as never)).toThrow(message);
  });
});

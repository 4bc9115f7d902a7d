/** The thesis's error measure and friends (docs/models.md §7). */
import { describe, expect, it } from 'vitest';
import { InvalidParameterError } from '../../src/core/errors.js';
import { absoluteError, errorMeasure, errorSummary, insideInterval, intervalCoverage } from '../../src/index.js';

describe('errorMeasure', () => {
  it('errorMeasure(sim 2, ME 2.1) → |2 − 2.1|/2 = 0.05 (divides by the simulated value)', () => {
    expect(errorMeasure({ simulated: 2, analytic: 2.1 })).toBeCloseTo(0.05, 15);
    expect(errorMeasure({ simulated: 2.1, analytic: 2 })).toBeCloseTo(0.1 / 2.1, 15);
  });

  it('edges: equal values → 0 (both zero included); simulated 0 alone → Infinity; absolute error stays finite', () => {
    expect(errorMeasure({ simulated: 0, analytic: 0 })).toBe(0);
    expect(errorMeasure({ simulated: 0, analytic: 1e-9 })).toBe(Infinity);
    expect(absoluteError({ simulated: 0, analytic: 1e-9 })).toBe(1e-9);
  });

  it.each([Number.NaN, Infinity])('a simulated value of %s → InvalidParameterError', (v) => {
    expect(() => errorMeasure({ simulated: v, analytic: 1 })).toThrow(InvalidParameterError);
  });
});

describe('errorSummary', () => {
  const points = [
    { simulated: 2, analytic: 2.1 },
    { simulated: 4, analytic: 3.8 },
    { simulated: 1, analytic: 1 },
  ];

  it('mean and max EM, max absolute error, ε-accuracy', () => {
    const s = errorSummary(points, { epsilon: 0.05 });
    expect(s.errorMeasures).toHaveLength(3);
    expect(s.meanErrorMeasure).toBeCloseTo((0.05 + 0.05 + 0) / 3, 14);
    expect(s.maxErrorMeasure).toBeCloseTo(0.05, 14);
    expect(s.maxAbsoluteError).toBeCloseTo(0.2, 14);
    expect(errorSummary(points, { epsilon: 0.06 }).epsilonAccurate).toBe(true);
    expect(errorSummary(points, { epsilon: 0.04 }).epsilonAccurate).toBe(false);
    expect(errorSummary(points).epsilonAccurate).toBeUndefined();
  });

  it('rejects an empty list, a bad point (naming its index) and a bad ε', () => {
    expect(() => errorSummary([])).toThrow(InvalidParameterError);
    expect(() => errorSummary([{ simulated: 1, analytic: 1 }, { simulated: Number.NaN, analytic: 1 }])).toThrow(/points\[1\]\.simulated/);
    expect(() => errorSummary(points, { epsilon: -1 })).toThrow(/epsilon/);
  });
});

describe('confidence intervals', () => {
  it('insideInterval includes the bounds and rejects a reversed interval', () => {
    expect(insideInterval(1, { lower: 1, upper: 2 })).toBe(true);
    expect(insideInterval(2.0000001, { lower: 1, upper: 2 })).toBe(false);
    expect(() => insideInterval(1, { lower: 2, upper: 1 })).toThrow(InvalidParameterError);
  });

  it('intervalCoverage counts the analytic values inside', () => {
    expect(
      intervalCoverage([
        { analytic: 1, lower: 0.9, upper: 1.1 },
        { analytic: 3, lower: 0.9, upper: 1.1 },
      ]),
    ).toBe(0.5);
  });
});

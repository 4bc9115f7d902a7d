/**
 * Comparing an analytic answer with a simulated one (docs/models.md §7).
 *
 * The thesis's error measure for experiment point j (§5.2/5.3; the denominator is a reading):
 *
 *     EM(j) = |L_Sim(j) − L_ME(j)| / L_Sim(j)
 *
 * and a solution is ε-accurate if every EM ≤ ε. EM divides by the simulated value, so it blows up
 * where that is near 0: report the absolute difference too, and the simulation's confidence
 * interval — an analytic value inside a 95 % interval over independent replications says more than
 * a small EM.
 */
import { maxOf } from '../core/arrays.js';
import { InvalidParameterError } from '../core/errors.js';
import { finiteNumber, knownKeys, nonNegativeNumber, plainObject } from '../core/guards.js';

/** One experiment point: the simulated and the analytic value of the same metric. */
export interface ComparisonPoint {
  readonly simulated: number;
  readonly analytic: number;
}

/**
 * EM = |simulated − analytic| / |simulated|. 0 when both are 0; Infinity when only the simulated
 * value is 0 (use {@link absoluteError} there).
 *
 * @throws InvalidParameterError if either value is not a finite number.
 * @example errorMeasure({ simulated: 2, analytic: 2.1 }) // 0.05
 */
export function errorMeasure(point: ComparisonPoint): number {
  return differenceOver(point, 'simulated');
}

/** |simulated − analytic|. @throws InvalidParameterError for a value that is not finite. */
export function absoluteError(point: ComparisonPoint): number {
  const p = plainObject('point', point);
  return Math.abs(finiteNumber('simulated', p.simulated) - finiteNumber('analytic', p.analytic));
}

/**
 * |simulated − analytic| / |analytic|: the error relative to the model's value (the thesis's EM
 * divides by the simulated value instead). 0 when both are 0; Infinity when only the analytic
 * value is 0.
 *
 * @throws InvalidParameterError for a value that is not finite.
 * @example relativeError({ simulated: 2, analytic: 2.5 }) // 0.2
 */
export function relativeError(point: ComparisonPoint): number {
  return differenceOver(point, 'analytic');
}

/** |simulated − analytic| / |point[by]|, 0 when the two are equal; both values checked finite. */
function differenceOver(point: ComparisonPoint, by: keyof ComparisonPoint): number {
  const p = plainObject('point', point);
  const values = { simulated: finiteNumber('simulated', p.simulated), analytic: finiteNumber('analytic', p.analytic) };
  const diff = Math.abs(values.simulated - values.analytic);
  if (diff === 0) return 0;
  return diff / Math.abs(values[by]);
}

/** The error measures of a set of experiment points. */
export interface ErrorSummary {
  /** EM(j) for each point. */
  readonly errorMeasures: readonly number[];
  /** |L_Sim(j) − L_ME(j)| for each point. */
  readonly absoluteErrors: readonly number[];
  /** Mean EM over the points (the thesis reports 5–10 %). */
  readonly meanErrorMeasure: number;
  /** Largest EM. */
  readonly maxErrorMeasure: number;
  /** Largest absolute error. */
  readonly maxAbsoluteError: number;
  /** ε used, if one was given. */
  readonly epsilon?: number;
  /** True if every EM ≤ ε (only when ε was given). */
  readonly epsilonAccurate?: boolean;
}

/**
 * EM and absolute error at every point, their mean and maximum, and, if `epsilon` is given,
 * whether the analysis is ε-accurate (every EM ≤ ε).
 *
 * @throws InvalidParameterError for an empty list, a non-finite value (naming its index) or an
 *   epsilon that is not a finite number ≥ 0.
 * @example errorSummary([{ simulated: 2, analytic: 2.1 }, { simulated: 4, analytic: 3.8 }], { epsilon: 0.1 })
 *   // meanErrorMeasure 0.05, epsilonAccurate true
 */
export function errorSummary(points: readonly ComparisonPoint[], options: { readonly epsilon?: number } = {}): ErrorSummary {
  if (!Array.isArray(points) || points.length === 0) throw new InvalidParameterError('points', 'a non-empty array', points);
  const o = plainObject('options', options);
  knownKeys('options', o, ['epsilon']);
  const epsilon = o.epsilon === undefined ? undefined : nonNegativeNumber('epsilon', o.epsilon);
  const errorMeasures: number[] = [];
  const absoluteErrors: number[] = [];
  points.forEach((p, j) => {
    const simulated = finiteNumber(`points[${j}].simulated`, p?.simulated);
    const analytic = finiteNumber(`points[${j}].analytic`, p?.analytic);
    errorMeasures.push(errorMeasure({ simulated, analytic }));
    absoluteErrors.push(Math.abs(simulated - analytic));
  });
  const maxErrorMeasure = maxOf(errorMeasures);
  return {
    errorMeasures,
    absoluteErrors,
    meanErrorMeasure: errorMeasures.reduce((s, v) => s + v, 0) / errorMeasures.length,
    maxErrorMeasure,
    maxAbsoluteError: maxOf(absoluteErrors),
    ...(epsilon === undefined ? {} : { epsilon, epsilonAccurate: maxErrorMeasure <= epsilon }),
  };
}

/** A confidence interval [lower, upper]. */
export interface Interval {
  readonly lower: number;
  readonly upper: number;
}

/**
 * True if `value` lies in [lower, upper] (bounds included).
 *
 * @throws InvalidParameterError for a non-finite value or bound, or lower > upper.
 */
export function insideInterval(value: number, interval: Interval): boolean {
  const v = finiteNumber('value', value);
  const i = plainObject('interval', interval);
  const lower = finiteNumber('interval.lower', i.lower);
  const upper = finiteNumber('interval.upper', i.upper);
  if (lower > upper) throw new InvalidParameterError('interval', 'an interval with lower <= upper', interval);
  return v >= lower && v <= upper;
}

/**
 * The fraction of points whose analytic value lies inside the simulation's confidence interval
 * (about the interval's level if the analysis is exact and the intervals are honest).
 *
 * @throws InvalidParameterError for an empty list or an invalid point.
 */
export function intervalCoverage(points: readonly (Interval & { readonly analytic: number })[]): number {
  if (!Array.isArray(points) || points.length === 0) throw new InvalidParameterError('points', 'a non-empty array', points);
  let inside = 0;
  for (const p of points) if (insideInterval(p.analytic, p)) inside++;
  return inside / points.length;
}

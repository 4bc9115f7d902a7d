/**
 * The design conditions of a source response function (docs/models.md §10; thesis eqs. 3.1–3.3, from
 * Santos et al. 2003), checked numerically over a rate grid:
 *
 *   (1) avoids congestion: f_inc(f_dec(r)) ≤ r;
 *   (2) fair:              T_rec(r1) ≤ T_rec(r2) for r1 ≤ r2;
 *   (3) efficient:         T_rec(r) = 1/R_min for f_dec⁻¹(R_min) ≤ r ≤ R_max.
 *
 * Where they are checked. Condition (3) is stated on the design range D = [f_dec⁻¹(R_min), R_max].
 * By default (1) and (2) are checked there too: below f_dec⁻¹(R_min) the floor R_min makes every
 * efficient function break (1) — a decrease from r lands on R_min, and (3) at r = f_dec⁻¹(R_min)
 * requires f_inc(R_min) = f_dec⁻¹(R_min) > r. `range: 'full'` checks on [R_min, R_max] instead.
 * When D is empty (f_dec⁻¹(R_min) > R_max, e.g. PIPD at the thesis's scale) the full range is used
 * and the report says so.
 *
 * Whole ACKs. T_rec counts whole inter-ACK times, so it exceeds the fluid recovery time by less than
 * its last step 1/x_{K−1} ({@link recoveryDetail}): the fluid time lies in [T_rec − lastStep, T_rec].
 * (3) holds at r when 1/R_min lies in that interval; (2) is broken at r1 < r2 only when the
 * intervals prove it: T_rec(r1) − lastStep(r1) > T_rec(r2). Points with f_dec(r) ≥ r (nothing to
 * recover, e.g. r = R_min) are skipped for (3). A climb that stalls below r (T_rec = Infinity) breaks
 * (3), and (2) against any higher rate whose recovery is finite. All comparisons allow a relative
 * 1e-9 for the rounding of pow and exp.
 */
import { InvalidParameterError } from '../core/errors.js';
import { integerAtLeast, knownKeys, oneOf, plainObject } from '../core/guards.js';
import { recoveryDetail, type ResponseFunction } from './responseFunctions.js';
import { checkKind, optionsParameter, recordParameter } from '../core/shapes.js';

/** Relative slack of every comparison (rounding of pow/exp in the functions). */
export const CONDITION_TOLERANCE = 1e-9;

/** Options of {@link checkConditions}. */
export interface CheckConditionsOptions {
  /** Grid points, spaced geometrically, both ends included. Default 256; at least 2. */
  readonly points?: number;
  /** 'design' (default): [f_dec⁻¹(R_min), R_max]; 'full': [R_min, R_max]. Condition (3) is always on the design range (or on the full range when the design range is empty). */
  readonly range?: 'design' | 'full';
}

/** Where a condition is tightest or most violated. */
export interface ConditionWorst {
  /** The rate at which it occurs (for (2), the higher rate r2). */
  readonly rate: number;
  /** For (2): the lower rate r1 whose recovery takes longer; absent otherwise. */
  readonly lowerRate?: number;
  /** (1): f_inc(f_dec(r)); (2): T_rec(r1) − lastStep(r1); (3): T_rec(r). */
  readonly value: number;
  /** (1): r; (2): T_rec(r2); (3): 1/R_min. */
  readonly bound: number;
  /** How far the condition is broken, relative to the bound (≤ 1e-9 means it holds here). */
  readonly violation: number;
}

/** One condition's verdict. */
export interface ConditionDetail {
  readonly holds: boolean;
  /** Rates the verdict rests on. */
  readonly from: number;
  readonly to: number;
  readonly pointsChecked: number;
  /** The most violated (or, when it holds, the tightest) point; null when no point was checked. */
  readonly worst: ConditionWorst | null;
}

/** What {@link checkConditions} returns. */
export interface ConditionsReport {
  readonly function: ResponseFunction['name'];
  readonly params: Readonly<Record<string, number>>;
  /** The verdicts, as the command line's `--json` prints them. */
  readonly conditions: { readonly avoidsCongestion: boolean; readonly fair: boolean; readonly efficient: boolean };
  readonly details: { readonly avoidsCongestion: ConditionDetail; readonly fair: ConditionDetail; readonly efficient: ConditionDetail };
  /** f_dec⁻¹(R_min), the start of the design range. */
  readonly designRangeStart: number;
  /** The range actually used for (1) and (2). */
  readonly range: 'design' | 'full';
  /** Set when the design range was empty and the full range was used. */
  readonly note?: string;
}

/** `count` rates spaced geometrically from lo to hi, both included (lo if lo = hi). */
export function geometricGrid(lo: number, hi: number, count: number): number[] {
  checkKind('lo', lo, 'number');
  checkKind('hi', hi, 'number');
  integerAtLeast('count', count, 1);
  if (count === 1 || lo === hi) return [lo];
  const out = new Array<number>(count);
  // In logs throughout: hi/lo and exp(ratio·k) overflow for a range such as 1e-300..1e300.
  const logLo = Math.log(lo);
  const ratio = (Math.log(hi) - logLo) / (count - 1);
  for (let k = 0; k < count; k++) out[k] = Math.exp(logLo + ratio * k);
  out[0] = lo;
  out[count - 1] = hi;
  return out;
}

/**
 * Checks conditions (1)–(3) of docs/models.md §10 for a response function over a rate grid and reports
 * each verdict with its worst point (see the module comment for where and how each is judged).
 *
 * @param fn any {@link ResponseFunction} (pipd, fimd, lipd, aimd, or your own via responseFunction).
 * @throws InvalidParameterError for a bad option (points < 2 or not an integer, unknown range).
 * @throws NoConvergenceError if a recovery climb needs more than 10^7 ACKs.
 * @example checkConditions(fimd({ rMin: 1000, rMax: 256000, n: 4 })).conditions; // → {"avoidsCongestion":true,"fair":true,"efficient":true}
 */
export function checkConditions(fn: ResponseFunction, options: CheckConditionsOptions = {}): ConditionsReport {
  recordParameter('fn', fn, { rMin: 'number', rMax: 'number', increase: 'function', decrease: 'function', recoveryTime: 'function' });
  optionsParameter('options', options);
  const o = plainObject('options', options);
  knownKeys('options', o, ['points', 'range']);
  const points = o.points === undefined ? 256 : integerAtLeast('options.points', o.points, 2);
  if (points > 1_000_000) throw new InvalidParameterError('options.points', 'an integer <= 1000000', points);
  const requested = o.range === undefined ? 'design' : oneOf('options.range', o.range, ['design', 'full'] as const);
  const { rMin, rMax, designRangeStart } = fn;
  const designEmpty = !(designRangeStart <= rMax);
  const range = designEmpty ? 'full' : requested;
  const lo = range === 'design' ? designRangeStart : rMin;
  const grid = geometricGrid(lo, rMax, points);
  const effLo = designEmpty ? rMin : designRangeStart;
  const effGrid = range === 'design' || designEmpty ? grid : geometricGrid(effLo, rMax, points);
  const tol = CONDITION_TOLERANCE;

  // (1) f_inc(f_dec(r)) ≤ r
  let worst1: ConditionWorst | null = null;
  for (const r of grid) {
    const value = fn.increase(fn.decrease(r));
    const violation = (value - r) / r;
    if (worst1 === null || violation > worst1.violation) worst1 = { rate: r, value, bound: r, violation };
  }

  // (2) T_rec nondecreasing, judged with the whole-ACK intervals
  const details = grid.map((r) => recoveryDetail(fn, r));
  let worst2: ConditionWorst | null = null;
  let maxLower = -Infinity;
  let maxLowerRate = NaN;
  for (let i = 0; i < details.length; i++) {
    const d = details[i]!;
    if (i > 0) {
      // A climb that stalls has T_rec = Infinity: nothing exceeds it, and Infinity after Infinity is no
      // violation (∞ − ∞ would give NaN, which no comparison could ever replace as the worst point).
      const violation = d.time === Infinity ? (maxLower === Infinity ? 0 : -1) : (maxLower - d.time) / Math.max(d.time, 1 / rMin);
      if (worst2 === null || violation > worst2.violation) {
        worst2 = { rate: d.rate, lowerRate: maxLowerRate, value: maxLower, bound: d.time, violation };
      }
    }
    const lower = d.time - d.lastStep;
    if (lower > maxLower) {
      maxLower = lower;
      maxLowerRate = d.rate;
    }
  }

  // (3) 1/R_min within [T_rec − lastStep, T_rec]
  const target = 1 / rMin;
  let worst3: ConditionWorst | null = null;
  let checked3 = 0;
  const effDetails = effGrid === grid ? details : effGrid.map((r) => recoveryDetail(fn, r));
  for (const d of effDetails) {
    if (d.time === 0) continue; // f_dec(r) ≥ r: nothing to recover (a climb that stalls at once also has 0 ACKs, but T_rec = Infinity)
    checked3++;
    const violation = Math.max(target - d.time, d.time - d.lastStep - target) / target;
    if (worst3 === null || violation > worst3.violation) worst3 = { rate: d.rate, value: d.time, bound: target, violation };
  }

  const verdict = (w: ConditionWorst | null) => w === null || w.violation <= tol;
  const d1: ConditionDetail = { holds: verdict(worst1), from: lo, to: rMax, pointsChecked: grid.length, worst: worst1 };
  const d2: ConditionDetail = { holds: verdict(worst2), from: lo, to: rMax, pointsChecked: grid.length, worst: worst2 };
  const d3: ConditionDetail = { holds: verdict(worst3), from: effLo, to: rMax, pointsChecked: checked3, worst: worst3 };
  return {
    function: fn.name,
    params: fn.params,
    conditions: { avoidsCongestion: d1.holds, fair: d2.holds, efficient: d3.holds },
    details: { avoidsCongestion: d1, fair: d2, efficient: d3 },
    designRangeStart,
    range,
    ...(designEmpty
      ? { note: `design range empty: f_dec^-1(R_min) = ${designRangeStart} > R_max = ${rMax} (no rate up to R_max decreases to more than R_min); checked on [R_min, R_max]` }
      : {}),
  };
}

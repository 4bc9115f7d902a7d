/**
 * Source response functions (docs/models.md §10; thesis §3.3.2–3.3.3, eqs. 3.1–3.12; Santos et al. 2003).
 *
 * A source adjusts its injection rate r on every ACK: `increase(r)` = f_inc(r) on an unmarked ACK,
 * `decrease(r)` = f_dec(r) on a marked one. After a change, the next ACK arrives about 1/r later.
 *
 * Units: rates are in whatever unit the caller chooses (packets/s, bytes/s, …) and times are the
 * reciprocal of that unit's time base — with rates in packets per second, times are in seconds. PIPD
 * is **not** scale-free (r^(1/m) only decreases a rate greater than 1 in the unit chosen), so state
 * the unit; the thesis uses values around 10^4–10^5 with R_min = R_max/128 or /256 and m = 4.
 *
 * The functions are plain values: `increase` and `decrease` are hot kernels (allocation-free, never
 * throw; a rate that is not a finite positive number gives NaN or a meaningless number), while the
 * factories and `recoveryTime` validate their input and throw typed errors.
 */
import { InvalidParameterError, NoConvergenceError } from '../core/errors.js';
import { finiteNumber, knownKeys, plainObject, positiveRate } from '../core/guards.js';

/** The four named response functions, and `custom` for one built by {@link responseFunction}. */
export type ResponseFunctionName = 'pipd' | 'fimd' | 'lipd' | 'aimd' | 'custom';

/** A source response function: a pair (f_inc, f_dec) on rates in [R_min, R_max], with its recovery time. */
export interface ResponseFunction {
  /** Which function this is. */
  readonly name: ResponseFunctionName;
  /** The parameters it was built from (rMin, rMax and the function's own: m, n, alpha, beta). */
  readonly params: Readonly<Record<string, number>>;
  /** R_min, the rate floor of the decrease (LIPD as the seed states it has no floor; see {@link lipd}). */
  readonly rMin: number;
  /** R_max, the ceiling of the increase (eq. 3.5: f_inc(r) = min(F_inc^r(1/r), R_max)). */
  readonly rMax: number;
  /**
   * f_dec⁻¹(R_min): the smallest rate whose decrease is not cut off by the floor R_min — the lower end
   * of the range on which condition (3) is stated (eq. 3.3). May exceed R_max (then the design range
   * is empty: every decrease lands on R_min).
   */
  readonly designRangeStart: number;
  /** f_inc(r), applied on an unmarked ACK. Hot kernel: never throws, allocates nothing. */
  increase(r: number): number;
  /** f_dec(r), applied on a marked ACK. Hot kernel: never throws, allocates nothing. */
  decrease(r: number): number;
  /**
   * T_rec(r): the time to climb back from decrease(r) to r when unmarked ACKs arrive one every 1/x
   * at the current rate x — the sum of 1/x_k over the ACKs x_0 = f_dec(r), x_{k+1} = f_inc(x_k),
   * up to the first x_K ≥ r (to a relative 1e-12, so that a climb that lands on r in exact
   * arithmetic is not charged one more ACK for rounding). 0 when decrease(r) ≥ r; Infinity when the
   * climb stalls below r (r > R_max).
   *
   * Because the climb moves in whole ACKs, T_rec(r) is at most one inter-ACK time longer than the
   * fluid recovery time of docs/models.md §10 (see {@link recoveryDetail}).
   *
   * @throws InvalidParameterError if r is not a finite number > 0.
   * @throws NoConvergenceError if the climb needs more than 10^7 ACKs.
   */
  recoveryTime(r: number): number;
}

/** The relative tolerance of "the climb is back at r" (see {@link ResponseFunction.recoveryTime}). */
export const RECOVERY_REACHED_TOLERANCE = 1e-12;

/** The most ACKs a recovery climb may take before {@link NoConvergenceError} is thrown. */
export const MAX_RECOVERY_ACKS = 10_000_000;

/** How a recovery climb went: its time, its ACK count and the duration of its last step. */
export interface RecoveryDetail {
  /** The rate r climbed back to. */
  readonly rate: number;
  /** decrease(r), where the climb starts. */
  readonly start: number;
  /** T_rec(r), the sum of the inter-ACK times of the climb. */
  readonly time: number;
  /** Unmarked ACKs the climb took. */
  readonly acks: number;
  /**
   * The duration 1/x_{K−1} of the last inter-ACK interval (0 if the climb took no ACK): the fluid
   * recovery time lies in [time − lastStep, time], so this bounds the error of counting whole ACKs.
   */
  readonly lastStep: number;
}

/**
 * The recovery climb of `fn` from decrease(r) back to r, with its ACK count and last step.
 *
 * @throws InvalidParameterError if r is not a finite number > 0.
 * @throws NoConvergenceError if the climb needs more than {@link MAX_RECOVERY_ACKS} ACKs.
 * @example recoveryDetail(fimd({ rMin: 1000, rMax: 256000, n: 4 }), 4000).acks; // → 1
 */
export function recoveryDetail(fn: Pick<ResponseFunction, 'increase' | 'decrease'>, r: number): RecoveryDetail {
  positiveRate('r', r);
  const target = r * (1 - RECOVERY_REACHED_TOLERANCE);
  const start = fn.decrease(r);
  let x = start;
  let time = 0;
  let lastStep = 0;
  let acks = 0;
  while (!(x >= target)) {
    const next = fn.increase(x);
    if (!(next > x)) return { rate: r, start, time: Infinity, acks, lastStep }; // stalled (r above R_max) or NaN
    lastStep = 1 / x;
    time += lastStep;
    x = next;
    acks++;
    if (acks > MAX_RECOVERY_ACKS) {
      throw new NoConvergenceError('recoveryTime climb', acks, (r - x) / r, RECOVERY_REACHED_TOLERANCE);
    }
  }
  return { rate: r, start, time, acks, lastStep };
}

function checkedParams(name: string, params: unknown, keys: readonly string[]): Record<string, unknown> {
  const p = plainObject(name, params);
  knownKeys(name, p, keys);
  return p;
}

function rateBounds(p: Record<string, unknown>): { rMin: number; rMax: number } {
  const rMin = positiveRate('rMin', p.rMin);
  const rMax = positiveRate('rMax', p.rMax);
  if (!(rMax > rMin)) throw new InvalidParameterError('rMax', `a finite number > rMin (${rMin})`, rMax);
  return { rMin, rMax };
}

function build(
  name: ResponseFunctionName,
  params: Record<string, number>,
  designRangeStart: number,
  increase: (r: number) => number,
  decrease: (r: number) => number,
): ResponseFunction {
  const fn: ResponseFunction = {
    name,
    params: Object.freeze({ ...params }),
    rMin: params.rMin!,
    rMax: params.rMax!,
    designRangeStart,
    increase,
    decrease,
    recoveryTime: (r: number) => recoveryDetail(fn, r).time,
  };
  return Object.freeze(fn);
}

/** Parameters of {@link pipd}. */
export interface PipdParams {
  /** R_min > 1 in the unit chosen (the floor of the decrease, and F_inc(0)). */
  readonly rMin: number;
  /** R_max > R_min (the ceiling of the increase). */
  readonly rMax: number;
  /** The power m > 1 (the thesis uses 4). */
  readonly m: number;
}

/**
 * PIPD, Power Increase Power Decrease (thesis eqs. 3.6–3.10):
 *
 *     f_dec(r) = max(r^(1/m), R_min),    f_inc(r) = min(r^(m^(R_min/r)), R_max),
 *
 * from F_inc(t) = R_min^(m^(t/T_rec)) with T_rec = 1/R_min. Design range [R_min^m, R_max]: with the
 * thesis's scale (R_min ≈ 10^3, m = 4) it is empty, so every decrease lands on R_min and the next
 * unmarked ACK restores R_max (docs/congestion.md shows this).
 *
 * @param params rMin > 1 (r^(1/m) only decreases rates above 1 in the unit chosen), rMax > rMin, m > 1.
 * @throws InvalidParameterError naming the parameter that breaks its rule.
 * @example pipd({ rMin: 10, rMax: 100000, m: 4 }).decrease(10000); // → 10
 */
export function pipd(params: PipdParams): ResponseFunction {
  const p = checkedParams('params', params, ['rMin', 'rMax', 'm']);
  const { rMin, rMax } = rateBounds(p);
  if (!(rMin > 1)) {
    throw new InvalidParameterError('rMin', 'a finite number > 1 (PIPD: r^(1/m) only decreases rates above 1 in the unit chosen)', rMin);
  }
  const m = finiteNumber('m', p.m);
  if (!(m > 1)) throw new InvalidParameterError('m', 'a finite number > 1', m);
  const invM = 1 / m;
  const lnM = Math.log(m);
  return build(
    'pipd',
    { rMin, rMax, m },
    rMin ** m,
    (r) => Math.min(r ** Math.exp(lnM * (rMin / r)), rMax),
    (r) => Math.max(r ** invM, rMin),
  );
}

/** Parameters of {@link fimd}. */
export interface FimdParams {
  /** R_min > 0 (the floor of the decrease). */
  readonly rMin: number;
  /** R_max > R_min (the ceiling of the increase). */
  readonly rMax: number;
  /** The factor n > 1 (the thesis uses 4). */
  readonly n: number;
}

/**
 * FIMD, Fast Increase Multiplicative Decrease (thesis eqs. 3.11–3.12; Santos et al. 2003):
 *
 *     f_dec(r) = max(r/n, R_min),    f_inc(r) = min(r·n^(R_min/r), R_max),
 *
 * from F_inc(t) = R_min·n^(R_min·t), T_rec = 1/R_min. Scale-free. Design range [n·R_min, R_max].
 *
 * @param params rMin > 0, rMax > rMin, n > 1.
 * @throws InvalidParameterError naming the parameter that breaks its rule.
 * @example fimd({ rMin: 1000, rMax: 256000, n: 4 }).increase(1000); // → 4000
 */
export function fimd(params: FimdParams): ResponseFunction {
  const p = checkedParams('params', params, ['rMin', 'rMax', 'n']);
  const { rMin, rMax } = rateBounds(p);
  const n = finiteNumber('n', p.n);
  if (!(n > 1)) throw new InvalidParameterError('n', 'a finite number > 1', n);
  const lnN = Math.log(n);
  return build(
    'fimd',
    { rMin, rMax, n },
    n * rMin,
    (r) => Math.min(r * Math.exp(lnN * (rMin / r)), rMax),
    (r) => Math.max(r / n, rMin),
  );
}

/** Parameters of {@link lipd}. */
export interface LipdParams {
  /** R_min > 0: sets the slope of the inter-packet delay's recovery (not a floor, see {@link lipd}). */
  readonly rMin: number;
  /** R_max > R_min: each marked ACK adds 1/R_max to the inter-packet delay; the ceiling of the increase. */
  readonly rMax: number;
}

/**
 * LIPD, Linear Inter-Packet Delay (Santos et al. 2003, as the seed notes it; docs/models.md §10):
 *
 *     f_dec(r) = R_max/(R_max/r + 1)          (the delay 1/r grows by 1/R_max),
 *     f_inc(r) = min(r/(1 − R_min/R_max), R_max)   (the delay shrinks by the factor 1 − R_min/R_max).
 *
 * Taken **as the seed states them**: the decrease has no R_min floor (repeated marks take the rate
 * below R_min); the increase is capped at R_max by the general rule of eq. 3.5. The increase is the
 * exact solution of F_inc(t) = f_dec(F_inc(t + 1/R_min)) (the delay 1/F_inc(t) falls linearly at
 * R_min/R_max per unit time), so the ACK-by-ACK climb lies on the fluid curve. Design range
 * [R_max·R_min/(R_max − R_min), R_max]; below it condition (1) fails (docs/congestion.md).
 *
 * @param params rMin > 0, rMax > rMin.
 * @throws InvalidParameterError naming the parameter that breaks its rule.
 * @example lipd({ rMin: 1000, rMax: 256000 }).decrease(256000); // → 128000
 */
export function lipd(params: LipdParams): ResponseFunction {
  const p = checkedParams('params', params, ['rMin', 'rMax']);
  const { rMin, rMax } = rateBounds(p);
  const factor = 1 - rMin / rMax;
  return build(
    'lipd',
    { rMin, rMax },
    (rMax * rMin) / (rMax - rMin),
    (r) => Math.min(r / factor, rMax),
    (r) => rMax / (rMax / r + 1),
  );
}

/** Parameters of {@link aimd}. */
export interface AimdParams {
  /** R_min > 0 (the floor of the decrease). */
  readonly rMin: number;
  /** R_max > R_min (the ceiling of the increase). */
  readonly rMax: number;
  /** The additive step α > 0, in the rate unit. */
  readonly alpha: number;
  /** The multiplicative factor 0 < β < 1. */
  readonly beta: number;
}

/**
 * AIMD, Additive Increase Multiplicative Decrease (docs/models.md §10):
 *
 *     f_dec(r) = max(β·r, R_min),    f_inc(r) = min(r + α, R_max).
 *
 * Not derived from the conditions: condition (1) needs r ≥ α/(1 − β), and the fluid recovery time
 * ln(1/β)/α is the same at every rate (fair) but equals 1/R_min only by coincidence (efficiency).
 * Design range [R_min/β, R_max].
 *
 * @param params rMin > 0, rMax > rMin, alpha > 0, 0 < beta < 1.
 * @throws InvalidParameterError naming the parameter that breaks its rule.
 * @example aimd({ rMin: 1000, rMax: 256000, alpha: 1000, beta: 0.5 }).decrease(5000); // → 2500
 */
export function aimd(params: AimdParams): ResponseFunction {
  const p = checkedParams('params', params, ['rMin', 'rMax', 'alpha', 'beta']);
  const { rMin, rMax } = rateBounds(p);
  const alpha = positiveRate('alpha', p.alpha);
  const beta = finiteNumber('beta', p.beta);
  if (!(beta > 0 && beta < 1)) throw new InvalidParameterError('beta', 'a finite number in (0, 1)', beta);
  return build(
    'aimd',
    { rMin, rMax, alpha, beta },
    rMin / beta,
    (r) => Math.min(r + alpha, rMax),
    (r) => Math.max(beta * r, rMin),
  );
}

/** Parameters of {@link responseFunction}. */
export interface CustomResponseParams {
  readonly rMin: number;
  readonly rMax: number;
  /** f_inc; should be increasing and ≤ R_max. Called in hot loops: keep it allocation-free. */
  readonly increase: (r: number) => number;
  /** f_dec; should be increasing and ≥ R_min. */
  readonly decrease: (r: number) => number;
  /**
   * f_dec⁻¹(R_min). Default: found by bisection as the smallest rate whose decrease exceeds R_min by
   * more than a relative 1e-12 (assumes decrease is nondecreasing), searched beyond R_max when
   * needed (then the design range is empty); Infinity if no finite rate has one.
   */
  readonly designRangeStart?: number;
}

/**
 * A response function from your own f_inc and f_dec, to study with {@link checkConditions} and
 * {@link rateTrajectory} like the named ones (for instance a deliberately broken one).
 *
 * @throws InvalidParameterError if rMin, rMax or designRangeStart break their rules, or increase or
 *   decrease is not a function.
 * @example
 * const f = responseFunction({ rMin: 1, rMax: 100, increase: (r) => Math.min(r + 1, 100), decrease: (r) => Math.max(r / 2, 1) });
 * f.designRangeStart; // ≈ 2 (found by bisection)
 */
export function responseFunction(params: CustomResponseParams): ResponseFunction {
  const p = checkedParams('params', params, ['rMin', 'rMax', 'increase', 'decrease', 'designRangeStart']);
  const { rMin, rMax } = rateBounds(p);
  if (typeof p.increase !== 'function') throw new InvalidParameterError('increase', 'a function', p.increase);
  if (typeof p.decrease !== 'function') throw new InvalidParameterError('decrease', 'a function', p.decrease);
  const increase = p.increase as (r: number) => number;
  const decrease = p.decrease as (r: number) => number;
  let start: number;
  if (p.designRangeStart !== undefined) start = positiveRate('designRangeStart', p.designRangeStart);
  else {
    const floored = (r: number) => !(decrease(r) > rMin * (1 + 1e-12));
    if (!floored(rMin)) start = rMin;
    else {
      let lo = rMin;
      let hi = rMax;
      // The floor may reach past R_max (PIPD at the thesis's scale): look beyond it, doubling, so that
      // the design range comes out empty as for the named function, not the single point R_max.
      while (floored(hi) && hi < Number.MAX_VALUE) {
        lo = hi;
        hi = Math.min(2 * hi, Number.MAX_VALUE);
      }
      if (floored(hi)) start = Infinity; // no rate at all decreases above the floor
      else {
        for (let k = 0; k < 200 && hi - lo > 1e-14 * hi; k++) {
          const mid = 0.5 * (lo + hi);
          if (floored(mid)) lo = mid;
          else hi = mid;
        }
        // within a relative 1e-9 of R_max (the 1e-12 of `floored` moves the boundary up a little) it is
        // R_max: e.g. FIMD with n·R_min = R_max, whose design range is the single rate R_max
        start = hi > rMax && hi <= rMax * (1 + 1e-9) ? rMax : hi;
      }
    }
  }
  return build('custom', { rMin, rMax }, start, increase, decrease);
}

/**
 * The checking front door shared by the GE-type queue solvers: one place that validates the
 * parameters and turns them into the regime form the kernels use (STYLE.md habits 1 and 2).
 * Every rule broken throws an {@link InvalidParameterError} naming the parameter, the rule and the
 * value, before any work is done.
 */
import { InvalidParameterError } from '../core/errors.js';
import { integerAtLeast, knownKeys, oneOf, plainObject, positiveRate, scvAtLeastOne } from '../core/guards.js';
import type { GeModel, GeVariant } from './types.js';

/** Largest capacity accepted (the full result holds K + 1 probabilities). */
export const MAX_CAPACITY = 10_000_000;

/**
 * Bounds on ρ = λ/μ of every regime. The kernels keep the running product of ratios in a scaled
 * form that absorbs any one ratio within about 2^±600; ρ within 1e±100 keeps every ratio well
 * inside that, far beyond any physical load.
 */
export const RHO_RANGE = [1e-100, 1e100] as const;

/** A service rate that depends on the number of jobs present, μ(n) for n = 1..K. */
export type ServiceRateFunction = (n: number) => number;

/** Parameters of a GE/GE/1/N queue with queue-length-dependent service (ET, AJT or general μ(n)). */
export interface GeThresholdParams {
  /** λ, offered arrival rate (per unit time), > 0. */
  readonly lambda: number;
  /** Ca² ≥ 1, SCV of the inter-arrival times. */
  readonly ca2: number;
  /** Cs² ≥ 1, SCV of the service times (one for every regime: MODELS.md §4.1). */
  readonly cs2: number;
  /** K, an integer ≥ 1: the most jobs present, the one in service included. */
  readonly capacity: number;
  /**
   * Thresholds T_1 < T_2 < …, integers in 1..K+1: T_r is the smallest n served at `mu[r]`
   * (T = K + 1 means the regime is never reached). Omit for a single rate or a per-state `mu`.
   */
  readonly thresholds?: readonly number[];
  /**
   * With `thresholds`: the rate of each regime, one more than there are thresholds (a number is
   * accepted when there are none). Without `thresholds`: one rate, or μ(1..K) as an array of length
   * K or as a function of n.
   */
  readonly mu: number | readonly number[] | ServiceRateFunction;
  /** 'exact' (default) or 'thesis' (y = ρ/g, the thesis's eq. 5.18 reading, MODELS.md §4.4). */
  readonly variant?: GeVariant;
}

/** The validated form: regime r serves states starts[r]..starts[r+1]−1 at mus[r]. */
export interface QueueSpec {
  readonly lambda: number;
  readonly ca2: number;
  readonly cs2: number;
  readonly tau: number;
  readonly sigma: number;
  readonly capacity: number;
  readonly starts: readonly number[];
  readonly mus: readonly number[];
  readonly model: GeModel;
  readonly variant: GeVariant;
  /** True when the rates came as μ(n) per state (thresholds are then the points where μ changes). */
  readonly perState: boolean;
}

/** τ or σ = 2/(1 + C²). */
export function geParameter(scv: number): number {
  return 2 / (1 + scv);
}

function rateAt(name: string, value: unknown, lambda: number): number {
  const mu = positiveRate(name, value);
  const rho = lambda / mu;
  if (!(rho >= RHO_RANGE[0] && rho <= RHO_RANGE[1])) {
    throw new InvalidParameterError(name, `a rate with lambda/${name} in [1e-100, 1e100]`, value);
  }
  return mu;
}

/** Validates the thresholds: integers, strictly increasing, within 1..K+1. */
function checkThresholds(value: unknown, capacity: number): number[] {
  if (!Array.isArray(value)) throw new InvalidParameterError('thresholds', 'an array of integers', value);
  const out: number[] = [];
  for (let i = 0; i < value.length; i++) {
    const t = value[i] as unknown;
    if (typeof t !== 'number' || !Number.isInteger(t)) {
      throw new InvalidParameterError(`thresholds[${i}]`, 'an integer', t);
    }
    if (t < 1 || t > capacity + 1) {
      throw new InvalidParameterError(
        `thresholds[${i}]`,
        `within 1..capacity+1 = 1..${capacity + 1} (capacity + 1: the regime is never reached)`,
        t,
      );
    }
    if (i > 0 && !(t > out[i - 1]!)) {
      throw new InvalidParameterError('thresholds', 'strictly increasing', value);
    }
    out.push(t);
  }
  return out;
}

/**
 * Validates the parameters of a finite GE-type queue and returns its regime form.
 *
 * @param extraKeys further keys the caller handles itself (the exact solver's options).
 */
export function parseQueueParams(params: unknown, extraKeys: readonly string[] = []): QueueSpec {
  const p = plainObject('params', params);
  knownKeys('params', p, ['lambda', 'ca2', 'cs2', 'capacity', 'thresholds', 'mu', 'variant', ...extraKeys]);
  const lambda = positiveRate('lambda', p.lambda);
  const ca2 = scvAtLeastOne('ca2', p.ca2);
  const cs2 = extraKeys.includes('regimeCs2') && p.cs2 === undefined && p.regimeCs2 !== undefined ? 1 : scvAtLeastOne('cs2', p.cs2);
  const capacity = integerAtLeast('capacity', p.capacity, 1);
  if (capacity > MAX_CAPACITY) throw new InvalidParameterError('capacity', `an integer in 1..${MAX_CAPACITY}`, capacity);
  const variant = p.variant === undefined ? 'exact' : oneOf('variant', p.variant, ['exact', 'thesis'] as const);
  const tau = geParameter(ca2);
  const sigma = geParameter(cs2);
  const base = { lambda, ca2, cs2, tau, sigma, capacity, variant };

  if (p.thresholds !== undefined) {
    const thresholds = checkThresholds(p.thresholds, capacity);
    let mus: number[];
    if (typeof p.mu === 'number' && thresholds.length === 0) mus = [rateAt('mu', p.mu, lambda)];
    else {
      if (!Array.isArray(p.mu) || p.mu.length !== thresholds.length + 1) {
        throw new InvalidParameterError(
          'mu',
          `an array of ${thresholds.length + 1} rates (one more than the ${thresholds.length} thresholds)`,
          p.mu,
        );
      }
      mus = (p.mu as unknown[]).map((m, i) => rateAt(`mu[${i}]`, m, lambda));
    }
    const model: GeModel = thresholds.length === 0 ? 'GE/GE/1/N' : thresholds.length === 1 ? 'GE/GE/1/N/ET' : 'GE/GE/1/N/AJT';
    return { ...base, starts: [1, ...thresholds], mus, model, perState: false };
  }

  if (typeof p.mu === 'number') {
    return { ...base, starts: [1], mus: [rateAt('mu', p.mu, lambda)], model: 'GE/GE/1/N', perState: false };
  }
  let perState: number[];
  if (typeof p.mu === 'function') {
    const f = p.mu as ServiceRateFunction;
    perState = new Array<number>(capacity);
    for (let n = 1; n <= capacity; n++) perState[n - 1] = rateAt(`mu(${n})`, f(n), lambda);
  } else if (Array.isArray(p.mu)) {
    if (p.mu.length !== capacity) {
      throw new InvalidParameterError(
        'mu',
        `an array of capacity = ${capacity} per-state rates mu(1..K) when thresholds are absent ` +
          '(give thresholds for per-regime rates)',
        p.mu,
      );
    }
    perState = (p.mu as unknown[]).map((m, i) => rateAt(`mu[${i}]`, m, lambda));
  } else {
    throw new InvalidParameterError('mu', 'a rate > 0, an array of rates or a function n => mu(n)', p.mu);
  }
  // Merge runs of equal rates into regimes, so the result's coefficients stay short.
  const starts = [1];
  const mus = [perState[0]!];
  for (let n = 2; n <= capacity; n++) {
    if (perState[n - 1] !== mus[mus.length - 1]) {
      starts.push(n);
      mus.push(perState[n - 1]!);
    }
  }
  return { ...base, starts, mus, model: 'GE/GE/1/N/mu(n)', perState: true };
}

/** The regime serving state n (1 ≤ n ≤ K): the number of regime starts ≤ n, minus one. */
export function regimeOf(starts: readonly number[], n: number): number {
  let r = 0;
  while (r + 1 < starts.length && starts[r + 1]! <= n) r++;
  return r;
}

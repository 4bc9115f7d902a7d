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
  /** Cs² ≥ 1, SCV of the service times (one for every regime: docs/models.md §4.1). */
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
  /** 'exact' (default) or 'thesis' (y = ρ/g, the thesis's eq. 5.18 reading, docs/models.md §4.4). */
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

/** A service rate (named `name[index]` if an index is given; the name is built only on error). */
function rateAt(name: string, value: unknown, lambda: number, index?: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || !(value > 0)) {
    positiveRate(index === undefined ? name : `${name}[${index}]`, value); // throws
  }
  const mu = value as number;
  const rho = lambda / mu;
  if (!(rho >= RHO_RANGE[0] && rho <= RHO_RANGE[1])) {
    const label = index === undefined ? name : `${name}[${index}]`;
    throw new InvalidParameterError(label, `a rate with lambda/${label} in [1e-100, 1e100]`, value);
  }
  return mu;
}

const KEYS = ['lambda', 'ca2', 'cs2', 'capacity', 'thresholds', 'mu', 'variant'] as const;
const VARIANTS = ['exact', 'thesis'] as const;

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
  knownKeys('params', p, extraKeys.length === 0 ? KEYS : [...KEYS, ...extraKeys]);
  const lambda = positiveRate('lambda', p.lambda);
  const ca2 = scvAtLeastOne('ca2', p.ca2);
  const cs2 = extraKeys.includes('regimeCs2') && p.cs2 === undefined && p.regimeCs2 !== undefined ? 1 : scvAtLeastOne('cs2', p.cs2);
  const capacity = integerAtLeast('capacity', p.capacity, 1);
  if (capacity > MAX_CAPACITY) throw new InvalidParameterError('capacity', `an integer in 1..${MAX_CAPACITY}`, capacity);
  const variant = p.variant === undefined ? 'exact' : oneOf('variant', p.variant, VARIANTS);
  const tau = geParameter(ca2);
  const sigma = geParameter(cs2);
  // The record is built field by field in makeSpec: object spread measured ~4 µs per call here
  // (V8 11.3), and an inner closure costs a defineProperty under tsx; both would eat most of a
  // sweep point's ~1 µs budget (benchmarks/me.ts).

  if (p.thresholds !== undefined) {
    const thresholds = checkThresholds(p.thresholds, capacity);
    let mus: number[];
    if (typeof p.mu === 'number' && thresholds.length === 0) mus = [rateAt('mu', p.mu, lambda)];
    else {
      if (!Array.isArray(p.mu) || p.mu.length !== thresholds.length + 1) {
        throw new InvalidParameterError(
          'mu',
          thresholds.length === 0
            ? 'one rate (there are no thresholds)'
            : `an array of ${thresholds.length + 1} rates (one more than the ${thresholds.length} thresholds)`,
          p.mu,
        );
      }
      mus = new Array<number>(thresholds.length + 1);
      for (let i = 0; i <= thresholds.length; i++) mus[i] = rateAt('mu', (p.mu as unknown[])[i], lambda, i);
    }
    const model: GeModel = thresholds.length === 0 ? 'GE/GE/1/N' : thresholds.length === 1 ? 'GE/GE/1/N/ET' : 'GE/GE/1/N/AJT';
    const starts = [1];
    for (const t of thresholds) starts.push(t);
    return makeSpec(lambda, ca2, cs2, tau, sigma, capacity, variant, starts, mus, model, false);
  }

  if (typeof p.mu === 'number') {
    return makeSpec(lambda, ca2, cs2, tau, sigma, capacity, variant, [1], [rateAt('mu', p.mu, lambda)], 'GE/GE/1/N', false);
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
    perState = (p.mu as unknown[]).map((m, i) => rateAt('mu', m, lambda, i));
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
  return makeSpec(lambda, ca2, cs2, tau, sigma, capacity, variant, starts, mus, 'GE/GE/1/N/mu(n)', true);
}

function makeSpec(
  lambda: number,
  ca2: number,
  cs2: number,
  tau: number,
  sigma: number,
  capacity: number,
  variant: GeVariant,
  starts: number[],
  mus: number[],
  model: GeModel,
  perState: boolean,
): QueueSpec {
  return { lambda, ca2, cs2, tau, sigma, capacity, starts, mus, model, variant, perState };
}

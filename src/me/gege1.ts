/**
 * GE/GE/1 with an infinite buffer (docs/models.md §2; Kouvatsos 1988, 1994 §3).
 */
import { InvalidParameterError } from '../core/errors.js';
import { integerAtLeast, knownKeys, plainObject, positiveRate, scvAtLeastOne } from '../core/guards.js';
import { gCoefficient, xCoefficient, yCoefficient } from './coefficients.js';
import { geParameter } from './params.js';
import type { GeQueueResult } from './types.js';
import { geQueueDisplay } from './display.js';

/** Parameters of GE/GE/1. */
export interface Gege1Params {
  /** λ, arrival rate per unit time, > 0. */
  readonly lambda: number;
  /** μ, service rate per unit time, > 0. */
  readonly mu: number;
  /** Ca² ≥ 1. */
  readonly ca2: number;
  /** Cs² ≥ 1. */
  readonly cs2: number;
  /**
   * The last state n listed in `probabilities`. Default: the smallest n with
   * P(N > n) ≤ 1e-12, capped at 10 000. The unlisted mass is returned as `tailProbability`.
   */
  readonly listUpTo?: number;
}

/** Largest `listUpTo` accepted. */
const MAX_LISTED = 10_000_000;

/**
 * GE/GE/1 by maximum entropy (exact under docs/models.md §1.3): for ρ = λ/μ < 1
 *
 *     P(0) = 1 − ρ,  P(n) = (1 − ρ)·g·xⁿ (n ≥ 1),  P(N ≥ k) = ρ·x^(k−1),
 *     L = (ρ/2)·[1 + (Ca² + ρCs²)/(1 − ρ)],  W = L/λ,
 *
 * with g, x as in {@link gege1n}. For ρ ≥ 1 the queue has no steady state: the result has
 * `stable: false`, `meanQueueLength` and `responseTime` Infinity, `emptyProbability` 0,
 * `utilization` 1, `throughput` μ (the server never idles) and no listed probabilities (every
 * P(n) → 0). Never throws for an unstable queue.
 *
 * @throws InvalidParameterError for λ or μ not > 0, Ca² or Cs² < 1, a bad `listUpTo`, an unknown key.
 * @example gege1({ lambda: 10, mu: 16, ca2: 5, cs2: 7 }).meanQueueLength // 8.125
 */
export function gege1(params: Gege1Params): GeQueueResult {
  return geQueueDisplay(solveGege1(params));
}

/** {@link gege1} without the notebook display. */
function solveGege1(params: Gege1Params): GeQueueResult {
  const p = plainObject('params', params);
  knownKeys('params', p, ['lambda', 'mu', 'ca2', 'cs2', 'listUpTo']);
  const lambda = positiveRate('lambda', p.lambda);
  const mu = positiveRate('mu', p.mu);
  const ca2 = scvAtLeastOne('ca2', p.ca2);
  const cs2 = scvAtLeastOne('cs2', p.cs2);
  let listUpTo: number | undefined;
  if (p.listUpTo !== undefined) {
    listUpTo = integerAtLeast('listUpTo', p.listUpTo, 0);
    if (listUpTo > MAX_LISTED) throw new InvalidParameterError('listUpTo', `an integer in 0..${MAX_LISTED}`, listUpTo);
  }
  const tau = geParameter(ca2);
  const sigma = geParameter(cs2);
  const rho = lambda / mu;
  const g = gCoefficient(lambda, mu, tau, sigma);
  const x = xCoefficient(lambda, mu, tau, sigma);
  const coefficients = [
    { fromState: 1, toState: Infinity, mu, rho, sigma, g, x, y: yCoefficient(lambda, mu, tau, sigma) },
  ];
  const common = {
    model: 'GE/GE/1' as const,
    method: 'closed-form' as const,
    variant: 'exact' as const,
    lambda,
    ca2,
    cs2,
    tau,
    capacity: Infinity,
    thresholds: [],
    mu: [mu],
    coefficients,
    fullProbability: 0,
    blockingProbability: 0,
  };
  if (!(rho < 1)) {
    return {
      ...common,
      stable: false,
      probabilities: [],
      tailProbability: 1,
      emptyProbability: 0,
      meanQueueLength: Infinity,
      utilization: 1,
      throughput: mu,
      responseTime: Infinity,
      regimeProbabilities: [1],
    };
  }
  // 1 − ρ from (μ − λ)/μ: the subtraction of the two given rates is exact when they are within a
  // factor 2 (Sterbenz), so P(0) keeps full relative accuracy near ρ = 1.
  const p0 = (mu - lambda) / mu;
  // P(N > n) = ρ·xⁿ; the default listing stops where it falls to 1e-12 (at most 10 000 states).
  let last = listUpTo;
  if (last === undefined) {
    const n = Math.ceil(Math.log(1e-12 / rho) / Math.log(x));
    last = Math.min(10_000, Math.max(0, Number.isFinite(n) ? n : 0));
  }
  const probabilities = new Array<number>(last + 1);
  probabilities[0] = p0;
  // (1 − ρ)·g·xⁿ by repeated multiplication: x < 1 here, so no overflow; underflow is to true zeros.
  let term = p0 * g;
  for (let n = 1; n <= last; n++) {
    term *= x;
    probabilities[n] = term;
  }
  // L = (ρ/2)·[1 + (Ca² + ρCs²)/(1 − ρ)] with 1 − ρ taken as p0 = (μ − λ)/μ, not as 1 − (λ/μ): the
  // quotient λ/μ is rounded, and subtracting it from 1 near ρ = 1 turns that rounding into a relative
  // error of about 1e-16/(1 − ρ) in L (2e-6 at λ = 0.7, μ = 0.70000000001).
  const meanQueueLength = (rho / 2) * (1 + (ca2 + rho * cs2) / p0);
  return {
    ...common,
    stable: true,
    probabilities,
    tailProbability: rho * Math.pow(x, last),
    emptyProbability: p0,
    meanQueueLength,
    utilization: rho,
    throughput: lambda,
    responseTime: meanQueueLength / lambda,
    regimeProbabilities: [rho],
  };
}

/**
 * The generalised exponential (GE) distribution (docs/models.md §1; thesis eqs. 2.1–2.2; Kouvatsos 1994).
 *
 * A GE random variable W with rate ν (mean 1/ν) and squared coefficient of variation C² ≥ 1 has
 * τ = 2/(1 + C²) and
 *
 *     P(W = 0) = 1 − τ,   W | W > 0 ~ Exp(τν),   F(t) = 1 − τ·e^(−τνt) (t ≥ 0).
 *
 * C² = 1 is the exponential distribution. C² < 1 cannot be represented (the point mass at zero
 * would be negative) and is rejected. Units: ν is per unit time, W is in the same time unit.
 *
 * The functions here are the checking front door: each validates its arguments and throws an
 * {@link InvalidParameterError} naming the parameter, the rule and the value.
 */
import { InvalidParameterError } from '../core/errors.js';
import { finiteNumber, knownKeys, plainObject, positiveRate, scvAtLeastOne } from '../core/guards.js';
import type { RandomStream } from '../core/random.js';

/** The two numbers that define a GE distribution. */
export interface GeParameters {
  /** ν: the rate, 1/mean, per unit time; finite and > 0. */
  readonly rate: number;
  /** C²: the squared coefficient of variation; finite and ≥ 1. */
  readonly scv: number;
}

/** A validated GE distribution with its derived constants (a plain, readonly, JSON-ready record). */
export interface GeDistribution extends GeParameters {
  /** τ = 2/(1 + C²), in (0, 1]: the probability that W > 0 (the GE parameter). */
  readonly tau: number;
  /** 1 − τ: the point mass at 0 (for arrivals: the probability that a gap is 0). */
  readonly zeroProbability: number;
  /** τν: the rate of the exponential part (for arrivals: the batch rate). */
  readonly exponentialRate: number;
  /** E[W] = 1/ν. */
  readonly mean: number;
  /** Var[W] = C²/ν². */
  readonly variance: number;
}

/**
 * Builds a GE distribution from its rate and SCV.
 *
 * @throws InvalidParameterError if `rate` is not a finite number > 0 or `scv` is not a finite
 *   number ≥ 1 (a GE distribution cannot have SCV < 1).
 * @example geDistribution({ rate: 2, scv: 3 }) // tau 0.5, zeroProbability 0.5, exponentialRate 1
 */
export function geDistribution(params: GeParameters): GeDistribution {
  const p = plainObject('params', params);
  knownKeys('params', p, ['rate', 'scv']);
  const rate = positiveRate('rate', p.rate);
  const scv = scvAtLeastOne('scv', p.scv);
  const tau = 2 / (1 + scv);
  return {
    rate,
    scv,
    tau,
    // (scv − 1)/(scv + 1) rather than 1 − tau: no cancellation when scv is close to 1.
    zeroProbability: (scv - 1) / (scv + 1),
    exponentialRate: tau * rate,
    mean: 1 / rate,
    variance: scv / (rate * rate),
  };
}

/** Re-derives a distribution from a record's rate and SCV, so a hand-made record is checked too. */
function checked(dist: GeParameters): GeDistribution {
  if (typeof dist !== 'object' || dist === null) throw new InvalidParameterError('distribution', 'a GE distribution record', dist);
  return geDistribution({ rate: dist.rate, scv: dist.scv });
}

/**
 * The cumulative distribution function F(t) = P(W ≤ t): 0 for t < 0, 1 − τ·e^(−τνt) for t ≥ 0
 * (so F(0) = 1 − τ, the point mass).
 *
 * @throws InvalidParameterError for an invalid distribution or a `t` that is NaN.
 */
export function geCdf(dist: GeParameters, t: number): number {
  const d = checked(dist);
  if (typeof t !== 'number' || Number.isNaN(t)) throw new InvalidParameterError('t', 'a number (not NaN)', t);
  if (t < 0) return 0;
  if (t === Infinity) return 1;
  // 1 − τe^(−τνt) = (1 − τ) + τ(1 − e^(−τνt)) = zeroProbability − τ·expm1(−τνt): both terms ≥ 0,
  // so small t keeps full relative accuracy.
  return d.zeroProbability - d.tau * Math.expm1(-d.exponentialRate * t);
}

/**
 * The survival function P(W > t) = τ·e^(−τνt) for t ≥ 0, 1 for t < 0 (computed directly, so the
 * far tail keeps its relative accuracy).
 */
export function geSurvival(dist: GeParameters, t: number): number {
  const d = checked(dist);
  if (typeof t !== 'number' || Number.isNaN(t)) throw new InvalidParameterError('t', 'a number (not NaN)', t);
  if (t < 0) return 1;
  return d.tau * Math.exp(-d.exponentialRate * t);
}

/**
 * The k-th raw moment E[W^k] = τ·k!/(τν)^k for k ≥ 1 (the atom at 0 contributes nothing), 1 for
 * k = 0. E[W] = 1/ν and E[W²] = 2/(τν²).
 *
 * @throws InvalidParameterError for an invalid distribution or a k that is not an integer ≥ 0.
 */
export function geMoment(dist: GeParameters, k: number): number {
  const d = checked(dist);
  if (typeof k !== 'number' || !Number.isInteger(k) || k < 0) throw new InvalidParameterError('k', 'an integer >= 0', k);
  if (k === 0) return 1;
  let m = d.tau;
  for (let i = 1; i <= k; i++) m *= i / d.exponentialRate;
  return m;
}

/**
 * The Laplace–Stieltjes transform E[e^(−sW)] = (1 − τ) + τ·τν/(τν + s), for real s > −τν.
 *
 * @throws InvalidParameterError for an invalid distribution or s ≤ −τν (the transform diverges).
 */
export function geLaplaceTransform(dist: GeParameters, s: number): number {
  const d = checked(dist);
  finiteNumber('s', s);
  if (!(s > -d.exponentialRate)) {
    throw new InvalidParameterError('s', `a finite number > −τν = ${-d.exponentialRate}`, s);
  }
  return d.zeroProbability + (d.tau * d.exponentialRate) / (d.exponentialRate + s);
}

/** Inverse-CDF draw of Exp(rate) from one uniform u in [0, 1): −log(1 − u)/rate, finite since u < 1. */
function exponentialDraw(u: number, rate: number): number {
  return -Math.log1p(-u) / rate;
}

/**
 * One GE variate in the per-job form (docs/models.md §1.4): 0 with probability 1 − τ, otherwise an
 * Exp(τν) draw. Uses one uniform when the draw is 0 and two otherwise.
 *
 * For arrivals this is the gap to the next job (gaps of 0 put jobs in the same batch); for service
 * with `rate: 1` it is the job's work (docs/models.md §1.4, work-based service).
 */
export function geSample(dist: GeParameters, stream: RandomStream): number {
  const d = checked(dist);
  if (stream.next() < d.zeroProbability) return 0;
  return exponentialDraw(stream.next(), d.exponentialRate);
}

/** One batch of a GE arrival stream: the gap since the previous batch and the batch size. */
export interface GeBatch {
  /** Time since the previous batch, Exp(τν). */
  readonly gap: number;
  /** Number of jobs in the batch, geometric on 1, 2, …: P(B = k) = τ(1 − τ)^(k − 1). */
  readonly size: number;
}

/**
 * One batch in the batch form (docs/models.md §1.2, §1.4): gap ~ Exp(τν) and size
 * B = 1 + ⌊ln U / ln(1 − τ)⌋ with U uniform in (0, 1] (B = 1 when τ = 1). Uses two uniforms.
 */
export function geSampleBatch(dist: GeParameters, stream: RandomStream): GeBatch {
  const d = checked(dist);
  const gap = exponentialDraw(stream.next(), d.exponentialRate);
  const u = 1 - stream.next(); // in (0, 1], so ln u is finite
  // ln(1 − τ) through log1p(−τ) keeps accuracy when τ is small (large SCV).
  const size = d.tau === 1 ? 1 : 1 + Math.floor(Math.log(u) / Math.log1p(-d.tau));
  return { gap, size };
}

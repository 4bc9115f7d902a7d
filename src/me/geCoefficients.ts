/** The maximum-entropy coefficients of one regime, validated (the front door to coefficients.ts). */
import { knownKeys, oneOf, plainObject, positiveRate, scvAtLeastOne } from '../core/guards.js';
import { dConstant, gCoefficient, xCoefficient, yCoefficient, yThesis } from './coefficients.js';
import { geParameter } from './params.js';

/** g, x, y (docs/models.md §§2–3, §4.4) with τ, σ, D and ρ. */
export interface GeCoefficientSet {
  readonly rho: number;
  readonly tau: number;
  readonly sigma: number;
  /** D = σ + τ − στ. */
  readonly d: number;
  readonly g: number;
  readonly x: number;
  /** Exact y = 1/(1 − (1 − σ)x), or ρ/g with variant 'thesis'. */
  readonly y: number;
}

/**
 * The Lagrange coefficients at ρ = λ/μ: x = (τρ + σ(1−τ))/(τρ(1−σ) + σ), g = τσρ/(τρ + σ(1−τ)),
 * y = 1/(1 − (1−σ)x) (or the thesis's ρ/g). Finite for every ρ > 0, ρ = 1 included.
 *
 * @throws InvalidParameterError for λ or μ not > 0, Ca² or Cs² < 1, an unknown variant or key.
 * @example geCoefficients({ lambda: 5, mu: 16, ca2: 5, cs2: 7 }) // g 0.0961538…, x 0.8253968…, y 2.625
 */
export function geCoefficients(params: {
  readonly lambda: number;
  readonly mu: number;
  readonly ca2: number;
  readonly cs2: number;
  readonly variant?: 'exact' | 'thesis';
}): GeCoefficientSet {
  const p = plainObject('params', params);
  knownKeys('params', p, ['lambda', 'mu', 'ca2', 'cs2', 'variant']);
  const lambda = positiveRate('lambda', p.lambda);
  const mu = positiveRate('mu', p.mu);
  const tau = geParameter(scvAtLeastOne('ca2', p.ca2));
  const sigma = geParameter(scvAtLeastOne('cs2', p.cs2));
  const variant = p.variant === undefined ? 'exact' : oneOf('variant', p.variant, ['exact', 'thesis'] as const);
  return {
    rho: lambda / mu,
    tau,
    sigma,
    d: dConstant(tau, sigma),
    g: gCoefficient(lambda, mu, tau, sigma),
    x: xCoefficient(lambda, mu, tau, sigma),
    y: variant === 'thesis' ? yThesis(lambda, mu, tau, sigma) : yCoefficient(lambda, mu, tau, sigma),
  };
}

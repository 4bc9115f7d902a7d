/**
 * The maximum-entropy Lagrange coefficients g, x, y of docs/models.md §§2–3 as functions of λ and μ.
 *
 * They are written with λ and μ rather than ρ and with every term positive, so they stay finite and
 * free of cancellation for any ρ > 0, ρ = 1 included (the L-based forms x = (L − ρ)/L,
 * g = ρ²/((1 − ρ)(L − ρ)) are 0/0 at ρ = 1). Kernels: no validation, no throwing.
 */

/** D = σ + τ − στ = 1 − (1 − σ)(1 − τ), computed as σ + τ(1 − σ): a sum of non-negative terms. */
export function dConstant(tau: number, sigma: number): number {
  return sigma + tau * (1 - sigma);
}

/** x = (τρ + σ(1 − τ))/(τρ(1 − σ) + σ) = (τλ + σ(1 − τ)μ)/(τλ(1 − σ) + σμ). */
export function xCoefficient(lambda: number, mu: number, tau: number, sigma: number): number {
  return (tau * lambda + sigma * (1 - tau) * mu) / (tau * lambda * (1 - sigma) + sigma * mu);
}

/** g = τσρ/(τρ + σ(1 − τ)) = τσλ/(τλ + σ(1 − τ)μ). */
export function gCoefficient(lambda: number, mu: number, tau: number, sigma: number): number {
  return (tau * sigma * lambda) / (tau * lambda + sigma * (1 - tau) * mu);
}

/**
 * y = 1/(1 − (1 − σ)x) = (τλ(1 − σ) + σμ)/(σμ·D): the second form has no cancellation
 * (1 − (1 − σ)x is a difference of numbers close to 1 when σ is small and ρ large).
 */
export function yCoefficient(lambda: number, mu: number, tau: number, sigma: number): number {
  return (tau * lambda * (1 - sigma) + sigma * mu) / (sigma * mu * dConstant(tau, sigma));
}

/**
 * The thesis's reading of y (eq. 5.18 as reconstructed in docs/models.md §4.4): y = ρ/g
 * = (τλ + σ(1 − τ)μ)/(τσμ). A PASTA-style approximation, not the exact y.
 */
export function yThesis(lambda: number, mu: number, tau: number, sigma: number): number {
  return (tau * lambda + sigma * (1 - tau) * mu) / (tau * sigma * mu);
}

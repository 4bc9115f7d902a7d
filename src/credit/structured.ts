/**
 * Kernel for large finite credit chains (owned by the structured-solver work).
 * Placeholder: the interface is fixed; the implementation follows.
 */

/** Stationary vector of the finite chain, i-major: p[i·(m+1) + j] = P(i, j). */
export interface StructuredKernelResult {
  readonly p: Float64Array;
  readonly iterations?: number;
}

/**
 * Solves the finite credit chain (n = upstream capacity, m = downstream capacity). Assumes valid
 * input (rates > 0 finite, n, m integers ≥ 0); never throws for valid input.
 */
export function structuredKernel(
  _lambda: number,
  _mu1: number,
  _mu2: number,
  _n: number,
  _m: number,
  _tolerance: number,
): StructuredKernelResult {
  throw new Error('structuredKernel: not implemented yet');
}

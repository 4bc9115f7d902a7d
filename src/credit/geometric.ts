/**
 * Kernel for the credit chain with an unbounded upstream queue (owned by the structured-solver
 * work). Placeholder: the interface is fixed; the implementation follows.
 */

/**
 * Level-geometric solution: P(i, ·) = π0 · R^i for i ≥ 0 (levels i = upstream count, phases
 * j = 0..m = downstream count). When `stable` is false every array is empty.
 */
export interface GeometricKernelResult {
  readonly stable: boolean;
  /** m + 1. */
  readonly phases: number;
  /** π0 = P(0, ·), normalised over the whole chain. */
  readonly level0: Float64Array;
  /** R, row-major phases × phases. */
  readonly rate: Float64Array;
  /** Σ_{i≥0} P(i, ·): the marginal law of j (sums to 1). */
  readonly levelSum: Float64Array;
  /** Σ_{i≥0} i·P(i, ·): so L1 = Σ_j levelMoment[j]. */
  readonly levelMoment: Float64Array;
  /** ‖πQ‖∞ over the boundary level and the matrix equation of R, as solved. */
  readonly residual: number;
  readonly iterations: number;
}

/**
 * Stability (MODELS.md §6.1): λ < μ1·P(j < m), P the stationary law of the phase process with
 * Node 1 always busy: a birth–death chain on j with up-rate μ1 and down-rate μ2, so
 * P(j) ∝ (μ1/μ2)^j.
 */
export function saturationThroughput(mu1: number, mu2: number, m: number): number {
  // P(j = m) = r^m / Σ_{k=0}^m r^k with r = μ1/μ2, computed without overflow for large m.
  const r = mu1 / mu2;
  let pm: number;
  if (r === 1) pm = 1 / (m + 1);
  else if (r < 1) pm = (Math.pow(r, m) * (1 - r)) / (1 - Math.pow(r, m + 1));
  else {
    const s = 1 / r; // P(m) = (1 − s)/(1 − s^{m+1})
    pm = (1 - s) / (1 - Math.pow(s, m + 1));
  }
  return mu1 * (1 - pm);
}

/** Solves the chain with n = ∞. Assumes valid input; never throws for valid input. */
export function geometricKernel(
  _lambda: number,
  _mu1: number,
  _mu2: number,
  _m: number,
  _tolerance: number,
): GeometricKernelResult {
  throw new Error('geometricKernel: not implemented yet');
}

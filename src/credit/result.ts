/**
 * The result record of {@link solveCreditChain}: readonly, plain and JSON-serialisable (the only
 * non-JSON values are `Infinity` for the unbounded metrics of an unstable chain, which
 * `JSON.stringify` writes as null; `stable: false` says why).
 */
import type { CheckedCreditParams, CreditChainParams, CreditMethod, CreditSolverMethod } from './params.js';

/** P(i, j) of a finite chain, i-major: p[i·(m+1) + j]. */
export interface FiniteCreditDistribution {
  readonly kind: 'finite';
  readonly upstreamCapacity: number;
  readonly downstreamCapacity: number;
  readonly p: readonly number[];
}

/** P(i, ·) = level0 · rate^i for every level i ≥ 0 of the chain with n = ∞ (rate = R, phases j = 0..m). */
export interface LevelGeometricCreditDistribution {
  readonly kind: 'level-geometric';
  readonly downstreamCapacity: number;
  readonly level0: readonly number[];
  readonly rate: readonly (readonly number[])[];
}

/** An unstable chain (n = ∞, λ ≥ μ1·P(j < m)) has no stationary distribution. */
export interface NoCreditDistribution {
  readonly kind: 'none';
  readonly reason: 'unstable';
}

export type CreditDistribution = FiniteCreditDistribution | LevelGeometricCreditDistribution | NoCreditDistribution;

/** The three expressions of the throughput (docs/models.md §6.4); they agree to rounding. */
export interface CreditThroughputForms {
  /** λ·(1 − Σ_j P(n, j)): accepted arrivals (λ when n = ∞). */
  readonly accepted: number;
  /** μ1·Σ_{i≥1} Σ_{j≤m−1} P(i, j): forwarding, which needs a credit. */
  readonly forwarding: number;
  /** μ2·(1 − Σ_i P(i, 0)): departures from Node 2. */
  readonly departure: number;
}

export interface CreditDiagnostics {
  /** The method that solved the chain. */
  readonly method: CreditSolverMethod;
  /** The method asked for (`auto` or the same as `method`). */
  readonly requestedMethod: CreditMethod;
  /**
   * ‖πQ‖∞ of the chain actually solved: the full generator for a finite chain (computed from the
   * returned probabilities), the boundary level and the equation of R for `geometric` (as reported
   * by its kernel); 0 for an unstable chain, where nothing is solved numerically.
   */
  readonly residual: number;
  /**
   * `structured`: halvings of the cyclic reduction over the levels (or, where it fell back to the
   * level-by-level reduction, the inversions done); `multilevel`: W-cycles; `geometric`: doubling
   * steps of cyclic reduction. Absent for `dense` and `exact`.
   */
  readonly iterations?: number;
  readonly throughputForms: CreditThroughputForms;
}

/** Exact values from the `exact` method, as fraction strings "numerator/denominator". */
export interface CreditExactValues {
  /**
   * P(i, j) by rows i = 0..n, all over their least common denominator (the same for every entry,
   * so the numerators sum to it exactly); an entry need not be in lowest terms.
   */
  readonly probabilities: readonly (readonly string[])[];
  readonly meanQueueLength: { readonly upstream: string; readonly downstream: string; readonly total: string };
  readonly throughput: string;
  readonly responseTime: string;
  readonly upstreamLossProbability: string;
  readonly creditBlockedProbability: string;
  /** T/μ1 and T/μ2 with the rationals of `params`. */
  readonly utilization: { readonly upstream: string; readonly downstream: string };
  /** The rationals the numeric inputs were read as (their shortest decimal representation). */
  readonly params: { readonly lambda: string; readonly mu1: string; readonly mu2: string };
}

/** Steady-state metrics of the credit chain (docs/models.md §6.4). Rates and times in the inputs' units. */
export interface CreditChainResult {
  /** The parameters solved (as given, after checking). */
  readonly params: CreditChainParams;
  /** False only for n = ∞ with λ ≥ μ1·P(j < m) (docs/models.md §6.1); a finite chain is always stable. */
  readonly stable: boolean;
  /** L1 = Σ i·P(i,j), L2 = Σ j·P(i,j), L = L1 + L2 (packets; the ones in service included). */
  readonly meanQueueLength: { readonly upstream: number; readonly downstream: number; readonly total: number };
  /** T: packets per unit time through the tandem (accepted = forwarded = departed). */
  readonly throughput: number;
  /** R = L / T (Little's law with the accepted rate T, not λ). */
  readonly responseTime: number;
  /** Σ_j P(n, j): the fraction of arrivals lost at a full Node 1 (0 when n = ∞). */
  readonly upstreamLossProbability: number;
  /** Σ_{i≥1} P(i, m): Node 1 holds a packet but no credit. */
  readonly creditBlockedProbability: number;
  /** upstream: fraction of time Node 1 is forwarding (= T/μ1); downstream: T/μ2 = P(j ≥ 1). */
  readonly utilization: { readonly upstream: number; readonly downstream: number };
  /** P(i, j): read it with `creditProbability` / `creditLevelProbabilities`. */
  readonly distribution: CreditDistribution;
  readonly diagnostics: CreditDiagnostics;
  /** Present for the `exact` method only. */
  readonly exact?: CreditExactValues;
}

/** Echo of the checked parameters in the user's vocabulary. */
export function paramsRecord(p: CheckedCreditParams): CreditChainParams {
  return { lambda: p.lambda, mu1: p.mu1, mu2: p.mu2, upstreamCapacity: p.n, downstreamCapacity: p.m };
}

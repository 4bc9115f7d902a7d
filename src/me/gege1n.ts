/**
 * GE/GE/1/N: a single-server queue with GE arrivals and service and a finite capacity
 * (docs/models.md §3; Kouvatsos 1994 §4.1).
 */
import { knownKeys, plainObject, positiveRate } from '../core/guards.js';
import { parseQueueParams } from './params.js';
import { solveProductForm } from './productForm.js';
import type { GeQueueResult } from './types.js';
import { geQueueDisplay } from './display.js';

/** Parameters of GE/GE/1/N. */
export interface Gege1nParams {
  /** λ, offered arrival rate (blocked jobs included), per unit time, > 0. */
  readonly lambda: number;
  /** μ, service rate, per unit time, > 0. */
  readonly mu: number;
  /** Ca² ≥ 1, SCV of the inter-arrival times. */
  readonly ca2: number;
  /** Cs² ≥ 1, SCV of the service times. */
  readonly cs2: number;
  /** N = K, an integer ≥ 1: the most jobs present, the one in service included. */
  readonly capacity: number;
}

/**
 * GE/GE/1/N by maximum entropy, which under the batch semantics of docs/models.md §1.3 (partial batch
 * acceptance, zero-length services leave at once) is the exact distribution:
 *
 *     P(0) = 1/Z,  P(n) = g·xⁿ/Z (1 ≤ n ≤ N−1),  P(N) = g·x^N·y/Z,
 *     x = (τρ + σ(1−τ))/(τρ(1−σ) + σ),  g = τσρ/(τρ + σ(1−τ)),  y = 1/(1 − (1−σ)x),
 *
 * with τ = 2/(1+Ca²), σ = 2/(1+Cs²), ρ = λ/μ. Blocking π_N = Σ δ_n(1−τ)^(N−n)P(n), δ_0 = σ/D,
 * δ_n = 1 (n ≥ 1), D = σ + τ − στ, so λ(1 − π_N) = μ(1 − P(0)). Any ρ > 0 (ρ ≥ 1 included);
 * computed by the ratio recursion with scaling, sound for N up to 10^7.
 *
 * @throws InvalidParameterError naming the parameter for λ or μ not > 0, Ca² or Cs² < 1, a
 *   capacity that is not an integer ≥ 1, or an unknown key.
 * @example gege1n({ lambda: 0.7, mu: 1, ca2: 3, cs2: 5, capacity: 6 }).blockingProbability // 0.2225873868…
 */
export function gege1n(params: Gege1nParams): GeQueueResult {
  const p = plainObject('params', params);
  knownKeys('params', p, ['lambda', 'mu', 'ca2', 'cs2', 'capacity']);
  positiveRate('mu', p.mu); // one rate only: per-state rates belong to gege1nThreshold
  return geQueueDisplay(solveProductForm(parseQueueParams(p)));
}

/**
 * The closed-form solution of a finite GE-type queue from its validated regime form: runs the
 * product-form kernel and assembles the result record shared with the exact chain.
 */
import { gCoefficient, xCoefficient, yCoefficient, yThesis } from './coefficients.js';
import { normaliseWeights, productFormKernel, SLOT, SLOT_COUNT } from './kernel.js';
import type { QueueSpec } from './params.js';
import type { GeCoefficients, GeQueueResult } from './types.js';

/** The note every thesis-variant result carries. */
export const THESIS_NOTE =
  "variant 'thesis': P(K) uses y = rho/g, the thesis's eq. 5.18 as read in docs/models.md §4.4, a PASTA-style " +
  'approximation of the exact y = 1/(1 - (1 - sigma)x); flow balance lambda(1 - blocking) = throughput does not hold';

/** g, x, y of every regime (y exact, or the thesis's ρ/g). */
export function regimeCoefficients(
  spec: QueueSpec,
  sigmas: readonly number[] = spec.mus.map(() => spec.sigma),
  thesis = spec.variant === 'thesis',
): GeCoefficients[] {
  const { lambda, tau, capacity, starts, mus } = spec;
  return mus.map((mu, r) => {
    const sigma = sigmas[r]!;
    return {
      fromState: starts[r]!,
      toState: (r + 1 < starts.length ? starts[r + 1]! : capacity + 1) - 1,
      mu,
      rho: lambda / mu,
      sigma,
      g: gCoefficient(lambda, mu, tau, sigma),
      x: xCoefficient(lambda, mu, tau, sigma),
      y: thesis ? yThesis(lambda, mu, tau, sigma) : yCoefficient(lambda, mu, tau, sigma),
    };
  });
}

/** Σ P(n) over each regime's states. */
export function regimeMass(spec: QueueSpec, probabilities: readonly number[]): number[] {
  const { starts, capacity } = spec;
  return starts.map((from, r) => {
    const to = (r + 1 < starts.length ? starts[r + 1]! : capacity + 1) - 1;
    let s = 0;
    for (let n = from; n <= to; n++) s += probabilities[n]!;
    return s;
  });
}

/** Solves a validated finite queue by the product form (docs/models.md §§3–4). */
export function solveProductForm(spec: QueueSpec): GeQueueResult {
  const { lambda, tau, sigma, capacity, starts, mus, variant } = spec;
  const out = new Float64Array(SLOT_COUNT);
  const mant = new Float64Array(capacity + 1);
  const expo = new Int32Array(capacity + 1);
  productFormKernel(lambda, tau, sigma, capacity, starts, mus, mus.length, variant === 'thesis', out, mant, expo);
  const probabilities = normaliseWeights(mant, expo, capacity, out);
  const meanQueueLength = out[SLOT.meanQueueLength]!;
  const throughput = out[SLOT.throughput]!;
  const result: { -readonly [K in keyof GeQueueResult]: GeQueueResult[K] } = {
    model: spec.model,
    method: 'closed-form',
    variant,
    lambda,
    ca2: spec.ca2,
    cs2: spec.cs2,
    tau,
    capacity,
    thresholds: starts.slice(1),
    mu: [...mus],
    stable: true,
    probabilities,
    tailProbability: 0,
    emptyProbability: out[SLOT.empty]!,
    fullProbability: out[SLOT.full]!,
    blockingProbability: out[SLOT.blocking]!,
    meanQueueLength,
    utilization: out[SLOT.utilization]!,
    throughput,
    responseTime: meanQueueLength / throughput,
    coefficients: regimeCoefficients(spec),
    regimeProbabilities: regimeMass(spec, probabilities),
  };
  // Set only when needed (not by spreading: spread is slow in V8 11.3, see params.ts).
  if (variant === 'thesis') result.note = THESIS_NOTE;
  return result;
}

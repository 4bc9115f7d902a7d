/**
 * `solveCreditChain`: the checking front door of the credit-based tandem chain (docs/models.md §6).
 */
import { InvalidParameterError, NoConvergenceError } from '../core/errors.js';
import { TOLERANCE } from '../core/tolerance.js';
import { denseCreditKernel, MAX_DENSE_STATES } from './dense.js';
import { exactCreditKernel, MAX_EXACT_STATES } from './exact.js';
import { foldingKernel } from './folding.js';
import { geometricKernel, saturationThroughput } from './geometric/geometric.js';
import { finiteCreditResult, geometricCreditResult, unstableCreditResult } from './metrics.js';
import {
  checkCreditOptions,
  checkCreditParams,
  MAX_GEOMETRIC_PHASES,
  THREADED_MIN_PHASES,
  type CheckedCreditParams,
  type CreditChainParams,
  type CreditMethod,
  type CreditSolveOptions,
  type CreditSolverMethod,
} from './params.js';
import type { CreditChainResult } from './result.js';
import { creditResidual } from './stencil.js';
import { withGemmThreads } from '../linalg/gemmThreads.js';
import { multilevelKernel } from './multilevel.js';
import { structuredKernel } from './structured.js';
import { creditChainDisplay } from './display.js';

/**
 * `auto` uses `structured` while its work, ⌈log2(levels)⌉·b³ with b = min(n, m) + 1 and
 * levels = max(n, m) + 1 (cyclic reduction over the levels, ≈ 15 b³ flops per halving), is at most
 * this (about 2 s here), `multilevel` beyond. Measured (benchmarks/README.md): (300, 300), 2.4e8,
 * in 0.24 s; (1000, 1000), 1.0e10, in 9.1 s, where `multilevel` takes 0.2–3.4 s; and (1000, 500),
 * 1.3e9, in 1.2 s.
 */
export const AUTO_STRUCTURED_MAX_WORK = 2e9;
/**
 * `structured` keeps ≈ (12 + 4⌈log2(levels)⌉)·b² + 4·levels·b doubles (work space, and the factored
 * blocks of every halving for the unfolding). Beyond this many (2 GB) it is refused; `multilevel`
 * needs O(S).
 */
export const MAX_STRUCTURED_ENTRIES = 2.5e8;

/** ⌈log2(levels)⌉ and b of the finite chain (n, m): levels the longer coordinate. */
function structuredShape(p: CheckedCreditParams): { halvings: number; b: number; levels: number } {
  const levels = Math.max(p.n, p.m) + 1;
  return { halvings: Math.ceil(Math.log2(levels)), b: Math.min(p.n, p.m) + 1, levels };
}

/**
 * Solves the credit-based tandem chain (docs/models.md §6.1) and returns its steady-state metrics
 * (§6.4): mean queue lengths L1, L2, L; throughput T; response time R = L/T; the upstream loss
 * and credit-blocked probabilities; utilisations; P(i, j) (read it with `creditProbability`);
 * and how it was obtained (`diagnostics.method`, the residual ‖πQ‖∞ of the chain solved).
 *
 * Methods (`options.method`):
 * - `exact`: rational arithmetic, n finite, at most 500 states; also returns the exact fractions.
 * - `dense`: the thesis's P = B(I − ℵ + eB)^(−1) with ml-matrix, n finite, at most 2000 states.
 * - `structured`: cyclic reduction over the levels of the block-tridiagonal (quasi-birth-death)
 *   chain, O(b³ log n) for large finite chains; direct, every probability to full relative accuracy.
 * - `multilevel`: iterative aggregation–disaggregation for very large finite chains (both n and m
 *   in the hundreds or more); stops at ‖πQ‖∞ ≤ tolerance.
 * - `geometric`: n = Infinity, matrix-geometric, at most 2049 phases (m ≤ 2048); an unstable chain
 *   (λ ≥ μ1·P(j < m)) gives `stable: false`, L1 = L = R = Infinity, T = μ1·P(j < m). Its cyclic
 *   reduction is dense and subtraction-free: every probability to full relative accuracy.
 * - `geometric-split`: the same with the rank-structured reduction (the iterates' off-diagonal
 *   halves kept as low-rank factors, docs/credit.md): 2–3× faster at m = 512–1024, accurate to
 *   ≈ 1e-16 relative to each iterate's norm (L1, L2 within 1e-15 of `geometric`'s at the
 *   benchmark's rates) but not entrywise.
 * - `auto` (default): when n = Infinity, `geometric-split` for m ≥ 192 with λ ≤ 0.95·μ1·P(j < m),
 *   else `geometric`; `structured` when ⌈log2(max(n, m) + 1)⌉·(min(n, m) + 1)³
 *   ≤ 2e9 (so (300, 300) and (1000, 500) are direct); `multilevel` otherwise. `diagnostics.method`
 *   says which ran.
 *
 * @param params `{ lambda, mu1, mu2, upstreamCapacity, downstreamCapacity }`: rates finite > 0 (per
 *   unit time); n = upstreamCapacity an integer ≥ 1 or Infinity; m = downstreamCapacity an integer ≥ 1.
 * @param options `{ method = 'auto', tolerance = 1e-12, threads = os.availableParallelism() }`;
 *   `threads` (an integer in 1..1024) splits the dense products of `geometric(-split)` and `structured`
 *   over worker threads for chains of at least 160 phases, with the same answer bit for bit.
 * @throws InvalidParameterError for a bad parameter or option, or a method that does not apply.
 * @throws NoConvergenceError when a kernel's answer fails the residual check
 *   ‖πQ‖∞ ≤ 100·tolerance·(λ+μ1+μ2).
 * @example
 * const r = solveCreditChain({ lambda: 2, mu1: 3, mu2: 4, upstreamCapacity: 2, downstreamCapacity: 2 });
 * r.throughput // 1.525374577090382 (= 3156/2069)
 */
export function solveCreditChain(params: CreditChainParams, options?: CreditSolveOptions): CreditChainResult {
  return creditChainDisplay(solveChain(params, options));
}

/** {@link solveCreditChain} without the notebook display. */
function solveChain(params: CreditChainParams, options?: CreditSolveOptions): CreditChainResult {
  const p = checkCreditParams(params);
  const { method: requestedMethod, tolerance, threads } = checkCreditOptions(options);
  const method = chooseMethod(p, requestedMethod);
  const acceptable = TOLERANCE.iterative(tolerance) * (p.lambda + p.mu1 + p.mu2);

  switch (method) {
    case 'exact': {
      const e = exactCreditKernel(p);
      const residual = creditResidual(p.lambda, p.mu1, p.mu2, p.n, p.m, e.p);
      const base = finiteCreditResult(p, e.p, { method, requestedMethod, residual }, e.values);
      // Report the correctly rounded exact metrics rather than sums of rounded probabilities.
      return {
        ...base,
        meanQueueLength: { upstream: e.metrics.upstream, downstream: e.metrics.downstream, total: e.metrics.total },
        throughput: e.metrics.throughput,
        responseTime: e.metrics.responseTime,
        upstreamLossProbability: e.metrics.upstreamLossProbability,
        creditBlockedProbability: e.metrics.creditBlockedProbability,
        utilization: { upstream: e.metrics.utilizationUpstream, downstream: e.metrics.utilizationDownstream },
      };
    }
    case 'dense':
    case 'structured':
    case 'multilevel': {
      let raw: Float64Array;
      let iterations: number | undefined;
      if (method === 'dense') raw = denseCreditKernel(p);
      else if (method === 'structured') {
        // cyclic reduction; the level-by-level reduction where its blocks underflow to singular
        const b = Math.min(p.n, p.m) + 1;
        const k = withGemmThreads(b >= THREADED_MIN_PHASES ? threads : 1, () =>
          foldingKernel(p.lambda, p.mu1, p.mu2, p.n, p.m) ?? structuredKernel(p.lambda, p.mu1, p.mu2, p.n, p.m, tolerance),
        );
        raw = k.p;
        iterations = k.iterations;
      } else {
        const k = multilevelKernel(p.lambda, p.mu1, p.mu2, p.n, p.m, tolerance);
        if (!k.converged) throw new NoConvergenceError('multilevel', k.iterations, k.residual, tolerance);
        raw = k.p;
        iterations = k.iterations;
      }
      const probabilities = normalised(raw, method, iterations ?? 0, tolerance);
      const residual = creditResidual(p.lambda, p.mu1, p.mu2, p.n, p.m, probabilities);
      if (!(residual <= acceptable)) throw new NoConvergenceError(method, iterations ?? 0, residual, acceptable);
      return finiteCreditResult(p, probabilities, { method, requestedMethod, residual, ...(iterations !== undefined ? { iterations } : {}) });
    }
    case 'geometric':
    case 'geometric-split': {
      // Stability from the closed form (docs/models.md §6.1), so an unstable chain never reaches the kernel.
      if (!(p.lambda < saturationThroughput(p.mu1, p.mu2, p.m))) {
        return unstableCreditResult(p, { method, requestedMethod, residual: 0 });
      }
      const g = withGemmThreads(p.m + 1 >= THREADED_MIN_PHASES ? threads : 1, () =>
        geometricKernel(p.lambda, p.mu1, p.mu2, p.m, tolerance, method === 'geometric-split' ? { split: {} } : {}),
      );
      if (!g.stable || !g.converged || !(g.residual <= acceptable) || !levelSumOk(g.levelSum, g.level0, p.m)) {
        // The closed form says stable, so the kernel failed (this can happen extremely close to the
        // stability boundary, where the matrix-geometric iteration converges arbitrarily slowly).
        throw new NoConvergenceError(method, g.iterations, g.stable ? g.residual : NaN, acceptable);
      }
      // (the split reduction hands over to the dense one when a pivot fails: say what ran)
      const ran = g.reduction === 'split' ? 'geometric-split' : 'geometric';
      return geometricCreditResult(p, g, { method: ran, requestedMethod, residual: g.residual, iterations: g.iterations });
    }
  }
}

/**
 * `auto` takes the rank-structured reduction (`geometric-split`) from m = 192 on, where it was
 * measured faster than the dense one (session 11, CPU time of whole solves, one thread: 0.62–0.69
 * of the dense one at m = 192, 0.52–0.55 at 256, 0.37–0.43 at 384; before the recompressions ran
 * in WebAssembly it was slower at m = 256, and the bound was 384), and away from the stability
 * boundary: there the dense, entrywise-accurate kernel stays (the 50-digit references of the tests).
 */
const SPLIT_MIN_M = 192;
const SPLIT_MAX_LOAD = 0.95;

/** The method that will solve the chain, or an InvalidParameterError naming the rule broken. */
export function chooseMethod(p: CheckedCreditParams, requested: CreditMethod): CreditSolverMethod {
  const finite = Number.isFinite(p.n);
  const states = finite ? (p.n + 1) * (p.m + 1) : Infinity;
  const where = finite ? `n = ${p.n}, m = ${p.m}: ${states} states` : `n = Infinity, m = ${p.m}`;
  const fail = (rule: string): never => {
    throw new InvalidParameterError('options.method', `${rule} (here ${where})`, requested);
  };
  switch (requested) {
    case 'auto':
      if (!finite) {
        // Name the parameter that is out of range, not the method the user did not ask for.
        if (p.m + 1 > MAX_GEOMETRIC_PHASES) {
          throw new InvalidParameterError(
            'downstreamCapacity',
            `an integer at most ${MAX_GEOMETRIC_PHASES - 1} when upstreamCapacity is Infinity (the geometric method keeps dense (m+1)×(m+1) matrices)`,
            p.m,
          );
        }
        return p.m >= SPLIT_MIN_M && p.lambda <= SPLIT_MAX_LOAD * saturationThroughput(p.mu1, p.mu2, p.m)
          ? 'geometric-split'
          : 'geometric';
      }
      {
        const { halvings, b } = structuredShape(p);
        return halvings * b ** 3 <= AUTO_STRUCTURED_MAX_WORK ? 'structured' : 'multilevel';
      }
    case 'exact':
      if (!finite) fail("a method for a finite upstreamCapacity; use 'geometric' or 'auto' when it is Infinity");
      if (states > MAX_EXACT_STATES) fail(`used with at most ${MAX_EXACT_STATES} states (n+1)(m+1) for 'exact'; use 'structured' or 'auto'`);
      return 'exact';
    case 'dense':
      if (!finite) fail("a method for a finite upstreamCapacity; use 'geometric' or 'auto' when it is Infinity");
      if (states > MAX_DENSE_STATES) fail(`used with at most ${MAX_DENSE_STATES} states (n+1)(m+1) for 'dense'; use 'structured' or 'auto'`);
      return 'dense';
    case 'structured':
      if (!finite) fail("a method for a finite upstreamCapacity; use 'geometric' or 'auto' when it is Infinity");
      {
        const { halvings, b, levels } = structuredShape(p);
        if ((12 + 4 * halvings) * b * b + 4 * levels * b > MAX_STRUCTURED_ENTRIES) {
          fail(`used while (12 + 4⌈log2(max(n, m) + 1)⌉)·(min(n, m) + 1)² + 4·(max(n, m) + 1)·(min(n, m) + 1) ≤ ${MAX_STRUCTURED_ENTRIES} doubles (its memory bound, 2 GB) for 'structured'; use 'multilevel' or 'auto'`);
        }
      }
      return 'structured';
    case 'multilevel':
      if (!finite) fail("a method for a finite upstreamCapacity; use 'geometric' or 'auto' when it is Infinity");
      return 'multilevel';
    case 'geometric':
    case 'geometric-split':
      if (finite) fail("used only with upstreamCapacity = Infinity; use 'structured' or 'auto' for a finite one");
      if (p.m + 1 > MAX_GEOMETRIC_PHASES) fail(`used with downstreamCapacity at most ${MAX_GEOMETRIC_PHASES - 1} for '${requested}'`);
      return requested;
  }
}

/**
 * p/Σp after checking every entry is finite and Σp is within 1e-8 of 1 (a kernel's sanity).
 * A method whose error is absolute (the dense LU solve) can return a probability far below its
 * accuracy as a tiny negative number (−7.7e-20 for a true 1.0e-26): such entries, down to −1e-12,
 * are set to 0, a change within that error, so no reported probability or metric is negative;
 * anything more negative is not a probability vector and fails.
 */
function normalised(p: Float64Array, method: string, iterations: number, tolerance: number): Float64Array {
  let total = 0;
  let negative = false;
  for (let k = 0; k < p.length; k++) {
    const v = p[k]!;
    if (v < 0) {
      if (!(v >= -1e-12)) throw new NoConvergenceError(`${method} (a probability of ${v})`, iterations, NaN, tolerance);
      negative = true;
    } else total += v;
  }
  if (!Number.isFinite(total) || Math.abs(total - 1) > 1e-8) {
    throw new NoConvergenceError(`${method} (probabilities sum to ${total})`, iterations, NaN, tolerance);
  }
  if (total === 1 && !negative) return p;
  const out = new Float64Array(p.length);
  for (let k = 0; k < p.length; k++) out[k] = p[k]! > 0 ? p[k]! / total : 0;
  return out;
}

function levelSumOk(levelSum: Float64Array, level0: Float64Array, m: number): boolean {
  if (levelSum.length !== m + 1 || level0.length !== m + 1) return false;
  let total = 0;
  for (let j = 0; j <= m; j++) {
    if (!Number.isFinite(levelSum[j]!) || !Number.isFinite(level0[j]!)) return false;
    total += levelSum[j]!;
  }
  return Math.abs(total - 1) <= 1e-8;
}

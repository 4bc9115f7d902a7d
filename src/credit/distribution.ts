/**
 * Reading P(i, j) from a credit-chain result, finite or level-geometric.
 */
import { InvalidParameterError } from '../core/errors.js';
import { vectorTimesMatrixPower } from '../linalg/vecmat.js';
import type { CreditChainResult, CreditDistribution } from './result.js';

/**
 * P(i, ·) = (P(i, 0), …, P(i, m)): the joint probabilities at upstream level i.
 * Finite chain: i in 0..n. Chain with n = ∞: any integer i ≥ 0, computed as level0·R^i
 * (vector products for small i, binary powering of R for large i).
 *
 * @throws InvalidParameterError when i is out of range, or the result has no stationary
 *   distribution (an unstable chain).
 * @example creditLevelProbabilities(solveCreditChain(params), 0) // [P(0,0), …, P(0,m)]
 */
export function creditLevelProbabilities(result: Pick<CreditChainResult, 'distribution'>, i: number): number[] {
  const d = distributionOf(result);
  if (d.kind === 'finite') {
    const n = d.upstreamCapacity;
    if (!Number.isInteger(i) || i < 0 || i > n) throw new InvalidParameterError('i', `an integer in 0..${n}`, i);
    const w = d.downstreamCapacity + 1;
    return d.p.slice(i * w, (i + 1) * w);
  }
  if (!Number.isSafeInteger(i) || i < 0) throw new InvalidParameterError('i', 'an integer >= 0', i);
  const phases = d.downstreamCapacity + 1;
  const rate = new Float64Array(phases * phases);
  d.rate.forEach((row, r) => rate.set(row, r * phases));
  return Array.from(vectorTimesMatrixPower(d.level0, rate, phases, i));
}

/**
 * P(i, j): the probability of i packets at Node 1 and j at Node 2.
 *
 * @throws InvalidParameterError when i or j is out of range, or the result has no stationary
 *   distribution (an unstable chain).
 * @example creditProbability(solveCreditChain({ lambda: 2, mu1: 3, mu2: 4, upstreamCapacity: 2, downstreamCapacity: 2 }), 0, 0) // 528/2069
 */
export function creditProbability(result: Pick<CreditChainResult, 'distribution'>, i: number, j: number): number {
  const d = distributionOf(result);
  const m = d.downstreamCapacity;
  if (!Number.isInteger(j) || j < 0 || j > m) throw new InvalidParameterError('j', `an integer in 0..${m}`, j);
  if (d.kind === 'finite') {
    const n = d.upstreamCapacity;
    if (!Number.isInteger(i) || i < 0 || i > n) throw new InvalidParameterError('i', `an integer in 0..${n}`, i);
    return d.p[i * (m + 1) + j]!;
  }
  return creditLevelProbabilities(result, i)[j]!;
}

function distributionOf(result: Pick<CreditChainResult, 'distribution'>): Exclude<CreditDistribution, { kind: 'none' }> {
  const d = (result as { distribution?: CreditDistribution } | null)?.distribution;
  if (d === undefined || (d.kind !== 'finite' && d.kind !== 'level-geometric' && d.kind !== 'none')) {
    throw new InvalidParameterError('result', 'a result of solveCreditChain', result);
  }
  if (d.kind === 'none') {
    throw new InvalidParameterError('result', 'a stable result (an unstable chain has no stationary distribution)', 'stable: false');
  }
  return d;
}

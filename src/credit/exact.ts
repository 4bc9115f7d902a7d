/**
 * The `exact` method: the finite credit chain solved in rational arithmetic (fraction.js), the
 * tests' oracle. Every number it returns is the correctly rounded double of an exact rational,
 * and the rationals themselves are returned as strings.
 *
 * The inputs are read as the rationals their shortest decimal representations denote (0.1 → 1/10)
 * and scaled by a common denominator to integer rates (π does not change). The stationary vector is
 * then computed as exact integers τ(i, j) (spanning-tree sums, π ∝ τ) by modular GTH elimination and
 * Chinese remaindering (src/linalg/exactStationary.ts), in whichever state order makes the band
 * narrower (i-major: bandwidth m+1; j-major: n+1): O(S·min(n, m)²) work per prime, with about
 * S·log2(λ+μ1+μ2)/26 primes. Every metric is a ratio of two exact integers, reduced by fraction.js.
 */
import Fraction from 'fraction.js';
import { addIntegerRate, emptyIntegerBand, exactBandedStationary } from '../linalg/exactStationary.js';
import { fractionFromNumber, fractionToNumber, gcd, lcm, ratioToNumber } from '../linalg/rational.js';
import type { CheckedCreditParams } from './params.js';
import type { CreditExactValues } from './result.js';

/** Largest chain the `exact` method accepts. */
export const MAX_EXACT_STATES = 500;

export interface ExactCreditSolution {
  /** P(i, j) i-major, each the correctly rounded double of the exact value. */
  readonly p: Float64Array;
  readonly values: CreditExactValues;
  /** The metrics as correctly rounded doubles of their exact values. */
  readonly metrics: {
    readonly upstream: number;
    readonly downstream: number;
    readonly total: number;
    readonly throughput: number;
    readonly responseTime: number;
    readonly upstreamLossProbability: number;
    readonly creditBlockedProbability: number;
    readonly utilizationUpstream: number;
    readonly utilizationDownstream: number;
  };
  /** The three throughput forms, exactly (they must be equal). */
  readonly throughputForms: { readonly accepted: Fraction; readonly forwarding: Fraction; readonly departure: Fraction };
}

/**
 * Solves the finite chain exactly. Assumes checked parameters with finite n; never throws for
 * them (the chain is irreducible).
 */
export function exactCreditKernel(params: CheckedCreditParams): ExactCreditSolution {
  const { n, m } = params;
  const lambda = fractionFromNumber(params.lambda, 'lambda');
  const mu1 = fractionFromNumber(params.mu1, 'mu1');
  const mu2 = fractionFromNumber(params.mu2, 'mu2');
  // Integer rates: multiply by the lcm of the denominators.
  const scale = lcm(lcm(lambda.d, mu1.d), mu2.d);
  const [iLambda, iMu1, iMu2] = [lambda, mu1, mu2].map((f) => (f.n * scale) / f.d) as [bigint, bigint, bigint];
  const w = m + 1;
  const size = (n + 1) * w;
  // Order the states so the band is narrow: i-major when m ≤ n, j-major otherwise.
  const iMajor = m <= n;
  const order = iMajor ? (i: number, j: number) => i * w + j : (i: number, j: number) => j * (n + 1) + i;
  // Offsets in i-major: arrival +(m+1), forwarding −m, departure −1; in j-major: +1, +n, −(n+1).
  const lower = iMajor ? m : n + 1;
  const upper = iMajor ? m + 1 : Math.max(n, 1);
  const band = emptyIntegerBand(size, lower, upper);
  for (let i = 0; i <= n; i++) {
    for (let j = 0; j <= m; j++) {
      const from = order(i, j);
      if (i < n) addIntegerRate(band, from, order(i + 1, j), iLambda);
      if (i >= 1 && j < m) addIntegerRate(band, from, order(i - 1, j + 1), iMu1);
      if (j >= 1) addIntegerRate(band, from, order(i, j - 1), iMu2);
    }
  }
  const solution = exactBandedStationary(band)!; // irreducible: never null
  // Divide out the common factor g of every τ and Στ: π(k) = (τ(k)/g)/(Στ/g), and Στ/g is the least
  // common denominator of the π(k). One gcd chain (cheap once g is small) instead of one gcd of
  // two numbers of the size of Στ per probability: with rates of 16 significant digits Στ has
  // ~28000 bits at 500 states, and reducing every π(k) by its own gcd took 40 s.
  let g = solution.total;
  for (const t of solution.weights) g = gcd(t, g);
  const total = solution.total / g;
  const tau = new Array<bigint>(size);
  for (let i = 0; i <= n; i++) for (let j = 0; j <= m; j++) tau[i * w + j] = solution.weights[order(i, j)]! / g;

  // Every metric as (integer numerator) / total.
  let l1 = 0n;
  let l2 = 0n;
  let full = 0n;
  let forwarding = 0n;
  let empty = 0n;
  let blocked = 0n;
  for (let i = 0; i <= n; i++) {
    for (let j = 0; j <= m; j++) {
      const v = tau[i * w + j]!;
      l1 += BigInt(i) * v;
      l2 += BigInt(j) * v;
      if (i === n) full += v;
      if (i >= 1 && j < m) forwarding += v;
      if (j === 0) empty += v;
      if (i >= 1 && j === m) blocked += v;
    }
  }
  const ratio = (num: bigint) => new Fraction(num, total);
  const forms = {
    accepted: lambda.mul(ratio(total - full)),
    forwarding: mu1.mul(ratio(forwarding)),
    departure: mu2.mul(ratio(total - empty)),
  };
  const L1 = ratio(l1);
  const L2 = ratio(l2);
  const L = ratio(l1 + l2);
  const throughput = forms.forwarding;
  const responseTime = L.div(throughput);
  const loss = ratio(full);
  const blockedF = ratio(blocked);
  // Utilisations T/μ1, T/μ2 from the exact rationals (not the rounded T over the double μ).
  const u1 = throughput.div(mu1);
  const u2 = throughput.div(mu2);
  const probabilities: string[][] = [];
  const denominator = total.toString();
  for (let i = 0; i <= n; i++) probabilities.push(tau.slice(i * w, (i + 1) * w).map((t) => `${t}/${denominator}`));
  const p = new Float64Array(size);
  for (let k = 0; k < size; k++) p[k] = ratioToNumber(tau[k]!, total);
  return {
    p,
    throughputForms: forms,
    values: {
      probabilities,
      meanQueueLength: { upstream: L1.toFraction(), downstream: L2.toFraction(), total: L.toFraction() },
      throughput: throughput.toFraction(),
      responseTime: responseTime.toFraction(),
      upstreamLossProbability: loss.toFraction(),
      creditBlockedProbability: blockedF.toFraction(),
      utilization: { upstream: u1.toFraction(), downstream: u2.toFraction() },
      params: { lambda: lambda.toFraction(), mu1: mu1.toFraction(), mu2: mu2.toFraction() },
    },
    metrics: {
      upstream: fractionToNumber(L1),
      downstream: fractionToNumber(L2),
      total: fractionToNumber(L),
      throughput: fractionToNumber(throughput),
      responseTime: fractionToNumber(responseTime),
      upstreamLossProbability: fractionToNumber(loss),
      creditBlockedProbability: fractionToNumber(blockedF),
      utilizationUpstream: fractionToNumber(u1),
      utilizationDownstream: fractionToNumber(u2),
    },
  };
}

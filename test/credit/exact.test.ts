import Fraction from 'fraction.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creditChainGenerator, creditProbability, solveCreditChain } from '../../src/credit/index.js';
import { exactCreditKernel } from '../../src/credit/exact.js';
import { fractionFromNumber, fractionToNumber, ratioToNumber } from '../../src/linalg/rational.js';
import { solveCtmc } from '../../src/markov/index.js';
import { params } from './helpers.js';

describe('exact method: the hand-checkable case of docs/models.md §6.4 (λ=2, μ1=3, μ2=4, n=m=2)', () => {
  // Hand-typed from /work/shared/docs/models.md §6.4 ("Hand-checkable case"), 10 decimals.
  const HAND_P = [
    [0.2551957467, 0.1275978734, 0.05219913],
    [0.1855969067, 0.10439826, 0.0376993717],
    [0.1778637023, 0.0405993233, 0.0188496858],
  ];
  const HAND = { L1: 0.8023199613, L2: 0.4900918318, L: 1.2924117931, T: 1.5253745771, R: 0.8472750317 };
  const r = solveCreditChain(params(2, 3, 4, 2, 2), { method: 'exact' });

  it('P(i, j) → the docs/models.md values to 1e-10', () => {
    for (let i = 0; i <= 2; i++) for (let j = 0; j <= 2; j++) expect(Math.abs(creditProbability(r, i, j) - HAND_P[i]![j]!)).toBeLessThan(1e-10);
  });

  it('L1, L2, L, T, R → the docs/models.md values to 1e-10', () => {
    expect(Math.abs(r.meanQueueLength.upstream - HAND.L1)).toBeLessThan(1e-10);
    expect(Math.abs(r.meanQueueLength.downstream - HAND.L2)).toBeLessThan(1e-10);
    expect(Math.abs(r.meanQueueLength.total - HAND.L)).toBeLessThan(1e-10);
    expect(Math.abs(r.throughput - HAND.T)).toBeLessThan(1e-10);
    expect(Math.abs(r.responseTime - HAND.R)).toBeLessThan(1e-10);
  });

  it('the exact fractions: P = (528, 264, 108; 384, 216, 78; 368, 84, 39)/2069, T = 3156/2069', () => {
    expect(r.exact!.probabilities).toEqual([
      ['528/2069', '264/2069', '108/2069'],
      ['384/2069', '216/2069', '78/2069'],
      ['368/2069', '84/2069', '39/2069'],
    ]);
    expect(r.exact!.meanQueueLength).toEqual({ upstream: '1660/2069', downstream: '1014/2069', total: '2674/2069' });
    expect(r.exact!.throughput).toBe('3156/2069');
    expect(r.exact!.responseTime).toBe('1337/1578');
    expect(r.exact!.upstreamLossProbability).toBe('491/2069');
    expect(r.exact!.creditBlockedProbability).toBe('117/2069');
  });

  it('the fractions satisfy every balance equation of docs/models.md §6.2 exactly', () => {
    const P = r.exact!.probabilities.map((row) => row.map((s) => new Fraction(s)));
    const [l, m1, m2] = [2, 3, 4];
    const eq = (lhs: Fraction, rhs: Fraction) => expect(lhs.equals(rhs)).toBe(true);
    eq(P[0]![0]!.mul(l), P[0]![1]!.mul(m2)); // (0,0)
    eq(P[0]![1]!.mul(l + m2), P[1]![0]!.mul(m1).add(P[0]![2]!.mul(m2))); // (0,j), 0<j<m
    eq(P[0]![2]!.mul(l + m2), P[1]![1]!.mul(m1)); // (0,m)
    eq(P[1]![0]!.mul(l + m1), P[0]![0]!.mul(l).add(P[1]![1]!.mul(m2))); // (i,0)
    eq(P[1]![1]!.mul(l + m1 + m2), P[0]![1]!.mul(l).add(P[2]![0]!.mul(m1)).add(P[1]![2]!.mul(m2))); // interior
    eq(P[1]![2]!.mul(l + m2), P[0]![2]!.mul(l).add(P[2]![1]!.mul(m1))); // (i,m)
    eq(P[2]![0]!.mul(m1), P[1]![0]!.mul(l).add(P[2]![1]!.mul(m2))); // (n,0)
    eq(P[2]![1]!.mul(m1 + m2), P[1]![1]!.mul(l).add(P[2]![2]!.mul(m2))); // (n,j)
    eq(P[2]![2]!.mul(m2), P[1]![2]!.mul(l)); // (n,m)
    eq(P.flat().reduce((a, b) => a.add(b), new Fraction(0)), new Fraction(1));
  });

  it("the thesis's printed μ1-form of T (no credit-blocked states excluded) gives 1.695, not T (docs/models.md §6.5)", () => {
    // μ1·Σ_{i≥1} Σ_j P(i, j): the slip; the correct form excludes j = m.
    const slip = 3 * [1, 2].reduce((s, i) => s + [0, 1, 2].reduce((t, j) => t + creditProbability(r, i, j), 0), 0);
    expect(slip).toBeCloseTo(1.695, 3);
    expect(r.throughput).toBeCloseTo(1.5254, 4);
  });
});

describe('exact method: invariants', () => {
  it.each([
    [1, 1],
    [1, 6],
    [6, 1],
    [5, 5],
    [12, 11],
    [30, 3],
  ])('n = %i, m = %i → the three throughput forms are equal as fractions', (n, m) => {
    const e = exactCreditKernel({ lambda: 5, mu1: 6, mu2: 8, n, m });
    expect(e.throughputForms.accepted.equals(e.throughputForms.forwarding)).toBe(true);
    expect(e.throughputForms.departure.equals(e.throughputForms.forwarding)).toBe(true);
  });

  it('decimal rates are read as decimals: λ = 0.1 means 1/10', () => {
    const r = solveCreditChain(params(0.1, 0.3, 0.7, 3, 2), { method: 'exact' });
    expect(r.exact!.params).toEqual({ lambda: '1/10', mu1: '3/10', mu2: '7/10' });
    // Scaling every rate by 10 leaves π unchanged, exactly.
    const s = solveCreditChain(params(1, 3, 7, 3, 2), { method: 'exact' });
    expect(r.exact!.probabilities).toEqual(s.exact!.probabilities);
  });

  it('agrees with GTH (solveCtmc) on the sparse generator to 1e-13 relative', () => {
    for (const [n, m] of [
      [1, 1],
      [4, 7],
      [9, 3],
    ] as const) {
      const p = params(1.7, 2.3, 0.9, n, m);
      const exact = solveCreditChain(p, { method: 'exact' }).distribution;
      const gth = solveCtmc(creditChainGenerator(p)).probabilities;
      if (exact.kind !== 'finite') throw new Error('finite expected');
      exact.p.forEach((v, k) => expect(Math.abs(v - gth[k]!) / v).toBeLessThan(1e-13));
    }
  });

  it('the j-major and i-major state orders give the same answer (n < m uses j-major)', () => {
    // Swapping roles is not a symmetry, so compare with GTH instead at a shape on each side.
    for (const [n, m] of [
      [2, 9],
      [9, 2],
    ] as const) {
      const p = params(3, 1, 2, n, m);
      const r = solveCreditChain(p, { method: 'exact' });
      const gth = solveCtmc(creditChainGenerator(p)).probabilities;
      if (r.distribution.kind !== 'finite') throw new Error('finite expected');
      r.distribution.p.forEach((v, k) => expect(Math.abs(v - gth[k]!) / v).toBeLessThan(1e-13));
    }
  });

  it('every metric, utilisations included, is the correctly rounded double of its exact fraction', () => {
    // μ1 = 0.7 is 7/10 to the exact method; T/0.7 in doubles would round twice (and divide by the double).
    for (const [lambda, mu1, mu2] of [
      [0.30000000000000004, 0.7, 3],
      [0.30000000000000004, 0.7, 5],
      [2, 3, 4],
    ] as const) {
      const r = solveCreditChain(params(lambda, mu1, mu2, 3, 2), { method: 'exact' });
      const x = r.exact!;
      const rounded = (s: string) => fractionToNumber(new Fraction(s));
      const T = new Fraction(x.throughput);
      expect(x.utilization).toEqual({ upstream: T.div(new Fraction(x.params.mu1)).toFraction(), downstream: T.div(new Fraction(x.params.mu2)).toFraction() });
      expect(r.utilization).toEqual({ upstream: rounded(x.utilization.upstream), downstream: rounded(x.utilization.downstream) });
      expect(r.meanQueueLength).toEqual({
        upstream: rounded(x.meanQueueLength.upstream),
        downstream: rounded(x.meanQueueLength.downstream),
        total: rounded(x.meanQueueLength.total),
      });
      expect(r.throughput).toBe(rounded(x.throughput));
      expect(r.responseTime).toBe(rounded(x.responseTime));
      expect(r.upstreamLossProbability).toBe(rounded(x.upstreamLossProbability));
      expect(r.creditBlockedProbability).toBe(rounded(x.creditBlockedProbability));
    }
  });

  it('P(i, j) are written over their least common denominator: the numerators sum to it exactly', () => {
    // λ = μ1 = μ2 = 2, n = m = 2: reduced, the P(i, j) have denominators 45, 15 and 9; the LCD is 45.
    const r = solveCreditChain(params(2, 2, 2, 2, 2), { method: 'exact' });
    const split = r.exact!.probabilities.flat().map((s) => s.split('/').map(BigInt) as [bigint, bigint]);
    const denominator = split[0]![1];
    expect(denominator).toBe(45n);
    expect(split.every(([, d]) => d === denominator)).toBe(true);
    expect(split.reduce((a, [num]) => a + num, 0n)).toBe(denominator);
    // Least: no common factor is left in all the numerators and the denominator.
    const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));
    expect(split.reduce((g, [num]) => gcd(num, g), denominator)).toBe(1n);
    // And each is the probability: equal as fractions to P(i, j) reduced.
    split.forEach(([num, den], k) => expect(ratioToNumber(num, den)).toBe(creditProbability(r, Math.floor(k / 3), k % 3)));
  });

  it('rates with 16 significant digits (1/3, 2/7, 5/11) at 500 states → solved exactly (speed is in benchmarks/; the timeout only stops a runaway)', () => {
    const r = solveCreditChain(params(1 / 3, 2 / 7, 5 / 11, 49, 9), { method: 'exact' });
    const Pnm = new Fraction(r.exact!.probabilities[49]![9]!);
    expect(ratioToNumber(Pnm.n, Pnm.d)).toBe(creditProbability(r, 49, 9));
    expect(r.diagnostics.residual).toBeLessThan(1e-15);
  }, 300_000);

  it('a 500-state chain is solved (the documented limit)', () => {
    const r = solveCreditChain(params(5, 6, 8, 49, 9), { method: 'exact' });
    expect(r.distribution.kind === 'finite' && r.distribution.p.length).toBe(500);
    expect(r.diagnostics.residual).toBeLessThan(1e-14);
  });
});

describe('rational helpers', () => {
  it('fractionFromNumber reads the shortest decimal: 0.1 → 1/10, 2.5e-7 → 1/4000000, 1e21 → 10^21', () => {
    expect(fractionFromNumber(0.1).toFraction()).toBe('1/10');
    expect(fractionFromNumber(2.5e-7).toFraction()).toBe('1/4000000');
    expect(fractionFromNumber(1e21).toFraction()).toBe('1000000000000000000000');
    expect(fractionFromNumber(-3.75).toFraction()).toBe('-15/4');
  });

  it('ratioToNumber rounds correctly where Number(n)/Number(d) would not or would overflow', () => {
    expect(ratioToNumber(1n, 3n)).toBe(1 / 3);
    expect(ratioToNumber(10n ** 400n + 1n, 3n * 10n ** 400n)).toBe(1 / 3);
    expect(ratioToNumber(-(10n ** 400n), 4n * 10n ** 400n)).toBe(-0.25);
    expect(ratioToNumber(1n, 10n ** 300n)).toBe(1e-300);
    expect(ratioToNumber(10n ** 300n, 1n)).toBe(1e300);
  });

  it('ratioToNumber = the correctly rounded quotient (property, against Number of exact integers)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 2n ** 200n }), fc.bigInt({ min: 1n, max: 2n ** 200n }), (a, b) => {
        const x = ratioToNumber(a, b);
        // x is the nearest double iff |a/b − x| ≤ half an ulp: check with exact integer arithmetic
        // by comparing a against b·(x ± ulp/2), x = M·2^E exactly.
        const [mant, exp] = decompose(x);
        // a/b ∈ [ (2M−1)·2^(E−1), (2M+1)·2^(E−1) ]
        const lo = 2n * mant - 1n;
        const hi = 2n * mant + 1n;
        const e = exp - 1;
        const scaleA = e >= 0 ? a : a * 2n ** BigInt(-e);
        const scaleB = e >= 0 ? b * 2n ** BigInt(e) : b;
        return lo * scaleB <= scaleA && scaleA <= hi * scaleB;
      }),
    );
  });
});

/** x = mant·2^exp with mant an integer of at most 53 bits. */
function decompose(x: number): [bigint, number] {
  let exp = 0;
  let v = x;
  while (!Number.isInteger(v)) {
    v *= 2;
    exp--;
  }
  while (v > 2 ** 53) {
    v /= 2;
    exp++;
  }
  return [BigInt(v), exp];
}

/**
 * The two fast kernels against an independent route: the chain built transition by transition
 * from docs/models.md §6.1 and solved by GTH (src/markov), which shares no code with the kernels.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { solveCreditChain } from '../../src/credit/index.js';
import { geometricKernel, saturationThroughput } from '../../src/credit/geometric/geometric.js';
import { foldingKernel } from '../../src/credit/folding.js';
import { multilevelKernel } from '../../src/credit/multilevel.js';
import { structuredKernel } from '../../src/credit/structured.js';
import { ratioToNumber } from '../../src/linalg/rational.js';
import { generatorFromTransitions, solveCtmc, type Transition } from '../../src/markov/index.js';

function gthReference(lambda: number, mu1: number, mu2: number, n: number, m: number): number[] {
  const idx = (i: number, j: number) => i * (m + 1) + j;
  const transitions: Transition[] = [];
  for (let i = 0; i <= n; i++) {
    for (let j = 0; j <= m; j++) {
      if (i < n) transitions.push({ from: idx(i, j), to: idx(i + 1, j), rate: lambda });
      if (i >= 1 && j < m) transitions.push({ from: idx(i, j), to: idx(i - 1, j + 1), rate: mu1 });
      if (j >= 1) transitions.push({ from: idx(i, j), to: idx(i, j - 1), rate: mu2 });
    }
  }
  return [...solveCtmc(generatorFromTransitions((n + 1) * (m + 1), transitions)).probabilities];
}

function maxRelativeError(actual: ArrayLike<number>, expected: ArrayLike<number>): number {
  let worst = 0;
  for (let k = 0; k < expected.length; k++) {
    worst = Math.max(worst, Math.abs(actual[k]! - expected[k]!) / Math.abs(expected[k]!));
  }
  return worst;
}

type FiniteKernel = (l: number, a: number, b: number, n: number, m: number) => { p: Float64Array };
const finiteKernels: [string, FiniteKernel][] = [
  ['structuredKernel (level by level)', (l, a, b, n, m) => structuredKernel(l, a, b, n, m, 1e-12)],
  ['foldingKernel (cyclic reduction)', (l, a, b, n, m) => foldingKernel(l, a, b, n, m) ?? { p: new Float64Array(0) }],
];

describe.each(finiteKernels)('%s', (_, kernel) => {
  const cases: [number, number, number, number, number][] = [
    [2, 3, 4, 2, 2], // the hand-checkable case of docs/models.md §6.4
    [5, 6, 8, 12, 3], // levels by upstream count (m < n)
    [5, 6, 8, 3, 12], // levels by downstream count (n < m)
    [5, 6, 8, 1, 1],
    [9, 2, 7, 6, 5], // overloaded: λ far above μ1
    [0.01, 3, 50, 7, 4], // nearly empty
    [5, 6, 8, 40, 6], // long enough for the level fixed point to be reached and reused
    [6, 6, 6, 2, 1], // two halvings' worth of levels: K = 2, then the last two
    [6, 6, 6, 37, 5], // odd K at several halvings (37 → 18 → 9 → 4 → 2)
    [6, 6, 6, 5, 37], // the same with levels by downstream count
    [4, 6, 5, 64, 9], // levels 0..64: K even until the last two
  ];
  it.each(cases)('λ=%d μ1=%d μ2=%d n=%d m=%d → every P(i,j) matches GTH to 1e-12 relative', (l, a, b, n, m) => {
    const { p } = kernel(l, a, b, n, m);
    expect(maxRelativeError(p, gthReference(l, a, b, n, m))).toBeLessThan(1e-12);
  });

  it('n = 6000 (level masses spanning 1e-475) → finite, sums to 1, P(0,·) equals the n = ∞ chain', () => {
    const { p } = kernel(5, 6, 8, 6000, 9);
    expect(p.every(Number.isFinite)).toBe(true);
    expect(p.reduce((x, y) => x + y, 0)).toBeCloseTo(1, 12);
    const g = geometricKernel(5, 6, 8, 9, 1e-14);
    for (let j = 0; j <= 9; j++) expect(Math.abs(p[j]! - g.level0[j]!) / g.level0[j]!).toBeLessThan(1e-11);
  });

  it('random small chains (property) → every P(i,j) equals the exact rational answer to 1e-12 relative', () => {
    const rate = fc.double({ min: 0.05, max: 20, noNaN: true }).map((x) => Number(x.toPrecision(4)));
    fc.assert(
      fc.property(rate, rate, rate, fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 10 }), (l, a, b, n, m) => {
        const params = { lambda: l, mu1: a, mu2: b, upstreamCapacity: n, downstreamCapacity: m };
        const exact = solveCreditChain(params, { method: 'exact' }).exact!.probabilities.flat();
        const { p } = kernel(l, a, b, n, m);
        return exact.every((fraction, k) => {
          const [num, den] = fraction.split('/').map(BigInt) as [bigint, bigint | undefined];
          const value = den === undefined ? Number(num) : ratioToNumber(num, den);
          return Math.abs(p[k]! - value) <= 1e-12 * value;
        });
      }),
      { numRuns: 40, seed: 4242 },
    );
  });

  it('overloaded Node 1, n = 1000 (level masses spanning 1e+650) → finite, sums to 1, mass piled at the top', () => {
    const { p } = kernel(9, 2, 7, 1000, 5);
    expect(p.every(Number.isFinite)).toBe(true);
    expect(p.reduce((x, y) => x + y, 0)).toBeCloseTo(1, 12);
    let topLevels = 0;
    for (let k = 990 * 6; k < p.length; k++) topLevels += p[k]!;
    expect(topLevels).toBeGreaterThan(0.5);
  });
});

describe('structuredKernel', () => {
  it('reuses the level fixed point → fewer inversions than levels', () => {
    const { iterations } = structuredKernel(5, 6, 8, 400, 4, 1e-12);
    expect(iterations).toBeLessThan(400);
  });
});

describe('foldingKernel', () => {
  it('agrees entrywise with the level-by-level kernel on long chains, both orientations, to 1e-11 relative', () => {
    for (const [l, a, b, n, m] of [
      [6, 6, 6, 300, 20],
      [5, 6, 8, 20, 257],
      [9, 2, 7, 999, 3], // overloaded: masses over ~650 orders of magnitude, folded from the top
      [5, 6, 8, 2000, 9], // light: masses down to ~1e-160
    ] as const) {
      const f = foldingKernel(l, a, b, n, m)!.p;
      const s = structuredKernel(l, a, b, n, m, 1e-12).p;
      const keep = (k: number) => s[k]! > 1e-280;
      const worst = Math.max(...Array.from(s.keys()).filter(keep).map((k) => Math.abs(f[k]! - s[k]!) / s[k]!));
      expect(worst).toBeLessThan(1e-11); // measured up to 2.3e-12, nearly all the level-by-level kernel's error (see below)
    }
  });

  // 400- and 1000-digit references (mpmath), generated by test/fixtures/credit/make_long_chain_reference.py.
  const longChains = JSON.parse(
    readFileSync(new URL('../fixtures/credit/long_chain_reference.json', import.meta.url), 'utf8'),
  ) as { cases: { lambda: number; mu1: number; mu2: number; n: number; m: number; note: string; entries: [number, number, string][] }[] };
  it.each(longChains.cases.map((c) => [c.note, c] as const))(
    '%s → every sampled P(i, j) above 1e-280 within 1e-13 of a 400- or 1000-digit solution',
    (_, c) => {
      const f = foldingKernel(c.lambda, c.mu1, c.mu2, c.n, c.m)!.p;
      const s = structuredKernel(c.lambda, c.mu1, c.mu2, c.n, c.m, 1e-12).p;
      let folding = 0;
      let levelByLevel = 0;
      for (const [i, j, value] of c.entries) {
        const v = Number(value);
        folding = Math.max(folding, Math.abs(f[i * (c.m + 1) + j]! / v - 1));
        levelByLevel = Math.max(levelByLevel, Math.abs(s[i * (c.m + 1) + j]! / v - 1));
      }
      expect(folding).toBeLessThan(1e-13); // measured 1.7e-14 – 4.0e-14
      // the level-by-level reduction accumulates rounding over the levels (measured 3e-12 – 1.2e-10),
      // and overflows (NaN) where a level's own entries span more than a double's range
      if (c.note.includes('spanning')) expect(s.some(Number.isNaN)).toBe(true);
      else expect(levelByLevel).toBeLessThan(1e-9);
    },
  );

  it('halves the chain: ⌈log2(levels)⌉ − 1 halvings', () => {
    expect(foldingKernel(5, 6, 8, 300, 300)?.iterations).toBe(8);
    expect(foldingKernel(5, 6, 8, 1, 1)?.iterations).toBe(0);
    expect(foldingKernel(5, 6, 8, 2, 9)?.iterations).toBe(3); // levels j = 0..9
  });

  it('overloaded Node 1 over 6000 levels (masses spanning 1e+3900): folded from the top, as the level-by-level kernel to 1e-11', () => {
    const f = foldingKernel(9, 2, 7, 6000, 5)!.p;
    const s = structuredKernel(9, 2, 7, 6000, 5, 1e-12).p;
    expect(f.reduce((x, y) => x + y, 0)).toBeCloseTo(1, 12);
    const keep = (k: number) => s[k]! > 1e-280;
    expect(Math.max(...Array.from(s.keys()).filter(keep).map((k) => Math.abs(f[k]! - s[k]!) / s[k]!))).toBeLessThan(1e-11);
    expect(foldingKernel(9, 2, 7, 5, 6000)).not.toBeNull(); // levels by downstream count
  });
});

describe('geometricKernel', () => {
  it('λ < saturation → P(i,·) = π0 R^i agrees with a long finite chain to 1e-10', () => {
    const [l, a, b, m] = [5, 6, 8, 5];
    const g = geometricKernel(l, a, b, m, 1e-14);
    expect(g.stable).toBe(true);
    expect(g.converged).toBe(true);
    const n = 600; // P(i ≥ 600) < 1e-40 here
    const { p } = structuredKernel(l, a, b, n, m, 1e-12);
    let level = g.level0;
    for (let i = 0; i < 30; i++) {
      for (let j = 0; j <= m; j++) expect(Math.abs(level[j]! - p[i * (m + 1) + j]!)).toBeLessThan(1e-12);
      const next = new Float64Array(m + 1);
      for (let r = 0; r <= m; r++) for (let c = 0; c <= m; c++) next[c] += level[r]! * g.rate[r * (m + 1) + c]!;
      level = next;
    }
    let l1 = 0;
    for (let i = 0; i <= n; i++) for (let j = 0; j <= m; j++) l1 += i * p[i * (m + 1) + j]!;
    const l1Geometric = g.levelMoment.reduce((x, y) => x + y, 0);
    expect(Math.abs(l1Geometric - l1) / l1).toBeLessThan(1e-10);
    expect(g.levelSum.reduce((x, y) => x + y, 0)).toBeCloseTo(1, 14);
    expect(g.residual).toBeLessThan(1e-14);
  });

  it('saturation throughput → μ1·(1 − P(j = m)) of the birth–death phase chain', () => {
    // m = 2, r = μ1/μ2 = 3/4: P(2) = r²/(1 + r + r²) = 9/37
    expect(saturationThroughput(3, 4, 2)).toBeCloseTo(3 * (1 - 9 / 37), 14);
    expect(saturationThroughput(4, 4, 3)).toBeCloseTo(4 * (1 - 1 / 4), 14);
    // μ1 > μ2 and a large m: no overflow
    expect(saturationThroughput(8, 2, 2000)).toBeCloseTo(8 * (1 - 3 / 4), 12);
  });

  it('λ = 0.9999 × saturation → converges in a few dozen doublings despite the rounding floor of ‖e − Ge‖', () => {
    const sat = saturationThroughput(6, 8, 10);
    const g = geometricKernel(0.9999 * sat, 6, 8, 10, 1e-14);
    expect(g.converged).toBe(true);
    expect(g.iterations).toBeLessThan(40);
    expect(g.residual).toBeLessThan(1e-14);
    expect(g.levelSum.reduce((x, y) => x + y, 0)).toBeCloseTo(1, 12);
  });

  it('λ = 0.9999 × saturation → L1 ≈ 9225 agrees with a 300 000-level finite chain to 1e-10', () => {
    // Logarithmic reduction with an explicit inverse was off by 1.4e-8 here; the subtraction-free
    // cyclic reduction keeps R accurate entrywise, so only (I − R)⁻¹ loses digits.
    const sat = saturationThroughput(6, 8, 10);
    const lambda = 0.9999 * sat;
    const g = geometricKernel(lambda, 6, 8, 10, 1e-14);
    const l1 = g.levelMoment.reduce((x, y) => x + y, 0);
    const finite = solveCreditChain(
      { lambda, mu1: 6, mu2: 8, upstreamCapacity: 300_000, downstreamCapacity: 10 },
      { method: 'structured' },
    );
    expect(finite.upstreamLossProbability).toBeLessThan(1e-15); // the truncation is negligible
    expect(Math.abs(l1 - finite.meanQueueLength.upstream) / l1).toBeLessThan(1e-10);
  });

  // 50-digit references (mpmath), generated by test/fixtures/credit/make_geometric_reference.py.
  const highPrecision = JSON.parse(
    readFileSync(new URL('../fixtures/credit/geometric_reference.json', import.meta.url), 'utf8'),
  ) as {
    cases: { lambda: number; mu1: number; mu2: number; m: number; L1: string; level0: string[]; levelSum: string[]; note: string }[];
  };
  it.each(highPrecision.cases.map((c) => [c.note, c] as const))(
    '%s → L1, π0 and Σπ_i entrywise within 2e-13 of a 50-digit solution (1e-14 away from saturation)',
    (_, c) => {
      const g = geometricKernel(c.lambda, c.mu1, c.mu2, c.m, 1e-14);
      // Near saturation L1 and π0 carry the conditioning of I − R (L1 ≈ 9225 there); measured
      // 6e-14 and 7e-15 for the two near-saturation cases, ~1e-15 for the others.
      const tol = c.note.includes('saturation') ? 2e-13 : 1e-14;
      const l1 = g.levelMoment.reduce((x, y) => x + y, 0);
      expect(Math.abs(l1 / Number(c.L1) - 1)).toBeLessThan(tol);
      for (let j = 0; j <= c.m; j++) {
        expect(Math.abs(g.level0[j]! / Number(c.level0[j]) - 1)).toBeLessThan(tol);
        expect(Math.abs(g.levelSum[j]! / Number(c.levelSum[j]) - 1)).toBeLessThan(1e-14);
      }
    },
  );

  it('λ ≥ saturation → stable false, no exception', () => {
    const sat = saturationThroughput(6, 8, 3);
    expect(geometricKernel(sat, 6, 8, 3, 1e-14).stable).toBe(false);
    expect(geometricKernel(sat * 1.5, 6, 8, 3, 1e-14).stable).toBe(false);
    expect(geometricKernel(sat * 0.999, 6, 8, 3, 1e-14).stable).toBe(true);
  });
});

describe('multilevelKernel', () => {
  const cases: [number, number, number, number, number][] = [
    [6, 6, 6, 40, 30], // heavy traffic: blocking matters, many cycles
    [9, 2, 7, 25, 33], // overloaded Node 1
    [5, 6, 8, 30, 40],
    [0.5, 6, 8, 60, 60], // probabilities down to ~1e-70
  ];
  it.each(cases)('λ=%d μ1=%d μ2=%d n=%d m=%d → residual ≤ tolerance and agrees with the direct kernel', (l, a, b, n, m) => {
    const ml = multilevelKernel(l, a, b, n, m, 1e-13);
    expect(ml.converged).toBe(true);
    expect(ml.residual).toBeLessThanOrEqual(1e-13);
    const { p } = structuredKernel(l, a, b, n, m, 1e-12);
    let worst = 0;
    for (let k = 0; k < p.length; k++) worst = Math.max(worst, Math.abs(ml.p[k]! - p[k]!));
    expect(worst).toBeLessThan(1e-11);
    expect(ml.p.reduce((x, y) => x + y, 0)).toBeCloseTo(1, 13);
  });

  it('a chain of ≤ 64 states → solved exactly by GTH in 0 cycles', () => {
    const ml = multilevelKernel(2, 3, 4, 2, 2, 1e-14);
    expect(ml.iterations).toBe(0);
    expect(maxRelativeError(ml.p, gthReference(2, 3, 4, 2, 2))).toBeLessThan(1e-13);
  });

  it('aggregated rates that underflow (a coarse state looks absorbing) → no crash, converges; found in review', () => {
    // μ2 = 0.0112 against μ1 = 19.1: the coarsest chain's GTH met a state it cannot leave
    const ml = multilevelKernel(0.411, 19.1, 0.0112, 1990, 115, 1e-13);
    expect(ml.converged).toBe(true);
    expect(ml.p.every(Number.isFinite)).toBe(true);
    const { p } = foldingKernel(0.411, 19.1, 0.0112, 1990, 115)!;
    let worst = 0;
    for (let k = 0; k < p.length; k++) worst = Math.max(worst, Math.abs(ml.p[k]! - p[k]!));
    expect(worst).toBeLessThan(1e-11);
  });

  it('a cycle budget too small → converged false with the residual reached', () => {
    const ml = multilevelKernel(6, 6, 6, 60, 60, 1e-15, 2);
    expect(ml.converged).toBe(false);
    expect(ml.iterations).toBe(2);
    expect(ml.residual).toBeGreaterThan(1e-15);
  });
});

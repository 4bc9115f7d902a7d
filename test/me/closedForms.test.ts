/**
 * The GE-type queue closed forms: the check values of docs/models.md §§2–4, reductions, flow balance,
 * and the closed forms against the exact chain over a grid (ρ ≥ 1 included).
 */
import { describe, expect, it } from 'vitest';
import { relativeDifference } from '../../src/core/tolerance.js';
import { solveCtmc } from '../../src/markov/index.js';
import {
  geQueueGenerator,
  gege1,
  gege1n,
  gege1nThreshold,
  gege1nThresholdMetrics,
  solveGeQueueExact,
  type GeQueueResult,
} from '../../src/index.js';

const rel = (a: number, b: number) => relativeDifference(a, b);

function expectSameLaw(a: GeQueueResult, b: GeQueueResult, tol: number): void {
  expect(a.probabilities.length).toBe(b.probabilities.length);
  a.probabilities.forEach((p, n) => expect(rel(p, b.probabilities[n]!), `P(${n}) ${p} vs ${b.probabilities[n]}`).toBeLessThanOrEqual(tol));
  for (const m of ['blockingProbability', 'meanQueueLength', 'utilization', 'throughput', 'responseTime', 'emptyProbability', 'fullProbability'] as const) {
    expect(rel(a[m], b[m]), `${m} ${a[m]} vs ${b[m]}`).toBeLessThanOrEqual(tol);
  }
}

describe('GE/GE/1 (docs/models.md §2)', () => {
  it('gege1(λ=10, μ=16, Ca²=5, Cs²=7) → x = 12/13, g = 5/36, P(0) = 0.375, L = 8.125 (docs/models.md §2 check)', () => {
    const r = gege1({ lambda: 10, mu: 16, ca2: 5, cs2: 7 });
    expect(rel(r.coefficients[0]!.x, 12 / 13)).toBeLessThan(1e-15);
    expect(rel(r.coefficients[0]!.g, 5 / 36)).toBeLessThan(1e-15);
    expect(rel(r.emptyProbability, 0.375)).toBeLessThan(1e-15);
    expect(rel(r.meanQueueLength, 8.125)).toBeLessThan(1e-15);
    expect(r.stable).toBe(true);
  });

  it('GE/M/1 with Ca² = 5, ρ = 0.5 → L = 3 (docs/models.md §2 check)', () => {
    expect(rel(gege1({ lambda: 0.5, mu: 1, ca2: 5, cs2: 1 }).meanQueueLength, 3)).toBeLessThan(1e-15);
  });

  it.each([
    [0.1, 1, 1],
    [0.5, 5, 7],
    [0.9, 2, 13],
    [0.999, 3, 3],
  ])('gege1(ρ=%s, Ca²=%s, Cs²=%s): geometric law sums to 1 and its mean is the closed-form L', (rho, ca2, cs2) => {
    const r = gege1({ lambda: rho * 3, mu: 3, ca2, cs2 });
    const { g, x } = r.coefficients[0]!;
    // Σ_{n≥1} (1−ρ)g xⁿ = (1−ρ)g x/(1−x) must equal ρ, and Σ n P(n) = (1−ρ)g x/(1−x)² must equal L.
    expect(rel(((1 - rho) * g * x) / (1 - x), rho)).toBeLessThan(1e-12);
    expect(rel(((1 - rho) * g * x) / (1 - x) ** 2, r.meanQueueLength)).toBeLessThan(1e-12);
    const listed = r.probabilities.reduce((s, p) => s + p, 0);
    expect(Math.abs(listed + r.tailProbability - 1)).toBeLessThan(1e-12);
    // The default listing stops at a tail of 1e-12 or at 10 000 states, whichever comes first.
    if (r.probabilities.length < 10_001) expect(r.tailProbability).toBeLessThanOrEqual(1.0000001e-12);
    else expect(r.tailProbability).toBeGreaterThan(1e-12);
    expect(rel(r.tailProbability, rho * x ** (r.probabilities.length - 1))).toBeLessThan(1e-12);
  });

  it.each([1, 1.5, 1000])('gege1(ρ=%s) → stable: false with Infinity, no exception', (rho) => {
    const r = gege1({ lambda: rho, mu: 1, ca2: 2, cs2: 3 });
    expect(r.stable).toBe(false);
    expect(r.meanQueueLength).toBe(Infinity);
    expect(r.responseTime).toBe(Infinity);
    expect(r.emptyProbability).toBe(0);
    expect(r.probabilities).toEqual([]);
  });

  it('gege1 is the K → ∞ limit of gege1n', () => {
    const inf = gege1({ lambda: 0.6, mu: 1, ca2: 4, cs2: 2, listUpTo: 40 });
    const fin = gege1n({ lambda: 0.6, mu: 1, ca2: 4, cs2: 2, capacity: 3000 });
    for (let n = 0; n <= 40; n++) expect(rel(inf.probabilities[n]!, fin.probabilities[n]!)).toBeLessThan(1e-12);
    expect(rel(inf.meanQueueLength, fin.meanQueueLength)).toBeLessThan(1e-12);
  });
});

describe('GE/GE/1/N (docs/models.md §3)', () => {
  it.each([
    [2, 0.85245902, 0.59016393],
    [4, 1.56306521, 0.70252261],
    [6, 2.14243372, 0.74692668],
  ])('M/M/1/%s with λ=0.8, μ=1 → L=%s, X=%s (LINE test suite, via docs/models.md §3)', (capacity, L, X) => {
    const r = gege1n({ lambda: 0.8, mu: 1, ca2: 1, cs2: 1, capacity });
    expect(Math.abs(r.meanQueueLength - L)).toBeLessThan(5e-9);
    expect(Math.abs(r.throughput - X)).toBeLessThan(5e-9);
  });

  it('GE/GE/1/6 with λ=0.7, μ=1, Ca²=3, Cs²=5 → the docs/models.md §3 check values', () => {
    const r = gege1n({ lambda: 0.7, mu: 1, ca2: 3, cs2: 5, capacity: 6 });
    // docs/models.md §3, 10 decimals.
    const P = [0.4558111708, 0.0938434763, 0.0855631696, 0.0780134782, 0.071129936, 0.0648537652, 0.150785004];
    P.forEach((p, n) => expect(Math.abs(r.probabilities[n]! - p)).toBeLessThan(5e-11));
    expect(Math.abs(r.blockingProbability - 0.2225873868)).toBeLessThan(5e-11);
    expect(Math.abs(r.meanQueueLength - 2.0125088436)).toBeLessThan(5e-11);
    expect(Math.abs(r.throughput - 0.5441888292)).toBeLessThan(5e-11);
  });

  it('GE/GE/1/8 with μ=8, λ=5, Ca²=5, Cs²=7 → the docs/models.md §4.4 check values', () => {
    const r = gege1n({ lambda: 5, mu: 8, ca2: 5, cs2: 7, capacity: 8 });
    expect(Math.abs(r.emptyProbability - 0.5120671803)).toBeLessThan(5e-11);
    expect(Math.abs(r.fullProbability - 0.1218374936)).toBeLessThan(5e-11);
    expect(Math.abs(r.blockingProbability - 0.2193074884)).toBeLessThan(5e-11);
    expect(Math.abs(r.meanQueueLength - 2.3224893693)).toBeLessThan(5e-11);
    expect(Math.abs(r.throughput - 3.903462558)).toBeLessThan(5e-11);
  });

  it('coefficients at λ=5, Ca²=5, Cs²=7 → the docs/models.md §4.4 table, and the thesis y = ρ/g', () => {
    const table: [number, number, number, number][] = [
      [8, 5 / 36, 12 / 13, 3.25],
      [16, 0.0961538462, 0.8253968254, 2.625],
      [12, 0.1136363636, 0.862745098, 2.8333333333],
    ];
    const r = gege1nThreshold({ lambda: 5, ca2: 5, cs2: 7, capacity: 24, thresholds: [8, 16], mu: [8, 16, 12] });
    table.forEach(([mu, g, x, y], i) => {
      const c = r.coefficients[i]!;
      expect(c.mu).toBe(mu);
      expect(Math.abs(c.g - g)).toBeLessThan(5e-11);
      expect(Math.abs(c.x - x)).toBeLessThan(5e-11);
      expect(Math.abs(c.y - y)).toBeLessThan(5e-11);
    });
    // docs/models.md §4.4: the thesis's y at λ=5, μ2=16 is 3.25, the exact one 2.625.
    const t = gege1nThreshold({ lambda: 5, ca2: 5, cs2: 7, capacity: 16, thresholds: [8], mu: [8, 16], variant: 'thesis' });
    expect(rel(t.coefficients[1]!.y, 3.25)).toBeLessThan(1e-15);
  });
});

/** An independent M/M/1/K law: P(n) = ρⁿ(1−ρ)/(1−ρ^(K+1)), or 1/(K+1) at ρ = 1. */
function mm1k(rho: number, K: number): number[] {
  if (rho === 1) return Array.from({ length: K + 1 }, () => 1 / (K + 1));
  const z = (1 - rho ** (K + 1)) / (1 - rho);
  return Array.from({ length: K + 1 }, (_, n) => rho ** n / z);
}

describe('reductions', () => {
  it.each([
    [0.3, 1],
    [0.3, 10],
    [0.9, 25],
    [1, 7],
    [1.7, 12],
    [6, 5],
  ])('τ = σ = 1: gege1n(ρ=%s, K=%s) → the M/M/1/K formula', (rho, K) => {
    const r = gege1n({ lambda: rho * 2, mu: 2, ca2: 1, cs2: 1, capacity: K });
    const expected = mm1k(rho, K);
    expected.forEach((p, n) => expect(rel(r.probabilities[n]!, p)).toBeLessThan(1e-13));
    expect(rel(r.blockingProbability, expected[K]!)).toBeLessThan(1e-13);
    expect(r.coefficients[0]!.g).toBe(1);
    expect(rel(r.coefficients[0]!.x, rho)).toBeLessThan(1e-15);
    expect(r.coefficients[0]!.y).toBe(1);
  });

  const base = { lambda: 6, ca2: 4, cs2: 3, capacity: 10 };

  it('a threshold at K + 1 (never reached) equals the plain queue at the first rate', () => {
    expectSameLaw(gege1nThreshold({ ...base, thresholds: [11], mu: [5, 9] }), gege1n({ ...base, mu: 5 }), 1e-15);
  });

  it('a per-state rate whose threshold lies above the capacity equals no threshold', () => {
    const r = gege1nThreshold({ ...base, mu: (n: number) => (n >= 50 ? 9 : 5) });
    expectSameLaw(r, gege1n({ ...base, mu: 5 }), 1e-15);
    expect(r.thresholds).toEqual([]);
  });

  it('a threshold at 1 equals the plain queue at the last rate', () => {
    expectSameLaw(gege1nThreshold({ ...base, thresholds: [1], mu: [5, 9] }), gege1n({ ...base, mu: 9 }), 1e-15);
    expectSameLaw(gege1nThreshold({ ...base, thresholds: [1, 4], mu: [2, 5, 9] }), gege1nThreshold({ ...base, thresholds: [4], mu: [5, 9] }), 1e-15);
  });

  it('equal rates in every regime equal the plain queue', () => {
    expectSameLaw(gege1nThreshold({ ...base, thresholds: [3, 7], mu: [5, 5, 5] }), gege1n({ ...base, mu: 5 }), 1e-15);
  });

  it('per-state arrays and functions give the threshold form, with the change points as thresholds', () => {
    const regimes = gege1nThreshold({ ...base, thresholds: [3, 7], mu: [4, 8, 6] });
    const rate = (n: number) => (n < 3 ? 4 : n < 7 ? 8 : 6);
    const fromFunction = gege1nThreshold({ ...base, mu: rate });
    const fromArray = gege1nThreshold({ ...base, mu: Array.from({ length: 10 }, (_, i) => rate(i + 1)) });
    expectSameLaw(fromFunction, regimes, 0);
    expectSameLaw(fromArray, regimes, 0);
    expect(fromFunction.thresholds).toEqual([3, 7]);
    expect(fromFunction.model).toBe('GE/GE/1/N/mu(n)');
    expect(regimes.model).toBe('GE/GE/1/N/AJT');
  });

  it('ET matches its explicit formula g1x1ⁿ, g2x1^(T−1)x2^(n−T+1), ·y2 (docs/models.md §4.2)', () => {
    const T = 8;
    const K = 16;
    const r = gege1nThreshold({ lambda: 11, ca2: 5, cs2: 7, capacity: K, thresholds: [T], mu: [8, 16] });
    const [c1, c2] = r.coefficients as [typeof r.coefficients[0], typeof r.coefficients[0]];
    const u = [1];
    for (let n = 1; n <= K; n++) {
      if (n < T) u.push(c1!.g * c1!.x ** n);
      else u.push(c2!.g * c1!.x ** (T - 1) * c2!.x ** (n - T + 1) * (n === K ? c2!.y : 1));
    }
    const z = u.reduce((s, v) => s + v, 0);
    u.forEach((v, n) => expect(rel(r.probabilities[n]!, v / z)).toBeLessThan(1e-13));
  });
});

const GRID_MUS: { thresholds: (K: number) => number[][]; mu: number[] }[] = [
  { mu: [2], thresholds: () => [[]] },
  { mu: [2, 5], thresholds: (K) => [[1], [Math.ceil(K / 2)], [K], [K + 1]] },
  { mu: [5, 1.5], thresholds: (K) => [[Math.max(1, K - 1)], [2]] },
  { mu: [1, 3, 0.7], thresholds: (K) => (K >= 3 ? [[2, K], [1, 3], [2, 3]] : [[1, 2]]) },
];
const grid: { lambda: number; ca2: number; cs2: number; capacity: number; thresholds: number[]; mu: number[] }[] = [];
for (const lambda of [0.05, 1, 2, 7.5])
  for (const { mu, thresholds } of GRID_MUS)
    for (const ca2 of [1, 4.5])
      for (const cs2 of [1, 9])
        for (const capacity of [1, 2, 5, 13])
          for (const t of thresholds(capacity)) if (t.every((v) => v <= capacity + 1)) grid.push({ lambda, ca2, cs2, capacity, thresholds: t, mu });

describe('closed form against the exact chain over a grid', () => {
  it('the grid covers ρ ≥ 1, ρ = 1, ET and AJT', () => {
    expect(grid.length).toBeGreaterThan(300);
    expect(grid.some((g) => g.mu.some((m) => g.lambda / m >= 1))).toBe(true);
    expect(grid.some((g) => g.mu.some((m) => g.lambda / m === 1))).toBe(true);
    expect(grid.some((g) => g.thresholds.length === 2)).toBe(true);
  });

  it('gege1nThreshold = solveGeQueueExact to 1e-12 at every grid point', () => {
    let worst = 0;
    for (const p of grid) {
      const cf = gege1nThreshold(p);
      const ex = solveGeQueueExact(p);
      for (let n = 0; n <= p.capacity; n++) worst = Math.max(worst, rel(cf.probabilities[n]!, ex.probabilities[n]!));
      for (const m of ['blockingProbability', 'meanQueueLength', 'throughput', 'utilization'] as const) worst = Math.max(worst, rel(cf[m], ex[m]));
      if (worst > 1e-12) throw new Error(`${JSON.stringify(p)}: ${worst}`);
    }
    expect(worst).toBeLessThanOrEqual(1e-12);
  });

  it('flow balance λ(1 − π) = Σ μ(n)P(n) to 1e-12 at every grid point (closed form and chain)', () => {
    for (const p of grid) {
      for (const r of [gege1nThreshold(p), solveGeQueueExact(p)]) {
        let served = 0;
        for (let n = 1; n <= p.capacity; n++) {
          const regime = p.thresholds.filter((t) => t <= n).length;
          served += p.mu[regime]! * r.probabilities[n]!;
        }
        expect(rel(p.lambda * (1 - r.blockingProbability), served), JSON.stringify(p)).toBeLessThanOrEqual(1e-12);
        expect(rel(r.throughput, served)).toBeLessThanOrEqual(1e-12);
      }
    }
  });

  it('every result is a law: P ≥ 0, Σ P = 1, U = 1 − P(0), L = Σ nP(n), W·X = L', () => {
    for (const p of grid) {
      const r = gege1nThreshold(p);
      expect(r.probabilities.every((v) => v >= 0)).toBe(true);
      expect(Math.abs(r.probabilities.reduce((s, v) => s + v, 0) - 1)).toBeLessThan(1e-14);
      expect(Math.abs(r.utilization + r.emptyProbability - 1)).toBeLessThan(1e-14);
      expect(rel(r.meanQueueLength, r.probabilities.reduce((s, v, n) => s + n * v, 0))).toBeLessThan(1e-13);
      expect(rel(r.responseTime * r.throughput, r.meanQueueLength)).toBeLessThan(1e-14);
      expect(Math.abs(r.regimeProbabilities.reduce((s, v) => s + v, 0) - r.utilization)).toBeLessThan(1e-14);
    }
  });

  it('gege1nThresholdMetrics gives the full solver’s numbers to the bit', () => {
    for (const p of grid.slice(0, 80)) {
      const full = gege1nThreshold(p);
      const fast = gege1nThresholdMetrics(p);
      for (const m of ['emptyProbability', 'fullProbability', 'blockingProbability', 'meanQueueLength', 'utilization', 'throughput', 'responseTime'] as const) {
        expect(fast[m]).toBe(full[m]);
      }
    }
  });
});

describe('the exact chain', () => {
  it('geQueueGenerator is a generator whose GTH solution is the solver’s', () => {
    const p = { lambda: 3, ca2: 3, cs2: 5, capacity: 9, thresholds: [4], mu: [2, 5] };
    const q = geQueueGenerator(p);
    const pi = solveCtmc(q).probabilities;
    const r = solveGeQueueExact(p);
    pi.forEach((v, n) => expect(rel(v, r.probabilities[n]!)).toBeLessThan(1e-13));
    expect(r.diagnostics!.residual).toBeLessThan(1e-14);
    expect(r.method).toBe('exact-chain');
  });

  it('throughput counted from departures equals λ(1 − blocking) for the chain-only variants too', () => {
    for (const extra of [{ regimeCs2: [2, 9] }, { cs2: 4, batchAcceptance: 'whole' as const }, { regimeCs2: [1, 20], batchAcceptance: 'whole' as const }]) {
      const r = solveGeQueueExact({ lambda: 4, ca2: 6, capacity: 8, thresholds: [3], mu: [2, 5], ...extra });
      expect(rel(r.throughput, 4 * (1 - r.blockingProbability))).toBeLessThan(1e-12);
      expect(r.note).toBeDefined();
    }
  });

  it('a per-regime Cs² equal in every regime is the one-Cs² chain', () => {
    const a = solveGeQueueExact({ lambda: 4, ca2: 6, capacity: 8, thresholds: [3], mu: [2, 5], regimeCs2: [3, 3] });
    const b = solveGeQueueExact({ lambda: 4, ca2: 6, capacity: 8, thresholds: [3], mu: [2, 5], cs2: 3 });
    a.probabilities.forEach((v, n) => expect(rel(v, b.probabilities[n]!)).toBeLessThan(1e-14));
  });
});

describe('the thesis variant (docs/models.md §4.4)', () => {
  const et = { lambda: 10, ca2: 5, cs2: 7, capacity: 16, thresholds: [8], mu: [8, 16] };

  it('says so, and changes only the last ratio P(K)/P(K−1)', () => {
    const exact = gege1nThreshold(et);
    const thesis = gege1nThreshold({ ...et, variant: 'thesis' });
    expect(thesis.variant).toBe('thesis');
    expect(thesis.note).toMatch(/thesis/);
    expect(exact.note).toBeUndefined();
    for (let n = 1; n < 16; n++) {
      expect(rel(thesis.probabilities[n]! / thesis.probabilities[0]!, exact.probabilities[n]! / exact.probabilities[0]!)).toBeLessThan(1e-14);
    }
    const yExact = exact.coefficients[1]!.y;
    const yThesis = thesis.coefficients[1]!.y;
    const ratio = thesis.probabilities[16]! / thesis.probabilities[15]! / (exact.probabilities[16]! / exact.probabilities[15]!);
    expect(rel(ratio, yThesis / yExact)).toBeLessThan(1e-14);
  });

  it('breaks flow balance, the exact variant does not', () => {
    const thesis = gege1nThreshold({ ...et, variant: 'thesis' });
    expect(rel(et.lambda * (1 - thesis.blockingProbability), thesis.throughput)).toBeGreaterThan(1e-3);
    const exact = gege1nThreshold(et);
    expect(rel(et.lambda * (1 - exact.blockingProbability), exact.throughput)).toBeLessThan(1e-14);
  });
});

describe('numerical range: K up to 1e5, ρ from 1e-6 to 1e3, ρ = 1 exactly', () => {
  it.each([1e-6, 1e-3, 1, 1.0000001, 10, 1e3])('gege1nThreshold(ρ=%s, K=1e5) is a finite law', (rho) => {
    const r = gege1nThreshold({ lambda: rho * 4, ca2: 7, cs2: 3, capacity: 100_000, thresholds: [500], mu: [4, 4.5] });
    expect(r.probabilities.every((p) => Number.isFinite(p) && p >= 0)).toBe(true);
    expect(Math.abs(r.probabilities.reduce((s, p) => s + p, 0) - 1)).toBeLessThan(1e-12);
    for (const m of ['blockingProbability', 'meanQueueLength', 'throughput', 'responseTime', 'utilization'] as const) expect(Number.isFinite(r[m])).toBe(true);
    expect(rel(r.lambda * (1 - r.blockingProbability), r.throughput)).toBeLessThan(1e-10);
  });

  it('blocking rises with λ across ρ = 1', () => {
    let last = 0;
    for (let lambda = 0.25; lambda <= 4; lambda += 0.25) {
      const b = gege1nThreshold({ lambda, ca2: 2, cs2: 2, capacity: 12, thresholds: [6], mu: [1, 2] }).blockingProbability;
      expect(b).toBeGreaterThan(last);
      last = b;
    }
  });
});

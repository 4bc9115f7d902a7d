/**
 * The closed forms and the exact-chain solver against reference values from independent tools:
 * test/fixtures/me/make_reference.py (exact rationals for the chain of the batch semantics, 60-digit
 * decimals for large capacities, GNU Octave's queueing package for M/M/1/K).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { relativeDifference } from '../../src/core/tolerance.js';
import { gege1n, gege1nThreshold, gege1nThresholdMetrics, solveGeQueueExact, type GeQueueResult } from '../../src/index.js';

interface Case {
  params: Record<string, unknown> & { mu: number[] | number; thresholds?: number[] };
  probabilities?: number[];
  selected?: Record<string, number>;
  [metric: string]: unknown;
}
const reference = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'me', 'reference.json'), 'utf8')) as {
  exactChain: Case[];
  variants: Case[];
  largeCapacity: Case[];
  mm1k: Case[];
};

const METRICS = [
  'emptyProbability',
  'fullProbability',
  'blockingProbability',
  'meanQueueLength',
  'utilization',
  'throughput',
  'responseTime',
] as const;

function expectClose(actual: number, expected: number, rel: number, what: string): void {
  expect(relativeDifference(actual, expected), `${what}: ${actual} vs ${expected}`).toBeLessThanOrEqual(rel);
}

function compare(result: GeQueueResult, c: Case, rel: number, label: string): void {
  for (const m of METRICS) if (typeof c[m] === 'number') expectClose(result[m] as number, c[m] as number, rel, `${label} ${m}`);
  if (c.probabilities) {
    expect(result.probabilities).toHaveLength(c.probabilities.length);
    c.probabilities.forEach((p, n) => expectClose(result.probabilities[n]!, p, rel, `${label} P(${n})`));
  }
  if (c.selected) {
    for (const [n, p] of Object.entries(c.selected)) expectClose(result.probabilities[Number(n)]!, p, rel, `${label} P(${n})`);
  }
}

const name = (c: Case) => JSON.stringify(c.params);

describe('exact chain of the batch semantics (exact rationals, make_reference.py)', () => {
  it('has cases with rho >= 1, ET and AJT', () => {
    const loads = reference.exactChain.map((c) => (c.params.lambda as number) / Math.min(...[c.params.mu].flat()));
    expect(loads.some((r) => r >= 1)).toBe(true);
    expect(reference.exactChain.some((c) => c.params.thresholds!.length === 1)).toBe(true);
    expect(reference.exactChain.some((c) => c.params.thresholds!.length >= 2)).toBe(true);
  });

  it.each(reference.exactChain.map((c) => [name(c), c] as const))('gege1nThreshold(%s) → the exact law to 1e-12', (_n, c) => {
    compare(gege1nThreshold(c.params as never), c, 1e-12, 'closed form');
  });

  it.each(reference.exactChain.map((c) => [name(c), c] as const))('solveGeQueueExact(%s) → the exact law to 1e-12', (_n, c) => {
    compare(solveGeQueueExact(c.params as never), c, 1e-12, 'exact chain');
  });

  it.each(reference.exactChain.map((c) => [name(c), c] as const))('gege1nThresholdMetrics(%s) → the same metrics', (_n, c) => {
    const m = gege1nThresholdMetrics(c.params as never);
    for (const k of METRICS) expectClose(m[k], c[k] as number, 1e-12, k);
  });
});

describe('chain-only variants (per-regime Cs², whole-batch rejection)', () => {
  it.each(reference.variants.map((c) => [name(c), c] as const))('solveGeQueueExact(%s) → the exact law to 1e-12', (_n, c) => {
    compare(solveGeQueueExact(c.params as never), c, 1e-12, 'exact chain');
  });

  it('per-regime Cs² moves the answer away from the product form (it is not exact there)', () => {
    const c = reference.variants[0]!;
    const p = c.params as { lambda: number; mu: number[]; thresholds: number[]; ca2: number; regimeCs2: number[]; capacity: number };
    const productForm = gege1nThreshold({ lambda: p.lambda, mu: p.mu, thresholds: p.thresholds, ca2: p.ca2, cs2: p.regimeCs2[0]!, capacity: p.capacity });
    const gap = Math.max(...c.probabilities!.map((q, n) => Math.abs(q - productForm.probabilities[n]!)));
    expect(gap).toBeGreaterThan(1e-3);
  });

  it('whole-batch rejection differs from partial acceptance', () => {
    const c = reference.variants.find((v) => v.params.batchAcceptance === 'whole')!;
    const p = c.params as { lambda: number; mu: number[]; thresholds: number[]; ca2: number; regimeCs2: number[]; capacity: number };
    const partial = gege1n({ lambda: p.lambda, mu: p.mu[0]!, ca2: p.ca2, cs2: p.regimeCs2[0]!, capacity: p.capacity });
    expect(Math.abs((c.blockingProbability as number) - partial.blockingProbability)).toBeGreaterThan(1e-3);
  });
});

describe('large capacities and extreme loads (60-digit decimals, make_reference.py)', () => {
  // The product of up to 1e5 ratios carries up to ~1e5 roundings; the reference has 60 digits.
  // 1e-10 relative allows the worst case n·2^-52 ≈ 2e-11 with room.
  it.each(reference.largeCapacity.map((c) => [name(c), c] as const))('gege1nThreshold(%s) → reference to 1e-10', (_n, c) => {
    const r = gege1nThreshold(c.params as never);
    for (const m of METRICS) if (typeof c[m] === 'number') {
      const expected = c[m] as number;
      // Values that underflow in double (the reference rounds them to 0 or a subnormal) compare absolutely.
      if (Math.abs(expected) < 1e-290) expect(Math.abs(r[m] as number)).toBeLessThan(1e-290);
      else expectClose(r[m] as number, expected, 1e-10, m);
    }
    for (const [n, p] of Object.entries(c.selected!)) {
      if (p < 1e-290) expect(r.probabilities[Number(n)]!).toBeLessThan(1e-290);
      else expectClose(r.probabilities[Number(n)]!, p, 1e-10, `P(${n})`);
    }
    expect(r.probabilities.every((p) => Number.isFinite(p) && p >= 0)).toBe(true);
  });
});

describe('M/M/1/K reduction (GNU Octave queueing qsmmmk)', () => {
  it.each(reference.mm1k.map((c) => [name(c), c] as const))('gege1n(%s, Ca² = Cs² = 1) → qsmmmk to 1e-12', (_n, c) => {
    const p = c.params as { lambda: number; mu: number; capacity: number };
    const r = gege1n({ ...p, ca2: 1, cs2: 1 });
    for (const m of ['utilization', 'responseTime', 'meanQueueLength', 'throughput', 'emptyProbability', 'fullProbability'] as const) {
      expectClose(r[m], c[m] as number, 1e-12, m);
    }
    // With tau = sigma = 1 a job is blocked exactly when it finds the buffer full.
    expectClose(r.blockingProbability, r.fullProbability, 1e-15, 'blocking = P(K)');
  });
});

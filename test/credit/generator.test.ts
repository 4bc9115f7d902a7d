import { describe, expect, it } from 'vitest';
import { creditChainGenerator, creditResidual, creditStateIndex } from '../../src/credit/index.js';
import { checkGenerator, generatorFromTransitions, stationaryResidual, type Transition } from '../../src/markov/index.js';
import { params } from './helpers.js';

/** The transition table of docs/models.md §6.1, written out independently with the Map-based builder. */
function fromTable(lambda: number, mu1: number, mu2: number, n: number, m: number) {
  const idx = (i: number, j: number) => i * (m + 1) + j;
  const t: Transition[] = [];
  for (let i = 0; i <= n; i++) {
    for (let j = 0; j <= m; j++) {
      if (i <= n - 1) t.push({ from: idx(i, j), to: idx(i + 1, j), rate: lambda });
      if (i >= 1 && j <= m - 1) t.push({ from: idx(i, j), to: idx(i - 1, j + 1), rate: mu1 });
      if (j >= 1) t.push({ from: idx(i, j), to: idx(i, j - 1), rate: mu2 });
    }
  }
  return generatorFromTransitions((n + 1) * (m + 1), t);
}

describe('creditChainGenerator', () => {
  it.each([
    [1, 1],
    [1, 4],
    [4, 1],
    [3, 2],
    [7, 5],
  ])('n = %i, m = %i → the same CSR arrays as the transition table of docs/models.md §6.1', (n, m) => {
    const q = creditChainGenerator(params(2, 3, 5, n, m));
    const ref = fromTable(2, 3, 5, n, m);
    expect(q.size).toBe(ref.size);
    expect(Array.from(q.rowStart)).toEqual(Array.from(ref.rowStart));
    expect(Array.from(q.column)).toEqual(Array.from(ref.column));
    expect(Array.from(q.value)).toEqual(Array.from(ref.value));
    expect(() => checkGenerator(q)).not.toThrow();
  });

  it('a million-state chain → built, row sums zero, non-zero count as counted', () => {
    const n = 99_999;
    const m = 9;
    const q = creditChainGenerator(params(5, 6, 8, n, m));
    expect(q.size).toBe(1_000_000);
    expect(q.rowStart[q.size]).toBe(q.value.length);
    expect(q.value.length).toBe(q.size + n * (m + 1) + n * m + (n + 1) * m);
    expect(() => checkGenerator(q)).not.toThrow();
  });

  it('creditStateIndex(i, j, m) = i·(m+1) + j, with range checks', () => {
    expect(creditStateIndex(1, 2, 3)).toBe(6);
    expect(creditStateIndex(0, 0, 1, 5)).toBe(0);
    expect(() => creditStateIndex(6, 0, 1, 5)).toThrow(/i must be an integer in 0..5, got 6/);
    expect(() => creditStateIndex(0, 4, 3)).toThrow(/j must be an integer in 0..3, got 4/);
  });
});

describe('creditResidual (matrix-free ‖pQ‖∞)', () => {
  it('equals stationaryResidual on the CSR generator for arbitrary vectors', () => {
    for (const [n, m] of [
      [1, 1],
      [3, 4],
      [6, 2],
    ] as const) {
      const q = creditChainGenerator(params(1.5, 2.5, 0.75, n, m));
      const p = Array.from({ length: q.size }, (_, k) => Math.sin(k + 1) ** 2);
      expect(creditResidual(1.5, 2.5, 0.75, n, m, p)).toBeCloseTo(stationaryResidual(q, p), 14);
    }
  });

  it('wrong length or a NaN entry → NaN (never a plausible number)', () => {
    expect(creditResidual(1, 2, 3, 2, 2, [1, 2])).toBeNaN();
    expect(creditResidual(1, 2, 3, 1, 1, [0.25, NaN, 0.25, 0.25])).toBeNaN();
  });
});

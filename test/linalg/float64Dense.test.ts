import Fraction from 'fraction.js';
import { describe, expect, it } from 'vitest';
import { invertMMatrix, matMul, solveRowVector } from '../../src/linalg/float64Dense.js';

/** A small deterministic generator of numbers in [0, 1) (tests only). */
function lcg(seed: number): () => number {
  let x = seed >>> 0;
  return () => ((x = (Math.imul(x, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

describe('matMul', () => {
  it.each([1, 3, 4, 5, 8, 17, 33])('n = %i → equals the textbook triple loop bit for bit', (n) => {
    const rnd = lcg(n);
    const a = Float64Array.from({ length: n * n }, () => rnd() - 0.5);
    const b = Float64Array.from({ length: n * n }, () => rnd() - 0.5);
    const c = matMul(a, b, new Float64Array(n * n), n);
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        let t = 0;
        for (let k = 0; k < n; k++) t += a[i * n + k]! * b[k * n + j]!;
        expect(c[i * n + j]).toBe(t);
      }
    }
  });
});

describe('invertMMatrix', () => {
  it('a 3 × 3 M-matrix → its inverse to 1e-15 relative, checked against exact fractions', () => {
    // A = diag(d) − W with W ≥ 0 and row sums s: A = [[3,-1,-1],[-2,5,-1],[0,-3,4]]
    const w = Float64Array.from([0, 1, 1, 2, 0, 1, 0, 3, 0]);
    const s = Float64Array.from([1, 2, 1]);
    const inv = invertMMatrix(w, s, 3)!;
    const a = [
      [3, -1, -1],
      [-2, 5, -1],
      [0, -3, 4],
    ].map((row) => row.map((v) => new Fraction(v)));
    // exact inverse by Gauss–Jordan in fractions
    const m = a.map((row, i) => [...row, ...[0, 1, 2].map((j) => new Fraction(i === j ? 1 : 0))]);
    for (let c = 0; c < 3; c++) {
      const p = m[c]![c]!;
      m[c] = m[c]!.map((v) => v.div(p));
      for (let r = 0; r < 3; r++) if (r !== c) m[r] = m[r]!.map((v, k) => v.sub(m[r]![c]!.mul(m[c]![k]!)));
    }
    for (let i = 0; i < 3; i++) {
      for (let j = 0; j < 3; j++) {
        const exact = m[i]![3 + j]!.valueOf();
        expect(Math.abs(inv[i * 3 + j]! - exact)).toBeLessThanOrEqual(1e-15 * exact);
      }
    }
  });

  it('entries 1e-200 apart in size → each keeps its relative accuracy (no subtraction)', () => {
    // A = [[1+ε, -1], [-ε, 1+ε]]... built as W = [[0,1],[ε,0]], s = [ε, 1]: A⁻¹ = [[1+ε, 1],[ε, 1+ε]]/det
    const eps = 1e-200;
    const inv = invertMMatrix(Float64Array.from([0, 1, eps, 0]), Float64Array.from([eps, 1]), 2)!;
    // det = (1+ε)(1+ε) − ε = 1 + ε + ε² ≈ 1 in double; A⁻¹[1][0] = ε/det
    expect(inv[2]! / eps).toBeCloseTo(1, 14);
    expect(inv[0]).toBeCloseTo(1, 14);
  });

  it('a singular M-matrix (zero row sums everywhere) → null', () => {
    expect(invertMMatrix(Float64Array.from([0, 1, 1, 0]), Float64Array.from([0, 0]), 2)).toBeNull();
  });
});

describe('solveRowVector', () => {
  it('x·A = b → A applied to x gives b back', () => {
    const a = Float64Array.from([4, 1, 0, 2, 5, 1, 0, 1, 3]);
    const b = Float64Array.from([1, 2, 3]);
    const x = solveRowVector(a, b, 3)!;
    for (let j = 0; j < 3; j++) {
      let t = 0;
      for (let i = 0; i < 3; i++) t += x[i]! * a[i * 3 + j]!;
      expect(t).toBeCloseTo(b[j]!, 14);
    }
  });
});

import Fraction from 'fraction.js';
import { describe, expect, it } from 'vitest';
import { seededStream } from '../../src/core/random.js';
import {
  eliminateMMatrix,
  gemmAdd,
  invertMMatrix,
  matMul,
  solveEliminated,
  solveEliminatedRow,
  solveRowVector,
} from '../../src/linalg/float64Dense.js';
import { gthStationary, stationaryFromOffDiagonal } from '../../src/linalg/gth.js';

describe('matMul', () => {
  it.each([1, 3, 4, 5, 8, 17, 33])('n = %i → equals the textbook triple loop bit for bit', (n) => {
    const rnd = seededStream(n);
    const a = Float64Array.from({ length: n * n }, () => rnd.next() - 0.5);
    const b = Float64Array.from({ length: n * n }, () => rnd.next() - 0.5);
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

describe('gemmAdd', () => {
  it.each([
    [1, 1, 1],
    [3, 5, 2],
    [4, 4, 4],
    [7, 9, 6],
    [13, 6, 11],
  ])('sub-blocks %i×%i·(…×%i) at offsets inside larger arrays → C += A·B there, nothing else touched', (m, n, k) => {
    const rnd = seededStream(m * 100 + n * 10 + k);
    const [lda, ldb, ldc] = [k + 3, n + 2, n + 5];
    const a = Float64Array.from({ length: (m + 2) * lda }, () => rnd.next());
    const b = Float64Array.from({ length: (k + 2) * ldb }, () => rnd.next());
    const c = Float64Array.from({ length: (m + 3) * ldc }, () => rnd.next());
    const before = c.slice();
    const [aOff, bOff, cOff] = [lda + 1, 2 * ldb + 1, ldc + 2];
    gemmAdd(m, n, k, a, aOff, lda, b, bOff, ldb, c, cOff, ldc);
    const touched = new Set<number>();
    for (let i = 0; i < m; i++) {
      for (let j = 0; j < n; j++) {
        let t = 0;
        for (let p = 0; p < k; p++) t += a[aOff + i * lda + p]! * b[bOff + p * ldb + j]!;
        const at = cOff + i * ldc + j;
        touched.add(at);
        expect(c[at]).toBeCloseTo(before[at]! + t, 13);
      }
    }
    for (let q = 0; q < c.length; q++) if (!touched.has(q)) expect(c[q]).toBe(before[q]);
  });
});

describe('invertMMatrix', () => {
  it.each([47, 48, 49, 97, 130])('n = %i (across block edges) → A·A⁻¹ = I to 1e-13, A⁻¹ ≥ 0', (n) => {
    const rnd = seededStream(n);
    const w = Float64Array.from({ length: n * n }, (_, q) => (q % (n + 1) === 0 ? 0 : rnd.next() < 0.5 ? 0 : rnd.next()));
    const s = Float64Array.from({ length: n }, () => rnd.next());
    const inv = invertMMatrix(w, s, n)!;
    expect(inv.every((v) => v >= 0)).toBe(true);
    for (let i = 0; i < n; i++) {
      let d = s[i]!;
      for (let j = 0; j < n; j++) if (j !== i) d += w[i * n + j]!;
      for (let j = 0; j < n; j++) {
        let t = d * inv[i * n + j]!;
        for (let k = 0; k < n; k++) if (k !== i) t -= w[i * n + k]! * inv[k * n + j]!;
        expect(Math.abs(t - (i === j ? 1 : 0))).toBeLessThan(1e-13);
      }
    }
  });

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

/** A random diagonally dominant M-matrix as the triplet (W, s), and A itself densely. */
function randomMMatrix(n: number, seed: number): { w: Float64Array; s: Float64Array; a: Float64Array } {
  const rnd = seededStream(seed);
  const w = Float64Array.from({ length: n * n }, (_, q) => (q % (n + 1) === 0 ? 0 : rnd.next() < 0.4 ? 0 : rnd.next()));
  const s = Float64Array.from({ length: n }, () => rnd.next());
  const a = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    let d = s[i]!;
    for (let j = 0; j < n; j++) if (j !== i) {
      d += w[i * n + j]!;
      a[i * n + j] = -w[i * n + j]!;
    }
    a[i * n + i] = d;
  }
  return { w, s, a };
}

describe('eliminateMMatrix + solveEliminated / solveEliminatedRow', () => {
  it.each([5, 16, 47, 49, 100])('n = %i, B ≥ 0 with 2n columns → A·X = B to 1e-13 relative, X ≥ 0', (n) => {
    const { w, s, a } = randomMMatrix(n, n);
    const rnd = seededStream(n + 7);
    const k = 2 * n;
    const rhs = Float64Array.from({ length: n * k }, () => rnd.next());
    const fac = w.slice();
    const pivot = new Float64Array(n);
    expect(eliminateMMatrix(fac, s.slice(), pivot, n)).toBe(true);
    const x = solveEliminated(fac, pivot, n, rhs.slice(), k);
    expect(x.every((v) => v >= 0)).toBe(true);
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < k; j++) {
        let t = 0;
        for (let p = 0; p < n; p++) t += a[i * n + p]! * x[p * k + j]!;
        expect(Math.abs(t - rhs[i * k + j]!)).toBeLessThan(1e-13 * (1 + rhs[i * k + j]!));
      }
    }
    const b = Float64Array.from({ length: n }, () => rnd.next());
    const row = solveEliminatedRow(fac, pivot, n, b);
    for (let j = 0; j < n; j++) {
      let t = 0;
      for (let i = 0; i < n; i++) t += row[i]! * a[i * n + j]!;
      expect(Math.abs(t - b[j]!)).toBeLessThan(1e-13);
    }
  });

  it('a generator (zero row sums), n − 1 pivots → e_last·(I − F)⁻¹ is its stationary vector, as GTH gives', () => {
    const n = 60;
    const { w } = randomMMatrix(n, 3);
    const fac = w.slice();
    expect(eliminateMMatrix(fac, new Float64Array(n), new Float64Array(n), n, n - 1)).toBe(true);
    const pi = new Float64Array(n);
    pi[n - 1] = 1;
    for (let k = n - 1; k > 0; k--) for (let i = 0; i < k; i++) pi[i] += pi[k]! * fac[k * n + i]!;
    const gth = gthStationary(w.slice(), n)!;
    const [sp, sg] = [pi.reduce((x, y) => x + y, 0), gth.reduce((x, y) => x + y, 0)];
    for (let j = 0; j < n; j++) expect(Math.abs(pi[j]! / sp / (gth[j]! / sg) - 1)).toBeLessThan(1e-13);
  });

  it('a singular M-matrix with all n pivots asked for → false', () => {
    expect(eliminateMMatrix(Float64Array.from([0, 1, 1, 0]), new Float64Array(2), new Float64Array(2), 2)).toBe(false);
  });
});

describe('stationaryFromOffDiagonal', () => {
  it('a random 60-state generator → GTH’s stationary vector to 1e-13 relative, entrywise', () => {
    const n = 60;
    const { w } = randomMMatrix(n, 11);
    const pi = stationaryFromOffDiagonal(w, n, new Float64Array(n * n), new Float64Array(8 * n))!;
    const gth = gthStationary(w.slice(), n)!;
    const [sp, sg] = [pi.reduce((x, y) => x + y, 0), gth.reduce((x, y) => x + y, 0)];
    for (let j = 0; j < n; j++) expect(Math.abs(pi[j]! / sp / (gth[j]! / sg) - 1)).toBeLessThan(1e-13);
  });

  it('a birth–death chain whose stationary entries span 1e+600 → finite, the top ratio to rounding, the far-below entries flushed', () => {
    // up-rate 1e200, down-rate 1: π ∝ (1, 1e200, 1e400, 1e600), past a double's range
    const n = 4;
    const w = new Float64Array(n * n);
    for (let j = 0; j + 1 < n; j++) {
      w[j * n + j + 1] = 1e200;
      w[(j + 1) * n + j] = 1;
    }
    const pi = stationaryFromOffDiagonal(w, n, new Float64Array(n * n), new Float64Array(8 * n))!;
    expect(pi.every(Number.isFinite)).toBe(true);
    expect(pi[3]! / pi[2]! / 1e200).toBeCloseTo(1, 14);
    expect(pi[1]! / pi[3]!).toBeLessThan(1e-300); // 1e-400 of the largest: 0 or subnormal, as documented
  });

  it('a state that cannot be left → null', () => {
    expect(stationaryFromOffDiagonal(Float64Array.from([0, 1, 0, 0]), 2, new Float64Array(4), new Float64Array(16))).toBeNull();
  });
});

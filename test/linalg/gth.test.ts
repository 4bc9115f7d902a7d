import Fraction from 'fraction.js';
import { describe, expect, it } from 'vitest';
import { gthKernel, gthStationary } from '../../src/linalg/gth.js';

/** Off-diagonal rates (row-major) of a birth–death chain on 0..n−1 with birth rates `up` and death rates `down`. */
function birthDeath(up: readonly number[], down: readonly number[]): Float64Array {
  const n = up.length + 1;
  const a = new Float64Array(n * n);
  for (let k = 0; k < n - 1; k++) {
    a[k * n + k + 1] = up[k]!;
    a[(k + 1) * n + k] = down[k]!;
  }
  return a;
}

describe('gthKernel', () => {
  it('a birth–death chain → its product-form solution π_k ∝ Π λ_i/μ_{i+1} (exact fractions), to 1e-15 relative', () => {
    const up = [3, 1, 4, 1, 5, 9, 2, 6];
    const down = [2, 7, 1, 8, 2, 8, 1, 8];
    const weights = [new Fraction(1)];
    for (let k = 0; k < up.length; k++) weights.push(weights[k]!.mul(up[k]!).div(down[k]!));
    const total = weights.reduce((t, w) => t.add(w), new Fraction(0));
    const pi = gthKernel(birthDeath(up, down), up.length + 1)!;
    pi.forEach((p, k) => expect(Math.abs(p / weights[k]!.div(total).valueOf() - 1)).toBeLessThan(1e-15));
  });

  it('is gthStationary normalised: same ratios, sum 1', () => {
    const a = birthDeath([1, 2, 3], [4, 5, 6]);
    const raw = gthStationary(a.slice(), 4)!;
    const pi = gthKernel(a.slice(), 4)!;
    expect(raw[0]).toBe(1);
    expect(pi.reduce((t, p) => t + p, 0)).toBeCloseTo(1, 15);
    for (let k = 0; k < 4; k++) expect(pi[k]! / pi[0]!).toBeCloseTo(raw[k]!, 14);
  });

  it('a state that cannot be left → null', () => {
    expect(gthKernel(Float64Array.from([0, 1, 0, 0]), 2)).toBeNull();
  });
});

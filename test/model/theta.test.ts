/**
 * fixedPoint/theta.ts (session 18, change 176): 1 − e^(−a) by a hand-written kernel. References: the
 * exact values at 0 and from 38 on (e^(−38) < 2⁻⁵⁴, so 1 − e^(−a) rounds to 1), decimal expansions of
 * 1 − e^(−a) at a few points (worked to 30 digits independently of this code, below), and V8's
 * `Math.exp`, an independent implementation, over a grid: within 4·10⁻¹⁶ absolute (two units in the
 * last place of θ near 1), the rounding the kernel may differ by.
 */
import { describe, expect, it } from 'vitest';
import { oneLessExpNeg } from '../../src/model/fixedPoint/theta.js';

describe('oneLessExpNeg: 1 − e^(−a)', () => {
  it('is exact where Math.exp is: 0 at 0, 1 from 38 on and at Infinity, NaN for NaN', () => {
    expect(oneLessExpNeg(0)).toBe(0);
    expect(oneLessExpNeg(38)).toBe(1);
    expect(oneLessExpNeg(700)).toBe(1);
    expect(oneLessExpNeg(Infinity)).toBe(1);
    expect(oneLessExpNeg(NaN)).toBeNaN();
  });

  // 1 − e^(−a) to 30 significant digits (Python's decimal module at 50 digits, independent of this code:
  // python3 -c "from decimal import *; getcontext().prec=50; print([1-(-Decimal(a)).exp() for a in ('0.001','0.5','1','2','10','37')])").
  it.each([
    [0.001, 0.000999500166625008331944642832344],
    [0.5, 0.393469340287366576396200465008820],
    [1, 0.632120558828557678404476229838539],
    [2, 0.864664716763387308106000505027516],
    [10, 0.999954600070237515148464408484439],
    [37, 0.999999999999999914669523742559342],
  ])('at %s: within 2.3·10⁻¹⁶ of the decimal expansion', (a, exact) => {
    expect(Math.abs(oneLessExpNeg(a) - exact)).toBeLessThanOrEqual(2.3e-16);
  });

  it('within 4·10⁻¹⁶ of 1 − Math.exp(−a) over a ∈ (0, 40) (10⁵ points) and down to 10⁻¹²', () => {
    let worst = 0;
    for (let i = 1; i <= 100000; i++) {
      const a = (40 * i) / 100001 + 1e-7 * Math.sin(i);
      worst = Math.max(worst, Math.abs(oneLessExpNeg(a) - (1 - Math.exp(-a))));
    }
    for (let e = -12; e < 0; e += 0.01) worst = Math.max(worst, Math.abs(oneLessExpNeg(10 ** e) - (1 - Math.exp(-(10 ** e)))));
    expect(worst).toBeLessThanOrEqual(4e-16);
  });

  it('below 0 (outside θ\'s use) it is 1 − Math.exp(−a) itself', () => {
    expect(oneLessExpNeg(-0.3)).toBe(1 - Math.exp(0.3));
  });
});

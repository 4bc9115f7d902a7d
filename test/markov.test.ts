import Fraction from 'fraction.js';
import { describe, expect, it } from 'vitest';
import { InvalidModelError, InvalidParameterError } from '../src/core/errors.js';
import { generatorFromTransitions, solveCtmc, stationaryResidual } from '../src/markov/index.js';

describe('solveCtmc', () => {
  it('two-state chain → π = (μ, λ)/(λ+μ)', () => {
    const { probabilities } = solveCtmc([
      [-1, 1],
      [2, -2],
    ]);
    expect(probabilities[0]).toBeCloseTo(2 / 3, 15);
    expect(probabilities[1]).toBeCloseTo(1 / 3, 15);
  });

  it('birth-death chain → matches the exact rational product form', () => {
    // M/M/1/4 with λ = 3, μ = 5: π(k) ∝ (3/5)^k, computed exactly with fraction.js.
    const size = 5;
    const transitions = [];
    for (let k = 0; k < size - 1; k++) {
      transitions.push({ from: k, to: k + 1, rate: 3 }, { from: k + 1, to: k, rate: 5 });
    }
    const q = generatorFromTransitions(size, transitions);
    const { probabilities, diagnostics } = solveCtmc(q);
    const weights = Array.from({ length: size }, (_, k) => new Fraction(3, 5).pow(k));
    const total = weights.reduce((a, b) => a.add(b), new Fraction(0));
    weights.forEach((w, k) => expect(probabilities[k]).toBeCloseTo(w.div(total).valueOf(), 15));
    expect(diagnostics.residual).toBeLessThan(1e-14);
    expect(stationaryResidual(q, probabilities)).toBe(diagnostics.residual);
  });

  it('two closed classes → InvalidModelError', () => {
    expect(() =>
      solveCtmc([
        [-1, 1, 0],
        [1, -1, 0],
        [0, 0, 0],
      ]),
    ).toThrow(InvalidModelError);
  });

  it('row not summing to zero → InvalidModelError naming the row', () => {
    expect(() =>
      solveCtmc([
        [-1, 2],
        [1, -1],
      ]),
    ).toThrow(/row 0/);
  });

  it('transition to a state outside the chain → InvalidParameterError', () => {
    expect(() => generatorFromTransitions(2, [{ from: 0, to: 2, rate: 1 }])).toThrow(InvalidParameterError);
  });
});

/**
 * Permutation patterns against string manipulation of the binary representation (an independent
 * construction of the same definitions), and their bad-input errors.
 */
import { describe, expect, it } from 'vitest';
import { InvalidParameterError } from '../../src/core/errors.js';
import { permutationDestination, PERMUTATION_PATTERNS } from '../../src/sim/traffic/patterns.js';
import { thrownBy } from '../helpers/errors.js';

const bits = (i: number, k: number): string => i.toString(2).padStart(k, '0');
const reference = {
  'perfect-shuffle': (b: string) => b.slice(1) + b[0],
  'bit-reversal': (b: string) => [...b].reverse().join(''),
  transpose: (b: string) => b.slice(b.length / 2) + b.slice(0, b.length / 2),
} as const;

describe('permutationDestination', () => {
  for (const pattern of PERMUTATION_PATTERNS) {
    for (const n of pattern === 'transpose' ? [4, 16, 64, 256] : [2, 8, 32, 64]) {
      it(`${pattern} on ${n} nodes → the string definition, and a permutation`, () => {
        const k = Math.log2(n);
        const image = Array.from({ length: n }, (_, s) => permutationDestination(pattern, s, n));
        image.forEach((d, s) => expect(bits(d, k), `${s}`).toBe(reference[pattern](bits(s, k))));
        expect(new Set(image).size).toBe(n);
      });
    }
  }

  it("the seed's example: perfect shuffle is the 1-bit left rotation (b_{n−2} … b_0 b_{n−1})", () => {
    expect(permutationDestination('perfect-shuffle', 0b100000, 64)).toBe(0b000001);
    expect(permutationDestination('perfect-shuffle', 0b010110, 64)).toBe(0b101100);
  });

  it('a node count that is not a power of two → error naming nodes, the pattern and the count', () => {
    const e = thrownBy(InvalidParameterError, () => permutationDestination('perfect-shuffle', 0, 48));
    expect(e.parameter).toBe('nodes');
    expect(e.message).toMatch(/power of two.*48/s);
    expect(thrownBy(InvalidParameterError, () => permutationDestination('transpose', 0, 32)).message).toMatch(/even power/);
    expect(thrownBy(InvalidParameterError, () => permutationDestination('bit-reversal', 8, 8)).parameter).toBe('source');
  });
});

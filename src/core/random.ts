/**
 * Random streams. Nothing in `src` calls `Math.random`: every sampler takes a {@link RandomStream}
 * that the caller owns, so a run is reproducible from its seed and adding a source does not change
 * the draws of the others (STYLE.md habit 13).
 */
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { mersenne } from 'pure-rand/generator/mersenne';
import { InvalidParameterError } from './errors.js';

/** A source of independent uniform numbers in [0, 1). */
export interface RandomStream {
  /** The next uniform number in [0, 1) (0 may occur, 1 never does). */
  next(): number;
}

/**
 * A seeded stream: the Mersenne Twister (MT19937) of the `pure-rand` package, read as 53-bit uniform
 * doubles in [0, 1). Two streams with the same seed give the same sequence. MT19937 is chosen over
 * xoroshiro128+ because its seeding mixes small seeds (0, 1, 2, …) well from the first draw.
 *
 * @param seed an integer in 0..2^31−1.
 * @throws InvalidParameterError for any other seed.
 * @example const s = seededStream(42); s.next(); // a number in [0, 1)
 */
export function seededStream(seed: number): RandomStream {
  if (typeof seed !== 'number' || !Number.isInteger(seed) || seed < 0 || seed > 0x7fffffff) {
    throw new InvalidParameterError('seed', 'an integer in 0..2147483647', seed);
  }
  const rng = mersenne(seed);
  return { next: () => uniformFloat64(rng) };
}

/**
 * Named random streams for the fabric: one seed, and an independent Mersenne Twister per name
 * (a flow's arrivals, its sizes, the links' service times…), so adding a flow does not change the
 * draws of the others (STYLE.md habit 13). The stream's seed is a 32-bit FNV-1a hash of the name
 * mixed with the run's seed.
 */
import { seededStream, type RandomStream } from '../../core/random.js';

/**
 * The stream called `name` of the run with seed `seed`.
 * @example namedStream(1, 'flow:a:arrivals').next(); // a number in [0, 1)
 */
export function namedStream(seed: number, name: string): RandomStream {
  let h = 0x811c9dc5 ^ seed;
  for (let i = 0; i < name.length; i++) {
    h ^= name.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= Math.imul(seed + 0x9e3779b9, 0x85ebca6b);
  return seededStream((h >>> 1) & 0x7fffffff);
}

/**
 * Exact integers for the broker's and the tables' accounting, in the faster of two forms.
 *
 * Every bandwidth is an integer multiple of a common unit. While every magnitude that can occur
 * (a link's bandwidth times 16320, the largest product formed) stays within 2^53, the integers are
 * held as doubles, whose +, −, × and comparisons are then exact; beyond that they are bigints.
 * The code that uses them is written once: it uses only +, −, comparisons, multiplication by a
 * value of the same form and the two division helpers below, which mean the same in both forms.
 * Measured on the benchmark (648-node fat-tree, random paths): bigint arithmetic made about half
 * of the cost of an admission; fraction.js objects, which allocate at every operation, were slower
 * still. So `ExactInt` is typed `number` and is a bigint at run time only in the rare big form.
 */

/** An exact integer: a safe-integer double, or (big form) a bigint typed as a number. */
export type ExactInt = number;

/** Largest magnitude the double form may reach (products included): 2^53. */
export const DOUBLE_FORM_LIMIT = 2 ** 53;

/** ⌊a / b⌋ for a ≥ 0, b > 0 of the same form. */
export function floorDiv(a: ExactInt, b: ExactInt): ExactInt {
  if (typeof a === 'bigint') return ((a as bigint) / (b as unknown as bigint)) as unknown as number;
  let q = Math.floor(a / b);
  if (q * b > a) q--; // the double quotient can round up to the next integer
  else if ((q + 1) * b <= a) q++;
  return q;
}

/** ⌈a / b⌉ for a ≥ 0, b > 0 of the same form. */
export function ceilDiv(a: ExactInt, b: ExactInt): ExactInt {
  if (typeof a === 'bigint') {
    const bb = b as unknown as bigint;
    return (((a as bigint) + bb - 1n) / bb) as unknown as number;
  }
  let q = Math.ceil(a / b);
  if ((q - 1) * b >= a) q--;
  else if (q * b < a) q++;
  return q;
}

/** The value as a bigint. */
export function toBig(x: ExactInt): bigint {
  return typeof x === 'bigint' ? (x as bigint) : BigInt(x);
}

/** A bigint in the given form (`big` false: the caller knows it is below the limit). */
export function inForm(x: bigint, big: boolean): ExactInt {
  return big ? (x as unknown as number) : Number(x);
}

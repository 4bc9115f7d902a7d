/**
 * Exact rationals for the oracle solvers: conversions between JavaScript numbers and fraction.js
 * (v5, BigInt numerator and denominator) that lose nothing on the way in and round correctly on the
 * way out.
 */
import Fraction from 'fraction.js';
import { InvalidParameterError } from '../core/errors.js';

/**
 * The rational a user means by a finite number: the value of its shortest round-trip decimal
 * representation (`String(x)`), so 0.1 → 1/10 and 2.5e-7 → 1/4000000 (not the binary double
 * nearest to them). Integers and dyadic values are reproduced exactly either way.
 *
 * @throws InvalidParameterError for NaN or ±Infinity.
 */
export function fractionFromNumber(x: number, name = 'value'): Fraction {
  if (!Number.isFinite(x)) throw new InvalidParameterError(name, 'a finite number', x);
  const text = String(x);
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/.exec(text);
  if (match === null) throw new InvalidParameterError(name, 'a number with a decimal representation', x);
  const [, sign, whole, frac = '', exp = '0'] = match;
  let num = BigInt(whole! + frac);
  let den = 10n ** BigInt(frac.length);
  const e = Number(exp);
  if (e >= 0) num *= 10n ** BigInt(e);
  else den *= 10n ** BigInt(-e);
  if (sign === '-') num = -num;
  return new Fraction(num, den);
}

/**
 * num/den rounded to the nearest double (ties to even), for BigInts of any size: fraction.js's
 * `valueOf` divides two Numbers and gives NaN once either exceeds 1.8e308. Exact for results in
 * the normal range; a result below 2^−1022 may be off by one unit in the last place of a subnormal.
 */
export function ratioToNumber(num: bigint, den: bigint): number {
  if (den === 0n) return num === 0n ? NaN : num > 0n ? Infinity : -Infinity;
  if (num === 0n) return 0;
  let negative = false;
  if (num < 0n) {
    negative = !negative;
    num = -num;
  }
  if (den < 0n) {
    negative = !negative;
    den = -den;
  }
  // Scale so the integer quotient has at least 65 bits, keep a sticky bit for the remainder, and
  // let Number(bigint) (round to nearest, ties to even) do the single rounding.
  const shift = 66 - (bitLength(num) - bitLength(den));
  const scaledNum = shift > 0 ? num << BigInt(shift) : num;
  const scaledDen = shift < 0 ? den << BigInt(-shift) : den;
  let q = scaledNum / scaledDen;
  const sticky = scaledNum % scaledDen !== 0n;
  q = (q << 1n) | (sticky ? 1n : 0n);
  // value = q · 2^−(shift+1); apply the power of two in steps that stay in range.
  let value = Number(q);
  let e = -(shift + 1);
  while (e > 0) {
    const step = Math.min(e, 1000);
    value *= 2 ** step;
    e -= step;
  }
  while (e < 0) {
    const step = Math.max(e, -1000);
    value *= 2 ** step;
    e -= step;
  }
  return negative ? -value : value;
}

/** Greatest common divisor of two bigints, ≥ 0 (gcd(0, 0) = 0). */
export function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a < 0n ? -a : a;
}

/** Least common multiple of two positive bigints. */
export function lcm(a: bigint, b: bigint): bigint {
  return (a / gcd(a, b)) * b;
}

/** A fraction.js value rounded to the nearest double (see {@link ratioToNumber}). */
export function fractionToNumber(f: Fraction): number {
  return ratioToNumber(f.s * f.n, f.d);
}

/** A fraction.js value as the string "numerator/denominator" (or "numerator" for an integer). */
export function fractionToString(f: Fraction): string {
  return f.toFraction();
}

function bitLength(x: bigint): number {
  return x.toString(2).length;
}

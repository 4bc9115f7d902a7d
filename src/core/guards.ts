/**
 * Input guards: each checks one rule and throws an {@link InvalidParameterError} that names the
 * parameter, the rule and the value. They return the value so that a front door can read
 * `const lambda = positiveRate('lambda', params.lambda)`.
 */
import { InvalidParameterError } from './errors.js';

/** A finite number (not NaN, not ±Infinity). */
export function finiteNumber(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new InvalidParameterError(name, 'a finite number', value);
  }
  return value;
}

/** A finite number > 0: rates, service rates, bandwidths. */
export function positiveRate(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || !(value > 0)) {
    throw new InvalidParameterError(name, 'a finite number > 0', value);
  }
  return value;
}

/** A finite number ≥ 0. */
export function nonNegativeNumber(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || !(value >= 0)) {
    throw new InvalidParameterError(name, 'a finite number >= 0', value);
  }
  return value;
}

/** A finite number in [lo, hi]. */
export function numberInRange(name: string, value: unknown, lo: number, hi: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < lo || value > hi) {
    throw new InvalidParameterError(name, `a finite number in [${lo}, ${hi}]`, value);
  }
  return value;
}

/** An integer ≥ min (a capacity, a count). */
export function integerAtLeast(name: string, value: unknown, min: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
    throw new InvalidParameterError(name, `an integer >= ${min}`, value);
  }
  return value;
}

/** An integer ≥ min, or Infinity (an unbounded buffer). */
export function capacityOrInfinity(name: string, value: unknown, min: number): number {
  if (value === Infinity) return Infinity;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
    throw new InvalidParameterError(name, `an integer >= ${min} or Infinity`, value);
  }
  return value;
}

/** A squared coefficient of variation ≥ 1 (GE-type distributions cannot represent SCV < 1). */
export function scvAtLeastOne(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 1) {
    throw new InvalidParameterError(name, 'a finite squared coefficient of variation >= 1', value);
  }
  return value;
}

/** One of a fixed set of strings. */
export function oneOf<T extends string>(name: string, value: unknown, allowed: readonly T[]): T {
  if (!Array.isArray(allowed)) throw new InvalidParameterError('allowed', 'an array of strings', allowed);
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw new InvalidParameterError(name, `one of ${allowed.map((a) => `'${a}'`).join(', ')}`, value);
  }
  return value as T;
}

/** A plain object (the params or options argument itself). */
export function plainObject(name: string, value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidParameterError(name, 'an object', value);
  }
  return value as Record<string, unknown>;
}

/** Rejects keys an options object does not know, so a typo never passes silently. */
export function knownKeys(name: string, value: Record<string, unknown>, allowed: readonly string[]): void {
  plainObject(name, value);
  if (!Array.isArray(allowed)) throw new InvalidParameterError('allowed', 'an array of strings', allowed);
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) {
      throw new InvalidParameterError(
        `${name}.${key}`,
        `absent (known keys: ${allowed.join(', ')})`,
        value[key],
      );
    }
  }
}

/**
 * Sets `record[key] = value` as an own data property, whatever the key: an assignment with the key
 * `__proto__` would set the record's prototype instead (and lose the value), so records keyed by a
 * user's names (flows, hosts, columns) are filled through this.
 *
 * @example const m: Record<string, number> = {}; defineOwn(m, '__proto__', 1); Object.keys(m); // ['__proto__']
 */
export function defineOwn<T>(record: Record<string, T>, key: string, value: T): void {
  if (typeof record !== 'object' || record === null) throw new InvalidParameterError('record', 'an object', record);
  if (typeof key !== 'string') throw new InvalidParameterError('key', 'a string', key);
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * Checks that a parameter is a string (file text, a name): the importers' front door, so a wrong
 * type is an InvalidParameterError naming it, not a TypeError from deep inside.
 *
 * @throws InvalidParameterError naming `name`.
 */
export function textParameter(name: string, value: unknown): string {
  if (typeof value !== 'string') throw new InvalidParameterError(name, 'a string (the text of the file)', value);
  return value;
}

/**
 * Checks that a parameter is an array or a typed array of numbers' length (a series of estimates).
 *
 * @throws InvalidParameterError naming `name`.
 */
export function seriesParameter(name: string, value: unknown): ArrayLike<number> {
  if (!(Array.isArray(value) || ArrayBuffer.isView(value))) throw new InvalidParameterError(name, 'an array of numbers', value);
  return value as unknown as ArrayLike<number>;
}

/** The error a call must throw, for tests that then look at its fields. */
import { expect } from 'vitest';

/**
 * Runs `f`, which must throw an instance of `type`, and returns that error (the test fails if `f`
 * returns or throws something else).
 *
 * @example thrownBy(InvalidParameterError, () => positiveRate('lambda', -1)).parameter // 'lambda'
 */
export function thrownBy<E extends Error>(type: abstract new (...args: never[]) => E, f: () => unknown): E {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(type);
    return e as E;
  }
  throw new Error(`expected ${type.name} to be thrown`);
}

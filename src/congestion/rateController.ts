/**
 * A source's injection rate under a response function, as a host adapter holds it (docs/models.md §10).
 */
import { InvalidParameterError } from '../core/errors.js';
import { positiveRate } from '../core/guards.js';
import type { ResponseFunction } from './responseFunctions.js';

/**
 * The rate state of one flow at its source: on every ACK the source applies f_dec (marked) or f_inc
 * (unmarked) of its {@link ResponseFunction} to the current rate. The host model calls
 * {@link onAck} with the ACK's ECN/BECN bit and reads {@link rate} (or the returned value) to space
 * its next packets 1/rate apart; the controller knows nothing of time or packets. `onAck`
 * allocates nothing and never throws.
 *
 * @example
 * const c = new RateController(fimd({ rMin: 1000, rMax: 256000, n: 4 }));
 * c.onAck(true); // → 64000
 * c.rate; // → 64000
 */
export class RateController {
  readonly fn: ResponseFunction;
  /** A number initialiser keeps the field unboxed (a double stored per ACK allocates nothing). */
  private current = 0;

  /**
   * @param fn the response function (pipd, fimd, lipd, aimd or responseFunction).
   * @param start the rate before the first ACK; default fn.rMax.
   * @throws InvalidParameterError if fn is not a response function or start is not a finite number > 0.
   */
  constructor(fn: ResponseFunction, start?: number) {
    if (typeof fn !== 'object' || fn === null || typeof fn.increase !== 'function' || typeof fn.decrease !== 'function') {
      throw new InvalidParameterError('fn', 'a response function (pipd, fimd, lipd, aimd or responseFunction)', fn);
    }
    this.fn = fn;
    this.current = start === undefined ? fn.rMax : positiveRate('start', start);
  }

  /** The current rate. */
  get rate(): number {
    return this.current;
  }

  /** An ACK arrived: marked → rate = f_dec(rate), unmarked → rate = f_inc(rate). Returns the new rate. */
  onAck(marked: boolean): number {
    this.current = marked ? this.fn.decrease(this.current) : this.fn.increase(this.current);
    return this.current;
  }
}

/**
 * A histogram with equal-width bins over [lo, hi), counting what falls below and above.
 */
import { InvalidParameterError } from '../../core/errors.js';
import { finiteNumber, integerAtLeast } from '../../core/guards.js';
import { recordParameter } from '../../core/shapes.js';

/**
 * @example
 * const h = new Histogram({ lo: 0, hi: 10, bins: 5 });
 * h.add(3); h.add(3.5); h.add(12);
 * h.counts; // Float64Array [0, 2, 0, 0, 0]; h.overflow is 1
 */
export class Histogram {
  readonly lo: number;
  readonly hi: number;
  readonly bins: number;
  /** Total weight per bin: bin i covers [lo + i·w, lo + (i+1)·w), w = (hi − lo)/bins. */
  readonly counts: Float64Array;
  private under = 0;
  private over = 0;
  private readonly scale: number;

  /** @throws InvalidParameterError unless lo < hi are finite and bins is an integer ≥ 1. */
  constructor(options: { readonly lo: number; readonly hi: number; readonly bins: number }) {
    recordParameter('options', options);
    this.lo = finiteNumber('lo', options.lo);
    this.hi = finiteNumber('hi', options.hi);
    if (!(this.hi > this.lo)) throw new InvalidParameterError('hi', `a number > lo = ${this.lo}`, options.hi);
    this.bins = integerAtLeast('bins', options.bins, 1);
    this.counts = new Float64Array(this.bins);
    this.scale = this.bins / (this.hi - this.lo);
  }

  /** Adds `x` with weight `weight` (default 1; a duration for a time-weighted histogram). */
  add(x: number, weight = 1): void {
    if (x < this.lo) this.under += weight;
    else if (x >= this.hi) this.over += weight;
    else this.counts[Math.min(this.bins - 1, Math.floor((x - this.lo) * this.scale))]! += weight;
  }

  /** Weight below lo. */
  get underflow(): number {
    return this.under;
  }

  /** Weight at or above hi. */
  get overflow(): number {
    return this.over;
  }

  /** Total weight added. */
  get total(): number {
    let s = this.under + this.over;
    for (let i = 0; i < this.bins; i++) s += this.counts[i]!;
    return s;
  }

  /** Forgets everything (warm-up deletion). */
  reset(): void {
    this.counts.fill(0);
    this.under = 0;
    this.over = 0;
  }
}

/**
 * Time-weighted statistics of piecewise-constant signals (a queue length, a buffer occupancy, a
 * busy flag): the time average (1/(t − t0))·∫ x(s) ds, and the fraction of time spent in each state.
 *
 * Both accept a `reset(time)` that forgets everything before `time`: this is how warm-up deletion
 * is done (the run layer calls it at the end of the warm-up; the model never knows).
 */
import { checkKind } from '../../core/shapes.js';

/**
 * The time average of a piecewise-constant signal. `update(time, value)` says the signal takes
 * `value` from `time` on; times must not decrease (not checked: hot path).
 *
 * The integral is a Neumaier-compensated sum (Neumaier 1974), so a long run of small increments
 * keeps full precision.
 *
 * @example
 * const q = new TimeWeighted(0, 0); // from time 0, value 0
 * q.update(1, 2); // value 2 from t = 1
 * q.update(3, 0); // value 0 from t = 3
 * q.mean(4); // (0·1 + 2·2 + 0·1)/4 = 1
 */
export class TimeWeighted {
  // Number initialisers (not the class-field default `undefined`) give these fields V8's double
  // representation, so update() stores in place instead of allocating a heap number per store
  // (measured in the fabric: 16 bytes per update).
  private start = 0;
  private last = 0;
  private value = 0;
  private sum = 0;
  private compensation = 0;

  /** @param startTime when observation starts; @param initialValue the value from then on. */
  constructor(startTime = 0, initialValue = 0) {
    checkKind('startTime', startTime, 'number');
    checkKind('initialValue', initialValue, 'number');
    this.start = startTime;
    this.last = startTime;
    this.value = initialValue;
  }

  /** The signal takes `value` from `time` on. */
  update(time: number, value: number): void {
    const term = this.value * (time - this.last);
    const t = this.sum + term;
    // Neumaier's variant of Kahan summation: keeps the low-order part of whichever addend is smaller.
    this.compensation += Math.abs(this.sum) >= Math.abs(term) ? this.sum - t + term : term - t + this.sum;
    this.sum = t;
    this.last = time;
    this.value = value;
  }

  /** Forgets the signal before `time` (warm-up deletion); the current value is kept. */
  reset(time: number): void {
    this.start = time;
    this.last = time;
    this.sum = 0;
    this.compensation = 0;
  }

  /** The current value of the signal. */
  get current(): number {
    return this.value;
  }

  /** ∫ x(s) ds from the start (or the last reset) to `time` (≥ the last update). */
  integral(time: number): number {
    return this.sum + this.compensation + this.value * (time - this.last);
  }

  /** The time average up to `time` (NaN if no time has passed). */
  mean(time: number): number {
    const span = time - this.start;
    return span > 0 ? this.integral(time) / span : NaN;
  }
}

/**
 * Time spent in each integer state 0, 1, 2, …: the empirical distribution of a discrete signal, to
 * set beside a Markov chain's stationary distribution. Grows as larger states are seen (`capacity`
 * is only the initial size). Sums are plain (each state's total is a sum of positive durations,
 * whose relative rounding error stays below n·2^−53).
 *
 * @example
 * const occ = new StateOccupancy(3);
 * occ.observe(0, 1); // state 1 from t = 0
 * occ.observe(3, 0); // state 0 from t = 3
 * occ.distribution(4); // [0.25, 0.75]
 */
export class StateOccupancy {
  private time: Float64Array;
  private start: number;
  private last: number;
  private state: number;
  private seen: number;

  /**
   * @param capacity states 0..capacity−1 are allocated at first (more are added as needed).
   * @param startTime when observation starts; @param initialState the state from then on (an integer ≥ 0).
   */
  constructor(capacity = 16, startTime = 0, initialState = 0) {
    checkKind('capacity', capacity, 'number');
    checkKind('startTime', startTime, 'number');
    checkKind('initialState', initialState, 'number');
    this.time = new Float64Array(Math.max(1, capacity, initialState + 1));
    this.start = startTime;
    this.last = startTime;
    this.state = initialState;
    this.seen = initialState + 1;
  }

  /** The signal enters `state` (an integer ≥ 0) at `time` (not before the last call). */
  observe(time: number, state: number): void {
    this.time[this.state]! += time - this.last;
    this.last = time;
    if (state >= this.time.length) this.grow(state);
    if (state >= this.seen) this.seen = state + 1;
    this.state = state;
  }

  /** Forgets the time before `time` (warm-up deletion); the current state is kept. */
  reset(time: number): void {
    this.time.fill(0);
    this.start = time;
    this.last = time;
    this.seen = this.state + 1;
  }

  /** The current state. */
  get current(): number {
    return this.state;
  }

  /** Time spent in each state 0..(largest seen) up to `time`. */
  durations(time: number): Float64Array {
    const out = this.time.slice(0, this.seen);
    out[this.state]! += time - this.last;
    return out;
  }

  /** Fraction of the time since the start (or last reset) spent in each state, up to `time`. */
  distribution(time: number): number[] {
    const span = time - this.start;
    return Array.from(this.durations(time), (d) => d / span);
  }

  /** Time-average state Σ n·P(n), up to `time`. */
  mean(time: number): number {
    const d = this.durations(time);
    let s = 0;
    for (let n = 1; n < d.length; n++) s += n * d[n]!;
    return s / (time - this.start);
  }

  private grow(state: number): void {
    const bigger = new Float64Array(Math.max(2 * this.time.length, state + 1));
    bigger.set(this.time);
    this.time = bigger;
  }
}

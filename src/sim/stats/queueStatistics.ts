/**
 * The statistics that observe the model-level simulators: they implement the recorder interfaces
 * the models emit to (src/sim/models/recorders.ts) and turn the signals into the analytic results'
 * metrics. Warm-up deletion is `reset(time)`, called by the run layer.
 *
 * Time in each state is accumulated in a Float64Array indexed by the state (plain sums of positive
 * durations: relative rounding error below (events)·2^−53, about 1e-9 after 10^7 events).
 */
import type { QueueRecorder, TandemRecorder } from '../models/recorders.js';
import { checkKind } from '../../core/shapes.js';

/**
 * Observes a single queue: time per state, offered/lost jobs, departures.
 *
 * @example
 * const q = new QueueStatistics(3);
 * q.batch(1, 2, 2, 0, 0); // at t = 1, two jobs offered, none lost: 2 present
 * q.departure(3, 1, 1);   // at t = 3 one leaves
 * q.meanState(4);         // (0·1 + 2·2 + 1·1)/4 = 1.25
 */
export class QueueStatistics implements QueueRecorder {
  private occupancy: Float64Array;
  private start: number;
  private last: number;
  private state: number;
  /** Jobs offered since the start or last reset (blocked ones included). */
  offered = 0;
  /** Jobs lost since the start or last reset. */
  lost = 0;
  /** Jobs departed since the start or last reset (zero-work jobs that left at once included). */
  departed = 0;

  /** @param states initial size of the per-state table (grows when larger states occur). */
  constructor(states: number, startTime = 0, initialState = 0) {
    checkKind('states', states, 'number');
    checkKind('startTime', startTime, 'number');
    checkKind('initialState', initialState, 'number');
    this.occupancy = new Float64Array(Math.max(states, initialState + 1, 1));
    this.start = startTime;
    this.last = startTime;
    this.state = initialState;
  }

  batch(time: number, present: number, offered: number, lost: number, instant: number): void {
    this.occupancy[this.state]! += time - this.last;
    this.last = time;
    if (present >= this.occupancy.length) this.grow(present);
    this.state = present;
    this.offered += offered;
    this.lost += lost;
    this.departed += instant;
  }

  departure(time: number, present: number, count: number): void {
    this.occupancy[this.state]! += time - this.last;
    this.last = time;
    this.state = present;
    this.departed += count;
  }

  /** Forgets everything before `time` (warm-up deletion). */
  reset(time: number): void {
    this.occupancy.fill(0);
    this.start = time;
    this.last = time;
    this.offered = 0;
    this.lost = 0;
    this.departed = 0;
  }

  /** Measured time: from the start (or last reset) to `time`. */
  elapsed(time: number): number {
    return time - this.start;
  }

  /** Time fraction of each state 0..(size − 1) up to `time` (size ≥ the largest state seen + 1). */
  distribution(time: number, size: number): number[] {
    const span = time - this.start;
    const out = new Array<number>(size).fill(0);
    const n = Math.min(size, this.occupancy.length);
    for (let k = 0; k < n; k++) out[k] = this.occupancy[k]! / span;
    if (this.state < size) out[this.state]! += (time - this.last) / span;
    return out;
  }

  /** Time-average number present, up to `time`. */
  meanState(time: number): number {
    let s = 0;
    for (let k = 1; k < this.occupancy.length; k++) s += k * this.occupancy[k]!;
    s += this.state * (time - this.last);
    return s / (time - this.start);
  }

  /** Time fraction of the states from..to (inclusive) up to `time`. */
  fraction(time: number, from: number, to: number): number {
    let s = 0;
    const hi = Math.min(to, this.occupancy.length - 1);
    for (let k = from; k <= hi; k++) s += this.occupancy[k]!;
    if (this.state >= from && this.state <= to) s += time - this.last;
    return s / (time - this.start);
  }

  private grow(state: number): void {
    const bigger = new Float64Array(Math.max(2 * this.occupancy.length, state + 1));
    bigger.set(this.occupancy);
    this.occupancy = bigger;
  }
}

/**
 * Observes the credit tandem: time per state (i, j) when Node 1 is finite (and the table has at
 * most `maxTableStates` entries), and in every case the time integrals of i and j, the time per j,
 * the time Node 1 is credit-blocked (i ≥ 1, j = m) or forwarding (i ≥ 1, j < m), and counts.
 *
 * @example
 * const s = new TandemStatistics(2, 1);
 * s.arrival(1, 1, 0, true); // (i, j) = (1, 0) from t = 1
 * s.forward(2, 0, 1);       // (0, 1) from t = 2
 * s.close(4);
 * s.meanLengths();          // { upstream: 0.25, downstream: 0.5 }
 */
export class TandemStatistics implements TandemRecorder {
  /** Time per (i, j), i-major, or null when not kept. */
  private table: Float64Array | null;
  private readonly m: number;
  private readonly rowLength: number;
  private start: number;
  private last: number;
  private i = 0;
  private j = 0;
  private areaUp = 0;
  private areaDown = 0;
  private blockedTime = 0;
  private forwardingTime = 0;
  private readonly downTime: Float64Array;
  /** Arrivals offered to Node 1 since the start or last reset. */
  offered = 0;
  /** Arrivals lost at a full Node 1. */
  lost = 0;
  /** Packets forwarded from Node 1 to Node 2. */
  forwarded = 0;
  /** Packets that left Node 2. */
  departed = 0;

  /**
   * @param n Node 1 capacity (Infinity for unbounded); @param m Node 2 capacity.
   * @param maxTableStates keep the (i, j) table only if (n+1)(m+1) ≤ this (default 1e6).
   */
  constructor(n: number, m: number, startTime = 0, maxTableStates = 1_000_000) {
    checkKind('n', n, 'number');
    checkKind('m', m, 'number');
    checkKind('startTime', startTime, 'number');
    checkKind('maxTableStates', maxTableStates, 'number');
    this.m = m;
    this.rowLength = m + 1;
    this.table = Number.isFinite(n) && (n + 1) * (m + 1) <= maxTableStates ? new Float64Array((n + 1) * (m + 1)) : null;
    this.downTime = new Float64Array(m + 1);
    this.start = startTime;
    this.last = startTime;
  }

  private advance(time: number, i: number, j: number): void {
    const dt = time - this.last;
    const oi = this.i;
    const oj = this.j;
    if (this.table !== null) this.table[oi * this.rowLength + oj]! += dt;
    this.areaUp += oi * dt;
    this.areaDown += oj * dt;
    this.downTime[oj]! += dt;
    if (oi >= 1) {
      if (oj === this.m) this.blockedTime += dt;
      else this.forwardingTime += dt;
    }
    this.last = time;
    this.i = i;
    this.j = j;
  }

  arrival(time: number, i: number, j: number, accepted: boolean): void {
    this.advance(time, i, j);
    this.offered++;
    if (!accepted) this.lost++;
  }

  forward(time: number, i: number, j: number): void {
    this.advance(time, i, j);
    this.forwarded++;
  }

  departure(time: number, i: number, j: number): void {
    this.advance(time, i, j);
    this.departed++;
  }

  /** Forgets everything before `time` (warm-up deletion); the state is kept. */
  reset(time: number): void {
    this.table?.fill(0);
    this.downTime.fill(0);
    this.areaUp = 0;
    this.areaDown = 0;
    this.blockedTime = 0;
    this.forwardingTime = 0;
    this.offered = 0;
    this.lost = 0;
    this.forwarded = 0;
    this.departed = 0;
    this.start = time;
    this.last = time;
  }

  /** Closes the books at `time` (accounts the current state up to it). Call before reading. */
  close(time: number): void {
    this.advance(time, this.i, this.j);
  }

  elapsed(time: number): number {
    return time - this.start;
  }

  /** Time averages of i and j (after `close`). */
  meanLengths(): { upstream: number; downstream: number } {
    const span = this.last - this.start;
    return { upstream: this.areaUp / span, downstream: this.areaDown / span };
  }

  /** Fractions of time Node 1 is credit-blocked and forwarding, and Node 2 is busy (after `close`). */
  fractions(): { blocked: number; forwarding: number; downstreamBusy: number } {
    const span = this.last - this.start;
    return { blocked: this.blockedTime / span, forwarding: this.forwardingTime / span, downstreamBusy: 1 - this.downTime[0]! / span };
  }

  /** P(i, j) by rows i (after `close`), or null if the table is not kept. */
  probabilities(): number[][] | null {
    if (this.table === null) return null;
    const span = this.last - this.start;
    const rows = this.table.length / this.rowLength;
    return Array.from({ length: rows }, (_, i) =>
      Array.from(this.table!.subarray(i * this.rowLength, (i + 1) * this.rowLength), (v) => v / span),
    );
  }
}

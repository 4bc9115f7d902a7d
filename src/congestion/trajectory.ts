/**
 * Rate trajectories: the injection-rate path of a source driven by a sequence of marked and
 * unmarked ACKs (docs/models.md §10). After each change to rate x the next ACK arrives 1/x later; a
 * marked ACK applies f_dec, an unmarked one f_inc.
 */
import { InvalidParameterError } from '../core/errors.js';
import { integerAtLeast, knownKeys, numberInRange, plainObject, positiveRate } from '../core/guards.js';
import type { RandomStream } from '../core/random.js';
import type { ResponseFunction } from './responseFunctions.js';
import { trajectoryDisplay } from './display.js';

/** Options of {@link rateTrajectory}: give `marks`, or `markProbability` with `random` and `acks`. */
export interface RateTrajectoryOptions {
  /** The rate at time 0. Default R_max. */
  readonly start?: number;
  /**
   * The ACKs in order: a string of '0' (unmarked) and '1' (marked), or an array of booleans/0/1.
   * With `acks` longer than the pattern, the pattern repeats.
   */
  readonly marks?: string | ArrayLike<boolean | number>;
  /** Number of ACKs. Default: the length of `marks`; required with `markProbability`. */
  readonly acks?: number;
  /** Each ACK is marked independently with this probability (needs `random` and `acks`). */
  readonly markProbability?: number;
  /** The stream for `markProbability`: an ACK is marked when next() < markProbability. */
  readonly random?: RandomStream;
}

/** One point of a trajectory: the rate set on receipt of ACK `ack` at time `time`. */
export interface TrajectoryPoint {
  /** 0 for the start, then 1, 2, … */
  readonly ack: number;
  /** Arrival time of the ACK (time unit = 1 / rate unit's time base, e.g. seconds). */
  readonly time: number;
  /** Whether this ACK was marked (false for the start point). */
  readonly marked: boolean;
  /** The rate after this ACK. */
  readonly rate: number;
}

/** What {@link rateTrajectory} returns. */
export interface RateTrajectory {
  readonly function: ResponseFunction['name'];
  readonly params: Readonly<Record<string, number>>;
  /** acks + 1 points, the start first. */
  readonly points: readonly TrajectoryPoint[];
  /** Marked ACKs in the sequence. */
  readonly markedAcks: number;
  /** Packets sent per unit time over [0, last ACK]: acks / time of the last ACK (one packet per inter-ACK interval). */
  readonly timeAverageRate: number;
}

/**
 * The injection-rate path of a source under `fn` driven by marked/unmarked ACKs: x_0 = start,
 * t_{k+1} = t_k + 1/x_k, x_{k+1} = f_dec(x_k) if ACK k+1 is marked, f_inc(x_k) otherwise.
 *
 * @throws InvalidParameterError for bad options (no marks and no markProbability, both, a pattern
 *   with characters other than 0/1, markProbability outside [0, 1] or without random/acks, start not
 *   a finite number > 0, acks not an integer ≥ 1 or above 10^7).
 * @example rateTrajectory(fimd({ rMin: 1000, rMax: 256000, n: 4 }), { marks: '10' }).points[1].rate; // → 64000
 */
export function rateTrajectory(fn: ResponseFunction, options: RateTrajectoryOptions): RateTrajectory {
  const o = plainObject('options', options);
  knownKeys('options', o, ['start', 'marks', 'acks', 'markProbability', 'random']);
  const start = o.start === undefined ? fn.rMax : positiveRate('options.start', o.start);
  if ((o.marks === undefined) === (o.markProbability === undefined)) {
    throw new InvalidParameterError('options', 'given exactly one of marks and markProbability', o);
  }
  let markAt: (k: number) => boolean;
  let acks: number;
  if (o.marks !== undefined) {
    const pattern = parseMarks(o.marks);
    acks = o.acks === undefined ? pattern.length : integerAtLeast('options.acks', o.acks, 1);
    markAt = (k) => pattern[k % pattern.length]!;
  } else {
    const p = numberInRange('options.markProbability', o.markProbability, 0, 1);
    if (o.acks === undefined) throw new InvalidParameterError('options.acks', 'given with markProbability', o.acks);
    acks = integerAtLeast('options.acks', o.acks, 1);
    const random = o.random as RandomStream | undefined;
    if (typeof random !== 'object' || random === null || typeof random.next !== 'function') {
      throw new InvalidParameterError('options.random', 'a RandomStream ({ next(): number }) with markProbability', random);
    }
    markAt = () => random.next() < p;
  }
  if (acks > 10_000_000) throw new InvalidParameterError('options.acks', 'an integer <= 10000000', acks);

  const points: TrajectoryPoint[] = [{ ack: 0, time: 0, marked: false, rate: start }];
  let x = start;
  let t = 0;
  let marked = 0;
  for (let k = 0; k < acks; k++) {
    t += 1 / x;
    const m = markAt(k);
    if (m) marked++;
    x = m ? fn.decrease(x) : fn.increase(x);
    points.push({ ack: k + 1, time: t, marked: m, rate: x });
  }
  return trajectoryDisplay({ function: fn.name, params: fn.params, points, markedAcks: marked, timeAverageRate: acks / t });
}

function parseMarks(marks: unknown): boolean[] {
  if (typeof marks === 'string') {
    if (!/^[01]+$/.test(marks)) throw new InvalidParameterError('options.marks', "a non-empty string of '0' and '1'", marks);
    return [...marks].map((c) => c === '1');
  }
  if (typeof marks === 'object' && marks !== null && typeof (marks as ArrayLike<unknown>).length === 'number') {
    const a = Array.from(marks as ArrayLike<unknown>);
    if (a.length === 0 || !a.every((v) => v === true || v === false || v === 0 || v === 1)) {
      throw new InvalidParameterError('options.marks', 'a non-empty array of booleans or 0/1', marks);
    }
    return a.map((v) => v === true || v === 1);
  }
  throw new InvalidParameterError('options.marks', "a string of '0'/'1' or an array of booleans", marks);
}

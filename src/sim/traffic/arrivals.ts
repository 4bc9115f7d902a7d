/**
 * Arrival processes: each draws the time to its next arrival epoch and the number of jobs
 * (packets) that arrive at that epoch. They know nothing of the engine or of queues: a source (see
 * {@link attachSource}) or a model loop calls `next()` and acts on the answer.
 *
 * Units: rates in jobs per unit time (any time unit, used consistently), times in that unit.
 *
 * Batch semantics (docs/models.md §1.3): a batch of size B means B jobs at the same instant; a
 * consumer offers them to its queue one at a time, in order, each admitted or lost on its own
 * (partial acceptance), unless it documents another rule.
 */
import { InvalidParameterError } from '../../core/errors.js';
import { positiveRate, scvAtLeastOne } from '../../core/guards.js';
import type { RandomStream } from '../../core/random.js';
import { recordParameter } from '../../core/shapes.js';

/** A point process of arrival epochs with batch sizes. */
export interface ArrivalProcess {
  /** Long-run mean rate of jobs (not epochs), per unit time. */
  readonly rate: number;
  /**
   * Draws the next epoch: returns the time since the previous epoch (or since the start, for the
   * first), ≥ 0, and sets {@link batch} to the number of jobs arriving then (≥ 1). May return
   * Infinity for a process that has no further arrivals.
   */
  next(): number;
  /** Jobs arriving at the epoch last drawn by `next()`. */
  readonly batch: number;
}

/** −ln(1 − U)/rate: an exponential draw from one uniform U in [0, 1). */
function exponential(stream: RandomStream, rate: number): number {
  return -Math.log(1 - stream.next()) / rate;
}

/**
 * Poisson arrivals at rate λ: exponential gaps with mean 1/λ, one job per epoch.
 *
 * @example const a = new PoissonArrivals(5, new RandomStreams(1).stream('arrivals')); a.next(); // ~Exp(5)
 * @throws InvalidParameterError if rate is not a finite number > 0.
 */
export class PoissonArrivals implements ArrivalProcess {
  readonly rate: number;
  readonly batch = 1;
  private readonly stream: RandomStream;

  constructor(rate: number, stream: RandomStream) {
    this.rate = positiveRate('rate', rate);
    this.stream = stream;
  }

  next(): number {
    return exponential(this.stream, this.rate);
  }

  /** The random stream drawn from (a lazy stream's, once it exists), e.g. to take over its state; null if not yet made. */
  streamInUse(): RandomStream | null {
    const s = this.stream as RandomStream & { resolved?: () => RandomStream | null };
    return typeof s.resolved === 'function' ? s.resolved() : s;
  }
}

/**
 * GE(λ, Ca²) arrivals as a compound Poisson process (docs/models.md §1.2, §1.4): batches at rate τλ with
 * τ = 2/(1 + Ca²), batch size geometric on 1, 2, … with P(B = k) = τ(1 − τ)^(k−1) (mean 1/τ), drawn
 * as B = 1 + ⌊ln U / ln(1 − τ)⌋. The per-job inter-arrival times then have mean 1/λ and SCV Ca²
 * (zero gaps inside a batch). Ca² = 1 is the Poisson process. Two uniforms per epoch (one when
 * Ca² = 1).
 *
 * @throws InvalidParameterError if rate is not a finite number > 0 or ca2 is not ≥ 1.
 * @example const a = new GeArrivals({ rate: 5, ca2: 5 }, new RandomStreams(1).stream('arrivals'));
 */
export class GeArrivals implements ArrivalProcess {
  readonly rate: number;
  readonly ca2: number;
  /** τ = 2/(1 + Ca²). */
  readonly tau: number;
  batch = 1;
  private readonly batchRate: number;
  /** 1/ln(1 − τ), or 0 when τ = 1 (every batch is one job). */
  private readonly inverseLogQ: number;
  private readonly stream: RandomStream;

  constructor(params: { readonly rate: number; readonly ca2: number }, stream: RandomStream) {
    recordParameter('params', params);
    recordParameter('stream', stream, { next: 'function' });
    this.rate = positiveRate('rate', params.rate);
    this.ca2 = scvAtLeastOne('ca2', params.ca2);
    this.tau = 2 / (1 + this.ca2);
    this.batchRate = this.tau * this.rate;
    this.inverseLogQ = this.tau === 1 ? 0 : 1 / Math.log1p(-this.tau);
    this.stream = stream;
  }

  next(): number {
    const gap = exponential(this.stream, this.batchRate);
    // ln(1 − U) ≤ 0 and 1/ln(1 − τ) < 0: the quotient is ≥ 0; U < 1 keeps it finite.
    this.batch = this.inverseLogQ === 0 ? 1 : 1 + Math.floor(Math.log(1 - this.stream.next()) * this.inverseLogQ);
    return gap;
  }
}

/**
 * Constant bit rate: one job every 1/rate time units, the first at `phase` (default 1/rate, i.e. a
 * full gap after the start). Deterministic: needs no stream.
 *
 * @throws InvalidParameterError if rate is not a finite number > 0 or phase is not in [0, 1/rate].
 * @example const c = new ConstantRateArrivals({ rate: 4, phase: 0.1 }); [c.next(), c.next()]; // [0.1, 0.25]
 */
export class ConstantRateArrivals implements ArrivalProcess {
  readonly rate: number;
  readonly batch = 1;
  private readonly interval: number;
  private first: number;

  constructor(params: { readonly rate: number; readonly phase?: number }) {
    recordParameter('params', params);
    this.rate = positiveRate('rate', params.rate);
    this.interval = 1 / this.rate;
    const phase = params.phase ?? this.interval;
    if (typeof phase !== 'number' || !(phase >= 0 && phase <= this.interval)) {
      throw new InvalidParameterError('phase', `a number in [0, 1/rate = ${this.interval}]`, params.phase);
    }
    this.first = phase;
  }

  next(): number {
    if (this.first >= 0) {
      const gap = this.first;
      this.first = -1;
      return gap;
    }
    return this.interval;
  }
}

/**
 * On/off arrivals: on and off periods alternate, exponential with means `meanOn` and `meanOff`,
 * starting in an off period (or on, with `startOn`); during an on period jobs arrive as a Poisson
 * process at `peakRate` (`pattern: 'poisson'`, default) or one every 1/peakRate (`'cbr'`, the
 * first a full gap into the period). An on period's unused remainder is discarded at its end: the
 * next arrival is drawn afresh in the next on period (exact for Poisson by memorylessness). Long-run
 * rate: peakRate·meanOn/(meanOn + meanOff) for Poisson; for CBR an on period of length X holds
 * ⌊peakRate·X⌋ jobs, E⌊peakRate·X⌋ = 1/(e^(1/a) − 1) with a = peakRate·meanOn, so the rate is
 * that over (meanOn + meanOff).
 *
 * @throws InvalidParameterError for a peakRate, meanOn or meanOff that is not a finite number > 0,
 *   or an unknown pattern.
 * @example new OnOffArrivals({ peakRate: 10, meanOn: 1, meanOff: 3 }, stream).rate; // 2.5
 */
export class OnOffArrivals implements ArrivalProcess {
  readonly rate: number;
  readonly batch = 1;
  private readonly peakRate: number;
  private readonly meanOn: number;
  private readonly meanOff: number;
  private readonly cbr: boolean;
  private readonly stream: RandomStream;
  /** Time left in the current on period (≤ 0: currently off, a new on period must be drawn). */
  private onLeft: number;

  constructor(
    params: {
      readonly peakRate: number;
      readonly meanOn: number;
      readonly meanOff: number;
      readonly pattern?: 'poisson' | 'cbr';
      readonly startOn?: boolean;
    },
    stream: RandomStream,
  ) {
    recordParameter('params', params);
    recordParameter('stream', stream, { next: 'function' });
    this.peakRate = positiveRate('peakRate', params.peakRate);
    this.meanOn = positiveRate('meanOn', params.meanOn);
    this.meanOff = positiveRate('meanOff', params.meanOff);
    const pattern = params.pattern ?? 'poisson';
    if (pattern !== 'poisson' && pattern !== 'cbr') throw new InvalidParameterError('pattern', "one of 'poisson', 'cbr'", pattern);
    this.cbr = pattern === 'cbr';
    const a = this.peakRate * this.meanOn;
    this.rate = (this.cbr ? 1 / Math.expm1(1 / a) : a) / (this.meanOn + this.meanOff);
    this.stream = stream;
    this.onLeft = params.startOn === true ? exponential(stream, 1 / this.meanOn) : 0;
  }

  next(): number {
    let elapsed = 0;
    for (;;) {
      if (this.onLeft <= 0) {
        elapsed += exponential(this.stream, 1 / this.meanOff);
        this.onLeft = exponential(this.stream, 1 / this.meanOn);
      }
      const gap = this.cbr ? 1 / this.peakRate : exponential(this.stream, this.peakRate);
      if (gap <= this.onLeft) {
        this.onLeft -= gap;
        return elapsed + gap;
      }
      elapsed += this.onLeft;
      this.onLeft = 0;
    }
  }
}

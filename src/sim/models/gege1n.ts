/**
 * The model-level simulator of the GE-type queues: GE/GE/1/K (K finite or infinite) with optional
 * thresholds and per-regime service rates, with exactly the semantics of the exact chain of
 * docs/models.md §5 (the one `solveGeQueueExact` solves), so that simulation and analysis compare like
 * with like.
 *
 * Semantics (docs/models.md §1.3, §1.4):
 * - Arrivals GE(λ, Ca²): batches at rate τλ, geometric size (mean 1/τ), τ = 2/(1 + Ca²).
 * - A batch's members are offered one at a time at the same instant. Partial acceptance (default):
 *   each is admitted while n < K, lost otherwise. Whole-batch rejection (option
 *   `batchAcceptance: 'whole'`): a batch of size B is admitted only if n + B ≤ K, else all of it is lost.
 * - A job reaching an idle server (on arrival, or after a departure) has zero work with probability
 *   1 − σ(j), j the number present with it, and then leaves at once — before the next member of its
 *   batch is offered; after every departure the next job starts, and so on (bulk departures).
 * - Work-based service: a job's non-zero work is exponential; in state n it completes at rate
 *   σ(n)μ(n) (σ(n) = 2/(1 + Cs²(n)), μ(n) the rate of n's regime). Because the work is exponential,
 *   when n moves into another regime the remaining time to completion is rescaled by
 *   σ(n_old)μ(n_old)/σ(n_new)μ(n_new), which is exact (docs/models.md §1.4). With one Cs² this is "work w,
 *   0 with probability 1 − σ, else Exp(σ), drained at rate μ(n)". With a per-regime Cs² (option
 *   `regimeCs2`) it is the assumption the exact chain makes (src/me/exact.ts): the rate switches
 *   with the regime, as μ(n) does; the closed forms are not exact then (docs/models.md §4.1).
 *
 * Metrics, under the names of `GeQueueResult`: probabilities (time fractions P(0..K), finite K only),
 * emptyProbability, fullProbability, blockingProbability = jobs lost / jobs offered,
 * meanQueueLength, utilization = 1 − P(0), throughput = jobs departed per unit time (zero-work jobs
 * included), responseTime = L/throughput (Little), regimeProbabilities.
 *
 * The simulation loop ({@link GeQueueKernel}) is a specialised next-event loop over typed state:
 * two clocks (next batch epoch, next completion), no event calendar, no allocation per event, draws
 * from the named streams, and every happening emitted to a {@link QueueRecorder}. Measured
 * (benchmarks/sim.ts, one core, machine shared): 11 million customers per second on M/M/1/50 at
 * ρ = 0.9 against about 5.5 million for the same queue written on the general engine with
 * closures and a single time average; 14–20 million on the GE cases of the thesis. See docs/sim.md
 * "Fast paths".
 */
import { InvalidParameterError } from '../../core/errors.js';
import { integerAtLeast, knownKeys, oneOf, plainObject, positiveRate, scvAtLeastOne } from '../../core/guards.js';
import type { SimRandom } from '../random/streams.js';
import type { QueueRecorder } from './recorders.js';
import { recordParameter } from '../../core/shapes.js';

/** Parameters of the simulated GE-type queue (the names of `solveGeQueueExact`'s params). */
export interface GeQueueSimParams {
  /** λ, offered arrival rate (jobs per unit time, lost jobs included), > 0. */
  readonly lambda: number;
  /** Ca² ≥ 1 of the inter-arrival times (default 1). */
  readonly ca2?: number;
  /** Cs² ≥ 1 of the service times (default 1; absent when `regimeCs2` is given). */
  readonly cs2?: number;
  /** K: an integer ≥ 1, or Infinity (also the strings "inf" / "Infinity" in JSON files). */
  readonly capacity: number | 'inf' | 'Infinity';
  /**
   * Thresholds T_1 < T_2 < … (integers ≥ 1, ≤ K + 1 when K is finite): T_r is the first state
   * served at mu[r]. Default none.
   */
  readonly thresholds?: readonly number[];
  /** One rate, one rate per regime (with thresholds), or μ(1..K) per state (finite K, no thresholds). */
  readonly mu: number | readonly number[];
  /** A Cs² per regime (one per mu entry; with thresholds or a single mu). Replaces cs2. */
  readonly regimeCs2?: readonly number[];
  /** 'partial' (default, docs/models.md §1.3 rule 2) or 'whole' (a batch that does not fit is lost whole). */
  readonly batchAcceptance?: 'partial' | 'whole';
}

/** The checked form the kernel runs. */
export interface GeQueueSimSpec {
  readonly lambda: number;
  readonly ca2: number;
  readonly cs2: number | readonly number[];
  readonly capacity: number;
  readonly thresholds: readonly number[];
  readonly mu: readonly number[];
  readonly batchAcceptance: 'partial' | 'whole';
  /** First state of each regime (regime r covers starts[r]..starts[r+1] − 1). */
  readonly starts: readonly number[];
  /** σ of each regime. */
  readonly regimeSigma: readonly number[];
  /** True when `mu` came per state (μ(1..K)). */
  readonly perState: boolean;
}

const KEYS = ['lambda', 'ca2', 'cs2', 'capacity', 'thresholds', 'mu', 'regimeCs2', 'batchAcceptance'] as const;

/** Largest finite capacity accepted (the per-state table holds K + 1 doubles). */
export const MAX_SIM_CAPACITY = 10_000_000;

function capacityOf(value: unknown): number {
  if (value === Infinity || value === 'inf' || value === 'Infinity') return Infinity;
  const k = integerAtLeast('capacity', value, 1);
  if (k > MAX_SIM_CAPACITY) throw new InvalidParameterError('capacity', `an integer in 1..${MAX_SIM_CAPACITY} or Infinity`, value);
  return k;
}

/**
 * Checks the parameters of the simulated queue (same rules as the analytic front door, written
 * out here because `sim` may not import `me`).
 *
 * @throws InvalidParameterError naming the parameter, the rule and the value.
 * @example checkGeQueueSimParams({ lambda: 5, mu: [8, 16], thresholds: [8], capacity: 16 }).starts; // [1, 8]
 */
export function checkGeQueueSimParams(params: unknown): GeQueueSimSpec {
  const p = plainObject('params', params);
  knownKeys('params', p, KEYS);
  const lambda = positiveRate('lambda', p.lambda);
  const ca2 = p.ca2 === undefined ? 1 : scvAtLeastOne('ca2', p.ca2);
  if (p.regimeCs2 !== undefined && p.cs2 !== undefined) throw new InvalidParameterError('cs2', 'absent when regimeCs2 is given', p.cs2);
  const cs2 = p.cs2 === undefined ? 1 : scvAtLeastOne('cs2', p.cs2);
  const capacity = capacityOf(p.capacity);
  const batchAcceptance = p.batchAcceptance === undefined ? 'partial' : oneOf('batchAcceptance', p.batchAcceptance, ['partial', 'whole'] as const);
  let thresholds: number[] = [];
  if (p.thresholds !== undefined) {
    if (!Array.isArray(p.thresholds)) throw new InvalidParameterError('thresholds', 'an array of integers', p.thresholds);
    thresholds = p.thresholds.map((t: unknown, i: number) => {
      if (typeof t !== 'number' || !Number.isInteger(t) || t < 1 || t > capacity + 1) {
        const rule = Number.isFinite(capacity) ? `an integer within 1..capacity+1 = 1..${capacity + 1}` : 'an integer >= 1';
        throw new InvalidParameterError(`thresholds[${i}]`, rule, t);
      }
      return t;
    });
    for (let i = 1; i < thresholds.length; i++) {
      if (!(thresholds[i]! > thresholds[i - 1]!)) throw new InvalidParameterError('thresholds', 'strictly increasing', p.thresholds);
    }
  }
  let mu: number[];
  let starts: number[];
  let perState = false;
  if (typeof p.mu === 'number') {
    if (thresholds.length > 0) {
      throw new InvalidParameterError('mu', `an array of ${thresholds.length + 1} rates (one more than the thresholds)`, p.mu);
    }
    mu = [positiveRate('mu', p.mu)];
    starts = [1];
  } else if (Array.isArray(p.mu)) {
    if (thresholds.length > 0 || p.mu.length === 1) {
      if (p.mu.length !== thresholds.length + 1) {
        throw new InvalidParameterError('mu', `an array of ${thresholds.length + 1} rates (one more than the ${thresholds.length} thresholds)`, p.mu);
      }
      mu = p.mu.map((m: unknown, i: number) => positiveRate(`mu[${i}]`, m));
      starts = [1, ...thresholds];
    } else {
      if (!Number.isFinite(capacity) || p.mu.length !== capacity) {
        throw new InvalidParameterError(
          'mu',
          'one rate, one rate per regime with thresholds, or capacity rates mu(1..K) for a finite capacity',
          p.mu,
        );
      }
      const perStateMu = p.mu.map((m: unknown, i: number) => positiveRate(`mu[${i}]`, m));
      perState = true;
      mu = [perStateMu[0]!];
      starts = [1];
      for (let n = 2; n <= capacity; n++) {
        if (perStateMu[n - 1] !== mu[mu.length - 1]) {
          starts.push(n);
          mu.push(perStateMu[n - 1]!);
        }
      }
    }
  } else {
    throw new InvalidParameterError('mu', 'a rate > 0 or an array of rates', p.mu);
  }
  let regimeSigma = mu.map(() => 2 / (1 + cs2));
  let cs2Out: number | number[] = cs2;
  if (p.regimeCs2 !== undefined) {
    if (perState) throw new InvalidParameterError('regimeCs2', 'given only with thresholds or a single mu', p.regimeCs2);
    if (!Array.isArray(p.regimeCs2) || p.regimeCs2.length !== mu.length) {
      throw new InvalidParameterError('regimeCs2', `an array of ${mu.length} SCVs (one per mu entry)`, p.regimeCs2);
    }
    cs2Out = p.regimeCs2.map((c: unknown, i: number) => scvAtLeastOne(`regimeCs2[${i}]`, c));
    regimeSigma = cs2Out.map((c) => 2 / (1 + c));
  }
  return { lambda, ca2, cs2: cs2Out, capacity, thresholds, mu: perState ? (p.mu as number[]).slice() : mu, batchAcceptance, starts, regimeSigma, perState };
}

/** The regime rates of a spec (μ per regime, even when given per state). */
function regimeRates(spec: GeQueueSimSpec): number[] {
  if (!spec.perState) return spec.mu.slice();
  return spec.starts.map((s) => spec.mu[s - 1]!);
}

/**
 * The simulation loop of the GE-type queue. A class because it holds the state between calls to
 * `run`: the run layer runs the warm-up, resets the recorder, then runs the measured part.
 *
 * @example
 * const streams = new RandomStreams(1);
 * const stats = new QueueStatistics(17);
 * const k = new GeQueueKernel(checkGeQueueSimParams({ lambda: 5, mu: [8, 16], thresholds: [8], capacity: 16, ca2: 5, cs2: 7 }),
 *   streams.stream('arrivals'), streams.stream('service'), stats);
 * k.run(Infinity, 1e6); // a million jobs offered
 */
export class GeQueueKernel {
  /** Simulated time of the last event processed. */
  now = 0;
  /** Jobs present (the one in service included). */
  present = 0;
  /** Jobs offered so far (all calls). */
  offered = 0;
  /** Events (batch arrivals and service completions) processed so far. */
  events = 0;
  private nextArrival: number;
  private nextCompletion = Infinity;
  private readonly capacity: number;
  private readonly whole: boolean;
  private readonly batchRate: number;
  /** 1/ln(1 − τ), 0 when τ = 1. */
  private readonly inverseLogQ: number;
  /** hazard[n] = σ(n)μ(n) and keep[n] = σ(n), for n < tableSize; beyond, the last regime's. */
  private readonly hazard: Float64Array;
  private readonly keep: Float64Array;
  private readonly tableSize: number;
  private readonly lastHazard: number;
  private readonly lastKeep: number;

  constructor(
    spec: GeQueueSimSpec,
    private readonly arrivals: SimRandom,
    private readonly service: SimRandom,
    private readonly recorder: QueueRecorder,
  ) {
    recordParameter('spec', spec, { thresholds: 'array', mu: 'array', starts: 'array' });
    recordParameter('arrivals', arrivals, { next: 'function' });
    recordParameter('service', service, { next: 'function' });
    recordParameter('recorder', recorder, { batch: 'function', departure: 'function' });
    this.capacity = spec.capacity;
    this.whole = spec.batchAcceptance === 'whole';
    const tau = 2 / (1 + spec.ca2);
    this.batchRate = tau * spec.lambda;
    this.inverseLogQ = tau === 1 ? 0 : 1 / Math.log1p(-tau);
    const rates = regimeRates(spec);
    const lastStart = spec.starts[spec.starts.length - 1]!;
    this.tableSize = Number.isFinite(spec.capacity) ? spec.capacity + 1 : lastStart + 1;
    this.hazard = new Float64Array(this.tableSize);
    this.keep = new Float64Array(this.tableSize);
    let r = 0;
    for (let n = 1; n < this.tableSize; n++) {
      while (r + 1 < spec.starts.length && spec.starts[r + 1]! <= n) r++;
      this.keep[n] = spec.regimeSigma[r]!;
      this.hazard[n] = spec.regimeSigma[r]! * rates[r]!;
    }
    const last = spec.starts.length - 1;
    this.lastKeep = spec.regimeSigma[last]!;
    this.lastHazard = spec.regimeSigma[last]! * rates[last]!;
    this.nextArrival = -Math.log(1 - arrivals.next()) / this.batchRate;
  }

  /**
   * Processes events while the next one is before `until` and fewer than `maxOffered` jobs have
   * been offered in total (a batch that crosses `maxOffered` is processed whole). Leaves `now` at
   * the last event processed.
   */
  run(until: number, maxOffered: number): void {
    // Everything the loop touches lives in locals: V8 keeps them in registers (see docs/sim.md).
    const arrivals = this.arrivals;
    const service = this.service;
    const recorder = this.recorder;
    const hazard = this.hazard;
    const keep = this.keep;
    const size = this.tableSize;
    const lastHazard = this.lastHazard;
    const lastKeep = this.lastKeep;
    const capacity = this.capacity;
    const whole = this.whole;
    const batchRate = this.batchRate;
    const inverseLogQ = this.inverseLogQ;
    const keep1 = size > 1 ? keep[1]! : lastKeep;
    const hazard1 = size > 1 ? hazard[1]! : lastHazard;
    let t = this.now;
    let n = this.present;
    let offered = this.offered;
    let events = this.events;
    let tA = this.nextArrival;
    let tD = this.nextCompletion;
    for (;;) {
      if (tA < tD) {
        if (!(tA < until) || offered >= maxOffered) break;
        t = tA;
        events++;
        const b = inverseLogQ === 0 ? 1 : 1 + Math.floor(Math.log(1 - arrivals.next()) * inverseLogQ);
        tA = t - Math.log(1 - arrivals.next()) / batchRate;
        offered += b;
        const before = n;
        let k = b;
        let lost = 0;
        let instant = 0;
        if (whole && before + b > capacity) {
          lost = b;
          k = 0;
        }
        // Members meeting an idle server: zero work with probability 1 − σ(1), then gone at once.
        while (k > 0 && n === 0) {
          k--;
          if (keep1 < 1 && service.next() >= keep1) instant++; // no draw when σ = 1: work is never 0
          else {
            n = 1;
            tD = t - Math.log(1 - service.next()) / hazard1;
          }
        }
        // The state the job in service (if any) last had its completion time drawn or rescaled for.
        const from = before > 0 ? before : n;
        if (k > 0) {
          const room = capacity - n;
          if (k <= room) n += k;
          else {
            n = capacity;
            lost += k - room;
          }
        }
        if (from > 0 && n !== from) {
          // Exponential remaining work: rescale the time left to the new state's rate.
          const hOld = from < size ? hazard[from]! : lastHazard;
          const hNew = n < size ? hazard[n]! : lastHazard;
          if (hOld !== hNew) tD = t + ((tD - t) * hOld) / hNew;
        }
        recorder.batch(t, n, b, lost, instant);
      } else {
        if (!(tD < until)) break;
        t = tD;
        events++;
        n--;
        let d = 1;
        // The next job starts; zero work (probability 1 − σ(n)) means it leaves at once too.
        while (n > 0) {
          const keepN = n < size ? keep[n]! : lastKeep;
          if (keepN === 1 || service.next() < keepN) break;
          n--;
          d++;
        }
        tD = n > 0 ? t - Math.log(1 - service.next()) / (n < size ? hazard[n]! : lastHazard) : Infinity;
        recorder.departure(t, n, d);
      }
    }
    this.now = t;
    this.present = n;
    this.offered = offered;
    this.events = events;
    this.nextArrival = tA;
    this.nextCompletion = tD;
  }
}

/**
 * InfiniBand congestion control (IBA 1.2.1 annex A10, as described in Gran et al. and the DRB paper (Lugones et al.);
 * docs/models.md §10): the switch side decides FECN marking per packet, the source side (a channel
 * adapter's flow) holds an index into a Congestion Control Table of injection-rate delays.
 *
 * Units: times in seconds; the bandwidth B and the rate limit in the caller's rate unit; buffer
 * occupancy, capacity and packet sizes in one unit of the caller's choice (bytes, credits, packets).
 */
import { InvalidParameterError } from '../core/errors.js';
import { finiteNumber, integerAtLeast, knownKeys, nonNegativeNumber, numberInRange, oneOf, plainObject, positiveRate } from '../core/guards.js';
import type { RandomStream } from '../core/random.js';

/**
 * The CC parameter values of Gran et al. (its Table I), which it found robust across traffic
 * patterns. `cctiTimer` is in the IBA's timer unit (see {@link IBA_CCTI_TIMER_UNIT}): use
 * `cctiTimer * IBA_CCTI_TIMER_UNIT` seconds as {@link IbCcSourceParams.timerPeriod}. The seed does
 * not list its CCT; {@link defaultCongestionControlTable} is this library's choice.
 */
export const IB_CC_SEED_PARAMETERS = Object.freeze({
  cctiIncrease: 1,
  cctiLimit: 127,
  cctiMin: 0,
  cctiTimer: 150,
  threshold: 15,
  markingRate: 0,
  packetSize: 0,
});

/**
 * Seconds per unit of CCTI_Timer: 1.024 µs. This value is from the IBA specification (annex A10),
 * not from the seeds, which give the timer only as the count 150; check it against the specification
 * you model. 150 units = 153.6 µs.
 */
export const IBA_CCTI_TIMER_UNIT = 1.024e-6;

/**
 * The library's default Congestion Control Table: IRD[i] = i for i = 0..limit, so after k net
 * BECNs (CCTI = k) the rate limit is B/(1 + k) — halved by the first BECN, a third after the second.
 * (The seeds do not give a table; this linear one is documented here so results can be reproduced.)
 *
 * @param limit the last index (CCTI_Limit), an integer ≥ 0; default 127 (the seed's CCTI_Limit).
 * @throws InvalidParameterError if limit is not an integer in 0..16383.
 * @example defaultCongestionControlTable(3); // → [0,1,2,3]
 */
export function defaultCongestionControlTable(limit = 127): number[] {
  integerAtLeast('limit', limit, 0);
  if (limit > 16383) throw new InvalidParameterError('limit', 'an integer <= 16383', limit);
  return Array.from({ length: limit + 1 }, (_, i) => i);
}

/**
 * The buffer occupancy at which a port-VL with Threshold weight w enters the congestion state.
 * The IBA leaves the mapping to the switch designer; the seed says only that 0 means "never mark"
 * and 1..15 are uniformly decreasing thresholds (1 high, 15 low). This library maps
 *
 *     threshold(w) = capacity · (16 − w)/16   for w = 1..15,   Infinity for w = 0,
 *
 * so w = 1 is 15/16 of the buffer and w = 15 is 1/16 of it; the port-VL is over the threshold when
 * its occupancy is ≥ threshold(w).
 *
 * @param weight integer 0..15; @param capacity the port-VL buffer size (> 0, any unit).
 * @throws InvalidParameterError for a weight outside 0..15 or a capacity not > 0.
 * @example thresholdOccupancy(15, 32); // → 2
 */
export function thresholdOccupancy(weight: number, capacity: number): number {
  if (!(Number.isInteger(weight) && weight >= 0 && weight <= 15)) throw new InvalidParameterError('threshold', 'an integer in 0..15', weight);
  positiveRate('capacity', capacity);
  return weight === 0 ? Infinity : (capacity * (16 - weight)) / 16;
}

/** Parameters of {@link IbCcSwitchMarker}. */
export interface IbCcSwitchMarkerParams {
  /** Threshold weight 0..15 (0 = never mark, 15 = lowest threshold); see {@link thresholdOccupancy}. */
  readonly threshold: number;
  /** The port-VL buffer size in the occupancy unit (> 0). */
  readonly capacity: number;
  /** Victim_Mask of the port: enter the congestion state even without credits (typically set on ports to HCAs). Default false. */
  readonly victimMask?: boolean;
  /** Packet_Size: packets smaller than this (in the occupancy unit) are never marked. Default 0. */
  readonly packetSize?: number;
  /**
   * The threshold as a fraction of `capacity` in (0, 1], instead of the weight's mapping (the DRB paper (Lugones et al.),
   * §5: "Switch threshold is set at 80% of port buffer size"). When given, `threshold` is ignored
   * except that 0 still means never mark.
   */
  readonly thresholdFraction?: number;
  /** Marking_Rate: mean number of eligible packets sent between marked ones; 0 = mark every eligible packet. Default 0. */
  readonly markingRate?: number;
  /**
   * Optional stream: without it the gaps between marks are exactly `markingRate` eligible packets;
   * with it they are geometric with mean `markingRate` (P(gap = k) = p(1−p)^k, p = 1/(1 + markingRate)).
   */
  readonly random?: RandomStream;
}

/**
 * The switch side of IB CC for one port-VL: decides, packet by packet, whether to set FECN.
 *
 * A port-VL is in the **congestion state** when its occupancy is ≥ {@link thresholdOccupancy}(threshold,
 * capacity) and it is the **root** of congestion — it has credits to send downstream — or Victim_Mask
 * is set on the port (without credits it is a **victim** and does not enter the state). A packet
 * leaving a port-VL in the congestion state is **eligible** if its size is ≥ Packet_Size; eligible
 * packets are marked one in every Marking_Rate + 1 (the first eligible packet is marked).
 *
 * The switch model calls {@link onDeparture} for each packet leaving the port-VL and passes what it
 * knows; the marker keeps only the Marking_Rate counter (no events, queues or time). Per-packet calls
 * allocate nothing and never throw.
 *
 * @example
 * const sw = new IbCcSwitchMarker({ threshold: 15, capacity: 32 });
 * sw.onDeparture(8, true, 2); // → true  (8 ≥ 2 = 32/16, has credits: root)
 * sw.onDeparture(8, false, 2); // → false (no credits: victim)
 */
export class IbCcSwitchMarker {
  readonly threshold: number;
  readonly capacity: number;
  readonly victimMask: boolean;
  readonly packetSize: number;
  readonly markingRate: number;
  /** The occupancy at which the port-VL is over its threshold (Infinity for threshold 0). */
  readonly thresholdOccupancy: number;
  private readonly random: RandomStream | undefined;
  private readonly lnKeep: number;
  /** Eligible packets still to pass unmarked before the next mark. */
  private skip = 0;

  /** @throws InvalidParameterError for a parameter outside its rule (see {@link IbCcSwitchMarkerParams}). */
  constructor(params: IbCcSwitchMarkerParams) {
    const p = plainObject('params', params);
    knownKeys('params', p, ['threshold', 'capacity', 'victimMask', 'packetSize', 'markingRate', 'random', 'thresholdFraction']);
    const byWeight = thresholdOccupancy(p.threshold as number, p.capacity as number);
    this.thresholdOccupancy =
      p.thresholdFraction === undefined || byWeight === Infinity
        ? byWeight
        : numberInRange('thresholdFraction', p.thresholdFraction, Number.MIN_VALUE, 1) * (p.capacity as number);
    this.threshold = p.threshold as number;
    this.capacity = p.capacity as number;
    if (p.victimMask !== undefined && typeof p.victimMask !== 'boolean') throw new InvalidParameterError('victimMask', 'a boolean', p.victimMask);
    this.victimMask = p.victimMask === true;
    this.packetSize = p.packetSize === undefined ? 0 : nonNegativeNumber('packetSize', p.packetSize);
    this.markingRate = p.markingRate === undefined ? 0 : integerAtLeast('markingRate', p.markingRate, 0);
    if (p.random !== undefined && (typeof p.random !== 'object' || p.random === null || typeof (p.random as RandomStream).next !== 'function')) {
      throw new InvalidParameterError('random', 'a RandomStream ({ next(): number })', p.random);
    }
    this.random = p.random as RandomStream | undefined;
    this.lnKeep = Math.log(this.markingRate / (1 + this.markingRate)); // ln(1 − p)
  }

  /** Whether the port-VL is in the congestion state: over the threshold and a root (has credits) or Victim_Mask set. */
  isCongested(occupancy: number, hasCredits: boolean): boolean {
    return occupancy >= this.thresholdOccupancy && (hasCredits || this.victimMask);
  }

  /**
   * A packet of size `packetSize` leaves the port-VL; returns whether to set its FECN bit.
   * @param occupancy the port-VL's buffer occupancy when the packet is chosen (the packet included).
   * @param hasCredits whether the port-VL has credits to send downstream (root rather than victim).
   * @param packetSize the packet's size in the occupancy unit.
   */
  onDeparture(occupancy: number, hasCredits: boolean, packetSize: number): boolean {
    if (!this.isCongested(occupancy, hasCredits) || !(packetSize >= this.packetSize)) return false;
    if (this.skip > 0) {
      this.skip--;
      return false;
    }
    this.skip = this.markingRate === 0 ? 0 : this.random === undefined ? this.markingRate : this.geometricGap();
    return true;
  }

  private geometricGap(): number {
    // Inversion: k = floor(ln(1 − U)/ln(1 − p)), 1 − U in (0, 1].
    return Math.floor(Math.log(1 - this.random!.next()) / this.lnKeep);
  }
}

/** Parameters of {@link IbCcSource}. */
export interface IbCcSourceParams {
  /** B, the bandwidth of the source's link (> 0, the rate unit of the rate limit). */
  readonly bandwidth: number;
  /** The Congestion Control Table: IRD values (finite, ≥ 0), indexed by CCTI. Default {@link defaultCongestionControlTable}(cctiLimit). */
  readonly table?: readonly number[];
  /** CCTI_Increase, added to CCTI on each BECN: integer ≥ 0. Default 1 (seed). */
  readonly cctiIncrease?: number;
  /** CCTI_Limit, the largest CCTI: integer, ≤ table length − 1. Default 127 (seed), or the table's last index when a table is given. */
  readonly cctiLimit?: number;
  /** CCTI_Min, the smallest CCTI and the starting value: integer in 0..cctiLimit. Default 0 (seed). */
  readonly cctiMin?: number;
  /** The CCTI_Timer period in seconds (> 0). Default 150 × 1.024 µs = 153.6 µs (seed's 150, IBA unit). */
  readonly timerPeriod?: number;
  /** When the timer starts (s); it expires at timerStart + k·timerPeriod, k = 1, 2, … Default 0. Flows of one SL share the phase by sharing this. */
  readonly timerStart?: number;
  /**
   * BECNs per CCTI_Increase step: integer ≥ 1, default 1 (the specification: every BECN). Seed drb-…'s
   * variant (§5: "Injection Rate Delay … is incremented in 5 µs, each time that 10 congestion
   * notifications are received") uses 10 with a table of 5 µs steps.
   */
  readonly becnsPerIncrease?: number;
  /**
   * What a CCTI_Timer expiry does (default 'timer'): 'timer' lowers CCTI by 1 at every expiry, the
   * timer running freely (the specification as Gran et al. read it: "when the timer expires the CCTI
   * is decremented by one"); 'quiet' lowers it only if no BECN arrived since the previous expiry
   * (the DRB paper (Lugones et al.), §3: "Whenever the timer expires, if no congestion notifications are
   * received injection is gradually recovered"). An expiry's period is [previous expiry, expiry): a
   * BECN at the very time of an expiry counts for the next one (expiries at `now` come first).
   */
  readonly recovery?: IbCcRecovery;
}

/** What a CCTI_Timer expiry does; see {@link IbCcSourceParams.recovery}. */
export type IbCcRecovery = 'timer' | 'quiet';

/**
 * The source side of IB CC for one flow (a QP, or an SL when CC works per SL): a CCT index CCTI
 * that each BECN raises by CCTI_Increase (up to CCTI_Limit) and each CCTI_Timer expiry lowers by 1
 * (down to CCTI_Min); the flow's rate limit is B/(1 + IRD) with IRD = table[CCTI] (the DRB paper (Lugones et al.)).
 *
 * The timer runs freely: it expires at timerStart + k·timerPeriod whether or not BECNs arrive; with
 * `recovery: 'quiet'` an expiry that follows a BECN in its period leaves CCTI where it is.
 * The host model tells the source only the time: {@link onBecn}(now) when a BECN arrives,
 * {@link advance}(now) (alias {@link onTimer}) to apply the expiries up to now — it can schedule that
 * call at {@link nextTimerExpiry} — and reads {@link currentRateLimit}(). Expiries at exactly `now`
 * are applied before a BECN at `now`. Calls must come in nondecreasing time. The per-packet
 * methods allocate nothing; they throw only for a time earlier than the last one (state unchanged).
 *
 * @example
 * const src = new IbCcSource({ bandwidth: 20, timerPeriod: 1e-4 });
 * src.onBecn(0); src.currentRateLimit(); // → 10
 * src.advance(1e-4); src.currentRateLimit(); // → 20
 */
export class IbCcSource {
  readonly bandwidth: number;
  readonly table: readonly number[];
  readonly cctiIncrease: number;
  readonly cctiLimit: number;
  readonly cctiMin: number;
  readonly timerPeriod: number;
  readonly timerStart: number;
  readonly becnsPerIncrease: number;
  readonly recovery: IbCcRecovery;
  private index: number;
  /** A BECN arrived since the last expiry applied (read only with recovery 'quiet'). */
  private becnSinceExpiry = false;
  private becnsPending = 0;
  private expiries = 0;
  private lastTime = -Infinity;

  /** @throws InvalidParameterError for a parameter outside its rule (see {@link IbCcSourceParams}). */
  constructor(params: IbCcSourceParams) {
    const p = plainObject('params', params);
    knownKeys('params', p, ['bandwidth', 'table', 'cctiIncrease', 'cctiLimit', 'cctiMin', 'timerPeriod', 'timerStart', 'becnsPerIncrease', 'recovery']);
    this.bandwidth = positiveRate('bandwidth', p.bandwidth);
    let table: number[];
    if (p.table === undefined) {
      const limit = p.cctiLimit === undefined ? IB_CC_SEED_PARAMETERS.cctiLimit : integerAtLeast('cctiLimit', p.cctiLimit, 0);
      table = defaultCongestionControlTable(limit);
    } else {
      if (!Array.isArray(p.table) || p.table.length === 0) throw new InvalidParameterError('table', 'a non-empty array of IRD values', p.table);
      table = (p.table as unknown[]).map((v, i) => nonNegativeNumber(`table[${i}]`, v));
    }
    this.table = Object.freeze(table);
    this.cctiLimit = p.cctiLimit === undefined ? table.length - 1 : integerAtLeast('cctiLimit', p.cctiLimit, 0);
    if (this.cctiLimit > table.length - 1) {
      throw new InvalidParameterError('cctiLimit', `an integer <= ${table.length - 1} (the table's last index)`, this.cctiLimit);
    }
    this.cctiIncrease = p.cctiIncrease === undefined ? IB_CC_SEED_PARAMETERS.cctiIncrease : integerAtLeast('cctiIncrease', p.cctiIncrease, 0);
    this.cctiMin = p.cctiMin === undefined ? IB_CC_SEED_PARAMETERS.cctiMin : integerAtLeast('cctiMin', p.cctiMin, 0);
    if (this.cctiMin > this.cctiLimit) throw new InvalidParameterError('cctiMin', `an integer <= cctiLimit (${this.cctiLimit})`, this.cctiMin);
    this.timerPeriod =
      p.timerPeriod === undefined ? IB_CC_SEED_PARAMETERS.cctiTimer * IBA_CCTI_TIMER_UNIT : positiveRate('timerPeriod', p.timerPeriod);
    this.timerStart = p.timerStart === undefined ? 0 : finiteNumber('timerStart', p.timerStart);
    this.becnsPerIncrease = p.becnsPerIncrease === undefined ? 1 : integerAtLeast('becnsPerIncrease', p.becnsPerIncrease, 1);
    this.recovery = p.recovery === undefined ? 'timer' : oneOf('recovery', p.recovery, ['timer', 'quiet'] as const);
    this.index = this.cctiMin;
  }

  /** The flow's CCTI. */
  get ccti(): number {
    return this.index;
  }

  /** The time of the next CCTI_Timer expiry (s). */
  get nextTimerExpiry(): number {
    return this.timerStart + (this.expiries + 1) * this.timerPeriod;
  }

  /**
   * Applies every timer expiry at or before `now`: each lowers CCTI by 1, not below CCTI_Min (with
   * recovery 'quiet', except the first expiry after a BECN).
   * @throws InvalidParameterError if now is earlier than the last time given (state unchanged).
   */
  advance(now: number): void {
    if (!(now >= this.lastTime) || !Number.isFinite(now)) {
      throw new InvalidParameterError('now', `a finite time >= ${this.lastTime} (calls must come in time order)`, now);
    }
    this.lastTime = now;
    if (now < this.nextTimerExpiry) return;
    // Expiry j is at timerStart + j·period; count them in integers so the phase does not drift.
    let due = Math.floor((now - this.timerStart) / this.timerPeriod);
    if (this.timerStart + (due + 1) * this.timerPeriod <= now) due++; // rounding of the division
    let k = due - this.expiries;
    this.expiries = due;
    if (this.becnSinceExpiry) {
      // 'quiet': the first of these expiries closes a period with a BECN in it and lowers nothing.
      this.becnSinceExpiry = false;
      k--;
    }
    this.index = Math.max(this.cctiMin, this.index - k);
  }

  /** The same as {@link advance}: call it when a timer event scheduled at {@link nextTimerExpiry} fires. */
  onTimer(now: number): void {
    this.advance(now);
  }

  /**
   * A BECN arrived at `now`: the expiries up to now are applied, then CCTI += CCTI_Increase (at most
   * CCTI_Limit) — on every `becnsPerIncrease`-th BECN only, when that is more than 1.
   * @throws InvalidParameterError if now is earlier than the last time given (state unchanged).
   */
  onBecn(now: number): void {
    this.advance(now);
    if (this.recovery === 'quiet') this.becnSinceExpiry = true;
    if (++this.becnsPending < this.becnsPerIncrease) return;
    this.becnsPending = 0;
    this.index = Math.min(this.cctiLimit, this.index + this.cctiIncrease);
  }

  /** IRD = table[CCTI], the injection-rate delay in packet times. */
  currentIrd(): number {
    return this.table[this.index]!;
  }

  /** The flow's rate limit B/(1 + IRD), in the unit of `bandwidth`. */
  currentRateLimit(): number {
    return this.bandwidth / (1 + this.table[this.index]!);
  }
}

/**
 * Dynamic Routing Balancing (DRB), the source side, as the DRB paper (Lugones et al.) (Lugones et al.) adapts it to
 * InfiniBand: the switches mark packets with FECN when a VL buffer passes its threshold (IB CC's
 * switch side, {@link IbCcSwitchMarker}), the destination echoes the mark as a BECN in its
 * acknowledgement, and the source — instead of throttling — spreads its traffic over more
 * alternative paths (one LID of the destination's LMC range each).
 *
 * Rules, each with the seed's sentence (§4.1 and §5 unless said):
 * - **opening**: "one new path is opened each time that 10 notifications are received" and "a maximum
 *   of four alternative disjoint paths is used" (§5): every `notificationsPerPath` notifications,
 *   counted over the open paths since the last opening, open the next path, up to `maxPaths`.
 * - **sharing** (Eq. 1): "the alternative path C_x will be selected in the following injection
 *   according with p(C_x) = 1/Σ_i (B_x/B_i)", B_i the congestion notifications received by path C_i;
 *   i.e. p ∝ 1/B. Open point (documented choice): B_i counts notifications with a decay — each timer
 *   expiry multiplies every count by `decay` (default 0.5) — and Eq. 1 is applied to B_i + 1 so a path
 *   without notifications gets a finite, largest share. `share: 'latency'` instead weights each path
 *   by 1/L_i, L_i the mean latency its acknowledgements report (an exponential average with weight
 *   `latencyWeight`), as the original DRB does ("alternative paths are evaluated and selected based
 *   on the value of received latency", §2).
 * - **closing**: "When counter expires and no more notification packets arrive to source nodes, the
 *   connection composed by several disjoints multiple paths is gradually constricted until the
 *   original path is retrieved": at each timer expiry (period `timerPeriod`, 100 µs in §5) with no
 *   notification since the previous expiry, the last opened path is closed (one per expiry).
 *
 * Paths are numbered 0 (the original path, always open) to maxPaths − 1, opened in that order.
 * Times in seconds. The per-packet methods allocate nothing and never throw except for time going
 * backwards.
 */
import { InvalidParameterError } from '../core/errors.js';
import { finiteNumber, integerAtLeast, knownKeys, numberInRange, oneOf, plainObject, positiveRate } from '../core/guards.js';

/** The most alternative paths a DRB source handles (the acknowledgement encoding has 3 bits for the path). */
export const DRB_MAX_PATHS = 8;

/** How traffic is shared over the open paths. */
export type DrbShare = 'notifications' | 'latency';

/** Parameters of {@link DrbSource}; every one has a default (the seed's values, §5). */
export interface DrbSourceParams {
  /** Paths the source may open, the original one included: integer 1..8 (default 4, §5). */
  readonly maxPaths?: number;
  /** Notifications that open one more path (default 10, §5). */
  readonly notificationsPerPath?: number;
  /** Timer period in seconds (default 100 µs, §5). */
  readonly timerPeriod?: number;
  /** When the timer starts (s); it expires at timerStart + k·timerPeriod (default 0). */
  readonly timerStart?: number;
  /** 'notifications' (Eq. 1, default) or 'latency' (original DRB). */
  readonly share?: DrbShare;
  /** Factor in [0, 1] applied to every path's notification count at each timer expiry (default 0.5). */
  readonly decay?: number;
  /** Weight in (0, 1] of a new latency report in the path's average latency (default 0.125). */
  readonly latencyWeight?: number;
}

/**
 * One DRB source (a source–destination connection): how many paths are open, and which one the next
 * packet takes.
 *
 * @example
 * const drb = new DrbSource({ timerPeriod: 1e-4 });
 * for (let i = 0; i < 10; i++) drb.onAck(0, true, 5e-6, 1e-6 * i);
 * drb.openPaths; // → 2
 */
export class DrbSource {
  readonly maxPaths: number;
  readonly notificationsPerPath: number;
  readonly timerPeriod: number;
  readonly timerStart: number;
  readonly share: DrbShare;
  readonly decay: number;
  readonly latencyWeight: number;
  private open = 1;
  private sinceOpening = 0;
  private expiries = 0;
  private lastTime = -Infinity;
  private lastNotification = -Infinity;
  private readonly counts: Float64Array;
  private readonly latency: Float64Array;
  private readonly weights: Float64Array;
  /** Paths opened and closed so far (for reports). */
  openings = 0;
  closings = 0;

  /** @throws InvalidParameterError naming the parameter that breaks its rule. */
  constructor(params: DrbSourceParams = {}) {
    const p = plainObject('params', params);
    knownKeys('params', p, ['maxPaths', 'notificationsPerPath', 'timerPeriod', 'timerStart', 'share', 'decay', 'latencyWeight']);
    this.maxPaths = p.maxPaths === undefined ? 4 : integerAtLeast('maxPaths', p.maxPaths, 1);
    if (this.maxPaths > DRB_MAX_PATHS) throw new InvalidParameterError('maxPaths', `an integer in 1..${DRB_MAX_PATHS}`, this.maxPaths);
    this.notificationsPerPath = p.notificationsPerPath === undefined ? 10 : integerAtLeast('notificationsPerPath', p.notificationsPerPath, 1);
    this.timerPeriod = p.timerPeriod === undefined ? 100e-6 : positiveRate('timerPeriod', p.timerPeriod);
    this.timerStart = p.timerStart === undefined ? 0 : finiteNumber('timerStart', p.timerStart);
    this.share = p.share === undefined ? 'notifications' : oneOf('share', p.share, ['notifications', 'latency'] as const);
    this.decay = p.decay === undefined ? 0.5 : numberInRange('decay', p.decay, 0, 1);
    this.latencyWeight = p.latencyWeight === undefined ? 0.125 : numberInRange('latencyWeight', p.latencyWeight, Number.MIN_VALUE, 1);
    this.counts = new Float64Array(this.maxPaths);
    this.latency = new Float64Array(this.maxPaths);
    this.weights = new Float64Array(this.maxPaths);
  }

  /** Paths open now (1..maxPaths). */
  get openPaths(): number {
    return this.open;
  }

  /** The time of the next timer expiry (s). */
  get nextTimerExpiry(): number {
    return this.timerStart + (this.expiries + 1) * this.timerPeriod;
  }

  /**
   * An acknowledgement for a packet sent on `path` arrived at `now`; `marked` = it carries a BECN;
   * `latency` (s) is the packet's latency the destination recorded (used by `share: 'latency'`).
   * @throws InvalidParameterError if now is earlier than a time given before (state unchanged).
   */
  onAck(path: number, marked: boolean, latency: number, now: number): void {
    this.advance(now);
    if (path < this.maxPaths) {
      const l = this.latency[path]!;
      this.latency[path] = l === 0 ? latency : l + this.latencyWeight * (latency - l);
    }
    if (!marked) return;
    this.lastNotification = now;
    if (path < this.maxPaths) this.counts[path]!++;
    if (++this.sinceOpening >= this.notificationsPerPath) {
      this.sinceOpening = 0;
      if (this.open < this.maxPaths) {
        this.counts[this.open] = 0;
        this.latency[this.open] = 0;
        this.open++;
        this.openings++;
      }
    }
  }

  /**
   * Applies the timer expiries at or before `now`: each decays the notification counts and, when no
   * notification arrived since the previous expiry, closes the last opened path.
   * @throws InvalidParameterError if now is earlier than a time given before (state unchanged).
   */
  advance(now: number): void {
    if (!(now >= this.lastTime) || !Number.isFinite(now)) {
      throw new InvalidParameterError('now', `a finite time >= ${this.lastTime} (calls must come in time order)`, now);
    }
    this.lastTime = now;
    while (this.nextTimerExpiry <= now) {
      const at = this.nextTimerExpiry;
      this.expiries++;
      for (let i = 0; i < this.open; i++) this.counts[i]! *= this.decay;
      if (this.open > 1 && this.lastNotification <= at - this.timerPeriod) {
        this.open--;
        this.closings++;
      }
      if (this.open === 1 && this.lastNotification <= at - this.timerPeriod) {
        // Nothing more can change until a notification arrives: skip the remaining expiries at once.
        const due = Math.floor((now - this.timerStart) / this.timerPeriod);
        if (due > this.expiries) this.expiries = due;
      }
    }
  }

  /** The same as {@link advance}, for a timer event scheduled at {@link nextTimerExpiry}. */
  onTimer(now: number): void {
    this.advance(now);
  }

  /**
   * The path of the next packet, given a uniform draw u in [0, 1): path i among the open ones with
   * probability w_i/Σw, w_i = 1/(B_i + 1) ('notifications', Eq. 1) or 1/L_i ('latency'; a path with no
   * report yet takes the smallest latency reported on the others). One open path: always 0.
   */
  choosePath(u: number): number {
    const n = this.open;
    if (n === 1) return 0;
    let total = 0;
    if (this.share === 'notifications') {
      for (let i = 0; i < n; i++) total += this.weights[i] = 1 / (this.counts[i]! + 1);
    } else {
      let least = Infinity;
      for (let i = 0; i < n; i++) if (this.latency[i]! > 0 && this.latency[i]! < least) least = this.latency[i]!;
      for (let i = 0; i < n; i++) {
        const l = this.latency[i]! > 0 ? this.latency[i]! : least;
        total += this.weights[i] = Number.isFinite(l) ? 1 / l : 1;
      }
    }
    let x = u * total;
    for (let i = 0; i < n - 1; i++) {
      x -= this.weights[i]!;
      if (x < 0) return i;
    }
    return n - 1;
  }

  /** Notification count (decayed) of each path, for reports. */
  notificationCounts(): number[] {
    return Array.from(this.counts);
  }
}

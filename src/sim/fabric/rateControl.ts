/**
 * Adapters from the congestion module's control laws to the fabric's {@link InjectionControl}: the
 * ACK-driven response functions (PIPD, FIMD, LIPD, AIMD: f_dec on a marked ACK, f_inc on an unmarked
 * one; docs/models.md §10) and InfiniBand CC's CCT source (a BECN raises CCTI, the CCTI_Timer lowers it;
 * rate limit B/(1 + IRD)). Rates are in MTU-sized packets per second.
 */
import { IbCcSource, RateController, type ResponseFunction } from '../../congestion/index.js';
import type { InjectionControl } from './plugins.js';

/**
 * A flow whose rate follows a response function, starting at `initialRate` (default R_max).
 *
 * @example
 * const rc = new ResponseInjectionControl(fimd({ rMin: 1000, rMax: 256000, n: 4 }));
 * rc.onAck(true, 0); rc.rate; // → 64000
 */
export class ResponseInjectionControl implements InjectionControl {
  readonly nextTimer = Infinity;
  /** The congestion module's controller that holds the rate. */
  readonly controller: RateController;

  constructor(fn: ResponseFunction, initialRate: number = fn.rMax) {
    this.controller = new RateController(fn, initialRate);
  }

  get rate(): number {
    return this.controller.rate;
  }

  onAck(marked: boolean): void {
    this.controller.onAck(marked);
  }

  onTimer(): void {}
}

/**
 * A flow under InfiniBand CC: a BECN (a marked ACK) calls {@link IbCcSource.onBecn}; the CCTI_Timer
 * is asked for only while CCTI is above CCTI_Min (the source's timer runs freely, so skipping idle
 * expiries changes nothing).
 *
 * @example
 * const rc = new IbCcInjectionControl(new IbCcSource({ bandwidth: 1000, timerPeriod: 1e-4 }));
 * rc.onAck(true, 0); rc.rate; // → 500
 */
export class IbCcInjectionControl implements InjectionControl {
  readonly source: IbCcSource;
  rate: number;

  constructor(source: IbCcSource) {
    this.source = source;
    this.rate = source.currentRateLimit();
  }

  get nextTimer(): number {
    return this.source.ccti > this.source.cctiMin ? this.source.nextTimerExpiry : Infinity;
  }

  onAck(marked: boolean, now: number): void {
    if (marked) this.source.onBecn(now);
    else this.source.advance(now);
    this.rate = this.source.currentRateLimit();
  }

  onTimer(now: number): void {
    this.source.advance(now);
    this.rate = this.source.currentRateLimit();
  }
}

/**
 * Adapters from the congestion module's control laws to the fabric's {@link InjectionControl}: the
 * ACK-driven response functions (PIPD, FIMD, LIPD, AIMD: f_dec on a marked ACK, f_inc on an unmarked
 * one; docs/models.md §10) and InfiniBand CC's CCT source (a BECN raises CCTI, the CCTI_Timer lowers it;
 * rate limit B/(1 + IRD)). The fabric reads rates in MTU-sized packets per second; a response
 * function may work in a smaller unit (the thesis's 64-byte blocks per second).
 */
import { IbCcSource, RateController, type ResponseFunction } from '../../../congestion/index.js';
import type { GapRule, InjectionControl } from '../plugins.js';
import { optionsParameter, recordParameter } from '../../../core/shapes.js';

/** Options of {@link ResponseInjectionControl}. */
export interface ResponseInjectionOptions {
  /**
   * Rate units in one MTU-sized packet (default 1: the response function's rates are MTU packets per
   * second). The thesis's unit reading (docs/fabric.md) is 64-byte blocks per second: 32 units in a
   * 2048-byte packet.
   */
  readonly unitsPerPacket?: number;
  /** The rate before the first ACK, in the response function's unit (default its R_max). */
  readonly initialRate?: number;
  /** What a rate change does to the pending inter-packet gap (default 'shorten'; {@link InjectionControl.gapRule}). */
  readonly gapRule?: GapRule;
}

/**
 * A flow whose rate follows a response function, starting at `initialRate` (default R_max). The
 * function works in its own rate unit; the fabric reads {@link rate} in MTU packets per second.
 *
 * @example
 * const rc = new ResponseInjectionControl(fimd({ rMin: 1000, rMax: 256000, n: 4 }));
 * rc.onAck(true, 0); rc.rate; // → 64000
 */
export class ResponseInjectionControl implements InjectionControl {
  readonly nextTimer = Infinity;
  /** The congestion module's controller that holds the rate (in the function's unit). */
  readonly controller: RateController;
  /** Rate units per MTU packet. */
  readonly unitsPerPacket: number;
  readonly gapRule: GapRule;

  constructor(fn: ResponseFunction, options: ResponseInjectionOptions = {}) {
    recordParameter('fn', fn, { rMin: 'number', rMax: 'number', increase: 'function', decrease: 'function', recoveryTime: 'function' });
    optionsParameter('options', options);
    this.controller = new RateController(fn, options.initialRate ?? fn.rMax);
    this.unitsPerPacket = options.unitsPerPacket ?? 1;
    this.gapRule = options.gapRule ?? 'shorten';
  }

  /** The rate limit in MTU packets per second. */
  get rate(): number {
    return this.controller.rate / this.unitsPerPacket;
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
  /** A number initialiser keeps the field unboxed (a double stored per ACK allocates nothing). */
  rate = 0;

  constructor(source: IbCcSource) {
    recordParameter('source', source, { currentRateLimit: 'function' });
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

/**
 * The source side's response of each flow to its ACKs and timers: the rate control
 * ({@link InjectionControl}: the rate, the inter-packet gap it sets and its gap rule, the rate timer)
 * and the path selection ({@link PathSelection}: DRB's path choice and its timer). The host adapter
 * (hostAdapter.ts) sends the packets; this part sets when a flow's next packet may go (the send records' next start)
 * and asks the adapter's port to wake up or try again when that moves.
 */
import type { Engine } from '../../engine/engine.js';
import type { CompiledFabric } from '../compiled.js';
import type { FabricStats } from '../measure/measurements.js';
import type { InjectionControl } from '../plugins.js';
import type { InjectionWindows } from './injectionWindow.js';
import type { PathSelection } from './pathSelection.js';
import { ackLatency, ackLid, type encodeAck } from './sink.js';

/** What the source control asks of the host ports (host/hostAdapter.ts). */
export interface SourcePorts {
  /** Host port g asks to be woken at `at` (the earliest of its pending wake-ups is kept). */
  wakeUp(g: number, at: number): void;
  /** Host port g starts the next packet if it is idle and one may go. */
  tryOutput(g: number): void;
}

/** The rate control and path selection of every flow, with their timers. */
export class SourceControl {
  private readonly c: CompiledFabric;
  private readonly engine: Engine;
  private readonly stats: FabricStats;
  private readonly windows: InjectionWindows;
  private readonly port: SourcePorts;
  /** Global port number of host 0's port. */
  private readonly hostBase: number;
  /** The engine handlers of flow f's rate timer and path timer (argument f). */
  private readonly timers: { readonly timer: number; readonly pathTimer: number };
  /** Earliest start of flow f's next packet (the rate limiter; the host adapter sets it at each start): at 8f + 3 of the host adapter's send records (hostAdapter.ts). */
  private readonly sendF: Float64Array;
  private readonly fTimerAt: Float64Array;
  private readonly fPathTimerAt: Float64Array;

  constructor(
    c: CompiledFabric,
    engine: Engine,
    stats: FabricStats,
    windows: InjectionWindows,
    port: SourcePorts,
    hostBase: number,
    timers: { readonly timer: number; readonly pathTimer: number },
    sendF: Float64Array,
  ) {
    this.c = c;
    this.engine = engine;
    const F = c.flows.length;
    this.sendF = sendF;
    this.fTimerAt = new Float64Array(F).fill(Infinity);
    this.fPathTimerAt = new Float64Array(F).fill(Infinity);
    this.stats = stats;
    this.windows = windows;
    this.port = port;
    this.hostBase = hostBase;
    this.timers = timers;
  }

  /** An ACK of flow f arrived at its source; `ack` as encoded by the sink ({@link encodeAck}). */
  onAck(f: number, ack: number): void {
    const flow = this.c.flows[f]!;
    const now = this.engine.now;
    const marked = (ack & 1) === 1;
    const sel = flow.pathSelection;
    if (sel !== null) {
      sel.onAck(ackLid(ack), marked, ackLatency(ack), now);
      this.afterPathEvent(f, sel);
    }
    const rc = flow.rateControl;
    if (rc === null) return;
    const before = rc.rate;
    rc.onAck(marked, now);
    if (rc.gapRule === 'restart') {
      // The gap restarts at the ACK: the next packet goes one packet time at the new rate later.
      const at = now + 1 / rc.rate;
      const sooner = at < this.sendF[8 * f + 3]!;
      this.sendF[8 * f + 3] = at;
      if (sooner) this.port.wakeUp(this.hostBase + flow.source, at);
    }
    this.afterRateEvent(f, rc, before);
    if (this.windows.acked(f)) this.port.tryOutput(this.hostBase + flow.source);
  }

  /** Flow f's path-selection timer. */
  onPathTimer(f: number): void {
    const sel = this.c.flows[f]!.pathSelection!;
    this.fPathTimerAt[f] = Infinity;
    if (sel.nextTimer <= this.engine.now) sel.onTimer(this.engine.now);
    this.afterPathEvent(f, sel);
  }

  /** After flow f's path selection acted (a packet's LID chosen, an ACK, a timer): its next timer is posted. */
  afterPathEvent(f: number, sel: PathSelection): void {
    const t = sel.nextTimer;
    if (t < this.fPathTimerAt[f]!) {
      this.fPathTimerAt[f] = t;
      this.engine.post(Math.max(t, this.engine.now), this.timers.pathTimer, f, 0);
    }
  }

  /** Flow f's rate-control timer. */
  onTimer(f: number): void {
    const rc = this.c.flows[f]!.rateControl!;
    this.fTimerAt[f] = Infinity;
    const before = rc.rate;
    if (rc.nextTimer <= this.engine.now) rc.onTimer(this.engine.now);
    this.afterRateEvent(f, rc, before);
  }

  private afterRateEvent(f: number, rc: InjectionControl, before: number): void {
    const now = this.engine.now;
    if (rc.rate !== before) {
      this.stats.fRate[f]!.update(now, rc.rate);
      // A faster rate may release a packet waiting on the old inter-packet gap sooner ('shorten',
      // the default); 'rescale' also lengthens it after a slower one; 'fixed' leaves it.
      const rule = rc.gapRule ?? 'shorten';
      const last = this.sendF[8 * f + 3]!;
      if (last > now && (rule === 'rescale' || (rule === 'shorten' && rc.rate > before))) {
        this.sendF[8 * f + 3] = now + (last - now) * (before / rc.rate);
        if (rc.rate > before) this.port.tryOutput(this.hostBase + this.c.flows[f]!.source);
      }
    }
    const t = rc.nextTimer;
    if (t < this.fTimerAt[f]!) {
      this.fTimerAt[f] = t;
      this.engine.post(Math.max(t, now), this.timers.timer, f, 0);
    }
  }
}

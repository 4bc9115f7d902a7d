/**
 * The discrete-event engine: a clock and an event calendar, nothing else (STYLE.md habit 12). It
 * knows no queues, packets or statistics; components schedule actions, and the engine runs them in
 * order of (time, priority, sequence):
 *
 * - time: earlier first;
 * - priority: at equal times, the smaller number first (default 0; negative numbers run earlier);
 * - sequence: at equal time and priority, the event scheduled first runs first (a counter that
 *   grows with every `schedule` call, as SimPy's insertion counter).
 *
 * So a run is a deterministic function of what was scheduled: with the same seed, a model makes
 * the same calls and gets the same numbers.
 *
 * Two kinds of event share one calendar and one order:
 * - closure events (`schedule`, `scheduleAt`): an action and a {@link ScheduledEvent} handle that
 *   can cancel it; cancelled events stay in the calendar, flagged, and are dropped when they reach
 *   the top;
 * - handler events (`addHandler` once, then `post`): a registered handler id and two 32-bit
 *   integers, allocation-free, not cancellable — for models whose per-event path must not allocate
 *   (the switch fabric, src/sim/fabric, schedules two or three per packet-hop).
 *
 * The calendar (calendar.ts, the base class of {@link Engine}, on timingWheel.ts and groupHeap.ts)
 * keeps the events in slot-indexed typed arrays with a free list, so a handler event allocates
 * nothing once the arrays have grown to the peak number of pending events; the events of one (time,
 * priority) form a FIFO group, and a timing wheel over the near future with a binary min-heap for the
 * far groups orders the groups. calendar.ts says why, and benchmarks/README.md ("gran") measures it
 * against the former heap of single events and the heap of groups.
 *
 * Run termination: `run({ until })` runs every event with time < until and leaves the clock at
 * `until` (events at exactly `until` stay in the calendar, as in SimPy's `run(until=…)`);
 * `maxEvents` stops after that many events; `stopWhen` is a condition checked after each event.
 */
import { InvalidParameterError } from '../../core/errors.js';
import { knownKeys, plainObject } from '../../core/guards.js';
import { EventCalendar } from './calendar.js';
import type { RunOutcome } from './run.js';
export type { RunOutcome, StopReason } from './run.js';
// The slot record's layout, groupHeap.ts's SLOT_F … I_GNEXT, copied: an imported constant is a module
// variable that V8's optimized code loads at every use (measured: the fabric at k = 32 ran 20 % slower).
const I_A = 8;
const I_B = 9;
const I_HANDLER = 7;
const SLOT_I = 12;

/** An action run by the engine at its event's time. */
export type EventAction = (engine: Engine) => void;

/**
 * A scheduled event; keep it to cancel the event. Fields are read-only outside the engine.
 *
 * @example const e = engine.schedule(5, act); engine.cancel(e); e.pending; // false
 */
export class ScheduledEvent {
  /** @internal */
  constructor(
    /** Simulated time at which the action runs. */
    readonly time: number,
    /** Tie-break at equal times: smaller first. */
    readonly priority: number,
    /** Insertion counter: tie-break at equal time and priority. */
    readonly sequence: number,
    /** @internal */
    public action: EventAction | null,
  ) {}

  /** False once the event has run or was cancelled. */
  get pending(): boolean {
    return this.action !== null;
  }
}

/** Options of {@link Engine.run}; at least one bound is needed unless the calendar runs dry. */
export interface RunOptions {
  /** Run the events with time < until, then set the clock to until. Default: no time bound. */
  readonly until?: number;
  /** Stop after this many events in this call (an integer ≥ 0). Default: no bound. */
  readonly maxEvents?: number;
  /** Checked after every event; true stops the run. Default: none. */
  readonly stopWhen?: (engine: Engine) => boolean;
}

/**
 * A discrete-event engine. Construct one per run (or per replication).
 *
 * Calendar kernel, measured 2026-11-21 in a hold model (pop one event, schedule one Exp(1) later;
 * 2·10^6 events, best of 3 in one process, 2 cores shared with other jobs, so ±30 % run to run),
 * million events/s — the former heap of event objects against this typed-array heap:
 *
 * | pending | object heap, closures | typed-array heap, closures | typed-array heap, `post` |
 * |---|---|---|---|
 * | 10      | 9.2 | 10.0 | 11.1 |
 * | 10^3    | 4.5 | 5.5  | 6.2  |
 * | 10^4    | 3.1 | 3.3  | 4.7  |
 * | 10^5    | 1.0 | 1.4  | 3.1  |
 *
 * The switch fabric moved onto this engine from its own typed-array calendar (time, sequence and
 * three integers, no priority, no payload slot): in an interleaved A/B it lost 8–20 % of its
 * packet-hops/s (3.0–3.1 M against 3.7–3.9 M in congestion-spreading, 1.54 M against 1.68 M on the
 * 128-host fat-tree at 50 % load), still over the 1 M target; benchmarks/README.md, "fabric on the
 * core Engine". Since issue 16 the heap orders groups of events that share (time, priority)
 * (calendar.ts): the 648-node fat-tree runs ~1.4× the packet-hops per CPU-second it ran on the
 * heap of single events (benchmarks/README.md, "engine").
 *
 * @example
 * const engine = new Engine();
 * const log: number[] = [];
 * engine.schedule(2, (e) => log.push(e.now));
 * engine.schedule(1, (e) => log.push(e.now));
 * engine.run({ until: 10 }); // log is [1, 2], engine.now is 10
 */
export class Engine extends EventCalendar<ScheduledEvent> {
  // Initialised as a number, not left to the class-field default `undefined`: a field that starts
  // undefined gets the tagged representation, and every double stored into it then allocates a heap
  // number (one per event, measured in a hold model: 33 → 17 bytes per event).
  private clock = 0;
  private processed = 0;
  private readonly handlers: HandlerAction[] = [];

  /** @param startTime the clock at the start (default 0), a finite number. */
  constructor(startTime = 0) {
    super();
    if (typeof startTime !== 'number' || !Number.isFinite(startTime)) {
      throw new InvalidParameterError('startTime', 'a finite number', startTime);
    }
    this.clock = startTime;
  }

  /** The simulated time now. */
  get now(): number {
    return this.clock;
  }

  /** Events run so far (all `run`/`step` calls). */
  get eventsProcessed(): number {
    return this.processed;
  }

  /** Events in the calendar (cancelled ones not yet dropped included). */
  get calendarSize(): number {
    return this.pending;
  }

  /** The time of the next pending event, or Infinity if none. */
  peek(): number {
    this.dropCancelled();
    return this.nextTime();
  }

  /** Whether an event is pending now (a cancelled one counts: callers use it to skip a post safely). */
  pendingNow(): boolean {
    this.findNext();
    return this.nextAt[0] === this.clock;
  }

  /**
   * Schedules `action` after `delay` time units.
   *
   * @param delay a number ≥ 0 (0: at the current time, after the events already scheduled for it
   *   with the same or a smaller priority).
   * @param priority tie-break at equal times, smaller first (default 0), a finite number.
   * @throws InvalidParameterError for a negative, NaN or infinite delay or a bad priority.
   */
  schedule(delay: number, action: EventAction, priority = 0): ScheduledEvent {
    if (!(delay >= 0) || delay === Infinity) throw new InvalidParameterError('delay', 'a finite number >= 0', delay);
    return this.insertAction(this.clock + delay, action, priority);
  }

  /**
   * Schedules `action` at absolute time `time` (≥ now).
   *
   * @throws InvalidParameterError for a time before now, NaN or infinite, or a bad priority.
   */
  scheduleAt(time: number, action: EventAction, priority = 0): ScheduledEvent {
    if (!(time >= this.clock) || time === Infinity) {
      throw new InvalidParameterError('time', `a finite number >= now (${this.clock})`, time);
    }
    return this.insertAction(time, action, priority);
  }

  /**
   * Registers a handler for allocation-free events and returns its id for {@link Engine.post}.
   *
   * @example
   * const engine = new Engine();
   * const seen: number[] = [];
   * const h = engine.addHandler((a, b) => seen.push(a + b));
   * engine.post(1, h, 2, 3);
   * engine.run(); // seen is [5]
   * @throws InvalidParameterError if `handler` is not a function.
   */
  addHandler(handler: HandlerAction): number {
    if (typeof handler !== 'function') throw new InvalidParameterError('handler', 'a function', handler);
    this.handlers.push(handler);
    return this.handlers.length - 1;
  }

  /**
   * Schedules handler `handler` (an id from {@link Engine.addHandler}) to run with (a, b) at
   * absolute time `time` (≥ now). It shares the (time, priority, sequence) order with closure events
   * and allocates nothing; it cannot be cancelled.
   *
   * @param a, b 32-bit signed integers passed to the handler.
   * @throws InvalidParameterError for a time before now, NaN or infinite, an unknown handler id,
   *   a or b not a 32-bit integer, or a bad priority (nothing is scheduled).
   */
  post(time: number, handler: number, a: number, b: number, priority = 0): void {
    // One combined test on the hot path; the reasons are sorted out in the cold refusePost. Kept
    // small so that the fabric's callers can inline it: a call that is not inlined boxes `time`
    // into a heap number (measured: 16 bytes per post).
    if (
      !(time >= this.clock && time !== Infinity) ||
      (handler | 0) !== handler ||
      !(handler >= 0 && handler < this.handlers.length) ||
      (a | 0) !== a ||
      (b | 0) !== b ||
      (priority !== 0 && !Number.isFinite(priority))
    ) {
      this.refusePost(time, handler, a, b, priority);
    }
    const slot = this.takeSlot();
    this.slotI[slot * SLOT_I + I_HANDLER] = handler;
    this.slotI[slot * SLOT_I + I_A] = a;
    this.slotI[slot * SLOT_I + I_B] = b;
    this.insert(time, priority, slot);
  }

  /** The time {@link postNext} posts at (a caller writes it here: see post's boxing note). */
  readonly postAt = new Float64Array(1);

  /** {@link post} at time `postAt[0]`, priority 0: no double crosses the call. */
  postNext(handler: number, a: number, b: number): void {
    this.post(this.postAt[0]!, handler, a, b);
  }

  /** Throws the error that names what {@link Engine.post} refused. */
  private refusePost(time: number, handler: number, a: number, b: number, priority: number): never {
    if (!(time >= this.clock) || time === Infinity) {
      throw new InvalidParameterError('time', `a finite number >= now (${this.clock})`, time);
    }
    if (!((handler | 0) === handler && handler >= 0 && handler < this.handlers.length)) {
      throw new InvalidParameterError('handler', 'an id returned by addHandler', handler);
    }
    if ((a | 0) !== a) throw new InvalidParameterError('a', 'a 32-bit integer', a);
    if ((b | 0) !== b) throw new InvalidParameterError('b', 'a 32-bit integer', b);
    throw new InvalidParameterError('priority', 'a finite number', priority);
  }

  /** Cancels a pending event (no effect if it already ran or was cancelled). */
  cancel(event: ScheduledEvent): void {
    event.action = null;
  }

  /**
   * Runs the next pending event, if any. Returns false when the calendar is empty.
   */
  step(): boolean {
    this.dropCancelled();
    if (this.nextTime() === Infinity) return false;
    this.fireTop();
    return true;
  }

  /**
   * Runs events in order until a bound is reached or the calendar is empty.
   *
   * @throws InvalidParameterError for an `until` before now or NaN, a `maxEvents` that is not an
   *   integer ≥ 0, or an unknown option.
   */
  run(options: RunOptions = {}): RunOutcome {
    const o = plainObject('options', options);
    knownKeys('options', o, ['until', 'maxEvents', 'stopWhen']);
    const until = options.until ?? Infinity;
    if (!(until >= this.clock)) throw new InvalidParameterError('until', `a number >= now (${this.clock})`, options.until);
    const maxEvents = options.maxEvents ?? Infinity;
    if (maxEvents !== Infinity && !(Number.isInteger(maxEvents) && maxEvents >= 0)) {
      throw new InvalidParameterError('maxEvents', 'an integer >= 0', options.maxEvents);
    }
    const stopWhen = options.stopWhen;
    if (stopWhen !== undefined && typeof stopWhen !== 'function') {
      throw new InvalidParameterError('stopWhen', 'a function', stopWhen);
    }
    if (maxEvents === Infinity && stopWhen === undefined) return this.runUntil(until);
    let events = 0;
    for (;;) {
      if (events >= maxEvents) return { reason: 'maxEvents', time: this.clock, events };
      this.dropCancelled();
      if (!(this.nextTime() < until)) {
        if (until !== Infinity) {
          this.clock = until;
          return { reason: 'until', time: until, events };
        }
        return { reason: 'empty', time: this.clock, events };
      }
      this.fireTop();
      events++;
      if (stopWhen !== undefined && stopWhen(this)) return { reason: 'condition', time: this.clock, events };
    }
  }

  /**
   * The loop of {@link Engine.run} with no event bound and no condition (the fabric's case): takes,
   * drops cancelled events and dispatches in one place.
   */
  private runUntil(until: number): RunOutcome {
    let events = 0;
    for (;;) {
      this.findNext();
      const time = this.nextAt[0]!; // Infinity when the calendar is empty; unboxed (calendar.ts)
      if (!(time < until)) break;
      const slot = this.takeTop();
      const h = this.slotI[slot * SLOT_I + I_HANDLER]!;
      if (h >= 0) {
        this.clock = time;
        this.processed++;
        events++;
        const a = this.slotI[slot * SLOT_I + I_A]!;
        const b = this.slotI[slot * SLOT_I + I_B]!;
        this.releaseSlot(slot);
        this.handlers[h]!(a, b, this, h);
        continue;
      }
      const event = this.sObj[slot]!;
      this.sObj[slot] = null;
      this.releaseSlot(slot);
      const action = event.action;
      if (action === null) continue; // cancelled: dropped without moving the clock
      this.clock = time;
      this.processed++;
      events++;
      event.action = null;
      action(this);
    }
    if (until !== Infinity) {
      this.clock = until;
      return { reason: 'until', time: until, events };
    }
    return { reason: 'empty', time: this.clock, events };
  }

  private insertAction(time: number, action: EventAction, priority: number): ScheduledEvent {
    if (typeof action !== 'function') throw new InvalidParameterError('action', 'a function', action);
    if (typeof priority !== 'number' || !Number.isFinite(priority)) {
      throw new InvalidParameterError('priority', 'a finite number', priority);
    }
    const event = new ScheduledEvent(time, priority, this.counter, action);
    const slot = this.takeSlot();
    this.slotI[slot * SLOT_I + I_HANDLER] = -1;
    this.sObj[slot] = event;
    this.insert(time, priority, slot);
    return event;
  }

  /** Takes the next event (the calendar must not be empty), sets the clock and runs it. */
  private fireTop(): void {
    this.clock = this.nextTime();
    const slot = this.takeTop();
    const h = this.slotI[slot * SLOT_I + I_HANDLER]!;
    this.processed++;
    if (h >= 0) {
      const a = this.slotI[slot * SLOT_I + I_A]!;
      const b = this.slotI[slot * SLOT_I + I_B]!;
      this.releaseSlot(slot);
      this.handlers[h]!(a, b, this, h);
      return;
    }
    const event = this.sObj[slot]!;
    this.sObj[slot] = null;
    this.releaseSlot(slot);
    const action = event.action!;
    event.action = null;
    action(this);
  }

  private dropCancelled(): void {
    while (this.nextTime() !== Infinity) {
      const slot = this.topSlot();
      if (this.slotI[slot * SLOT_I + I_HANDLER]! >= 0 || this.sObj[slot]!.action !== null) return;
      this.takeTop();
      this.sObj[slot] = null;
      this.releaseSlot(slot);
    }
  }
}

/**
 * An allocation-free event's handler: the two integers it was posted with, the engine, and the
 * handler id the event was posted to. The id lets a model register ONE function under several ids
 * and switch on it: the engine's call site then sees a single target (monomorphic: V8 may inline
 * it) where distinct functions per id make it megamorphic.
 */
export type HandlerAction = (a: number, b: number, engine: Engine, id: number) => void;

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
 * the same calls and gets the same numbers. The calendar is a binary heap of event objects
 * (O(log n) per event); cancelled events stay in it, flagged, and are dropped when they reach the
 * top. Measured (benchmarks/sim.ts, hold model): about 10, 4.5 and 1.2 million events per second
 * with 10, 10^3 and 10^5 events pending; a heap with its keys in parallel Float64Arrays was tried
 * and was slower (3.7, 2.5 and 1.1 million), so the plain one stays.
 *
 * Run termination: `run({ until })` runs every event with time < until and leaves the clock at
 * `until` (events at exactly `until` stay in the calendar, as in SimPy's `run(until=…)`);
 * `maxEvents` stops after that many events; `stopWhen` is a condition checked after each event.
 */
import { InvalidParameterError } from '../../core/errors.js';
import { knownKeys, plainObject } from '../../core/guards.js';

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

/** Why {@link Engine.run} returned. */
export type StopReason = 'until' | 'maxEvents' | 'condition' | 'empty';

/** Options of {@link Engine.run}; at least one bound is needed unless the calendar runs dry. */
export interface RunOptions {
  /** Run the events with time < until, then set the clock to until. Default: no time bound. */
  readonly until?: number;
  /** Stop after this many events in this call (an integer ≥ 0). Default: no bound. */
  readonly maxEvents?: number;
  /** Checked after every event; true stops the run. Default: none. */
  readonly stopWhen?: (engine: Engine) => boolean;
}

/** What a {@link Engine.run} call did. */
export interface RunOutcome {
  readonly reason: StopReason;
  /** The clock when the run returned. */
  readonly time: number;
  /** Events run in this call. */
  readonly events: number;
}

/**
 * A discrete-event engine. Construct one per run (or per replication).
 *
 * @example
 * const engine = new Engine();
 * const log: number[] = [];
 * engine.schedule(2, (e) => log.push(e.now));
 * engine.schedule(1, (e) => log.push(e.now));
 * engine.run({ until: 10 }); // log is [1, 2], engine.now is 10
 */
export class Engine {
  private clock: number;
  private heap: ScheduledEvent[] = [];
  private counter = 0;
  private processed = 0;

  /** @param startTime the clock at the start (default 0), a finite number. */
  constructor(startTime = 0) {
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
    return this.heap.length;
  }

  /** The time of the next pending event, or Infinity if none. */
  peek(): number {
    this.dropCancelled();
    return this.heap.length === 0 ? Infinity : this.heap[0]!.time;
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
    return this.insert(this.clock + delay, action, priority);
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
    return this.insert(time, action, priority);
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
    const event = this.pop();
    if (event === undefined) return false;
    this.fire(event);
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
    let events = 0;
    for (;;) {
      if (events >= maxEvents) return { reason: 'maxEvents', time: this.clock, events };
      this.dropCancelled();
      const top = this.heap[0];
      if (top === undefined || !(top.time < until)) {
        if (until !== Infinity) {
          this.clock = until;
          return { reason: 'until', time: until, events };
        }
        return { reason: 'empty', time: this.clock, events };
      }
      this.fire(this.pop()!);
      events++;
      if (stopWhen !== undefined && stopWhen(this)) return { reason: 'condition', time: this.clock, events };
    }
  }

  private insert(time: number, action: EventAction, priority: number): ScheduledEvent {
    if (typeof action !== 'function') throw new InvalidParameterError('action', 'a function', action);
    if (typeof priority !== 'number' || !Number.isFinite(priority)) {
      throw new InvalidParameterError('priority', 'a finite number', priority);
    }
    const event = new ScheduledEvent(time, priority, this.counter++, action);
    const heap = this.heap;
    // sift up
    let i = heap.length;
    heap.push(event);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const p = heap[parent]!;
      if (!before(event, p)) break;
      heap[i] = p;
      i = parent;
    }
    heap[i] = event;
    return event;
  }

  private fire(event: ScheduledEvent): void {
    const action = event.action!;
    event.action = null;
    this.clock = event.time;
    this.processed++;
    action(this);
  }

  private dropCancelled(): void {
    while (this.heap.length > 0 && this.heap[0]!.action === null) this.pop();
  }

  private pop(): ScheduledEvent | undefined {
    const heap = this.heap;
    const n = heap.length;
    if (n === 0) return undefined;
    const top = heap[0]!;
    const last = heap.pop()!;
    if (n > 1) {
      // sift down
      const size = n - 1;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= size) break;
        const r = l + 1;
        const c = r < size && before(heap[r]!, heap[l]!) ? r : l;
        if (!before(heap[c]!, last)) break;
        heap[i] = heap[c]!;
        i = c;
      }
      heap[i] = last;
    }
    return top;
  }
}

/** The calendar order: (time, priority, sequence) lexicographically. */
function before(a: ScheduledEvent, b: ScheduledEvent): boolean {
  if (a.time !== b.time) return a.time < b.time;
  if (a.priority !== b.priority) return a.priority < b.priority;
  return a.sequence < b.sequence;
}

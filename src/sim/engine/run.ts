/** The options and outcome of {@link Engine.run} (engine.ts). */
import type { Engine } from './engine.js';

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

/** The types of what {@link Engine.run} returns (engine.ts re-exports them). */

/** Why {@link Engine.run} returned. */
export type StopReason = 'until' | 'maxEvents' | 'condition' | 'empty';

/** What a {@link Engine.run} call did. */
export interface RunOutcome {
  readonly reason: StopReason;
  /** The clock when the run returned. */
  readonly time: number;
  /** Events run in this call. */
  readonly events: number;
}

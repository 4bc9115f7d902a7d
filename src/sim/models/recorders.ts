/**
 * What the model-level simulators emit. A model calls these methods as things happen and keeps no
 * statistics of its own (STYLE.md habit 12, OMNeT++'s signals); the statistics layer implements
 * them (see `src/sim/stats/queueStatistics.ts`). The methods are few and take plain numbers so the
 * fast loops can call them on every event: a recorder of one concrete class is monomorphic at the
 * call site and V8 inlines it.
 */

/** Signals of a single queue (GE/GE/1/K and its threshold variants). */
export interface QueueRecorder {
  /**
   * A batch arrived at `time`: `offered` jobs were offered one at a time, `lost` of them were
   * blocked, `instant` of the admitted ones found the server idle, had zero work and left at once;
   * `present` jobs are in the system afterwards.
   */
  batch(time: number, present: number, offered: number, lost: number, instant: number): void;
  /** A service completion at `time`: `count` jobs left at once (bulk departure); `present` remain. */
  departure(time: number, present: number, count: number): void;
}

/** Signals of the two-node credit tandem (docs/models.md §6). */
export interface TandemRecorder {
  /** An arrival at Node 1 at `time`; `accepted` false if Node 1 was full. State after it: (i, j). */
  arrival(time: number, i: number, j: number, accepted: boolean): void;
  /** Node 1 forwarded a packet to Node 2 (using a credit) at `time`; state after it: (i, j). */
  forward(time: number, i: number, j: number): void;
  /** Node 2 finished a packet at `time` (its credit returns); state after it: (i, j). */
  departure(time: number, i: number, j: number): void;
}

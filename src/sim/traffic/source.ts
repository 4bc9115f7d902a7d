/**
 * A traffic source on the engine: it schedules the epochs of an {@link ArrivalProcess} and calls
 * the consumer at each with the batch size. The source only emits; the consumer (a host adapter,
 * a queue) decides what an arrival does.
 */
import { InvalidParameterError } from '../../core/errors.js';
import type { Engine } from '../engine/engine.js';
import type { ArrivalProcess } from './arrivals.js';
import { checkKind, optionsParameter, recordParameter } from '../../core/shapes.js';

/** Options of {@link attachSource}. */
export interface SourceOptions {
  /** No arrival at or after this time (default Infinity). */
  readonly stopAt?: number;
  /** Calendar priority of the arrival events (default 0). */
  readonly priority?: number;
}

/** A running source: `stop()` cancels its pending arrival (also when called from `onArrival`). */
export interface AttachedSource {
  /** Jobs emitted so far. */
  readonly emitted: number;
  stop(): void;
}

/**
 * Starts emitting `process`'s arrivals on `engine`, from the engine's current time.
 *
 * @param onArrival called at each epoch with the batch size (≥ 1) and the engine.
 * @example
 * const engine = new Engine();
 * let jobs = 0;
 * attachSource(engine, new PoissonArrivals(5, streams.stream('a')), (batch) => (jobs += batch));
 * engine.run({ until: 100 }); // jobs ≈ 500
 */
export function attachSource(
  engine: Engine,
  process: ArrivalProcess,
  onArrival: (batch: number, engine: Engine) => void,
  options: SourceOptions = {},
): AttachedSource {
  recordParameter('engine', engine, { schedule: 'function' });
  recordParameter('process', process, { next: 'function' });
  checkKind('onArrival', onArrival, 'function');
  optionsParameter('options', options);
  const stopAt = options.stopAt ?? Infinity;
  if (typeof stopAt !== 'number' || Number.isNaN(stopAt)) throw new InvalidParameterError('stopAt', 'a number', options.stopAt);
  const priority = options.priority ?? 0;
  let emitted = 0;
  let pending: ReturnType<Engine['schedule']> | null = null;
  let nextBatch = 0;
  let stopped = false;
  const arm = (): void => {
    if (stopped) return; // stop() ran inside onArrival: draw and schedule nothing more
    const gap = process.next();
    nextBatch = process.batch;
    const time = engine.now + gap;
    if (!(time < stopAt) || gap === Infinity) {
      pending = null;
      return;
    }
    pending = engine.schedule(gap, fire, priority);
  };
  const fire = (e: Engine): void => {
    const batch = nextBatch;
    emitted += batch;
    onArrival(batch, e);
    arm();
  };
  arm();
  return {
    get emitted() {
      return emitted;
    },
    stop() {
      stopped = true;
      if (pending !== null) engine.cancel(pending);
      pending = null;
    },
  };
}

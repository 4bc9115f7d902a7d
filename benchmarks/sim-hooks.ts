/**
 * A hook shared by the measuring aids that watch the simulator's FIFO input buffers from outside (sim-head-times.ts,
 * sim-ready-heads.ts, sim-head-ready.ts, sim-diag-ports.ts, sim-head-ready-fifo.ts, sim-head-starts.ts; src/sim is not
 * changed): whether a `register` call comes from a head leaving its buffer (its successor registers then) or from an
 * arrival at an empty buffer.
 */

import { buildFabric, RandomStreams } from '../src/index.js';

/** What {@link flagPops} reports: true while a buffer's head is being popped. */
export interface PopFlag {
  readonly popping: boolean;
}

/** Wraps `popHead` of FifoInputQueues' prototype (`fifo`) so that the returned flag is true during each call. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function flagPops(fifo: any): PopFlag {
  const flag = { popping: false };
  const popHead = fifo.popHead;
  fifo.popHead = function (this: unknown, q: number) {
    flag.popping = true;
    try {
      return popHead.call(this, q);
    } finally {
      flag.popping = false;
    }
  };
  return flag;
}

/**
 * The aids' replication: the fabric built with `seed`, warmed up for a fifth of `until` (s), then measured for `until`;
 * `start` gets the simulator's clock and port names before the run, `measure` is called as the window opens. Returns
 * the fabric (for its measurements).
 */
export function runWithWarmUp(o: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly params: any;
  readonly seed: number;
  readonly until: number;
  readonly start: (clock: () => number, names: readonly string[]) => void;
  readonly measure: () => void;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
}): any {
  const { until } = o;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const f = buildFabric({ ...o.params, streams: new RandomStreams(o.seed), replication: 0 }) as any;
  o.start(() => f.engine.now as number, f.portNames);
  f.run(until / 5, until / 5);
  o.measure();
  f.run(until / 5 + until, until / 5);
  return f;
}

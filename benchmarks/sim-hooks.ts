/**
 * A hook shared by the measuring aids that watch the simulator's FIFO input buffers from outside (sim-head-times.ts,
 * sim-ready-heads.ts, sim-head-ready.ts, sim-diag-ports.ts, sim-head-ready-fifo.ts, sim-head-starts.ts; src/sim is not
 * changed): whether a `register` call comes from a head leaving its buffer (its successor registers then) or from an
 * arrival at an empty buffer.
 */

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

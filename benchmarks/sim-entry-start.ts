/**
 * Each packet's entry into a switch input buffer (its header's arrival, FifoInputQueues.push) and its start on an output
 * (Crossbar.startTx), hooked into the simulator's prototypes for the merge aids (sim-merge-split.ts, sim-merge-oq.ts).
 * src is not changed: the hooks call the methods they wrap.
 */
import { Crossbar } from '../src/sim/fabric/switch/crossbar.js';
import { FifoInputQueues } from '../src/sim/fabric/switch/inputFifo.js';

/** A start on one of the watched outputs: its output port and input link (named by the output that feeds it, as the model's turns are), VL, entry and start (s). */
export type OnStart = (out: string, input: string, v: number, entered: number, started: number) => void;

/**
 * Hooks the two methods once. `entriesWhileOff`: record entries before `on` too (a packet that entered in the warm-up and
 * starts in the window counts), or only while on. Starts on the `outs` ports while on go to `onStart`.
 */
export function hookEntryToStart(outs: readonly string[], entriesWhileOff: boolean, onStart: OnStart) {
  let now = () => 0;
  let names: string[] = [];
  let peer: Int32Array = new Int32Array(0);
  const entry = new Map<number, number>();
  const hooks = {
    on: false,
    /** The fabric of this replication (buildFabric's result): its clock and port names. */
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    attach(f: any): void {
      now = () => f.engine.now;
      names = f.compiled.portNames;
      peer = f.compiled.peer;
    },
    /** The window's end: off, and the entries not yet started forgotten. */
    stop(): void {
      hooks.on = false;
      entry.clear();
    },
  };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const fifo = FifoInputQueues.prototype as any;
  const push = fifo.push;
  fifo.push = function (q: number, p: number) {
    if (hooks.on || entriesWhileOff) entry.set(p, now());
    return push.call(this, q, p);
  };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const xb = Crossbar.prototype as any;
  const startTx = xb.startTx;
  xb.startTx = function (g: number, q: number, v: number) {
    const p = this.queues.headOf(q);
    const e = entry.get(p);
    if (e !== undefined) {
      entry.delete(p);
      const out = names[g]!;
      if (hooks.on && outs.includes(out)) onStart(out, names[peer[this.queues.inputOf(q)]!]!, v, e, now());
    }
    return startTx.call(this, g, q, v);
  };
  return hooks;
}

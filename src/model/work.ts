/**
 * Work arrays of a compiled model (compile.ts), made with it and reused by every solve of its network
 * (a load sweep or a notebook solves one network many times): the sums over the route table
 * (loads.ts, maxmin.ts, flowSums.ts), the per-port scratch of the fixed point's port and buffer steps
 * (iterate.ts) and the waiting heads' terms (waiting.ts). Each user writes before it reads, or leaves
 * the arrays zeroed as it found them; no result holds one of them (results copy what they keep), so a
 * solve's answer does not change when another solve of the network reuses them. One solve at a time
 * per network (JavaScript runs one at a time). Before: a solve allocated them afresh, and for the
 * all-to-all's 419,256 flows the collector's full collections were a third of the solve.
 */
import type { CompiledModel } from './compile.js';
import type { NodeScratch } from './state.js';
import { newWaiting, type WaitingHeads } from './waiting.js';

/** Scratch of iterate.ts's `portWaits` (per VL, per level, per port: left zeroed per port where said) and `inputBuffers`. */
export interface PortScratch {
  /** Per VL. */
  readonly demand: Float64Array;
  readonly cap: Float64Array;
  readonly split: Float64Array;
  readonly vlLam: Float64Array;
  readonly vlS1: Float64Array;
  readonly vlS2: Float64Array;
  /** Per level. */
  readonly splitRho: Float64Array;
  /** Per level, the five sums of a port's level. */
  readonly lv: readonly [Float64Array, Float64Array];
  /** Per input port, zeroed after each output port. */
  readonly byInput: Float64Array;
  readonly turnsOfInput: Int32Array;
  readonly pairsByInput: Float64Array;
  readonly readyByInput: Float64Array;
  /** Per port, three each (heads.ts otherVlsReadout's scatter), zeroed after each buffer. */
  readonly byPort: Float64Array;
  /** Per turn of the buffer with the most turns, two each (the readouts of inputBuffers). */
  readonly readout: Float64Array;
  readonly readoutAll: Float64Array;
}

/** A compiled model's work arrays. */
export interface ModelWork {
  readonly scratch: NodeScratch;
  readonly port: PortScratch;
  readonly waiting: WaitingHeads;
}

/** What of a compiled model its work arrays' sizes come from (compile.ts passes its own). */
export type WorkSizes = Pick<CompiledModel, 'V' | 'P' | 'N' | 'F' | 'turnIn' | 'turnsStart' | 'intoOf'>;

/** Work arrays for a model of these sizes. */
export function newWork(m: WorkSizes): ModelWork {
  const { V, P, N, F } = m;
  let most = 0;
  for (let c = 0; c + 1 < m.turnsStart.length; c++) most = Math.max(most, m.turnsStart[c + 1]! - m.turnsStart[c]!);
  const v = () => new Float64Array(V);
  const p = () => new Float64Array(P);
  return {
    scratch: { a: new Float64Array(N), b: new Float64Array(N), c: new Float64Array(N), d: new Float64Array(N), after: new Int32Array(N), active: new Int32Array(F), frozen: new Int32Array(F) },
    port: {
      demand: v(), cap: v(), split: v(), vlLam: v(), vlS1: v(), vlS2: v(), splitRho: new Float64Array(2), lv: [new Float64Array(5), new Float64Array(5)],
      byInput: p(), turnsOfInput: new Int32Array(P), pairsByInput: p(), readyByInput: p(),
      byPort: new Float64Array(3 * P), readout: new Float64Array(Math.max(16, 2 * most)), readoutAll: new Float64Array(Math.max(16, 2 * most)),
    },
    waiting: newWaiting(m),
  };
}

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

/** Work arrays of the sums over the route table (loads.ts, maxmin.ts, flowSums.ts). */
export interface NodeScratch {
  /** Per route node. */
  readonly a: Float64Array;
  readonly b: Float64Array;
  readonly c: Float64Array;
  readonly d: Float64Array;
  readonly after: Int32Array;
  /** Per flow. */
  readonly active: Int32Array;
  readonly frozen: Int32Array;
}

/** The waiting heads' terms (waiting.ts; rewritten by its `resetWaiting` at each pass of inputBuffers). */
export interface WaitingHeads {
  /** Per position i of `intoOf`: the term r of turn intoOf[i]. */
  readonly r: Float64Array;
  /** Per position i of `intoOf`: the input port of turn intoOf[i]. */
  readonly inputPort: Int32Array;
  /** Per turn: its position in `intoOf`. */
  readonly position: Int32Array;
  /** One VL: per output port, the sum of its turns' terms (kept by differences as they are rewritten). */
  readonly total: Float64Array;
}

/** The waiting heads' arrays for a compiled model (terms zero until waiting.ts's `resetWaiting`). */
function newWaiting(m: WorkSizes): WaitingHeads {
  const T = m.intoOf.length;
  const inputPort = new Int32Array(T);
  const position = new Int32Array(T);
  for (let i = 0; i < T; i++) {
    const t = m.intoOf[i]!;
    inputPort[i] = (m.turnIn[t]! / m.V) | 0;
    position[t] = i;
  }
  return { r: new Float64Array(T), inputPort, position, total: new Float64Array(m.P) };
}

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
  /** Per level, the five sums of a port's level (and, H46a's TRY490, change 36's idle term's two moments at 5, 6). */
  readonly lv: readonly [Float64Array, Float64Array];
  /** Per input port, zeroed after each output port. */
  readonly byInput: Float64Array;
  readonly turnsOfInput: Int32Array;
  readonly pairsByInput: Float64Array;
  readonly readyByInput: Float64Array;
  /** Change 295: per input port, its packets' share of the floor's W_OQ (iterate.ts portWaits), zeroed after each output port. */
  readonly floorByInput: Float64Array;
  /** Per port, three each (portReadout.ts otherVlsReadout's scatter), zeroed after each buffer. */
  readonly byPort: Float64Array;
  /** Per turn of the buffer with the most turns, two each (the readouts of inputBuffers). */
  readonly readout: Float64Array;
  readonly readoutAll: Float64Array;
  /** Per output port: 1 where it is fed by one input port (change 265; waiting.ts markOneLink), rewritten every pass. */
  readonly oneLinkOut: Uint8Array;
  /**
   * Per input buffer (channel): its turns' waiting terms into the port being read (change 240; waiting.ts addFifoWaiting),
   * valid where its `fifoStamp` equals `stamp[0]`, the port read's.
   */
  readonly fifoWaiting: Float64Array;
  readonly fifoStamp: Int32Array;
  readonly stamp: Int32Array;
  /** TRY490=3 / TRY530 (tried): the ties' scratch of the output being read (tieShare.ts), rewritten per output level. */
  readonly ties: TieScratch;
}

/** tieShare.ts's per-output values (H46e: kept here, per compiled model, in place of H46a's module state). */
export interface TieScratch {
  /** Per turn: τ_t, set by tiePass for the turns into the output level being read. */
  readonly tau: Float64Array;
  /** Per VL: R_k (heads ready at one of the output's ends), λ_k x̄_k, and the waiting heads found by a head (own FIFO's left out). */
  readonly readyByVl: Float64Array;
  readonly loadByVl: Float64Array;
  readonly waitingFound: Float64Array;
  /** Per VL (TRY530=2): λ_k x̄_k and R_k less the head's own input port's part. */
  readonly loadOthers: Float64Array;
  readonly readyOthers: Float64Array;
  /** [ρ_x, λ_o] of the output level. */
  readonly sums: Float64Array;
}

/** A compiled model's work arrays. */
export interface ModelWork {
  /**
   * Per flow, the solve's rates as it goes (state.ts `rate`, packets/s): the allocation's rates before the
   * next allocation overwrites them, read by the loads. No result reads them after its solve (the records
   * read the allocation's own copy), so the solves of a network share them: 3.4 MB a solve less for the
   * collector on Gran's 648-host all-to-all (session 14).
   */
  readonly rate: Float64Array;
  readonly scratch: NodeScratch;
  readonly port: PortScratch;
  readonly waiting: WaitingHeads;
}

/** What of a compiled model the work arrays' sizes come from (compile.ts passes its own fields of these names). */
export interface WorkSizes {
  readonly V: number;
  readonly P: number;
  readonly N: number;
  readonly F: number;
  readonly turnIn: Int32Array;
  readonly turnsStart: Int32Array;
  readonly intoOf: Int32Array;
}

/** Work arrays for a model of these sizes. */
export function newWork(m: WorkSizes): ModelWork {
  const { V, P, N, F } = m;
  let most = 0;
  for (let c = 0; c + 1 < m.turnsStart.length; c++) most = Math.max(most, m.turnsStart[c + 1]! - m.turnsStart[c]!);
  const v = () => new Float64Array(V);
  const p = () => new Float64Array(P);
  return {
    rate: new Float64Array(F),
    scratch: { a: new Float64Array(N), b: new Float64Array(N), c: new Float64Array(N), d: new Float64Array(N), after: new Int32Array(N), active: new Int32Array(F), frozen: new Int32Array(F) },
    port: {
      demand: v(), cap: v(), split: v(), vlLam: v(), vlS1: v(), vlS2: v(), splitRho: new Float64Array(2), lv: [new Float64Array(7), new Float64Array(7)],
      byInput: p(), turnsOfInput: new Int32Array(P), pairsByInput: p(), readyByInput: p(), floorByInput: p(),
      byPort: new Float64Array(3 * P), readout: new Float64Array(Math.max(16, 2 * most)), readoutAll: new Float64Array(Math.max(16, 2 * most)),
      oneLinkOut: new Uint8Array(P), fifoWaiting: new Float64Array(P * V), fifoStamp: new Int32Array(P * V), stamp: new Int32Array(1),
      ties: { tau: new Float64Array(m.turnIn.length), readyByVl: new Float64Array(16), loadByVl: new Float64Array(16), waitingFound: new Float64Array(16), loadOthers: new Float64Array(16), readyOthers: new Float64Array(16), sums: new Float64Array(2) },
    },
    waiting: newWaiting(m),
  };
}

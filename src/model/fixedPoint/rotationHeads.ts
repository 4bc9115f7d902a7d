/**
 * Change 540 (docs/fabric-model.md entries 520–523, 540–543; docs/models.md §13.5): the head time of a FIFO buffer fed
 * in rotation once it is backlogged. The Poisson mixture of inputBuffers.ts draws each head's turn independently of its
 * predecessor's and gives it the MVA's head wait for its output. A buffer every upstream buffer of which sends it packets
 * for one output only (lockStep.ts's rule: fanOut several, not mixed, finite slots) is, once backlogged (λS = 1), fed by
 * its upstream inputs in turn (crossbar.ts: oldest request first), so its heads alternate between its outputs as far as
 * the turns' shares p_t let them: of turn t's heads the fewest possible, a_t = max(0, (2p_t − 1)/p_t), follow a
 * predecessor bound for the same output (entry 358's a for a backlogged rotation; 0 at two equal turns, where the
 * simulator's wrap buffer has a 0.070 ± 0.031 at 0.45 and 0.013 at 0.49, entries 357, 390).
 *   - A same-output successor waits one service of its output per other input's head registered in its predecessor's
 *     window W (registration → start; entry 410's law, checked on the simulator's windows there):
 *     N_t = Σ_t′ min(1, λ_t′·E[W²]/E[W]), W the buffer's head time (a backlogged buffer's next registers as its
 *     predecessor starts).
 *   - An other-output successor registers as its predecessor starts and is ready when that one ends; meanwhile its output
 *     o, just left by the buffer's own packet, is free to the other inputs. The first of their heads already waiting
 *     (each present with chance q′ = min(1, λ_t′·E[W²]/E[W]) as above) takes that gap and ends with it (equal sizes):
 *     no wait; each further waiting head is older than the successor and goes first, one service each, E[(ΣN − 1)⁺] =
 *     Σq′ − 1 + Π(1 − q′); with none waiting, a head arriving fresh into an empty buffer (chance 1 − σ′, σ′ = λ′(S′ −
 *     x′)/(1 − λ′x′), entry 410's successors' share) starts in the gap and leaves the successor its residual,
 *     Π(1 − q′)·Σ_t′ (1 − σ′) λ_t′ E[x_o²]/2.
 * So S_b = Σ_t p_t (portWait_t + x̄_o + β_o + a_t N_t s_o + (1 − a_t) H_other,t), s_o = x̄_o + β_o; t′ over the turns
 * into o from the switch's other input ports. inputBuffers.ts holds such a buffer whose mixture would put it over
 * λS = 1 at S = max(S_b, 1/λ) (where λS_b < 1 it cannot stay backlogged either: it sits at λS = 1, as the simulator's
 * wrap buffer does, λS 0.992–1.000 at 0.45–0.49, entry 357) and reads its FIFO wait from its full state; the fixed
 * point's max-min (solve.ts) reads min(S, S_b) for them (entry 522). Kernel: trusts its input.
 */
import type { CompiledModel } from '../spec/compile.js';
import { hopArrays } from '../spec/compile.js';
import type { ModelState } from './state.js';
import { fanOut, inRotation } from '../spec/fanOut.js';

const plans = new WeakMap<CompiledModel, Uint8Array>();
const lastSb = new WeakMap<ModelState, Float64Array>();

/** Per channel u: 1 where the buffer at its far end is fed in rotation (lockStep.ts's rule, flows with λ 0 included). */
export function rotationBuffers(m: CompiledModel): Uint8Array {
  let out = plans.get(m);
  if (out !== undefined) return out;
  out = new Uint8Array(m.C);
  if (!m.voq) {
    const hops = hopArrays(m);
    const { hopStart, hopChannel } = hops;
    const group = new Int32Array(hopStart[m.F]!);
    for (let f = 0; f < m.F; f++) {
      for (let h = hopStart[f]!; h < hopStart[f + 1]!; h++) group[h] = h === hopStart[f] ? m.C + hopChannel[h]! : hopChannel[h - 1]!;
    }
    const fan = fanOut(m, hops, group);
    for (let u = 0; u < m.C; u++) out[u] = inRotation(m, fan, u) ? 1 : 0;
  }
  plans.set(m, out);
  return out;
}

/**
 * S_b of the rotation buffer behind channel u (module comment; seconds), `window` = E[W²]/E[W] of its heads' windows
 * (the buffer's head time's second moment over its mean). Stores it for {@link allocationHeadTimes}.
 */
export function rotationHeadTime(m: CompiledModel, s: ModelState, u: number, window: number): number {
  const l = s.lam[u]!;
  const p = (u / m.V) | 0;
  let Sb = 0;
  for (let i = m.turnsStart[u]!; i < m.turnsStart[u + 1]!; i++) {
    const t = m.turnsOf[i]!;
    const pr = s.lamT[t]! / l;
    if (!(pr > 0)) continue;
    const o = m.turnOut[t]!;
    const a = Math.max(0, (2 * pr - 1) / pr);
    let sumQ = 0;
    let none = 1;
    let fresh = 0;
    for (let j = m.intoStart[o]!; j < m.intoStart[o + 1]!; j++) {
      const t2 = m.intoOf[j]!;
      const u2 = m.turnIn[t2]!;
      if (((u2 / m.V) | 0) === p) continue;
      const q = Math.min(1, s.lamT[t2]! * window);
      sumQ += q;
      none *= 1 - q;
      const l2 = s.lam[u2]!;
      const x2 = s.xbar[u2]!;
      const sigma = l2 * x2 < 1 ? Math.min(1, Math.max(0, (l2 * (s.headTime[u2]! - x2)) / (1 - l2 * x2))) : 1;
      fresh += (1 - sigma) * s.lamT[t2]! * (s.x2[o]! / 2);
    }
    const so = s.seff[o]!;
    const other = Math.max(0, sumQ - 1 + none) * so + none * fresh;
    Sb += pr * (s.portWait[t]! + so + a * sumQ * so + (1 - a) * other);
  }
  let store = lastSb.get(s);
  if (store === undefined) {
    store = new Float64Array(m.C).fill(NaN);
    lastSb.set(s, store);
  }
  store[u] = Sb;
  return Sb;
}

/** The S_b of buffer u at the last buffer pass (NaN before one): for the aids (benchmarks/model-rotation-cap.ts). */
export function lastRotationHeadTime(s: ModelState, u: number): number {
  return lastSb.get(s)?.[u] ?? NaN;
}

/** The head times the allocation reads: `s.headTime`, with min(S, S_b) at the rotation buffers (module comment). */
export function allocationHeadTimes(m: CompiledModel, s: ModelState, out: Float64Array): Float64Array {
  out.set(s.headTime);
  const rot = rotationBuffers(m);
  const last = lastSb.get(s);
  for (let u = 0; u < m.C; u++) {
    if (!rot[u] || !(s.headTime[u]! > 0)) continue;
    // The S_b of the last buffer pass where there is one, else with the head time as the window.
    const stored = last?.[u];
    const S = stored !== undefined && stored === stored ? stored : rotationHeadTime(m, s, u, s.headTime[u]!);
    out[u] = Math.min(S, s.headTime[u]!);
  }
  return out;
}

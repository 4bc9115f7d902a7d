/**
 * Method change 275 (H40seq, docs/fabric-model.md; docs/models.md §13.4): the wait of a head that was its buffer's
 * successor for its predecessor's output, as the switch's rules sequence it from the instant the predecessor ends.
 * Part of iterate.ts's buffer step (inputBuffers); kernel: no validation, no throwing.
 */
import type { CompiledModel } from '../spec/compile.js';
import type { ModelState } from '../fixedPoint/state.js';
import { servedLevel, type VlShares } from './arbitration.js';
import { waitingTerm } from '../fixedPoint/waiting.js';

/**
 * The wait (s) of turn t's head when it follows its buffer's predecessor to the same output port q, and VL v's table entry
 * is spent with that predecessor (a one-packet visit), from the predecessor's end to its start (entry 255's class 3).
 * By the crossbar's rules (crossbar.ts choose; the VlArbiter's table):
 * (1) the table passes to another VL of v's level when that VL has a request there: the link's own other-VL packet that
 *     came during the predecessor's transmission x (its port was busy with the predecessor, so it is ready at the same
 *     instant: λ_t'·x over the port's other-VL turns into q, the race), another input's ready head (Σ λ(H − e)), or one
 *     registered during x (λ°x of the other ports' other-VL turns): P = 1 − (1 − race)·e^{−(A° + λ°x)}; its visit sends
 *     L = Σ_{k<n} c^k packets, n the VL's packets a visit and c = 1 − e^{−λ°x} the chance another request comes during each;
 * (2) then v's entry serves its oldest ready request: those of the other inputs registered at q while the predecessor
 *     waited (they are younger than it, older than t's head): λ_v°·E[H²]/E[H] (the predecessor's head time as the arrival
 *     of its successor finds it, length-biased), each followed by another turn of the table with chance
 *     P' = 1 − e^{−(A° + λ°x)};
 * (3) and the head's port is busy with another VL's packet as for any head that waited (`eAll`, the all-packets readout).
 * W = [P·L + N·(1 + P'·L)]·x + eAll. The output's busy state is not counted: its own predecessor has just left it.
 * `h`, `h2`: the turn's head wait from the heads' MVA and its second moment (before the port's part).
 */
export function successorWait(m: CompiledModel, s: ModelState, sh: VlShares, t: number, h: number, h2: number, eAll: number): number {
  const V = m.V;
  const u = m.turnIn[t]!;
  const v = u % V;
  const pu = (u / V) | 0;
  const c = m.turnOut[t]!;
  const q = (c / V) | 0;
  const x = s.xbar[c]!;
  const level = servedLevel(sh, v);
  let race = 0;
  let readyOther = 0;
  let comeOther = 0;
  let comeSame = 0;
  let visits = 0;
  let visitRate = 0;
  for (let cc = q * V; cc < (q + 1) * V; cc++) {
    const w = cc - q * V;
    if (servedLevel(sh, w) !== level) continue;
    const n = Math.max(1, Math.floor(sh.visitPackets[w]!));
    for (let k = m.intoStart[cc]!; k < m.intoStart[cc + 1]!; k++) {
      const t2 = m.intoOf[k]!;
      const l2 = s.lamT[t2]!;
      if (!(l2 > 0)) continue;
      const u2 = m.turnIn[t2]!;
      if (w !== v) ((visits += l2 * n), (visitRate += l2));
      if (((u2 / V) | 0) === pu) {
        if (w !== v) race += l2 * x;
        continue;
      }
      if (w === v) comeSame += l2 * x;
      else ((readyOther += waitingTerm(s, t2)), (comeOther += l2 * x));
    }
  }
  if (!(visitRate > 0)) return h + eAll;
  // Σ_{k<n} c^k in closed form: a VL without a weight limit (n = ∞, e.g. the high-priority table's) gives 1/(1 − c).
  const n = Math.max(1, Math.round(visits / visitRate));
  const cont = 1 - Math.exp(-comeOther);
  const L = cont > 0 ? (1 - Math.pow(cont, n)) / (1 - cont) : 1;
  const turn = 1 - (1 - Math.min(1, race)) * Math.exp(-(readyOther + comeOther));
  const turnAgain = 1 - Math.exp(-(readyOther + comeOther));
  const older = h > 0 ? (comeSame * (h2 / h)) / x : 0;
  return (turn * L + older * (1 + turnAgain * L)) * x + eAll;
}

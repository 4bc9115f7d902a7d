/**
 * iterate.ts's buffer step for one switch input buffer with virtual output queues and one VL (the
 * speed benchmarks' case, and every `-1sl` VoQ solve) in two passes over the buffer's turns where it
 * took four: the sums of the two readouts (heads.ts otherVlsReadout with one VL, session 15's
 * oneVlReadouts), then per turn the readouts, the head wait and port wait (inputBuffers), the turn's
 * waiting term (waiting.ts) and voq.ts's sums of the head time and sojourn. The same expressions in the
 * same order as those functions, so the same numbers bit for bit (benchmarks/fabric-model-same.ts);
 * the second moments, which a VoQ head does not read, are not taken. With one VL the turns of a buffer
 * lead to outputs of their own, so a turn's rewritten waiting term moves only its own output's total,
 * which no other turn of the buffer reads (θ of turn t' is its output's total less t''s own term): θ
 * may be read turn by turn as the head waits are rewritten. Kernel: no validation, no throwing.
 */
import type { CompiledModel } from '../spec/compile.js';
import type { ModelState } from '../fixedPoint/state.js';
import { waitingTerm } from '../fixedPoint/waiting.js';
import { voqBufferEnd } from './voq.js';

/**
 * The buffer step of a one-VL VoQ model (iterate.ts inputBuffers with its readouts, voq.ts voqBuffer)
 * for every input buffer, after waiting.ts's resetWaiting; `own` is scratch of twice the most turns of
 * a buffer (the turns' own terms). Returns the largest relative change of β and of a head time.
 */
export function oneVlVoqBuffers(m: CompiledModel, s: ModelState, omega: number, own: Float64Array): number {
  const { turnsOf, turnOut } = m;
  const { lamT, headWaitProb, headWait, portWait, x2, xbar, seff } = s;
  const { r: terms, total, position } = m.work.waiting;
  let change = 0;
  // (One VL: channel u is port u.)
  for (let u = 0; u < m.C; u++) {
    const l = s.lam[u]!;
    // (As inputBuffers: no load, a host at the far end or no turn, no buffer step.)
    if (!(l > 0) || m.bufferBlocks[u] === Infinity || m.turnsStart[u] === m.turnsStart[u + 1]) {
      s.headTime[u] = 0;
      continue;
    }
    const first = m.turnsStart[u]!;
    const end = m.turnsStart[u + 1]!;
    let e = 0;
    let eAll = 0;
    let pAll = 0;
    // The readouts' first pass: the delayed packets' and every packet's sums, each turn's own terms kept
    // (the means only: a VoQ head's second moment is not read, inputBuffers).
    const behind = Math.min(1, s.lam[u]! * Math.max(0, s.headTime[u]! - xbar[u]!));
    for (let i = first; i < end; i++) {
      const t = turnsOf[i]!;
      const lt0 = lamT[t]!;
      const c = turnOut[t]!;
      const k = 2 * (i - first);
      const lt = lt0 * (1 - (1 - Math.min(1, headWaitProb[t]!)) * (1 - behind));
      let a = 0;
      if (lt > 0) {
        a = (lt * x2[c]!) / 2;
        e += a;
      }
      own[k] = a;
      a = 0;
      if (lt0 > 0) {
        a = (lt0 * x2[c]!) / 2;
        eAll += a;
        pAll += lt0 * xbar[c]!;
      }
      own[k + 1] = a;
    }
    let S = 0;
    // (+: a sum started from a loaded number stays a machine double; voq.ts voqBuffer.)
    let sojourn = +m.creditLoop[u]!;
    for (let i = first; i < end; i++) {
      const t = turnsOf[i]!;
      const lt = lamT[t]!;
      const pr = lt / l;
      if (!(pr > 0)) continue;
      const k = 2 * (i - first);
      const q = turnOut[t]!;
      // The readouts (their second pass): the delayed packets' and every packet's with θ.
      const r = Math.max(0, e - own[k]!);
      // θ: waiting.ts waitingElsewhere with one VL (the output's total less the turn's own term).
      const pos = position[t]!;
      const term = terms[pos]!;
      const theta = 1 - Math.exp(-Math.max(0, total[q]! - term));
      const xq = xbar[q]!;
      const busyP = Math.max(0, pAll - (lt > 0 ? lt * xq : 0));
      const rAll = (1 - theta) * Math.max(0, eAll - own[k + 1]!) + theta * busyP * xq;
      // inputBuffers: the head's wait for its port (free: it finds its output free; all: it waited).
      const free = 1 - Math.min(1, headWaitProb[t]!);
      const all = 1 - free;
      const h = headWait[t]! + (free * r + all * rAll);
      headWait[t] = h;
      portWait[t] = free * r;
      // The turn's term rewritten (waiting.ts updateWaiting with one VL).
      const x = waitingTerm(s, t);
      total[q]! += x - term;
      terms[pos] = x;
      // voqBuffer: the head time and the sojourn.
      S += pr * seff[q]!;
      sojourn += pr * (h + seff[q]!);
    }
    change = Math.max(change, voqBufferEnd(m, s, u, l, S, sojourn, omega));
  }
  return change;
}

/**
 * heads.ts's {@link otherVlsReadout} for a network of one VL (with virtual output queues, the only
 * one-VL case that reads it), both readouts in one pass over the buffer's turns: the delayed packets'
 * (`out`) and every packet's with the turn lost to another input (`outAll`). The same sums in the same
 * order as the two calls it replaces, so the same numbers bit for bit (benchmarks/fabric-model-same.ts);
 * one pass instead of two over the turns' loads, head-wait probabilities and moments was measured a
 * sixth of the all-to-all's solve (docs/fabric-model.md, "Speed", session 15). Kernel: no validation.
 */
import type { CompiledModel } from '../compile.js';
import type { ModelState } from '../state.js';
import { waitingElsewhere } from '../waiting.js';

/**
 * Writes, per turn k of input buffer u (in `turnsOf` order), out[2k], out[2k + 1] — the residual and
 * second moment of the port's other packets a delayed head waits for — and outAll[2k], outAll[2k + 1],
 * the same over every packet with the turn-lost term (heads.ts, otherVlsReadout with one VL).
 */
export function oneVlReadouts(m: CompiledModel, s: ModelState, u: number, out: Float64Array, outAll: Float64Array): void {
  const first = m.turnsStart[u]!;
  const n = m.turnsStart[u + 1]! - first;
  out.fill(0, 0, 2 * n);
  outAll.fill(0, 0, 2 * n);
  let e = 0;
  let e2 = 0;
  let eAll = 0;
  let e2All = 0;
  let pAll = 0;
  if (s.lam[u]! > 0) {
    const behind = Math.min(1, s.lam[u]! * Math.max(0, s.headTime[u]! - s.xbar[u]!));
    for (let i = first; i < first + n; i++) {
      const t = m.turnsOf[i]!;
      const lamT = s.lamT[t]!;
      const c = m.turnOut[t]!;
      // Delayed packets only (a head that waited finds the port busy with them).
      const lt = lamT * (1 - (1 - Math.min(1, s.headWaitProb[t]!)) * (1 - behind));
      if (lt > 0) {
        const a = (lt * s.x2[c]!) / 2;
        const b = (lt * s.x3[c]!) / 3;
        e += a;
        e2 += b;
        out[2 * (i - first)] = a;
        out[2 * (i - first) + 1] = b;
      }
      // Every packet.
      if (lamT > 0) {
        const a = (lamT * s.x2[c]!) / 2;
        const b = (lamT * s.x3[c]!) / 3;
        eAll += a;
        e2All += b;
        outAll[2 * (i - first)] = a;
        outAll[2 * (i - first) + 1] = b;
        pAll += lamT * s.xbar[c]!;
      }
    }
  }
  for (let k = 0; k < n; k++) {
    const t = m.turnsOf[first + k]!;
    out[2 * k] = Math.max(0, e - out[2 * k]!);
    out[2 * k + 1] = Math.max(0, e2 - out[2 * k + 1]!);
    const q = m.turnOut[t]!;
    const theta = waitingElsewhere(m, q, u, t);
    const xq = s.xbar[q]!;
    const lt = s.lamT[t]!;
    const busyP = Math.max(0, pAll - (lt > 0 ? lt * xq : 0));
    outAll[2 * k] = (1 - theta) * Math.max(0, eAll - outAll[2 * k]!) + theta * busyP * xq;
    outAll[2 * k + 1] = (1 - theta) * Math.max(0, e2All - outAll[2 * k + 1]!) + theta * busyP * xq * xq;
  }
}

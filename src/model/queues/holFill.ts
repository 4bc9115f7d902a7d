/**
 * Entry 500 (H46b, session 29; a try behind `TRY500=1`, docs/fabric-model.md): a binding merge floor's deficit filled above
 * each turn's wait behind its buffer's packets for other outputs. Part of floor.ts's conservation floor. Kernels: no
 * validation, no throwing.
 */
import type { CompiledModel } from '../spec/compile.js';
import type { ModelState } from '../fixedPoint/state.js';

/**
 * `TRY500=1` turns the fill on (off: main's alike top-up, bit for bit); `TRY500=2` (variant B) counts the deficit without the
 * other-output waits and adds it alike on top of them (no overlap).
 */
const TRY500_MODE = typeof process !== 'undefined' ? (process.env.TRY500 ?? '') : '';
export const TRY500 = TRY500_MODE === '1' || TRY500_MODE === '2';
const TRY500_PORT = typeof process !== 'undefined' && process.env.TRY500_PORT === '1';

/**
 * The part (s) of turn t's FIFO wait in its buffer u spent behind packets bound for other outputs: the buffer's wait
 * fifoWait[u] times the share of the buffer's work (each turn's λ_t'·(h_t' + s_c'), its head time and its output's
 * effective service, as heads.ts bufferHeadTime forms S) that the other turns bring — Poisson arrivals see the work
 * ahead in the mix the arrivals bring it. During that time the packet is not yet a request at its own output, whose
 * contention (the floor's subject) goes on meanwhile.
 */
export function otherTurnsWait(m: CompiledModel, s: ModelState, u: number, t: number): number {
  const w = s.fifoWait[u]!;
  if (!(w > 0) || !(w < Infinity)) return 0;
  let all = 0;
  let own = 0;
  // TRY500_PORT=1: a packet for another VL of the same output port is that port's work (the floor's W_OQ covers the port's
  // VLs together, split by the table), not another output's: only other ports count.
  const port = (m.turnOut[t]! / m.V) | 0;
  for (let i = m.turnsStart[u]!; i < m.turnsStart[u + 1]!; i++) {
    const t2 = m.turnsOf[i]!;
    const lt = s.lamT[t2]!;
    if (!(lt > 0)) continue;
    const work = lt * (s.headWait[t2]! + s.seff[m.turnOut[t2]!]!);
    all += work;
    if (t2 === t || (TRY500_PORT && ((m.turnOut[t2]! / m.V) | 0) === port)) own += work;
  }
  return all > 0 ? (w * (all - own)) / all : 0;
}

const lamScratch: number[] = [];
const holScratch: number[] = [];

/**
 * The level a with Σ_t λ_t·max(0, a − hol_t) = D (D > 0, seconds per second): the deficit filled from each turn's
 * other-output wait up, so a turn that already waits hol_t behind other outputs' packets takes only what exceeds it, and the
 * turns' total top-up is D exactly (the floor's mean unchanged). Writes each turn's top-up max(0, a − hol_t) to s.floorExtra
 * (before the caller's max with the train term). Turns of output channel c.
 */
export function fillAboveHol(m: CompiledModel, s: ModelState, c: number, deficit: number): void {
  let n = 0;
  for (let i = m.intoStart[c]!; i < m.intoStart[c + 1]!; i++) {
    const t = m.intoOf[i]!;
    const lt = s.lamT[t]!;
    if (!(lt > 0)) continue;
    const hol = otherTurnsWait(m, s, m.turnIn[t]!, t);
    // insertion by hol, ascending
    let k = n++;
    while (k > 0 && holScratch[k - 1]! > hol) {
      holScratch[k] = holScratch[k - 1]!;
      lamScratch[k] = lamScratch[k - 1]!;
      k--;
    }
    holScratch[k] = hol;
    lamScratch[k] = lt;
  }
  if (TRY500_MODE === '2') {
    let L2 = 0;
    let LH2 = 0;
    for (let k = 0; k < n; k++) ((L2 += lamScratch[k]!), (LH2 += lamScratch[k]! * holScratch[k]!));
    for (let i = m.intoStart[c]!; i < m.intoStart[c + 1]!; i++) s.floorExtra[m.intoOf[i]!] = s.lamT[m.intoOf[i]!]! > 0 ? (deficit + LH2) / L2 : 0;
    return;
  }
  let L = 0;
  let LH = 0;
  let a = 0;
  for (let k = 0; k < n; k++) {
    L += lamScratch[k]!;
    LH += lamScratch[k]! * holScratch[k]!;
    a = (deficit + LH) / L;
    if (k === n - 1 || a <= holScratch[k + 1]!) break;
  }
  for (let i = m.intoStart[c]!; i < m.intoStart[c + 1]!; i++) {
    const t = m.intoOf[i]!;
    s.floorExtra[t] = s.lamT[t]! > 0 ? Math.max(0, a - otherTurnsWait(m, s, m.turnIn[t]!, t)) : 0;
  }
}

/**
 * The waiting heads at each switch output, for the chance θ that another input's head waits for it
 * (heads.ts, H31x; docs/models.md §13.4): per turn r_t = λ_t·max(0, H_t − e_t), by Little the mean
 * number of the turn's heads waiting for the output and not for their own port. inputBuffers
 * (iterate.ts) sets every turn's term at the start of its pass and a turn's term again as it rewrites
 * the turn's head wait, so that θ at each buffer reads the state of that moment of the pass, as the
 * sum over the turns did. The terms lie in the order of the outputs' turn lists (compile.ts `intoOf`),
 * each beside its input port: the sum over an output's turns from the other input ports is one pass
 * over two short runs of memory (work.ts holds them), in the same order as before, so the same number
 * bit for bit.
 * Kernel: no validation, no throwing.
 */
import type { CompiledModel } from './compile.js';
import type { ModelState } from './state.js';

/**
 * Turn t's waiting heads r_t = λ_t·max(0, H_t − e_t) (heads per second × seconds): the one quantity θ here,
 * the ready heads of change 36 (heads.ts readyHeadsAt) and the heads ahead of change 67 (iterate.ts) all sum.
 */
export function waitingTerm(s: ModelState, t: number): number {
  return s.lamT[t]! * Math.max(0, s.headWait[t]! - s.portWait[t]!);
}

/** Every turn's term from the state (the start of a pass). */
export function resetWaiting(m: CompiledModel, s: ModelState): void {
  const r = m.work.waiting.r;
  for (let i = 0; i < r.length; i++) {
    const t = m.intoOf[i]!;
    r[i] = waitingTerm(s, t);
  }
}

/** Turn t's head wait or port wait was rewritten: its term follows. */
export function updateWaiting(m: CompiledModel, s: ModelState, t: number): void {
  m.work.waiting.r[m.work.waiting.position[t]!] = waitingTerm(s, t);
}

/**
 * The chance that a head of another input port waits for output port q: 1 − e^{−A}, A = Σ λ_t·(H_t − e_t)
 * over the turns into q from other input ports than `input` (Little: the mean number of such waiting
 * heads; H31x). `t` is a turn from `input` into q: with one VL it is the input port's only turn into q,
 * so the sum is the two runs before and after it, with no test per term.
 */
export function waitingElsewhere(m: CompiledModel, q: number, input: number, t: number): number {
  const { r, inputPort, position } = m.work.waiting;
  const end = m.intoStart[(q + 1) * m.V]!;
  let a = 0;
  if (m.V === 1) {
    const skip = position[t]!;
    for (let i = m.intoStart[q]!; i < skip; i++) a += r[i]!;
    for (let i = skip + 1; i < end; i++) a += r[i]!;
  } else for (let i = m.intoStart[q * m.V]!; i < end; i++) if (inputPort[i] !== input) a += r[i]!;
  return 1 - Math.exp(-a);
}

/**
 * The waiting heads at each switch output, for the chance θ that another input's head waits for it
 * (heads.ts, H31x; docs/models.md §13.4): per turn r_t = λ_t·max(0, H_t − e_t), by Little the mean
 * number of the turn's heads waiting for the output and not for their own port. inputBuffers
 * (iterate.ts) sets every turn's term at the start of its pass and a turn's term again as it rewrites
 * the turn's head wait, so that θ at each buffer reads the state of that moment of the pass, as the
 * sum over the turns did. The terms lie in the order of the outputs' turn lists (compile.ts `intoOf`),
 * each beside its input port (work.ts holds them): with several VLs the sum over an output's turns from
 * the other input ports is one pass over that run of memory, in the order of session 13 (the same
 * number bit for bit); with one VL each output keeps its total, and θ is the total less the turn's own
 * term ({@link waitingElsewhere}).
 * Kernel: no validation, no throwing.
 */
import { oneLessExpNeg } from './theta.js';
import type { CompiledModel } from '../spec/compile.js';
import type { ModelState } from './state.js';

/**
 * Turn t's waiting heads r_t = λ_t·max(0, H_t − e_t) (heads per second × seconds): the one quantity θ here,
 * the ready heads of change 36 (portReadout.ts readyHeadsAt) and the heads ahead of change 67 (iterate.ts) all sum.
 */
export function waitingTerm(s: ModelState, t: number): number {
  return s.lamT[t]! * Math.max(0, s.headWait[t]! - s.portWait[t]!);
}

/** Every turn's term from the state (the start of a pass), and each output port's total (one VL: {@link waitingElsewhere}). */
export function resetWaiting(m: CompiledModel, s: ModelState): void {
  const { r, total } = m.work.waiting;
  // One VL: the terms and each output's total in one pass (output q's turns are intoOf[intoStart[q]..intoStart[q + 1]),
  // every position once, in order: the same sums).
  if (m.V === 1) {
    const { intoOf, intoStart } = m;
    const { lamT, headWait, portWait } = s;
    for (let q = 0; q < m.P; q++) {
      let a = 0;
      for (let i = intoStart[q]!, end = intoStart[q + 1]!; i < end; i++) {
        const t = intoOf[i]!;
        // (waitingTerm's expression, on the arrays read once.)
        const x = lamT[t]! * Math.max(0, headWait[t]! - portWait[t]!);
        r[i] = x;
        a += x;
      }
      total[q] = a;
    }
    return;
  }
  for (let i = 0; i < r.length; i++) {
    const t = m.intoOf[i]!;
    r[i] = waitingTerm(s, t);
  }
}

/** Turn t's head wait or port wait was rewritten: its term follows (and, one VL, its output's total by the difference). */
export function updateWaiting(m: CompiledModel, s: ModelState, t: number): void {
  const { r, total, position } = m.work.waiting;
  const i = position[t]!;
  const x = waitingTerm(s, t);
  if (m.V === 1) total[m.turnOut[t]!]! += x - r[i]!;
  r[i] = x;
}

/**
 * The chance that a head of another input port waits for output port q: 1 − e^{−A}, A = Σ λ_t·(H_t − e_t)
 * over the turns into q from other input ports than `input` (Little: the mean number of such waiting
 * heads; H31x). `t` is a turn from `input` into q. With one VL it is the input port's only turn into q,
 * so A is q's total less t's own term: O(1) where the sum over q's turns was O(turns into q) for each
 * turn, Σ_q |into(q)|² terms a pass (1.2·10⁶ on Gran's 648-host all-to-all). The total is summed at the
 * start of the pass and kept by differences as terms are rewritten, so A takes another order of the
 * same terms than the sum did (session 14, H31i: converged solves move by up to … relative, within the
 * 10⁻⁶ allowed; docs/fabric-model.md, "Speed"). Several VLs: the sum over q's channels' turns, skipping the input's own.
 */
export function waitingElsewhere(m: CompiledModel, q: number, input: number, t: number): number {
  const { r, inputPort, position, total } = m.work.waiting;
  // (θ by theta.ts's kernel, change 176, for any number of VLs: the one-VL VoQ buffer step takes it so too.)
  if (m.V === 1) return oneLessExpNeg(Math.max(0, total[q]! - r[position[t]!]!));
  const end = m.intoStart[(q + 1) * m.V]!;
  let a = 0;
  for (let i = m.intoStart[q * m.V]!; i < end; i++) if (inputPort[i] !== input) a += r[i]!;
  return oneLessExpNeg(a);
}

/**
 * Change 240 (lead, session 22; H39rev's finding on change 250): the waiting heads ahead of a head at an output exclude
 * the other turns of its own FIFO into that output (one SL on the torus's two dateline VLs: one input buffer, two VLs of
 * the port). Only a FIFO's head requests (inputFifo.ts), so while t's packet is the head no other packet of its buffer
 * waits at the output. Per input buffer, the waiting terms λ(H − e) of its turns into the port being read, stamped per
 * port read so that no value of an earlier port or solve is read (the compiled model's work.ts `fifoWaiting`).
 */
/** Starts a port's read: {@link fifoWaitingOf} is 0 for every buffer until {@link addFifoWaiting} adds to it. */
export function startFifoWaiting(m: CompiledModel): void {
  const w = m.work.port;
  if (w.stamp[0]! >= 0x3fffffff) {
    w.fifoStamp.fill(0);
    w.stamp[0] = 0;
  }
  w.stamp[0]!++;
}

/** Adds turn's waiting term x to its input buffer u's sum for the port being read. */
export function addFifoWaiting(m: CompiledModel, u: number, x: number): void {
  const w = m.work.port;
  if (w.fifoStamp[u] !== w.stamp[0]) {
    w.fifoStamp[u] = w.stamp[0]!;
    w.fifoWaiting[u] = 0;
  }
  w.fifoWaiting[u]! += x;
}

/** Input buffer u's waiting terms into the port being read (its own turn's included). */
export function fifoWaitingOf(m: CompiledModel, u: number): number {
  const w = m.work.port;
  return w.fifoStamp[u] === w.stamp[0] ? w.fifoWaiting[u]! : 0;
}

/**
 * Change 265 (H40dia): the switch outputs fed by one input port alone (every turn with traffic into the port, on its
 * priority level, comes from one input port; FIFO buffers). There every packet ahead of a head comes through the head's own
 * input port, which sends one at a time: the other VLs' packets for that output hold the head's port as they hold the
 * output, so the head's port readout (portReadout.ts otherVlsReadout) counts them, and the output adds no wait of its own
 * (iterate.ts portWaits). Set by portWaits for every port it reads (first unmarked, then marked where one level carries the
 * port's traffic and its turns come from one input port), read by the buffer step of the same pass: no mark of another
 * pass is read. The marks are the compiled model's (work.ts `oneLinkOut`).
 */
export function markOneLink(m: CompiledModel, p: number, one: boolean): void {
  m.work.port.oneLinkOut[p] = one ? 1 : 0;
}

/** Whether output port q is marked fed by one input port in this pass ({@link markOneLink}). */
export function fedByOneLink(m: CompiledModel, q: number): boolean {
  return m.work.port.oneLinkOut[q] === 1;
}

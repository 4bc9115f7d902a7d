/**
 * Change 290 (H41uni, docs/fabric-model.md; docs/models.md §13.4): the turns a FIFO head loses at its output q while its input
 * port sends another VL's packet to another output. Part of the buffer step (portReadout.ts otherVlsReadout's port wait,
 * inputBuffers.ts's output-idle share); kernels: no validation, no throwing.
 */
import type { CompiledModel } from '../spec/compile.js';
import type { ModelState } from '../fixedPoint/state.js';
import { fedByOneLink, waitingElsewhere } from '../fixedPoint/waiting.js';

/**
 * E[e^{−λ_o R}]: the chance that no request from an input port other than `input` registers at output port q during the
 * residual R of the packet the head's port sends (uniform on (0, x) for fixed packets: (1 − e^{−λ_o x})/(λ_o x)), λ_o x the
 * load of q's turns from the other input ports.
 */
export function arrivalsMiss(m: CompiledModel, s: ModelState, q: number, input: number): number {
  let lo = 0;
  for (let c = q * m.V; c < (q + 1) * m.V; c++) {
    for (let i = m.intoStart[c]!; i < m.intoStart[c + 1]!; i++) {
      const t = m.intoOf[i]!;
      if (((m.turnIn[t]! / m.V) | 0) !== input) lo += s.lamT[t]! * s.xbar[c]!;
    }
  }
  return lo > 0 ? -Math.expm1(-lo) / lo : 1;
}

/** The geometric chain of lost turns is cut at this chance of one more (a port busy 90 % of the time with other VLs' packets). */
const MAX_REPEAT = 0.9;

/**
 * The lost turns of a head whose port is busy with another VL's packet with chance `busy` when it becomes ready, output q
 * then going to another request with chance `lose` (θ: one already waiting; 1 − (1 − θ)φ: or one registering during the
 * port's residual), each later end of q finding the port busy again with chance `busyAgain` and lost again with `loseAgain`:
 * K ≥ 1 with busy·lose, each further with r = busyAgain·loseAgain, each costing q's transmission `xq` (its winner's).
 * Returns [E[K]·x_q, E[K²]·x_q²] with E[K] = p/(1 − r), E[K²] = p(1 + r)/(1 − r)², p = busy·lose.
 */
export function lostTurns(busy: number, lose: number, busyAgain: number, loseAgain: number, xq: number): [number, number] {
  const p = busy * lose;
  const r = Math.min(MAX_REPEAT, busyAgain * loseAgain);
  return [(xq * p) / (1 - r), (xq * xq * p * (1 + r)) / ((1 - r) * (1 - r))];
}

/** Where change 290 applies to turn t's readouts: FIFO buffers of two VLs or more, an output fed by more than this input port. */
function applies(m: CompiledModel, t: number, s?: ModelState): boolean {
  return m.V > 1 && !m.voq && !fedByOneLink(m, (m.turnOut[t]! / m.V) | 0) && (s === undefined || mergeOutput(m, s, (m.turnOut[t]! / m.V) | 0));
}

/**
 * Diagnostic 372 (H44a, entry 372; env TRY372=1, not a method): whether output port q counts for change 290 — always, or
 * with TRY372 only where one input port brings more than half of q's load (a heavy input beside light ones: entry 371's
 * leaf output to a host), never where the inputs are alike (the one switch, the trees' up-links).
 */
export function mergeOutput(m: CompiledModel, s: ModelState, q: number, always = false): boolean {
  if (!TRY372 && !always) return true;
  let total = 0;
  let top = 0;
  for (let c = q * m.V; c < (q + 1) * m.V; c++)
    for (let i = m.intoStart[c]!; i < m.intoStart[c + 1]!; i++) total += s.lamT[m.intoOf[i]!]! * s.xbar[c]!;
  for (let c = q * m.V; c < (q + 1) * m.V; c++)
    for (let i = m.intoStart[c]!; i < m.intoStart[c + 1]!; i++) {
      const input = (m.turnIn[m.intoOf[i]!]! / m.V) | 0;
      let mine = 0;
      for (let c2 = q * m.V; c2 < (q + 1) * m.V; c2++)
        for (let j = m.intoStart[c2]!; j < m.intoStart[c2 + 1]!; j++) if (((m.turnIn[m.intoOf[j]!]! / m.V) | 0) === input) mine += s.lamT[m.intoOf[j]!]! * s.xbar[c2]!;
      top = Math.max(top, mine);
    }
  return total > 0 && top > 0.5 * total;
}

/** The lost turns' part E[K]·x_q of turn t's free readout (a fresh head that found q free), as otherVlsReadout forms it. */
export function lostFree(m: CompiledModel, s: ModelState, t: number): number {
  if (!applies(m, t, s)) return 0;
  const q = (m.turnOut[t]! / m.V) | 0;
  const miss = 1 - arrivalsMiss(m, s, q, (m.turnIn[t]! / m.V) | 0);
  return lostTurns(s.portBusyFresh[t]!, miss, s.portBusyFresh[t]!, miss, s.xbar[m.turnOut[t]!]!)[0];
}

/** The lost turns' part E[K]·x_q of turn t's every-packet readout (a head that waited), as otherVlsReadout forms it. */
export function lostAll(m: CompiledModel, s: ModelState, t: number): number {
  if (!applies(m, t, s)) return 0;
  const q = (m.turnOut[t]! / m.V) | 0;
  const input = (m.turnIn[t]! / m.V) | 0;
  const pl = 1 - (1 - waitingElsewhere(m, q, input, t)) * arrivalsMiss(m, s, q, input);
  return lostTurns(s.portBusyAll[t]!, pl, s.portBusyAll[t]!, pl, s.xbar[m.turnOut[t]!]!)[0];
}

/**
 * Try 290 (H41uni, i41uni-tried 042956c) carried onto session 26's main for try 368 (H43ahd, main d637946's history) and
 * rebuilt as try 370 (H44a): `TRY370=1` switches on 290 with 342 (bufferWait.ts), `TRY290=1` this part alone.
 */
export const TRY370 = (process.env.TRY370 ?? '0') !== '0';
export const TRY290 = TRY370 || (process.env.TRY290 ?? '0') !== '0';
const TRY372 = (process.env.TRY372 ?? '0') !== '0';

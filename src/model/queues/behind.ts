/**
 * The chance that a packet reaching switch input buffer u (behind channel u) finds its buffer's previous packet unfinished —
 * still waiting or still holding the input port — so that it is not a fresh head and leaves later than it came
 * (inputBuffers.ts `fresh`, portReadout.ts's delayed shares, runs.ts backToBack). Kernel: no validation, no throwing.
 *
 * Main's form is the time average λ_u(S_u − x_u) (PASTA: the buffer's head phase beyond one transmission). Try 510 (H46c,
 * docs/fabric-model.md, `TRY510=1`): the packets of a VL come over the link back to back with probability κ_u (change 320's
 * senderNext: the link's sender had the VL's next packet by the end of the previous one's transmission there), and a packet
 * that arrives back to back — one transmission after its predecessor's header, at equal rates — finds that predecessor
 * unfinished exactly when it was delayed at all (it started later than it came). Otherwise the time average stands. With
 * δ_u = 1 − ā(1 − B) the buffer's delayed share (ā = Σ_t (λ_t/λ_u)(1 − b_t)(1 − P_t), the chance a packet that found its
 * predecessor finished is not delayed by its output, b_t, or its port, P_t = portBusyFresh) and B = κδ_u + (1 − κ)β₀,
 * β₀ = λ_u(S_u − x_u):
 *     B = (κ(1 − ā) + (1 − κ)β₀) / (1 − κā).
 * Measured (benchmarks/sim-diag-ports.ts, torus8x8-transpose-2sl 70 %, the diagonal buffer s3_3:3, VL 2 → y−): packets
 * behind an unfinished predecessor 0.148 against β₀ = 0.039 (entry 266's 0.155 / 0.040 at s5_5:3).
 */
import type { CompiledModel } from '../spec/compile.js';
import type { ModelState } from '../fixedPoint/state.js';

/** H46c's try switch (`TRY510=1`; docs/fabric-model.md entry 511). */
export const TRY510 = process.env.TRY510 ?? '';

/** The chance a packet arriving at buffer u finds its predecessor unfinished (see the file's comment). */
export function behindShare(m: CompiledModel, s: ModelState, u: number, otherVls = false): number {
  const l = s.lam[u]!;
  const b0 = Math.min(1, l * Math.max(0, s.headTime[u]! - s.xbar[u]!));
  // `TRY510=3`: the back-to-back form only where another VL's head reads whether the port is held by a delayed packet
  // (portReadout.ts: the other VLs' delayed packets, delayedShare); the packet's own wait behind its predecessor stays the
  // FIFO's (inputBuffers `fresh`, runs.ts backToBack and the lower VLs' run keep λ(S − x)): moved, not counted twice.
  if (TRY510 === '3' && !otherVls) return b0;
  if (TRY510 === '' || m.voq || m.V === 1 || !(l > 0)) return b0;
  let a = 0;
  for (let i = m.turnsStart[u]!; i < m.turnsStart[u + 1]!; i++) {
    const t = m.turnsOf[i]!;
    a += (s.lamT[t]! / l) * (1 - Math.min(1, s.headWaitProb[t]!)) * (1 - Math.min(1, s.portBusyFresh[t]!));
  }
  a = Math.min(1, a);
  // `TRY510=2`: the share of the VL's packets that its own next packet follows back to back, λ_u·x_u (a work-conserving
  // sender's departures leave it busy with probability ρ, the next packet of VL u for λ_u/λ of them: entry 320's measurement).
  const k = TRY510 === '2' || TRY510 === '3' ? Math.min(1, l * s.xbar[u]!) : nextOverLink(m, s, u);
  return Math.min(1, (k * (1 - a) + (1 - k) * b0) / Math.max(1e-12, 1 - k * a));
}

/**
 * κ_u as runs.ts senderNext (change 320), repeated here so that runs.ts can read this file without an import cycle:
 * 1 − e^{−λ_u(W_send + x_u)}, W_send the host's send-queue wait or the sending output's head and FIFO waits over its turns
 * (a host whose offered load exceeds what it carries: 1 — not distinguished here; such hosts only matter past saturation).
 */
function nextOverLink(m: CompiledModel, s: ModelState, u: number): number {
  let wSend = 0;
  if (m.hostChannel[u] === 1) wSend = s.hostWait[u]!;
  else {
    let lt = 0;
    for (let i = m.intoStart[u]!; i < m.intoStart[u + 1]!; i++) {
      const t2 = m.intoOf[i]!;
      wSend += s.lamT[t2]! * (s.headWait[t2]! + s.fifoWait[m.turnIn[t2]!]!);
      lt += s.lamT[t2]!;
    }
    wSend = lt > 0 ? wSend / lt : 0;
  }
  if (!Number.isFinite(wSend)) return 1;
  return 1 - Math.exp(-s.lam[u]! * (wSend + s.xbar[u]!));
}

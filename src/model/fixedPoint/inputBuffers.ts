/**
 * Step 4 of the fabric model's fixed point (docs/models.md §13.5), after iterate.ts's port step: each switch input buffer
 * as a finite FIFO queue whose head time is its service, giving the credit wait of the link into it and the buffer's own
 * wait. Kernel: no validation, no throwing.
 */
import type { CompiledModel } from '../spec/compile.js';
import { finiteQueue } from '../queues/queue.js';
import { EPS, type ModelState } from './state.js';
import { voqBuffer } from '../queues/voq.js';
import { resetWaiting, updateWaiting } from './waiting.js';
import { otherVlsReadout } from '../queues/portReadout.js';
import { bufferFifoWait, splitFifo } from '../queues/splitFifo.js';
import { oneVlVoqBuffers } from '../queues/oneVlVoqBuffer.js';
import { RELOCATE } from './iterate.js';
import { rotationBuffers, rotationHeadTime } from './rotationHeads.js';

/**
 * Step 4: each switch input buffer (behind channel u) as a finite FIFO queue: arrivals λ_u with the
 * channel's departure SCV, service = the head's time (head wait + the next channel's effective
 * service, mixed over its turns), capacity = the buffer's credits in packets, the credit loop added
 * to the time a slot is held. Gives the credit wait β_u of channel u (damped by ω) and the buffer's
 * own queueing. Returns the largest relative change of β or S. `oneVlPass`: a one-VL VoQ model whose
 * pass so far was fixedPoint/oneVlVoqPorts.ts (the waiting heads' totals and each output's head wait set):
 * then queues/oneVlVoqBuffer.ts's buffer step; otherwise waiting.ts resetWaiting and the general step
 * below (the same numbers). `loadsMoved` false: the loads are those of the last call (oneVlVoqBuffer.ts
 * keeps what moves only with them).
 */
export function inputBuffers(m: CompiledModel, s: ModelState, omega: number, oneVlPass = false, loadsMoved = true): number {
  let change = 0;
  // The compiled model's scratch (work.ts): the readouts sized for the buffer with the most turns, byPort left zeroed.
  const { readout, readoutAll, byPort } = m.work.port;
  // The waiting heads per output (θ of the all-packets readout), as this pass finds them (waiting.ts).
  // (oneVlPass: the caller did, oneVlVoqPorts.ts.)
  if ((m.V > 1 || m.voq) && !oneVlPass) resetWaiting(m, s);
  // One VL with virtual output queues: each buffer's step in two passes over its turns (speed; the same numbers).
  if (oneVlPass && m.voq && m.V === 1) return oneVlVoqBuffers(m, s, omega, readout, loadsMoved);
  const rotation = rotationBuffers(m);
  for (let u = 0; u < m.C; u++) {
    const l = s.lam[u]!;
    const p = (u / m.V) | 0;
    if (!(l > 0) || m.bufferBlocks[p] === Infinity || m.turnsStart[u] === m.turnsStart[u + 1]) {
      s.headTime[u] = 0;
      continue;
    }
    let S = 0;
    let S2 = 0;
    // The input port feeds one output at a time: a head also waits while the port sends another VL's packet.
    const busyOther = m.V > 1 || m.voq;
    if (busyOther) {
      otherVlsReadout(m, s, u, readout, byPort);
      otherVlsReadout(m, s, u, readoutAll, byPort, true);
    }
    const fresh = 1 - Math.min(1, l * Math.max(0, s.headTime[u]! - s.xbar[u]!));
    for (let i = m.turnsStart[u]!; i < m.turnsStart[u + 1]!; i++) {
      const t = m.turnsOf[i]!;
      const pr = s.lamT[t]! / l;
      if (!(pr > 0)) continue;
      const c = m.turnOut[t]!;
      const k = i - m.turnsStart[u]!;
      // A packet that becomes head as it arrives and finds its output free waits for the port behind
      // delayed packets only; one that waited (for its output, probability b, or behind its buffer's
      // earlier packets) finds the port busy with any other VL's packet (§13.4).
      const free = (1 - Math.min(1, s.headWaitProb[t]!)) * (m.V > 1 ? fresh : 1);
      const all = m.V > 1 || m.voq ? 1 - free : 0;
      const e = busyOther ? free * readout[2 * k]! + all * readoutAll[2 * k]! : 0;
      const h0 = s.headWait[t]!;
      const h = h0 + e;
      s.headWait[t] = h;
      // A waited VoQ head passed over while its port is busy (H31g, change 55: the all-packets readout): the
      // output serves another request meanwhile, so only the free head's part idles the output (portWait).
      s.portWait[t] = m.voq ? free * readout[2 * k]! : e;
      if (m.V > 1 || m.voq) updateWaiting(m, s, t);
      // Virtual output queues: voqBuffer takes its own head time; the head's second moment is not read.
      if (m.voq) continue;
      const e2 = busyOther ? free * readout[2 * k + 1]! + all * readoutAll[2 * k + 1]! : 0;
      const h2 = s.headWait2[t]! + 2 * h0 * e + e2;
      s.headWait2[t] = h2;
      S += pr * (h + s.seff[c]!);
      S2 += pr * (s.seff2[c]! + 2 * h * s.seff[c]! + h2);
    }
    // Change 540 (rotationHeads.ts): a rotation buffer whose mixture S would hold it at λS > 1 is backlogged, its heads the
    // rotation's successors (head time S_b); where λS_b < 1 it cannot stay backlogged either, so it sits at λS = 1 (the
    // simulator's wrap buffer: λS 0.992 / 0.999 / 1.000 at 0.45 / 0.47 / 0.49, entry 357): S = max(S_b, 1/λ), the SCV
    // kept. S_b at every pass, as the allocation reads this pass's.
    const Sb = rotation[u] ? rotationHeadTime(m, s, u, S2 / S) : Infinity;
    let pinned = false;
    if (l * S > 1 && Sb < Infinity) {
      pinned = true;
      const Sn = Math.min(S, Math.max(Sb, 1 / l));
      S2 *= (Sn / S) * (Sn / S);
      S = Sn;
    }
    const loop = m.creditLoop[p]!;
    if (m.voq) {
      change = Math.max(change, voqBuffer(m, s, u, l, loop, omega));
      continue;
    }
    const cs2 = Math.max(0, S2 / (S * S) - 1);
    const hold = S + loop;
    const perPacket = Math.ceil(s.b1[u]! / l / 64);
    const slots = Math.max(1, Math.floor(m.bufferBlocks[p]! / Math.max(1, perPacket)));
    // The packets come off link u: each inter-arrival time holds the arriving packet's transmission x.
    // Lindley's recursion W' = max(0, W + S − A) is unchanged when x is taken from both S and A, so the
    // buffer waits as a queue with inter-arrivals A − x and service S − x (docs/models.md §13.5): a
    // stream alone on equal links does not queue again (the two-moment forms alone would say it does).
    const x = s.xbar[u]!;
    const gap = 1 / l - x;
    const shift = gap > 0 ? x : 0;
    const lt = 1 / (1 / l - shift);
    const ca2t = s.cd2[u]! * (lt / l) * (lt / l);
    const varS = Math.max(0, S2 - S * S);
    const ht = hold - shift;
    const full = finiteQueue(lt, 1 / ht, ca2t, varS / (ht * ht), slots, true);
    const ownSlots = RELOCATE && m.hostChannel[u] === 1 ? Infinity : slots;
    const blocked = full.blockingProbability;
    // A blocked packet's credit wait, in the shifted queue whose π it multiplies (docs/models.md §13.5):
    // the shifted stream comes in GE batches (a link's back-to-back packets have A − x = 0), a batch
    // going on with probability 1 − τ, τ = 2/(1 + Ca²); the first of a batch to be blocked waits the
    // residual of the hold h − x, a later one was ready when its predecessor got a credit and waits a whole h − x.
    const tau = Math.min(1, 2 / (1 + ca2t));
    const hb = Math.max(ht, EPS * hold);
    const resid = tau * ((varS + hb * hb) / (2 * hb)) + (1 - tau) * hb;
    const beta = omega * blocked * resid + (1 - omega) * s.beta[u]!;
    change = Math.max(change, Math.abs(beta - s.beta[u]!) / Math.max(s.xbar[u]!, EPS), Math.abs(S - s.headTime[u]!) / Math.max(S, EPS));
    s.blocked[u] = blocked;
    s.resid[u] = resid;
    s.beta[u] = beta;
    s.headTime[u] = S;
    s.fifoWait[u] = bufferFifoWait(m, s, u, S, S2, lt, ca2t, shift, ownSlots);
    // Change 540: a pinned rotation buffer (λS = 1) is backlogged and full (the simulator's wrap buffer holds 3.98 of 4
    // slots at 0.49, entry 520), so a packet's stay in it is slots·S by Little's law (N = λT, λS = 1) and its wait before
    // the head (slots − 1)·S — finite where the open queue's form is not at ρ = 1 (entry 523's point 3).
    if (pinned) s.fifoWait[u] = Math.min(s.fifoWait[u]!, (slots - 1) * S);
    // A buffer split over outputs some of whose turns the floor tops up: its wait with the floors as head time (change 145).
    splitFifo(m, s, u, lt, ca2t, shift, ownSlots);
    const rho = Math.min(1, l * S);
    s.fifoLoad[u] = l * S;
    s.fifoCd2[u] = rho * rho * cs2 + (1 - rho * rho) * s.cd2[u]!;
  }
  return change;
}

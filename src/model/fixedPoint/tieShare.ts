/**
 * Ported by H46a (entry 490, `TRY490=3`, tried) from i45g-tried (entry 480's code, tip ce596ac), with its TRY480=2/3 reading of
 * p_other (the embedded chain's) fixed on: TRY480 is on with TRY490=3 as well.
 *
 * Entry 480 (H45g, tried, env `TRY480=1` on `TRY450=D`): the inputs of entry 471's per-VL busy-found split read from the model's
 * own quantities in place of constants. Kernel: no validation, no throwing.
 *
 * (1) The tie share τ_t: the chance a head of turn t becomes ready at the very instant its output frees (entry 470). A fresh
 * head arrives at an instant set by the upstream link, with no tie to this switch's ends (continuous time: 0). A successor
 * becomes ready when its predecessor's transmission ends on the input port: behind the same output (chance p_t, turns
 * independent) that is the output's end, a tie by definition; behind another output it is a tie when the output is in
 * transmission with a packet that started with the predecessor — equal packets and cut-through keep the starts of a
 * switch's packets on common instants, but only among packets whose starts come from the same kind of input (a host's link
 * sets its own phase; switch-fed packets carry the upstream switch's), so the found transmission counts with the share a of
 * the output's load from inputs of t's kind (other ports than t's own). With entry 420's successors' share
 * σ_u = λ_u(S_u − x)/(1 − λ_u x) (S_u − x the buffer's mean head time, the last pass's):
 *   τ_t = σ_u [p_t + (1 − p_t) a_t ρ_x],  ρ_x the output's load in transmissions less t's own port's.
 * (2) The chance another VL has a request at the tie: a tie is the end of a transmission, while the output is busy; the heads
 * waiting are there (nearly) only while it is busy, so their count given busy is N_k/ρ_x (N_k: VL k's waiting heads, Little),
 * and the other VLs' heads that become ready at the same end (their own ties) add Σ_{t' of k} λ_t' τ_t' / λ_o per end:
 *   p_other,v = 1 − exp(−Σ_{k≠v} (N_k/ρ_x + R_k)).
 */
import type { CompiledModel } from '../spec/compile.js';
import type { ModelState } from './state.js';
import { servedLevel, type VlShares } from '../queues/arbitration.js';
import { third } from '../queues/heads.js';
import { waitingTerm } from './waiting.js';

export const TRY480 = ['1', '2', '3'].includes(process.env.TRY480 ?? '') || process.env.TRY490 === '3';
/**
 * TRY480=3: 2's p_other in entry 470's absolute form, P(busy) = (1 − τ)P(busy | no tie) + τℓ_v: away from a tie the output's
 * transmissions found as at a random instant (busy_x = busy·x̄/s̄: the arbiter passes over a VL without credits, so a credit
 * stall is not found busy), at a tie lost with ℓ_v = ½ p_same,v + p_other,v(1 − φ_v/Σφ): the VL's own other requests ready
 * at the tie (counted as (2) counts the other VLs', t's own turn left out) go first when older, taken as half of them
 * (the crossbar's oldest-first within a VL); no mean kept, and at every output the delay cycle reads.
 */
export const TRY480C = process.env.TRY480 === '3';
/**
 * TRY480=2: (2) read at the end of a transmission in the embedded chain's way: the other VLs' requests then are those left
 * waiting at the transmission's start (a departure sees the time average, Burke: N_k) and every one that became ready during
 * it (the output was busy, so all still wait: λ_k x̄_k), and those ready at the end itself (R_k):
 *   p_other,v = 1 − exp(−Σ_{k≠v} (N_k + λ_k x̄_k + R_k)).
 */
const TRY480B = process.env.TRY480 === '2' || process.env.TRY480 === '3' || process.env.TRY490 === '3';
export const DBG480 = process.env.DBG480 === '1';
/** H46e (entry 532, tried): a tie's competing requests from the other input ports only (tieFound). */
const TRY530P = process.env.TRY530 === '2' || process.env.TRY530 === '3' || process.env.TRY530 === '4';
/** TRY530=3: as 2 with t's own input buffer (its FIFO) alone left out, the port's other buffers kept (change 240's rule only). */
const TRY530F = process.env.TRY530 === '3' || process.env.TRY530 === '4';

/** Entry 420's successors' share of buffer u: the shifted queue's busy chance at an arrival. */
function successorShare(m: CompiledModel, s: ModelState, u: number): number {
  let lu = 0;
  let h = 0;
  for (let i = m.turnsStart[u]!; i < m.turnsStart[u + 1]!; i++) {
    const t = m.turnsOf[i]!;
    lu += s.lamT[t]!;
    h += s.lamT[t]! * s.headWait[t]!;
  }
  if (!(lu > 0)) return 0;
  const free = 1 - lu * s.xbar[u]!;
  if (!(free > 0)) return 1;
  return Math.min(1, Math.max(0, h / free));
}

/** τ_t for every turn into the output's channels base + v of the level (inLevel), R_k per VL, ρ_x. byInput: λ per input port into this output. */
export function tiePass(m: CompiledModel, s: ModelState, base: number, inLevel: (v: number) => boolean, byInput: Float64Array): void {
  const V = m.V;
  const { tau: tauT, readyByVl, loadByVl, sums } = m.work.port.ties;
  readyByVl.fill(0);
  loadByVl.fill(0);
  let lAll = 0;
  let lHost = 0;
  let lx = 0;
  for (let v = 0; v < V; v++) {
    if (!inLevel(v)) continue;
    for (let i = m.intoStart[base + v]!; i < m.intoStart[base + v + 1]!; i++) {
      const t = m.intoOf[i]!;
      const l = s.lamT[t]!;
      lAll += l;
      if (m.hostChannel[m.turnIn[t]!] === 1) lHost += l;
      lx += l * s.xbar[base + v]!;
      loadByVl[v]! += l * s.xbar[base + v]!;
    }
  }
  sums[0] = Math.min(1, lx);
  sums[1] = lAll;
  if (!(lAll > 0)) return;
  for (let v = 0; v < V; v++) {
    if (!inLevel(v)) continue;
    const xv = s.xbar[base + v]!;
    for (let i = m.intoStart[base + v]!; i < m.intoStart[base + v + 1]!; i++) {
      const t = m.intoOf[i]!;
      const u = m.turnIn[t]!;
      let lu = 0;
      for (let j = m.turnsStart[u]!; j < m.turnsStart[u + 1]!; j++) lu += s.lamT[m.turnsOf[j]!]!;
      if (!(lu > 0) || !(s.lamT[t]! > 0)) {
        tauT[t] = 0;
        continue;
      }
      const p = s.lamT[t]! / lu;
      const own = byInput[(u / V) | 0]!;
      const kind = m.hostChannel[u] === 1 ? lHost : lAll - lHost;
      const a = lAll - own > 0 ? Math.max(0, kind - own) / (lAll - own) : 0;
      const rho = Math.min(1, Math.max(0, lx - own * xv));
      const tau = successorShare(m, s, u) * (p + (1 - p) * a * rho);
      tauT[t] = tau;
      readyByVl[v]! += s.lamT[t]! * tau;
    }
  }
  for (let v = 0; v < V; v++) readyByVl[v]! /= lAll;
}

/** p_other,v of (2): waiting, N_k per VL (Σ λ(H − e)); inLevel the level's VLs. */
export function otherReadyAtTie(m: CompiledModel, waiting: Float64Array, V: number, v: number, inLevel: (k: number) => boolean, load = m.work.port.ties.loadByVl, ready = m.work.port.ties.readyByVl): number {
  const { sums } = m.work.port.ties;
  const readyByVl = ready;
  const loadByVl = load;
  let n = 0;
  const rx = Math.max(0.05, sums[0]!);
  for (let k = 0; k < V; k++) if (k !== v && inLevel(k)) n += TRY480B ? waiting[k]! + loadByVl[k]! + readyByVl[k]! : waiting[k]! / rx + readyByVl[k]!;
  return 1 - Math.exp(-n);
}

/** TRY480=3: p_same,v — VL v's own other requests at a tie of turn t (own: t's waiting term; x: t's transmission). */
export function sameReadyAtTie(m: CompiledModel, s: ModelState, waiting: Float64Array, v: number, t: number, x: number): number {
  const { tau: tauT, readyByVl, loadByVl, sums } = m.work.port.ties;
  const lOut = sums[1]!;
  const n = Math.max(0, waiting[v]!) + Math.max(0, loadByVl[v]! - s.lamT[t]! * x) + (lOut > 0 ? Math.max(0, readyByVl[v]! - (s.lamT[t]! * tauT[t]!) / lOut) : 0);
  return 1 - Math.exp(-n);
}

/**
 * H46e (TRY490=3's fix; change 240's rule): per VL of the output, the waiting heads a head of turn t can find — the other
 * buffers'. Its own FIFO has one head (t's), so its other turns' waiting terms into this port wait for nothing at it (H46a's
 * form counted them in p_same / p_other, and H45d's W0 took t's buffer's terms of every VL off VL v's: ownFifoAhead.test.ts).
 * Fills and returns the ties' `waitingFound` (base: the output's first channel; waitingByVl: iterate.ts's per-VL sums).
 */
export function foundWaiting(m: CompiledModel, s: ModelState, t: number, base: number, waitingByVl: Float64Array): Float64Array {
  const V = m.V;
  const found = m.work.port.ties.waitingFound;
  for (let k = 0; k < V; k++) found[k] = waitingByVl[k]!;
  const u = m.turnIn[t]!;
  for (let j = m.turnsStart[u]!; j < m.turnsStart[u + 1]!; j++) {
    const t2 = m.turnsOf[j]!;
    const o = m.turnOut[t2]! - base;
    if (o >= 0 && o < V) found[o] = Math.max(0, found[o]! - waitingTerm(s, t2));
  }
  return found;
}

/**
 * TRY490=3 (H46a, tried; docs/fabric-model.md entry 490): the work a head finds at its ready instant, W0 = B·R + N·s̄, with the
 * ties of entry 470 in it. Away from a tie (1 − τ_t of the heads) the output is found sending as at a random instant,
 * b_x = busy·x̄/s̄ (the MVA's busy without change 36's idle term — TRY490 — nor the credit stalls: the arbiter passes over a
 * VL without credits), with the residual R; at a tie (τ_t, tieShare.ts) the head loses the output with ℓ_v = ½p_same,v +
 * p_other,v(1 − φ_v/Σφ) (entry 482's) and then waits the **whole** transmission x̄ (the simulator's R at a lost tie is x: entry
 * 470's busy·R 0.356 x at switch8-2sl VL 0 = 0.382·½x away from ties + 0.164·x lost at them; entry 482 took R there).
 *   B = (1 − τ)b_x + τℓ_v,  E[B·R] = (1 − τ)b_x R + τℓ_v x̄,  E[W0²] = (1 − τ)b_x E[s³]/(3s̄) + τℓ_v E[x²] + 2(E[BR]/B)N s̄ + s̄²(E[N²] + N·Cs²)
 * (headWaitMva's finite-population form with E[R | busy] = E[BR]/B); `waitingByVl` the output's waiting heads per VL (iterate.ts).
 * Returns [W0, B, E[W0²]].
 */
export function tieFound(m: CompiledModel, s: ModelState, t: number, v: number, level: number, sh: VlShares, avail: number, sMean: number, residual: number, cs2: number, heads: number, a: number, busy: number, waitingByVl: Float64Array): [number, number, number] {
  const V = m.V;
  const base = ((m.turnOut[t]! / V) | 0) * V;
  const inLvl = (k: number) => servedLevel(sh, k) === level;
  let lx = 0;
  let l = 0;
  let phiAll = 0;
  for (let j = 0; j < V; j++) {
    if (!inLvl(j) || !(s.lam[base + j]! > 0)) continue;
    lx += s.lam[base + j]! * s.xbar[base + j]!;
    l += s.lam[base + j]!;
    phiAll += sh.roundBytes[j]! > 0 ? sh.roundBytes[j]! : 1;
  }
  const sE = sMean / avail;
  const xv = s.xbar[base + v]!;
  const xE = xv / avail;
  const tau = m.work.port.ties.tau[t]!;
  const found = foundWaiting(m, s, t, base, waitingByVl);
  const lose = phiAll > 0 ? 1 - (sh.roundBytes[v]! > 0 ? sh.roundBytes[v]! : 1) / phiAll : 0;
  let lv: number;
  if (TRY530P) {
    // TRY530=2 (H46e, tried; entry 532): at a tie t's head competes with the other input ports' requests only — its own
    // port's are behind the same port (its own FIFO has one head, change 240; the port's other buffers wait for the port
    // t's head would take), as the MVA's busy (`others`) leaves t's port out. λ_k x̄_k and R_k less t's port's part.
    const { loadOthers, readyOthers, loadByVl, readyByVl, sums } = m.work.port.ties;
    const pIn = (m.turnIn[t]! / V) | 0;
    for (let k = 0; k < V; k++) {
      loadOthers[k] = loadByVl[k]!;
      readyOthers[k] = readyByVl[k]!;
      if (!inLvl(k)) continue;
      for (let i = m.intoStart[base + k]!; i < m.intoStart[base + k + 1]!; i++) {
        const t2 = m.intoOf[i]!;
        if (TRY530F ? m.turnIn[t2] !== m.turnIn[t] : ((m.turnIn[t2]! / V) | 0) !== pIn) continue;
        loadOthers[k]! -= s.lamT[t2]! * s.xbar[base + k]!;
        if (sums[1]! > 0) readyOthers[k]! -= (s.lamT[t2]! * m.work.port.ties.tau[t2]!) / sums[1]!;
      }
      loadOthers[k] = Math.max(0, loadOthers[k]!);
      readyOthers[k] = Math.max(0, readyOthers[k]!);
    }
    const pSame = 1 - Math.exp(-(found[v]! + loadOthers[v]! + readyOthers[v]!));
    lv = 0.5 * pSame + otherReadyAtTie(m, found, V, v, inLvl, loadOthers, readyOthers) * lose;
  } else lv = 0.5 * sameReadyAtTie(m, s, found, v, t, xv) + otherReadyAtTie(m, found, V, v, inLvl) * lose;
  const bx = l > 0 ? busy * Math.min(1, lx / l / sMean) : busy;
  const bnt = (1 - tau) * bx;
  const bt = tau * lv;
  const b = Math.min(1, bnt + bt);
  const bR = bnt * residual + bt * xE;
  const cx2 = Math.max(0, s.x2[base + v]! / (xv * xv) - 1);
  const n2 = a + a * a * (1 - 1 / Math.max(1, heads));
  const w0 = bR + a * sE;
  const w02 = (bnt * third(sE, cs2)) / (3 * sE) + bt * xE * xE * (1 + cx2) + 2 * (b > 0 ? bR / b : 0) * a * sE + sE * sE * (n2 + a * cs2);
  return [w0, b, w02];
}

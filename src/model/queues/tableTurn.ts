/**
 * The table's turn after another input's packet that ends its visit (H42tp, change 321; docs/models.md §13.4): a head of
 * VL i that finds output q busy with VL i's packet from another input port, that packet the last its table entry may send
 * (one-packet visits: always), is not served at its end if another VL j has a request ready then — the VlArbiter moves
 * to the next entry whose VL has a packet ready (admission/arbiter.ts candidate), and VL j's visit sends 1 + F_j packets
 * (runs.ts visitTail) before VL i's entry comes round. visitRuns counts VL j's heads waiting as the head arrives (a_j)
 * and a visit of j in progress (b_j), not a request that appears by the end of the packet in service: the packet sent
 * back to back over the same link (at equal link rates with cut-through it arrives at the instant the packet in service
 * ends, and that instant's choices run after its arrivals, events.ts EV_CHOOSE) when that packet started as it came, and
 * VL j's arrivals over the other links during the residual. Adds to headWait / runWait as visitRuns does.
 * Kernel: no validation, no throwing.
 */
import type { CompiledModel } from '../spec/compile.js';
import { servedLevel, type VlShares } from './arbitration.js';
import type { ModelState } from '../fixedPoint/state.js';
import { waitingTerm } from '../fixedPoint/waiting.js';
import { senderNext, visitTail } from './runs.js';

/**
 * Change 321 (tried): per turn t of VL i into output port base/V (level `level`), ΔH_t = s̄ Σ_{j≠i} (1 + F_j)(1 − min(1, a_j))·
 * min(1, Σ_{t' of VL i, other ports} λ_t' s̄ · last_i · r_j(t')), r_j(t') = 1 − (1 − δ_t' κ_j(link of t') f_j)·e^{−λ_j,other R},
 * δ_t' the chance t's packet started as it came, κ_j the chance link's sender held its next packet of VL j (runs.ts
 * senderNext), f_j the share of that VL's packets for q, λ_j,other R VL j's arrivals over the other links in the residual R.
 * Run right after visitRuns on the same port and level (it reads visitRuns' scratch).
 */
export function tableTurns(m: CompiledModel, s: ModelState, base: number, level: number, sh: VlShares, sEff: number, residual: number): void {
  const V = m.V;
  for (let i = 0; i < V; i++) {
    const ci = base + i;
    if (servedLevel(sh, i) !== level || !(s.lam[ci]! > 0)) continue;
    const lastI = visitTail(i)[1];
    if (!(lastI > 0)) continue;
    for (let k = m.intoStart[ci]!; k < m.intoStart[ci + 1]!; k++) {
      const t = m.intoOf[k]!;
      if (!(s.lamT[t]! > 0)) continue;
      const pu = (m.turnIn[t]! / V) | 0;
      let extra = 0;
      for (let j = 0; j < V; j++) {
        const cj = base + j;
        if (j === i || servedLevel(sh, j) !== level || !(s.lam[cj]! > 0)) continue;
        // VL j's heads from the other ports already waiting (they begin j's visit anyway: visitRuns' a_j F_j and the MVA's ahead).
        let a = 0;
        for (let r = m.intoStart[cj]!; r < m.intoStart[cj + 1]!; r++) {
          const t2 = m.intoOf[r]!;
          if (((m.turnIn[t2]! / V) | 0) !== pu) a += waitingTerm(s, t2);
        }
        let begin = 0;
        for (let r = m.intoStart[ci]!; r < m.intoStart[ci + 1]!; r++) {
          const t1 = m.intoOf[r]!;
          const u1 = m.turnIn[t1]!;
          const p1 = (u1 / V) | 0;
          if (p1 === pu || !(s.lamT[t1]! > 0)) continue;
          // VL j's arrivals over the links other than t1's during the residual (t's own port is free: its head waits ready).
          let lOther = 0;
          let lSame = 0;
          for (let r2 = m.intoStart[cj]!; r2 < m.intoStart[cj + 1]!; r2++) {
            const t2 = m.intoOf[r2]!;
            if (((m.turnIn[t2]! / V) | 0) === p1) lSame += s.lamT[t2]!;
            else lOther += s.lamT[t2]!;
          }
          // t1's packet started as it came (no head wait, no FIFO wait: change 153's δ), and its link's sender held the next packet
          // of VL j; that packet is for q λ_same/λ_uj of the time.
          const uj = p1 * V + j;
          const behind = Math.min(1, s.lam[u1]! * Math.max(0, s.headTime[u1]! - s.xbar[u1]!));
          const undelayed = (1 - Math.min(1, s.headWaitProb[t1]!)) * (1 - behind);
          const bb = s.lam[uj]! > 0 && m.rate[p1] === m.rate[(ci / V) | 0] ? undelayed * senderNext(m, s, uj) * Math.min(1, lSame / s.lam[uj]!) : 0;
          const rj = TRY321_BB ? bb : 1 - (1 - bb) * Math.exp(-lOther * residual);
          begin += s.lamT[t1]! * sEff * lastI * rj;
        }
        extra += Math.min(1, begin) * (1 - Math.min(1, a)) * (1 + visitTail(j)[0]) * sEff;
      }
      if (!(extra > 0)) continue;
      const h = s.headWait[t]!;
      s.headWait[t] = h + extra;
      s.headWait2[t] = s.headWait2[t]! + 2 * h * extra + extra * extra;
      s.runWait[t] = s.runWait[t]! + extra;
    }
  }
}

/** H42tp's try switch for change 321 (`TRY321=1`). */
export const TRY321 = process.env.TRY321 === '1' || process.env.TRY321 === 'bb';
/** `TRY321=bb`: the back-to-back packet alone (no arrivals over the other links during the residual). */
const TRY321_BB = process.env.TRY321 === 'bb';

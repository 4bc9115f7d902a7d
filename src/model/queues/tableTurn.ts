/**
 * The table's turn after another input's packet that ends its visit (H42tp, try 321, not kept: docs/fabric-model.md). A head of
 * VL i that finds output q busy with VL i's packet from another input port, that packet the last its table entry may send
 * (one-packet visits: always), is not served at that packet's end if another VL j has a request ready then: the VlArbiter
 * moves to the next entry whose VL has a packet ready (admission/arbiter.ts candidate), and VL j's visit sends 1 + F_j
 * packets (runs.ts visitTail) before VL i's entry comes round. visitRuns counts VL j's heads waiting as the head arrives
 * (a_j) and a visit of j in progress (b_j); not the request that appears at the very end of the packet in service — the
 * packet sent back to back over the same link: at equal link rates with cut-through it arrives at the instant the packet
 * in service ends when that one started as it came, and the instant's choices run after its arrivals (events.ts EV_CHOOSE).
 * Adds to headWait / runWait as visitRuns does. Kernel: no validation, no throwing.
 */
import type { CompiledModel } from '../spec/compile.js';
import { servedLevel, type VlShares } from './arbitration.js';
import type { ModelState } from '../fixedPoint/state.js';
import { waitingTerm } from '../fixedPoint/waiting.js';
import { senderNext, visitTail } from './runs.js';

/** Scratch per input port (zeroed after each use): VL j's packets for q over the port's link, its waiting heads, the turns begun. */
let sameByPort = new Float64Array(64);
let aheadByPort = new Float64Array(64);
let beginByPort = new Float64Array(64);

/**
 * Change 321: per turn t of VL i into output port base/V (level `level`),
 *     ΔH_t = s̄ Σ_{j≠i} (1 + F_j)(1 − min(1, a_j)) min(1, Σ_{t'} λ_t' s̄ · last_i · δ_t' κ_j f_j),
 * t' the turns of VL i into q from the other input ports, last_i the chance a packet of VL i is its visit's last (runs.ts
 * visitTail), δ_t' the chance t's packet started as it came (change 153's: no head wait, no FIFO wait), κ_j the chance the
 * link's sender starts its next packet, of VL j, at the instant that one ends (runs.ts senderNext, change 320), f_j the
 * share of the link's VL j packets that are for q, a_j the waiting heads of VL j from the other ports (they begin j's visit
 * anyway: visitRuns' a_j F_j and the MVA's heads ahead). Run right after visitRuns on the same port and level (it reads
 * visitRuns' scratch). `sEff` the level's mean service time at this port (s).
 */
export function tableTurns(m: CompiledModel, s: ModelState, base: number, level: number, sh: VlShares, sEff: number): void {
  const V = m.V;
  if (m.P > sameByPort.length) ((sameByPort = new Float64Array(m.P)), (aheadByPort = new Float64Array(m.P)), (beginByPort = new Float64Array(m.P)));
  const q = (base / V) | 0;
  for (let i = 0; i < V; i++) {
    const ci = base + i;
    if (servedLevel(sh, i) !== level || !(s.lam[ci]! > 0)) continue;
    const lastI = visitTail(i)[1];
    if (!(lastI > 0)) continue;
    for (let j = 0; j < V; j++) {
      const cj = base + j;
      if (j === i || servedLevel(sh, j) !== level || !(s.lam[cj]! > 0)) continue;
      const visit = 1 + visitTail(j)[0];
      let aheadAll = 0;
      for (let r = m.intoStart[cj]!; r < m.intoStart[cj + 1]!; r++) {
        const t2 = m.intoOf[r]!;
        const p2 = (m.turnIn[t2]! / V) | 0;
        sameByPort[p2]! += s.lamT[t2]!;
        const a = waitingTerm(s, t2);
        aheadByPort[p2]! += a;
        aheadAll += a;
      }
      let beginAll = 0;
      for (let r = m.intoStart[ci]!; r < m.intoStart[ci + 1]!; r++) {
        const t1 = m.intoOf[r]!;
        const u1 = m.turnIn[t1]!;
        const p1 = (u1 / V) | 0;
        const uj = p1 * V + j;
        if (!(s.lamT[t1]! > 0) || !(s.lam[uj]! > 0) || m.rate[p1] !== m.rate[q]) continue;
        const behind = Math.min(1, s.lam[u1]! * Math.max(0, s.headTime[u1]! - s.xbar[u1]!));
        const undelayed = (1 - Math.min(1, s.headWaitProb[t1]!)) * (1 - behind);
        const b = s.lamT[t1]! * sEff * lastI * undelayed * senderNext(m, s, uj) * Math.min(1, sameByPort[p1]! / s.lam[uj]!);
        beginByPort[p1]! += b;
        beginAll += b;
      }
      for (let k = m.intoStart[ci]!; k < m.intoStart[ci + 1]!; k++) {
        const t = m.intoOf[k]!;
        if (!(s.lamT[t]! > 0)) continue;
        const pu = (m.turnIn[t]! / V) | 0;
        const begin = beginAll - beginByPort[pu]!;
        const ahead = aheadAll - aheadByPort[pu]!;
        const extra = Math.min(1, Math.max(0, begin)) * (NO_AHEAD ? 1 : 1 - Math.min(1, Math.max(0, ahead))) * visit * sEff;
        if (!(extra > 0)) continue;
        const h = s.headWait[t]!;
        s.headWait[t] = h + extra;
        s.headWait2[t] = s.headWait2[t]! + 2 * h * extra + extra * extra;
        s.runWait[t] = s.runWait[t]! + extra;
      }
      for (let r = m.intoStart[cj]!; r < m.intoStart[cj + 1]!; r++) {
        const p2 = (m.turnIn[m.intoOf[r]!]! / V) | 0;
        sameByPort[p2] = aheadByPort[p2] = 0;
      }
      for (let r = m.intoStart[ci]!; r < m.intoStart[ci + 1]!; r++) beginByPort[(m.turnIn[m.intoOf[r]!]! / V) | 0] = 0;
    }
  }
}

/** H42tp's try switch (`TRY321=1`; docs/fabric-model.md 321, not kept). */
export const TRY321 = process.env.TRY321 === '1';
/** `H42_NOA=1`: without the factor 1 − a_j (VL j's heads already waiting), tried for the overload cycle (entry 321). */
const NO_AHEAD = process.env.H42_NOA === '1';

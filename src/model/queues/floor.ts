/** The output-queued floor under a switch output's waits (docs/models.md §13.4); part of iterate.ts's port step. */
import { favouredVl, servedLevel, type VlShares } from './arbitration.js';

/** H46g's try switch (docs/fabric-model.md entry 551): `TRY550=2`, a favoured VL of the table takes no top-up. */
const TRY550 = process.env.TRY550 ?? '';
import type { CompiledModel } from '../spec/compile.js';
import { unboundedResponseTime } from './queue.js';
import type { ModelState } from '../fixedPoint/state.js';
import { bufferSlots, trainsAhead } from './trainsAhead.js';

/**
 * The output-queued floor (docs/models.md §13.4): an output fed by FIFO input buffers is not work
 * conserving (it may idle while packets for it wait behind heads bound elsewhere), so by the
 * conservation law (Kleinrock 1965) its packets wait on average at least as long as in an
 * output-queued switch with the same arrivals, W_OQ (per VL, after the weighted split): a floor under
 * the mean over the output's turns of head wait + buffer wait, never shortening a turn's wait (the
 * buffer's own queue, models.md §13.5, may know better); what the turns lack on average is added to
 * every turn alike (H31p, change 30).
 * Packets of one link are spaced by their transmissions: the work a link's stream brings has already
 * queued upstream and does not queue again. With W(λ) = λE[s²]/(2(1 − λs̄)) the M/G/1 wait,
 * λ·W_OQ = λ·W(λ) − Σ_i λ_i·W(λ_i) over the spaced input links i (H31p, change 29): exact for one link
 * carrying an M/D/1 queue's departures merged with Poisson arrivals (the output's workload is the
 * link's own transmission plus an excess that drains only while the link is idle, the low class of a
 * preemptive priority queue whose high class is the link's busy periods), and in a parking-lot chain
 * of equal links, where every link's busy periods are an M/D/1 queue's of its whole load.
 * `spacedPairs` = Σ_i λ_i²/(1 − λ_i/μ) (per second², λ_i² the link's pairs, iterate.ts). The
 * difference is reported in the latency, not fed back into the head times (fed back, it made the
 * fixed point run away near saturation). Only for an output fed by two input ports or more (the
 * caller's test).
 */
export function conservationFloor(m: CompiledModel, s: ModelState, base: number, level: number, sh: VlShares, split: Float64Array, l: number, mu: number, ca2: number, cs2: number, lowerTerm: number, spacedPairs = 0, oneInput = false, byInput?: Float64Array): void {
  const wOq = oneInput ? 0 : outputQueuedWait(l, mu, ca2, cs2, spacedPairs);
  if (!Number.isFinite(wOq)) return;
  const V = m.V;
  for (let v = 0; v < m.V; v++) {
    const lev = servedLevel(sh, v);
    const c = base + v;
    const lc = s.lam[c]!;
    if (lev !== level || !(lc > 0)) continue;
    for (let i = m.intoStart[c]!; i < m.intoStart[c + 1]!; i++) s.floorExtra[m.intoOf[i]!] = 0;
    // The conservation law bounds the output's mean wait, not each turn's (H31p, change 30): what the turns
    // lack on average, λ_c·floor − Σ_t λ_t·own_t, is added to every turn alike. First come, first served over
    // the heads: a head waits for the requests registered before it, whatever its input; its own buffer's
    // queue is in its own wait.
    // Buffer capacity (H31p2, change 31): the packets the next buffers could not hold wait at this output's
    // inputs (its output stalls for credits); of this output's own queue, each input buffer holds at most its slots.
    let spillIn = 0;
    for (let i = m.turnsStart[c]!; i < m.turnsStart[c + 1]!; i++) spillIn += s.floorSpill[m.turnsOf[i]!]!;
    let floor = split[v]! * wOq + lowerTerm + spillIn / lc;
    if (oneInput) {
      // One input port: no merge, nothing queues beyond the buffer's own wait but what the next buffers spill.
      for (let i = m.intoStart[c]!; i < m.intoStart[c + 1]!; i++) s.floorSpill[m.intoOf[i]!] = 0;
      if (!(spillIn > 0)) continue;
      let own = 0;
      for (let i = m.intoStart[c]!; i < m.intoStart[c + 1]!; i++) own += s.lamT[m.intoOf[i]!]! * (s.headWait[m.intoOf[i]!]! + s.fifoWait[m.turnIn[m.intoOf[i]!]!]!);
      floor = (own + spillIn) / lc;
    }
    // Change 295 (H41tr): the VL's packets come from the input links that bring them, and each link's packets bear their own
    // share of W_OQ (`byInput`, per input port, seconds: W_i = W(λ) − W(λ_i) for a spaced link, which finds none of its own
    // stream's work queued; W(λ) for another input; Σ_i λ_i·W_i = λ·W_OQ). The VL's floor is the mean W_i of its turns plus
    // what the table moves to or from it, (g_v − 1)·W_OQ: Σ_v λ_v·floor_v = λ·W_OQ still, and where every VL brings the
    // output's mix of links it is g_v·W_OQ as before.
    if (byInput !== undefined && !oneInput) {
      let sum = 0;
      for (let i = m.intoStart[c]!; i < m.intoStart[c + 1]!; i++) sum += s.lamT[m.intoOf[i]!]! * byInput[(m.turnIn[m.intoOf[i]!]! / V) | 0]!;
      floor += sum / lc - wOq;
    }
    const spilled = spillUpstream(m, s, c, lc, lc / mu, floor);
    floor -= spilled / lc;
    let deficit = 0;
    for (let i = m.intoStart[c]!; i < m.intoStart[c + 1]!; i++) {
      const t = m.intoOf[i]!;
      deficit += s.lamT[t]! * (floor - s.headWait[t]! - s.fifoWait[m.turnIn[t]!]!);
    }
    if (!oneInput) {
      // Change 312 (303's train term, H41shf): the other inputs' trains' next packets, registered before
      // a head (trainsAhead.ts), are head wait the MVA lacks — a lower bound on the turn's own extra, as the floor is on the
      // mean; each turn takes the larger of the two, so where the floor binds its alike top-up (change 30) stands.
      // `TRY550=2` (H46g, entry 551): a favoured VL (arbitration.ts wrrSplit: the table's bound binds against every other VL)
      // waits R/(1 − ρ_vΦ/φ_v), its own share of the link and the residual, whatever work the other VLs hold queued; the
      // top-up is queued work the MVA lacks (the output's idling behind heads bound elsewhere), which the table sends after
      // the favoured VL's packets: it is the other VLs' wait, not the favoured VL's.
      const alike = deficit > 0 && !(TRY550 === '2' && favouredVl(v)) ? deficit / lc : 0;
      for (let i = m.intoStart[c]!; i < m.intoStart[c + 1]!; i++) {
        const t = m.intoOf[i]!;
        s.floorExtra[t] = Math.max(alike, trainsAhead(m, s, c, (m.turnIn[t]! / m.V) | 0) / mu);
      }
      continue;
    }
    if (!(deficit > 0)) continue;
    for (let i = m.intoStart[c]!; i < m.intoStart[c + 1]!; i++) s.floorExtra[m.intoOf[i]!] = deficit / lc;
  }
}

/**
 * Whether input port `pu` brings output port `p` a spaced stream (change 29): its link's transmissions
 * are fixed (service SCV 0) and no shorter than the output's, so its own packets never queue behind each
 * other there — their work has queued upstream already.
 */
export function spacedInput(m: CompiledModel, pu: number, p: number): boolean {
  return m.serviceSecondFactor[pu] === 1 && m.rate[pu]! <= m.rate[p]! * (1 + 1e-9);
}

/**
 * W_OQ, seconds: the mean wait at an output (rate μ, service SCV Cs²) of arrivals λ (SCV Ca², Poisson: 1)
 * of which spaced input links bring `spacedPairs` = Σ_i λ_i²/(1 − λ_i/μ): the merge's M/G/1 wait W(λ)
 * less Σ_i (λ_i/λ)·W(λ_i), W(λ_i) = λ_i(1 + Cs²)/(2μ²(1 − λ_i/μ)) (change 29). Infinity when λ ≥ μ.
 */
export function outputQueuedWait(l: number, mu: number, ca2: number, cs2: number, spacedPairs = 0): number {
  const response = unboundedResponseTime(l, mu, ca2, cs2, true);
  if (!Number.isFinite(response)) return Infinity;
  const w = response - 1 / mu;
  return Math.max(0, w - ((1 + cs2) * spacedPairs) / (2 * mu * mu * l));
}

/**
 * Change 31 (H31p2, docs/models.md §13.4): the floor's queue at output channel c holds on average
 * L = ρ + λ·W packets (ρ = λ/μ, W the floor's wait, Little); taken as the maximum-entropy geometric
 * P(K ≥ n) = ρ r^(n−1), r = 1 − ρ/L, and split over the input buffers by their arrivals (each queued
 * packet from turn t with probability φ = λ_t/λ, first come, first served), buffer t's count is
 * geometric again: P(K_t ≥ n) = ρ a r'^(n−1), a = φ/(1 − r + rφ), r' = rφ/(1 − r + rφ). Its credits hold N
 * packets; E[(K_t − N)⁺] = ρ a r'^N/(1 − r') wait upstream instead, in the buffers of the output that
 * feeds buffer t (stored per turn in floorSpill, read there next). Returns the packets spilled.
 */
function spillUpstream(m: CompiledModel, s: ModelState, c: number, lc: number, rho: number, wait: number): number {
  const L = rho + lc * wait;
  let total = 0;
  for (let i = m.intoStart[c]!; i < m.intoStart[c + 1]!; i++) {
    const t = m.intoOf[i]!;
    const u = m.turnIn[t]!;
    const phi = s.lamT[t]! / lc;
    const slots = bufferSlots(m, s, u);
    // A host's buffer: what it cannot hold waits in the host's send queue, on the same flows' path.
    const spill = m.hostChannel[u] === 1 ? 0 : bufferSpill(rho, L, phi, slots);
    s.floorSpill[t] = spill;
    total += spill;
  }
  return total;
}

/**
 * E[(K_t − N)⁺], packets: of a queue holding on average L packets (P(K ≥ n) = ρ r^(n−1), r = 1 − ρ/L), the
 * part of one input's share φ beyond its N slots (change 31; 0 when L ≤ ρ, φ = 0 or N = ∞).
 */
export function bufferSpill(rho: number, L: number, phi: number, slots: number): number {
  if (!(L > rho) || !(phi > 0) || !(slots < Infinity)) return 0;
  const r = 1 - rho / L;
  const d = 1 - r + r * phi;
  const r1 = (r * phi) / d;
  return (rho * (phi / d) * Math.pow(r1, slots)) / (1 - r1);
}

/**
 * The weighted VLArb table's runs at an output port (docs/models.md §13.4, change 100, H31d): a visit of a
 * VL's table entry continues with its buffers' next packets, ahead of another VL's waiting head. Split from
 * heads.ts (the heads' mean value analysis), which it adds to.
 */
import type { CompiledModel } from '../spec/compile.js';
import { servedLevel, type VlShares } from './arbitration.js';
import type { ModelState } from '../fixedPoint/state.js';
import { waitingTerm } from '../fixedPoint/waiting.js';
import { behindShare } from './behind.js';

/** Scratch of {@link visitRuns}: per VL, the further packets of a visit begun (F) and of one in progress (G). */
let runF = new Float64Array(16);
let runG = new Float64Array(16);
/** Scratch of {@link visitRuns}: per VL, the chance that a packet of a visit is its last (weight spent), 1 for one-packet visits (change 153). */
let runLast = new Float64Array(16);

/**
 * The table's runs (docs/models.md §13.4, change 100): an entry of the weighted table keeps the output
 * while its remaining weight is > 0 and its VL has a packet ready (the admission module's VlArbiter, as
 * crossbar.ts tryOutput uses it), so a visit of VL j sends up to n_j = ⌈64w/s⌉ packets. The packet
 * ready when the one being sent ends is its buffer's next one for the same output: registered as its
 * predecessor starts, its input port freed with the end (crossbar.ts txEnd: the output that finished
 * chooses first). A packet arriving over the link just then is ready too since the same-instant fix (the end's
 * choices run after the instant's arrivals: {@link backToBack}, change 153). So a packet of VL j sent
 * here from buffer u is followed within its visit when u holds its next packet as the head starts:
 * the head leaves behind what an arrival finds (level crossing), on average λ_u(W_u + H_u) packets by
 * Little (W_u the FIFO wait, H_u = S_u − x_u the head's), so σ_u = min(1, λ_u(W_u + H_u)); that packet is
 * for this output λ_t/λ_u of the time: c_j = Σ_t (λ_t/λ_j) σ_u λ_t/λ_u.
 * A visit begun sends F_j = Σ_{m=1}^{n_j−1} c_j^m further packets, one found in progress (position k
 * with weight c_j^{k−1}) G_j = Σ_k c_j^{k−1} Σ_{m=1}^{n_j−k} c_j^m / Σ_k c_j^{k−1}. The heads' mean value
 * analysis counts at most one head per buffer ahead; a head of another VL i waits for these too:
 * ΔH_i = x̄ Σ_{j≠i} (b_j G_j + a_j F_j), b_j the output's time on VL j's packets from other input ports,
 * a_j their ready waiting heads (Σ λ_t(H_t − e_t): each begins a visit before this head is served).
 * Adds ΔH to `headWait` (E[H²] by 2H·ΔH + ΔH²) and writes it to `runWait` of every turn of `level` into
 * output port base/V: a head waiting for another VL's run is not ahead of that VL's heads (iterate.ts).
 * `sEff` is the level's mean service time at this port (seconds).
 */
export function visitRuns(m: CompiledModel, s: ModelState, base: number, level: number, sh: VlShares, sEff: number): void {
  const V = m.V;
  // A network built by hand may have more VLs than the scratch holds: a typed array drops writes past its end.
  if (V > runF.length) ((runF = new Float64Array(V)), (runG = new Float64Array(V)), (runLast = new Float64Array(V)));
  let any = false;
  for (let j = 0; j < V; j++) {
    runF[j] = runG[j] = 0;
    runLast[j] = 1;
    const cj = base + j;
    const n = Math.floor(sh.visitPackets[j]!);
    if (servedLevel(sh, j) !== level || !(n > 1) || !(s.lam[cj]! > 0)) continue;
    let c = 0;
    for (let i = m.intoStart[cj]!; i < m.intoStart[cj + 1]!; i++) {
      const t = m.intoOf[i]!;
      const lt = s.lamT[t]!;
      const u = m.turnIn[t]!;
      const lu = s.lam[u]!;
      if (!(lt > 0) || !(lu > 0)) continue;
      // The packets buffer u holds as its head starts: what an arrival finds there (level crossing), λ_u(W_u + H_u) by Little;
      // and, since the same-instant fix, the next packet sent back to back over link u when the head left as it came (change 153).
      const next = Math.min(1, lu * (s.fifoWait[u]! + Math.max(0, s.headTime[u]! - s.xbar[u]!)) + backToBack(m, s, t, u, cj));
      c += (lt / s.lam[cj]!) * next * (lt / lu);
    }
    c = Math.min(1, c);
    let f = 0;
    let pk = 1;
    let norm = 0;
    let g = 0;
    for (let k = 1; k <= n; k++) {
      let rest = 0;
      let cm = 1;
      for (let mm = 1; mm <= n - k; mm++) ((cm *= c), (rest += cm));
      if (k === 1) f = rest;
      g += pk * rest;
      norm += pk;
      pk *= c;
    }
    runF[j] = f;
    runG[j] = norm > 0 ? g / norm : 0;
    // A packet at position k of its visit has weight left while k < n (P(k) ∝ c^{k−1}): the last is at n with c^{n−1}/Σ.
    runLast[j] = norm > 0 ? Math.pow(c, n - 1) / norm : 1;
    if (f > 0) any = true;
  }
  for (let i = 0; i < V; i++) {
    const ci = base + i;
    if (servedLevel(sh, i) !== level) continue;
    for (let k = m.intoStart[ci]!; k < m.intoStart[ci + 1]!; k++) {
      const t = m.intoOf[k]!;
      s.runWait[t] = 0;
      if (!(s.lamT[t]! > 0)) continue;
      // Change 153: the head that arrives back to back as its predecessor ends (for the same output: λ_t/λ_u), that predecessor with weight left, continues the
      // visit at once — it waits for nothing (crossbar.ts choose after the instant's arrivals; before the fix another head took it).
      const keep = runLast[i]! < 1 ? 1 - backToBack(m, s, t, m.turnIn[t]!, ci) * (s.lamT[t]! / s.lam[m.turnIn[t]!]!) * (1 - runLast[i]!) : 1;
      if (!any) {
        if (keep < 1) ((s.headWait[t] = keep * s.headWait[t]!), (s.headWait2[t] = keep * s.headWait2[t]!), (s.headWaitProb[t] = keep * s.headWaitProb[t]!));
        continue;
      }
      const pu = (m.turnIn[t]! / V) | 0;
      let extra = 0;
      for (let j = 0; j < V; j++) {
        if (j === i || !(runF[j]! > 0)) continue;
        const cj = base + j;
        let b = 0;
        let a = 0;
        for (let r = m.intoStart[cj]!; r < m.intoStart[cj + 1]!; r++) {
          const t2 = m.intoOf[r]!;
          if (((m.turnIn[t2]! / V) | 0) === pu) continue;
          b += s.lamT[t2]! * sEff;
          a += waitingTerm(s, t2);
        }
        extra += (Math.min(1, b) * runG[j]! + a * runF[j]!) * sEff;
      }
      const h = s.headWait[t]!;
      const ex = extra > 0 ? extra : 0;
      s.headWait[t] = keep * (h + ex);
      s.headWait2[t] = keep * (s.headWait2[t]! + 2 * h * ex + ex * ex);
      if (keep < 1) s.headWaitProb[t] = keep * s.headWaitProb[t]!;
      s.runWait[t] = keep * ex;
    }
  }
}

/**
 * The chance that the head of turn t (buffer u, output channel c) finds its buffer's next packet arriving at the very
 * instant it ends (change 153, H33vl): the simulator's choices of an end now wait for the instant's other events
 * (events.ts EV_CHOOSE), so a packet whose header arrives then is registered first and continues the visit. At equal
 * link rates with cut-through a head that started as it came (no FIFO wait, no head wait: (1 − P_H)(1 − λ_u(S_u − x_u)))
 * ends one transmission after its own arrival, when the next packet sent back to back over link u arrives. That packet
 * was at the sender as the head's transmission there ended ({@link senderNext}, change 320), for this output λ_t/λ_u of
 * the time (the caller's factor). Before the fix such a packet came after the output's choice: the visit ended.
 */
function backToBack(m: CompiledModel, s: ModelState, t: number, u: number, c: number): number {
  const V = m.V;
  const pu = (u / V) | 0;
  const q = (c / V) | 0;
  if (m.rate[pu] !== m.rate[q]) return 0;
  const behind = behindShare(m, s, u);
  const undelayed = (1 - Math.min(1, s.headWaitProb[t]!)) * (1 - behind);
  return undelayed * senderNext(m, s, u);
}

/**
 * The chance κ_u that link u's sender starts its next packet of u's VL at the instant a packet of u ends there (change 153;
 * {@link backToBack}). Change 320 (H42tp): that next packet must have reached the sender by the end of the leaving packet's
 * transmission — during its wait there or during its transmission — so κ_u = 1 − e^{−λ_u(W_send + x_u)}, at least one of the
 * Poisson arrivals of the VL in the leaving packet's sojourn, W_send the host's send-queue wait or the upstream output's head
 * and FIFO waits over its turns, x_u the transmission; a backlogged host's is 1 (change 155). Before, min(1, λ_u·W_send): the
 * wait alone (Little on what the packet left behind as it started), read as a probability. Measured (benchmarks/
 * sim-link-trains.ts, the share of a VL's packets that the link's next packet of the same VL follows back to back): at
 * mesh8x8-transpose-2sl 50 %'s ring link s2_0:3 VL 1 0.209 (this form 0.198, before 0.017), torus8x8-shuffle-2sl 90 %'s
 * s4_3:4 VL 2 0.419 (0.512, before 0.310); docs/fabric-model.md 320. κ_u is the chance the packet is there, not that the
 * sender's arbiter starts it (a VL whose entry one packet spends yields to a ready other VL: review H42rv320 in entry 320).
 */
export function senderNext(m: CompiledModel, s: ModelState, u: number): number {
  // A host whose unbounded send queues are offered more than the fixed point carries (max-min caps its flows: overload) is
  // never empty: the next packet is always there (change 155; the send-queue wait at the carried rate would feed the rates back).
  if (m.hostChannel[u] === 1 && backlogged(m, s, u)) return 1;
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
  return 1 - Math.exp(-s.lam[u]! * (wSend + s.xbar[u]!));
}

/** Per compiled model, per host channel: the offered rates of its flows whose send queue is unbounded (or offered ∞), and of the rest. */
const offeredByChannel = new WeakMap<CompiledModel, { readonly unbounded: Float64Array; readonly finite: Float64Array }>();

/**
 * Whether host channel u's unbounded send queues hold a backlog that grows without end (change 155): their flows are offered
 * more than the fixed point carries (max-min capped them). The carried part of those flows is hostOffered less the finite
 * queues' offered rates (loads.ts: a finite queue sees the offered rate, an unbounded one the carried rate).
 */
function backlogged(m: CompiledModel, s: ModelState, u: number): boolean {
  let o = offeredByChannel.get(m);
  if (o === undefined) {
    o = { unbounded: new Float64Array(m.C), finite: new Float64Array(m.C) };
    for (let f = 0; f < m.F; f++) {
      const finite = m.sendQueue[f]! < Infinity && m.lambda[f]! < Infinity;
      (finite ? o.finite : o.unbounded)[m.flowChannel[f]!]! += m.lambda[f]!;
    }
    offeredByChannel.set(m, o);
  }
  const offered = o.unbounded[u]!;
  return offered > 0 && offered > (s.hostOffered[u]! - o.finite[u]!) * (1 + 1e-9);
}

/**
 * What heads of VL v at output port base/V find ahead of them that is another VL's wait for a run of v's
 * table entry ({@link visitRuns}): Σ λ_t·runWait_t over the turns of the other VLs of `level` into it —
 * a head waiting while VL v's packets pass is not ahead of them. Seconds × packets/s (a head count).
 */
export function runsAhead(m: CompiledModel, s: ModelState, base: number, level: number, sh: VlShares, v: number): number {
  let r = 0;
  for (let w = 0; w < m.V; w++) {
    if (w === v || servedLevel(sh, w) !== level) continue;
    for (let i = m.intoStart[base + w]!; i < m.intoStart[base + w + 1]!; i++) r += s.lamT[m.intoOf[i]!]! * s.runWait[m.intoOf[i]!]!;
  }
  return r;
}

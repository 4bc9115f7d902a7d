/**
 * The weighted VLArb table's runs at an output port (docs/models.md §13.4, change 100, H31d): a visit of a
 * VL's table entry continues with its buffers' next packets, ahead of another VL's waiting head. Split from
 * heads.ts (the heads' mean value analysis), which it adds to.
 */
import type { CompiledModel } from '../compile.js';
import { servedLevel, type VlShares } from './arbitration.js';
import type { ModelState } from '../state.js';
import { waitingTerm } from '../waiting.js';

/** Scratch of {@link visitRuns}: per VL, the further packets of a visit begun (F) and of one in progress (G). */
let runF = new Float64Array(16);
let runG = new Float64Array(16);

/**
 * The table's runs (docs/models.md §13.4, change 100): an entry of the weighted table keeps the output
 * while its remaining weight is > 0 and its VL has a packet ready (the admission module's VlArbiter, as
 * crossbar.ts tryOutput uses it), so a visit of VL j sends up to n_j = ⌈64w/s⌉ packets. The packet
 * ready when the one being sent ends is its buffer's next one for the same output: registered as its
 * predecessor starts, its input port freed with the end (crossbar.ts txEnd: the output that finished
 * chooses first). A packet arriving over the link just then is not (its arrival falls at the instant
 * of that end, and the end is handled first: the engine's insertion order). So a packet of VL j sent
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
  if (V > runF.length) ((runF = new Float64Array(V)), (runG = new Float64Array(V)));
  let any = false;
  for (let j = 0; j < V; j++) {
    runF[j] = runG[j] = 0;
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
      // The packets buffer u holds as its head starts: what an arrival finds there (level crossing), λ_u(W_u + H_u) by Little.
      const next = Math.min(1, lu * (s.fifoWait[u]! + Math.max(0, s.headTime[u]! - s.xbar[u]!)));
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
    if (f > 0) any = true;
  }
  for (let i = 0; i < V; i++) {
    const ci = base + i;
    if (servedLevel(sh, i) !== level) continue;
    for (let k = m.intoStart[ci]!; k < m.intoStart[ci + 1]!; k++) {
      const t = m.intoOf[k]!;
      s.runWait[t] = 0;
      if (!any || !(s.lamT[t]! > 0)) continue;
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
      if (!(extra > 0)) continue;
      const h = s.headWait[t]!;
      s.headWait[t] = h + extra;
      s.headWait2[t] = s.headWait2[t]! + 2 * h * extra + extra * extra;
      s.runWait[t] = extra;
    }
  }
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

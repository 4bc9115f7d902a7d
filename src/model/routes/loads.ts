/**
 * Step 1 of the fabric model's fixed point (docs/models.md §13.3): each channel's and each turn's
 * load from the flows' rates — λ, Σλ·(mean size), Σλ·(second moment) — and the source ports' send
 * queue sums. Summed over the route table (routes.ts): each flow adds its rate to its first hop and
 * to the node of its second once, and the node sums flow down the shared ends in one pass, O(flows + nodes) instead of
 * O(flows × hops) (the profile of the 648-host all-to-all: the per-hop pass was most of a solve).
 * Kernel: no validation.
 */
import type { CompiledModel, HopArrays } from '../spec/compile.js';
import type { ModelState } from '../fixedPoint/state.js';

/**
 * Channel and turn loads from `s.rate` (see the module comment). With `hops` (an allocation that
 * caps flows), the sums are taken flow by flow and hop by hop instead, in the order the model has
 * always used: capped flows fill links to 1 ± 10⁻¹⁶, where the rounding of the sums decides.
 */
export function accumulateLoads(m: CompiledModel, s: ModelState, hops?: HopArrays): void {
  if (hops !== undefined) return loadsByHop(m, s, hops);
  const { flowChannel, flowRest, flowTurn, flowRank, nodeChannel, nodeNext, nodeTurn, m1, m2, ca2, sendQueue, lambda } = m;
  const { rate, lam, b1, b2, lamT, sendCap, hostOffered, ca2acc } = s;
  const { a: nr, b: nb, c: nb2 } = s.scratch;
  lam.fill(0); b1.fill(0); b2.fill(0); ca2acc.fill(0); sendCap.fill(0); lamT.fill(0); hostOffered.fill(0);
  nr.fill(0); nb.fill(0); nb2.fill(0);
  for (let f = 0; f < m.F; f++) {
    const r = rate[f]!;
    const c0 = flowChannel[f]!;
    sendCap[c0]! += sendQueue[f]!;
    // A finite send queue sees the offered rate (it refuses the excess); an unbounded one the carried rate.
    const offered = sendQueue[f]! < Infinity && lambda[f]! < Infinity ? lambda[f]! : r;
    hostOffered[c0]! += offered;
    if (r > 0) ca2acc[c0]! += offered * ca2[f]!;
  }
  // Each node before its next hop's (next[n] < n); a flow's first hop where it stood as a node (flowRank).
  let f = m.F - 1;
  for (let n = m.N - 1; n >= -1; n--) {
    for (; f >= 0 && flowRank[f]! > n; f--) {
      const r = rate[f]!;
      if (!(r > 0)) continue;
      const c0 = flowChannel[f]!;
      const x = r * m1[f]!;
      const x2 = r * m2[f]!;
      lam[c0]! += r;
      b1[c0]! += x;
      b2[c0]! += x2;
      const rest = flowRest[f]!;
      if (rest < 0) continue;
      lamT[flowTurn[f]!]! += r;
      nr[rest]! += r;
      nb[rest]! += x;
      nb2[rest]! += x2;
    }
    if (n < 0) break;
    const r = nr[n]!;
    if (!(r > 0)) continue;
    const c = nodeChannel[n]!;
    lam[c]! += r;
    b1[c]! += nb[n]!;
    b2[c]! += nb2[n]!;
    const after = nodeNext[n]!;
    if (after < 0) continue;
    lamT[nodeTurn[n]!]! += r;
    nr[after]! += r;
    nb[after]! += nb[n]!;
    nb2[after]! += nb2[n]!;
  }
}

/** The loads hop by hop (see {@link accumulateLoads}). */
function loadsByHop(m: CompiledModel, s: ModelState, hops: HopArrays): void {
  const { hopStart, hopChannel, hopTurn } = hops;
  const { m1, m2, ca2, sendQueue } = m;
  s.lam.fill(0); s.b1.fill(0); s.b2.fill(0); s.ca2acc.fill(0); s.sendCap.fill(0); s.lamT.fill(0); s.hostOffered.fill(0);
  for (let f = 0; f < m.F; f++) {
    const r = s.rate[f]!;
    const h0 = hopStart[f]!;
    const c0 = hopChannel[h0]!;
    s.sendCap[c0]! += sendQueue[f]!;
    const offered = sendQueue[f]! < Infinity && m.lambda[f]! < Infinity ? m.lambda[f]! : r;
    s.hostOffered[c0]! += offered;
    if (!(r > 0)) continue;
    s.ca2acc[c0]! += offered * ca2[f]!;
    const a = m1[f]!;
    const b = m2[f]!;
    for (let h = h0; h < hopStart[f + 1]!; h++) {
      const c = hopChannel[h]!;
      s.lam[c]! += r;
      s.b1[c]! += r * a;
      s.b2[c]! += r * b;
      const t = hopTurn[h]!;
      if (t >= 0) s.lamT[t]! += r;
    }
  }
}

/** The output-queued floor under a switch output's waits (docs/models.md §13.4); part of iterate.ts's port step. */
import { servedLevel, type VlShares } from './arbitration.js';
import type { CompiledModel } from '../compile.js';
import { finiteQueue } from './queue.js';
import type { ModelState } from '../state.js';

/**
 * The output-queued floor (docs/models.md §13.4): an output fed by FIFO input buffers is not work
 * conserving (it may idle while packets for it wait behind heads bound elsewhere), so by the
 * conservation law (Kleinrock 1965) its packets wait on average at least as long as in an
 * output-queued switch with the same arrivals, W_OQ (per VL, after the weighted split): a floor under
 * each turn's head wait + buffer wait, never shortening it (the buffer's own queue, models.md §13.5,
 * may know better: a buffer whose packets all go here still waits for the other inputs' heads). Packets
 * of one link are spaced by their transmissions: `distinct` = 1 − Σ_i λ_i²/λ² is the share of pairs from
 * distinct links (Karol, Hluchyj and Morgan 1987), and the same-link share 1 − distinct takes
 * min(W, ρ·x) from the M/G/1 wait W (Karol's slotted count takes all of W; in continuous time, with
 * unsynchronised links, the spacing removes at most the own link's work of one transmission time). The
 * difference is reported in the latency, not fed back into the head times (fed back, it made the
 * fixed point run away near saturation). Only for an output fed by two input ports or more (the
 * caller's test): one link's packets arrive spaced by their own transmissions, which the two-moment
 * W_OQ does not know.
 */
export function conservationFloor(m: CompiledModel, s: ModelState, base: number, level: number, sh: VlShares, split: Float64Array, l: number, mu: number, ca2: number, cs2: number, lowerTerm: number, distinct = 1): void {
  const q = finiteQueue(l, mu, ca2, cs2, Infinity, true);
  if (!Number.isFinite(q.responseTime)) return;
  // Same-link pairs, in continuous time: a link's spacing takes from a packet's wait the work its own link
  // would have brought in the last transmission time, ρ·x per unit share, never more than the wait itself.
  const w = q.responseTime - 1 / mu;
  const wOq = w - (1 - distinct) * Math.min(w, l / mu / mu);
  for (let v = 0; v < m.V; v++) {
    const lev = servedLevel(sh, v);
    const c = base + v;
    const lc = s.lam[c]!;
    if (lev !== level || !(lc > 0)) continue;
    for (let i = m.intoStart[c]!; i < m.intoStart[c + 1]!; i++) s.floorExtra[m.intoOf[i]!] = 0;
    const floor = split[v]! * wOq + lowerTerm;
    for (let i = m.intoStart[c]!; i < m.intoStart[c + 1]!; i++) {
      const t = m.intoOf[i]!;
      const u = m.turnIn[t]!;
      const own = s.headWait[t]! + s.fifoWait[u]!;
      // A lower bound only (conservation): it never shortens a wait the buffer's own queue gives.
      s.floorExtra[t] = Math.max(0, floor - own);
    }
  }
}


/**
 * What a switch's input port does besides a head's own output (docs/models.md §13.4): the other VLs' packets it sends
 * while a head waits for it (otherVlsReadout), the ready heads elsewhere at an output, the chance a packet left its buffer
 * later than it came, and the same link's other VLs as strangers at an output. Part of iterate.ts's port and buffer
 * steps; kernels: no validation, no throwing.
 */
import type { CompiledModel } from '../spec/compile.js';
import { EPS, type ModelState } from '../fixedPoint/state.js';
import { servedLevel, type VlShares } from './arbitration.js';
import { fedByOneLink, waitingElsewhere, waitingTerm } from '../fixedPoint/waiting.js';
import { behindShare } from './behind.js';

/**
 * The input port behind channel u sends one packet at a time (the simulator's crossbar rule): a head of
 * VL v for output port q finds it busy with another VL's packet for another output with probability
 * Σ λ_w E[x_w] over those packets and then waits the residual, so on average e = Σ λ_w E[x_w²]/2 and
 * E[e²] = Σ λ_w E[x_w³]/3 (x_w the transmission out of the switch). Only delayed packets count: one that
 * left as it came is spaced from the next arrival by its own transmission on the same link, so a
 * packet of VL w counts with the chance that it waited (for its output, or behind its buffer's earlier
 * packets: λ_w(S_w − x)). Packets of the other VLs for the same output q are not counted: output q's
 * arbitration already has them. With virtual output queues the buffer's own packets for other outputs
 * count too (they leave independently, through the same port). Writes e and E[e²] of u's k-th turn
 * into `out` at 2k, 2k + 1; `byPort` is zeroed scratch of 3 × ports, left zeroed. `everyPacket`: count
 * every packet, delayed or not — the wait of a head that has already waited for its output, which an
 * undelayed packet of another VL passing through finds as well (H31w, docs/models.md §13.4); such a
 * head, when its output frees while the port is busy, loses it to another input's waiting head with
 * probability θ and then waits that packet's whole transmission x_q. Lower VLs' packets count with
 * their run: the freed port is offered to the buffers in VL order, so a lower VL's next packet, there
 * with its output free, keeps the port (H31x).
 */
export function otherVlsReadout(m: CompiledModel, s: ModelState, u: number, out: Float64Array, byPort: Float64Array, everyPacket = false): void {
  const v = u % m.V;
  const base = u - v;
  let e = 0;
  let e2 = 0;
  let pAll = 0;
  let pDel = 0;
  const pBusyFresh = s.portBusyFresh;
  const pBusyAll = s.portBusyAll;
  const first = m.turnsStart[u]!;
  const n = m.turnsStart[u + 1]! - first;
  // The freed port is offered to the port's VL buffers in VL order (the simulator's crossbar.ts, txEnd):
  // a lower VL's next packet, there and with its output free, keeps the port again — a run of
  // 1/(1 − P) packets of the lower VLs, P the chance of one more (H31x, docs/models.md §13.4).
  // (Several lower VLs: the chance that none has one is the product of theirs; and a run cannot keep the port
  // longer than those VLs' own load of it allows, 1/(1 − ρ_lower): H31q, docs/fabric-model.md change 41.)
  let none = 1;
  let lowerLoad = 0;
  if (!m.voq) {
    for (let w = 0; w < v; w++) {
      const uw = base + w;
      const lw = s.lam[uw]!;
      if (!(lw > 0)) continue;
      const behind = behindShare(m, s, uw);
      let more = 0;
      for (let i = m.turnsStart[uw]!; i < m.turnsStart[uw + 1]!; i++) {
        const t = m.turnsOf[i]!;
        more += behind * (s.lamT[t]! / lw) * (1 - Math.min(1, s.headWaitProb[t]!));
        lowerLoad += s.lamT[t]! * s.xbar[m.turnOut[t]!]!;
      }
      none *= 1 - Math.min(1, more);
    }
  }
  const run = Math.min(1 / Math.max(EPS, none), 1 / Math.max(EPS, 1 - Math.min(1, lowerLoad)));
  // One VL: each turn's output port is its own, so its per-port sum is its own term (0 + a = a):
  // kept in `out` itself, with no scatter into `byPort` and no clearing (every packet's λx too, taken again below).
  const own = m.V === 1;
  if (own) out.fill(0, 0, 2 * n);
  for (let w = 0; w < m.V; w++) {
    const uw = base + w;
    if ((w === v && !m.voq) || !(s.lam[uw]! > 0)) continue;
    const behind = behindShare(m, s, uw, true);
    const f = w < v ? run : 1;
    for (let i = m.turnsStart[uw]!; i < m.turnsStart[uw + 1]!; i++) {
      const t = m.turnsOf[i]!;
      // Change 266: or it waited for its own input port (busy with another VL's packet), which it left later than it came too.
      const delayed = everyPacket ? 1 : delayedOf(m, s, t, (1 - Math.min(1, s.headWaitProb[t]!)) * (1 - behind));
      const lt = s.lamT[t]! * delayed;
      if (!(lt > 0)) continue;
      const c = m.turnOut[t]!;
      const x = s.xbar[c]!;
      const a = (f * lt * s.x2[c]!) / 2;
      const b = (f * f * f * lt * s.x3[c]!) / 3;
      e += a;
      e2 += b;
      // Per output port, to be taken back from this buffer's turns to that port.
      if (own) {
        out[2 * (i - first)] = a;
        out[2 * (i - first) + 1] = b;
        if (everyPacket) pAll += lt * x;
        continue;
      }
      const q = (c / m.V) | 0;
      byPort[2 * q]! += a;
      byPort[2 * q + 1]! += b;
      if (everyPacket) ((pAll += lt * x), (byPort[2 * m.P + q]! += lt * x));
      else if (byPort.length > 2 * m.P) ((pDel += lt * x), (byPort[2 * m.P + q]! += lt * x));
    }
  }
  for (let k = 0; k < n; k++) {
    const t = m.turnsOf[first + k]!;
    const q = (m.turnOut[t]! / m.V) | 0;
    // Change 265: at an output fed by this input port alone the other VLs' packets for it hold this port as well: counted.
    const sameOut = !own && !m.voq && fedByOneLink(m, q);
    out[2 * k] = Math.max(0, e - (own ? out[2 * k]! : sameOut ? 0 : byPort[2 * q]!));
    out[2 * k + 1] = Math.max(0, e2 - (own ? out[2 * k + 1]! : sameOut ? 0 : byPort[2 * q + 1]!));
    if (!everyPacket) {
      if (!own && byPort.length > 2 * m.P) pBusyFresh[t] = Math.max(0, pDel - (sameOut ? 0 : byPort[2 * m.P + q]!));
      continue;
    }
    // The turn lost (H31x): output q, freed while the port is busy, goes to another input's waiting head
    // (probability θ, {@link waitingElsewhere}), and the head waits that whole packet, x_q, not the port's residual.
    const theta = waitingElsewhere(m, q, (u / m.V) | 0, t);
    const xq = s.xbar[m.turnOut[t]!]!;
    const lt = s.lamT[t]!;
    const busyP = Math.max(0, pAll - (own ? (lt > 0 ? lt * xq : 0) : sameOut ? 0 : byPort[2 * m.P + q]!));
    pBusyAll[t] = busyP;
    out[2 * k] = (1 - theta) * out[2 * k]! + theta * busyP * xq;
    out[2 * k + 1] = (1 - theta) * out[2 * k + 1]! + theta * busyP * xq * xq;
  }
  // Clear the scratch (only the ports touched).
  for (let w = 0; w < (own ? 0 : m.V); w++) {
    const uw = base + w;
    for (let i = m.turnsStart[uw]!; i < m.turnsStart[uw + 1]!; i++) {
      const q = (m.turnOut[m.turnsOf[i]!]! / m.V) | 0;
      byPort[2 * q] = 0;
      byPort[2 * q + 1] = 0;
      if (byPort.length > 2 * m.P) byPort[2 * m.P + q] = 0;
    }
  }
}

/**
 * The ready heads elsewhere at output port q (docs/models.md §13.4, H31h2 change 36): A_i = Σ λ_t·(H_t − e_t)
 * over the turns into q's channels (every VL) from input ports other than i — by Little the mean number
 * of other inputs' heads waiting for q that are not waiting for their own port. The simulator's output
 * (crossbar.ts, tryOutput) serves any ready request; it idles behind a head whose input port is busy
 * only while no other ready head waits for it, with probability e^{−A_i} (Poisson count). Writes each
 * input port's own part into `byInput` (zeroed scratch of m.P, to be cleared by
 * {@link clearReadyByInput}) and returns the total; A_i = total − byInput[i].
 */
export function readyHeadsAt(m: CompiledModel, s: ModelState, q: number, byInput: Float64Array): number {
  let a = 0;
  for (let c = q * m.V; c < (q + 1) * m.V; c++) {
    for (let i = m.intoStart[c]!; i < m.intoStart[c + 1]!; i++) {
      const t = m.intoOf[i]!;
      const r = waitingTerm(s, t);
      byInput[(m.turnIn[t]! / m.V) | 0]! += r;
      a += r;
    }
  }
  return a;
}

/** Zeroes what {@link readyHeadsAt} wrote into `byInput` for output port q. */
export function clearReadyByInput(m: CompiledModel, q: number, byInput: Float64Array): void {
  for (let c = q * m.V; c < (q + 1) * m.V; c++) for (let i = m.intoStart[c]!; i < m.intoStart[c + 1]!; i++) byInput[(m.turnIn[m.intoOf[i]!]! / m.V) | 0] = 0;
}

/**
 * The chance that a packet of turn t left its buffer later than it came (otherVlsReadout's "delayed"): it waited for its
 * output (probability b_t), behind its buffer's earlier packets (λ_u(S_u − x_u), u the buffer's channel) or, change 266,
 * for its own input port ({@link delayedOf}).
 */
export function delayedShare(m: CompiledModel, s: ModelState, t: number): number {
  const u = m.turnIn[t]!;
  const behind = behindShare(m, s, u, true);
  return delayedOf(m, s, t, (1 - Math.min(1, s.headWaitProb[t]!)) * (1 - behind));
}

/**
 * Change 266 (H40dia): 1 − free·(1 − P_t), free = (1 − b_t)(1 − λ_u(S_u − x_u)) the share of t's heads that are fresh with
 * their output free, P_t the chance that its head waited for its own input port, busy with another VL's packet — as the
 * buffer step weighs its two readouts (inputBuffers.ts): the free heads find the port busy with a delayed packet
 * (state `portBusyFresh`), the others with any packet (`portBusyAll`), both written by {@link otherVlsReadout} in the last
 * pass (a new state starts at 0: no head had waited for its port). FIFO buffers with several VLs only (with virtual output
 * queues every packet of the port counts already).
 */
function delayedOf(m: CompiledModel, s: ModelState, t: number, free: number): number {
  const p = m.voq || m.V === 1 ? 0 : Math.min(1, free * s.portBusyFresh[t]! + (1 - free) * s.portBusyAll[t]!);
  return 1 - free * (1 - p);
}

/**
 * Method change 246 (H39uni, docs/fabric-model.md; docs/models.md §13.4): the rate of the same link's other turns into turn t's
 * output port (its other VLs) that contend with t there as strangers. Their packets and t's came over one link one after
 * another, so one of them holds the output when the other arrives only if one of the two left its buffer later than it
 * came: Σ_t' λ_t'·(1 − (1 − d_t)(1 − d_t')) over those turns t' (d {@link delayedShare}; change 230's pair form). `base`:
 * the output port's first channel.
 */
export function sameLinkStrangers(m: CompiledModel, s: ModelState, t: number, base: number, sh: VlShares, level: number): number {
  const pu = (m.turnIn[t]! / m.V) | 0;
  const keep = 1 - delayedShare(m, s, t);
  let r = 0;
  for (let c = base; c < base + m.V; c++) {
    // Review H39rv246: the MVA's priority level only (as change 251), and not t's own FIFO (as 250/240: one head per buffer).
    if (servedLevel(sh, c - base) !== level) continue;
    for (let i = m.intoStart[c]!; i < m.intoStart[c + 1]!; i++) {
      const t2 = m.intoOf[i]!;
      if (m.turnIn[t2] === m.turnIn[t] || !(s.lamT[t2]! > 0) || ((m.turnIn[t2]! / m.V) | 0) !== pu) continue;
      r += s.lamT[t2]! * (1 - keep * (1 - delayedShare(m, s, t2)));
    }
  }
  return r;
}

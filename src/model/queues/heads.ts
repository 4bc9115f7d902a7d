/**
 * The head of a switch's FIFO input buffer and the buffer behind it (docs/models.md §13.4–13.5): the
 * head's wait for its output by mean value analysis over the other inputs' heads, its wait for its own
 * input port while that port sends another VL's packet, and the buffer's wait from the tandem identity
 * of link and FIFO. Part of iterate.ts's port and buffer steps; kernels: no validation, no throwing.
 */
import type { CompiledModel } from '../spec/compile.js';
import { finiteQueue, trainFifoWait } from './queue.js';
import { EPS, type ModelState } from '../fixedPoint/state.js';
import { servedLevel, type VlShares } from './arbitration.js';
import { fedByOneLink, waitingElsewhere, waitingTerm } from '../fixedPoint/waiting.js';

/** E[s³] of the gamma law with mean `x` and SCV `c2` (exact for deterministic, c2 = 0, and exponential, c2 = 1). */
export const third = (x: number, c2: number) => x * x * x * (1 + c2) * (1 + 2 * c2);

/**
 * A head's wait for its output (seconds) by mean value analysis over the heads (Little per head stream
 * and the arrival theorem: a head sees the others' heads, not itself): the output is busy with the
 * others' packets for their share of its time, `busy` = λ_others·s̄/avail, and then the head waits the
 * residual; the others' waiting heads, `ahead` = Σ λ_t'·H_t' over the other inputs (at most one head per
 * input buffer: a dominant input cannot queue), are served first, one service s̄/avail each:
 * W = busy·R + ahead·s̄/avail. Second moment of the same finite population: with `heads` other input
 * buffers, each with at most one head waiting, the count N of heads ahead is binomial with mean `ahead`,
 * E[N²] = ahead + ahead²(1 − 1/heads), and E[W²] = busy·E[s³]/(3s̄) + 2R·ahead·s̄ + s̄²(E[N²] + ahead·Cs²)
 * (s̄ = s̄/avail; N > 0 only while the output is busy); without `heads`, Takács's M/G/1 form
 * 2W² + λ_others E[s³]/(3(1 − busy)), which lets the queue of others grow without bound.
 * Returns [W, busy, E[W²]]. `avail` is the share of the port the level has (higher levels removed),
 * `residual` the level's residual service R (seconds), `cs2` its service SCV.
 */
export function headWaitMva(others: number, ahead: number, sMean: number, avail: number, residual: number, cs2: number, heads = Infinity): [number, number, number] {
  const sEff = sMean / avail;
  const busy = Math.min(1, others * sMean) / avail;
  const a = Math.max(0, ahead);
  const w = busy * residual + a * sEff;
  if (heads === Infinity) return [w, busy, 2 * w * w + (others * third(sEff, cs2)) / (3 * Math.max(EPS, 1 - busy))];
  // The same heads, squared: H = B·R + Σ_{k ≤ N} s_k, N ≤ heads the heads ahead (binomial, mean `a`), N > 0 only while busy.
  const n2 = a + a * a * (1 - 1 / Math.max(1, heads));
  return [w, busy, (busy * third(sEff, cs2)) / (3 * sEff) + 2 * residual * a * sEff + sEff * sEff * (n2 + a * cs2)];
}

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
      const behind = Math.min(1, lw * Math.max(0, s.headTime[uw]! - s.xbar[uw]!));
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
    const behind = Math.min(1, s.lam[uw]! * Math.max(0, s.headTime[uw]! - s.xbar[uw]!));
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

/** True when every output the buffer behind u feeds takes at least link u's transmission time per packet (the tandem identity's condition). */
export function slowerOut(m: CompiledModel, s: ModelState, u: number): boolean {
  for (let i = m.turnsStart[u]!; i < m.turnsStart[u + 1]!; i++) {
    const t = m.turnsOf[i]!;
    if (s.lamT[t]! > 0 && s.seff[m.turnOut[t]!]! < s.xbar[u]! * (1 - 1e-9)) return false;
  }
  return true;
}

/**
 * The wait in the FIFO buffer behind channel u from the tandem identity (docs/models.md §13.5): link u
 * (transmission x, FIFO and work-conserving) then the buffer (head time S_n ≥ x per packet) give
 * d2_n = max(e_n + x, d2_{n−1}) + S_n (e_n: the packet is ready for link u), so the wait for link u and
 * in the buffer together are those of one queue of service S with link u's arrivals; the buffer's part
 * is that less the same arrivals' wait for service x. A host's link: the send queue's own wait is
 * taken off (its arrivals are the sources'). Seconds; Infinity when the head time saturates the buffer.
 */
export function tandemBufferWait(m: CompiledModel, s: ModelState, u: number, S: number, cs2: number, extra?: Float64Array, slots = Infinity): number {
  const l = s.lam[u]!;
  const host = m.hostChannel[u] === 1;
  const arrivals = host ? s.hostOffered[u]! : l;
  const x = s.xbar[u]!;
  const alone = finiteQueue(arrivals, 1 / x, s.ca2in[u]!, Math.max(0, s.x2[u]! / (x * x) - 1), Infinity, !host).responseTime - x;
  if (!host) {
    // A switch-fed buffer (change 96, H31c): its head's credit wait β (its output's next buffer full) does not lengthen
    // the queue behind it here: while the next buffer is full this one fills too, and what would queue beyond its
    // slots waits upstream, where the link in's own β counts it. The identity takes the head time without β.
    const [Sn, cs2n] = headTimeWithoutCredits(m, s, u, extra);
    return switchFedWait(m, s, u, Sn, cs2n, l, x, alone, slots);
  }
  const total = finiteQueue(arrivals, 1 / S, s.ca2in[u]!, cs2, Infinity, false);
  if (!Number.isFinite(total.responseTime)) return Infinity;
  // A host's link also sends the other VLs' packets (change 37, H31h2): its VL's wait beyond its own, I = W_host − W_alone,
  // delays the packet's arrival at the buffer, which the buffer absorbs only while it is busy (probability λS).
  // One VL on the link: W_host is its own wait (I = 0 by definition), taken as it is.
  let shared = false;
  for (let w = u - (u % m.V); w < u - (u % m.V) + m.V; w++) if (w !== u && s.lam[w]! > 0) shared = true;
  const link = shared ? alone + Math.min(1, l * S) * Math.max(0, s.hostWait[u]! - alone) : s.hostWait[u]!;
  return total.responseTime - S - link;
}

/**
 * The wait in a switch-fed FIFO buffer behind channel u (seconds) for head time `S` (SCV `cs2`): the tandem identity's
 * W(λ, S) − S − W_alone, or where the buffer feeds two outputs or more the M^X/G/1 queue of its link's trains if larger
 * (change 61, H31k: the smooth Ca² of a merge of spaced streams holds its counts over long times, not its trains), that
 * held to the buffer's slots ({@link trainsWithinSlots}, change 260); no longer than the slots allow ({@link slotsBound},
 * change 181).
 */
function switchFedWait(m: CompiledModel, s: ModelState, u: number, S: number, cs2: number, l: number, x: number, alone: number, slots: number): number {
  const total = finiteQueue(l, 1 / S, s.ca2in[u]!, cs2, Infinity, true);
  if (!Number.isFinite(total.responseTime)) return Infinity;
  const w = total.responseTime - S - alone;
  const train = splitsTrain(m, s, u) ? trainFifoWait(l, x, Math.max(0, s.x2[u]! / (x * x) - 1), S, S * S * (1 + cs2)) : 0;
  return switchFedChoice(w, train, l, S, slots);
}

/**
 * Change 260 (H40fifo): the trains' queue `train` held to the buffer's slots (the credits cut link u's trains) where it is
 * the larger, else the identity's `w` within {@link slotsBound}. With Ca² = 1 into link u and fixed packets the two are one
 * exact form (M/D/1 then the FIFO: they agree to 1e-16), so a tie within TIE is the identity's (review H40rv260: `train > w`
 * had cut or not by rounding, and splitFifo's g(d) jumped between the two).
 */
export function switchFedChoice(w: number, train: number, l: number, S: number, slots: number): number {
  return train > w * (1 + TIE) ? trainsWithinSlots(l, S, train, slots) : Math.min(w, slotsBound(l, S, slots));
}
const TIE = 1e-9;

/**
 * Method change 260 (H40fifo, docs/models.md §13.5): the trains' wait `open` (s, {@link trainFifoWait}, no capacity) of a
 * switch-fed buffer of `slots` packets and head time S. Its M^X/G/1 takes link u's busy periods whole (Borel's law), but
 * the buffer stops link u when its slots are full (credits), so a long train is cut and its rest comes later: the simulator's
 * trains at torus8x8-transpose-1sl 90 % s1_1:3 have b 6.3 with 4 slots and 12 (Borel's at the load) with 64. The unbounded
 * queue holds L = λ(open + S) packets on average, taken as the maximum-entropy geometric P(N ≥ n) = ρ r^(n−1), ρ = λS,
 * r = 1 − ρ/L (change 31's form; tried at every buffer as change 182); the buffer holds min(N, B), E[min(N, B)] =
 * Σ_{n ≤ B} P(N ≥ n) = L(1 − r^B), so by Little W = (open + S)(1 − r^B) − S — never above {@link slotsBound}'s B/λ − S.
 * Without the cancellation of S (review H40rv260): with r = 1 − ρ/L = open/(open + S), W = open·(1 − r^(B−1)),
 * 1 − r^(B−1) = −expm1(−(B − 1)·log1p(S/open)) (r rounds to 1 for a long open wait, and open ≪ S lost open's digits). An
 * unbounded `open` (L → ∞) gives the form's limit ρB/λ − S = (B − 1)S, below the Little bound by BS(ρ⁻¹ − 1) (which it had given).
 */
export function trainsWithinSlots(l: number, S: number, open: number, slots: number): number {
  if (slots === Infinity || !(open > 0) || !(l > 0) || !(l * S < 1)) return Math.min(open, slotsBound(l, S, slots));
  if (open === Infinity) return Math.max(0, (slots - 1) * S);
  const e = slots === 1 ? 0 : (slots - 1) * Math.log1p(S / open);
  return Math.max(0, -open * Math.expm1(-e));
}

/**
 * Method change 181 (H36sat, docs/models.md §13.5): the longest mean wait (s) a buffer of `slots` packets allows its packets
 * at arrival rate λ and head time S. A packet holds its slot from its arrival to its departure, so the buffer holds on
 * average λ(W + S) ≤ B packets (Little): W ≤ B/λ − S. The identity's and the trains' queues have no capacity; what they
 * would queue beyond it waits upstream for a credit (the link in's β, in its heads). Infinity for an unbounded buffer.
 */
export function slotsBound(l: number, S: number, slots: number): number {
  return slots === Infinity || !(l > 0) ? Infinity : Math.max(0, slots / l - S);
}

/**
 * The head time of the buffer behind channel u without its outputs' credit waits (change 96, H31c): S° and Cs² of
 * {@link bufferHeadTime} with x_c (change 145's `extra` passed on). Returns [S°, Cs²].
 */
function headTimeWithoutCredits(m: CompiledModel, s: ModelState, u: number, extra?: Float64Array): [number, number] {
  const [S, S2] = bufferHeadTime(m, s, u, false, extra);
  return [S, Math.max(0, S2 / (S * S) - 1)];
}

/**
 * The head time of the buffer behind channel u and its second moment, Σ_t p_t(H_t + s_c) and Σ_t p_t(E[s_c²] + 2H_t s_c + E[H_t²])
 * over its turns t (p_t = λ_t/λ_u), s_c the output's effective service x_c + β_c (`credits`, as iterate.ts inputBuffers forms S)
 * or its transmission x_c alone (change 96); `extra` (per turn, s): head time added to H_t ({@link raisedHead}, change 145).
 * Returns [S, E[S²]] (s, s²).
 */
export function bufferHeadTime(m: CompiledModel, s: ModelState, u: number, credits: boolean, extra?: Float64Array): [number, number] {
  const l = s.lam[u]!;
  let S = 0;
  let S2 = 0;
  for (let i = m.turnsStart[u]!; i < m.turnsStart[u + 1]!; i++) {
    const t = m.turnsOf[i]!;
    const pr = s.lamT[t]! / l;
    if (!(pr > 0)) continue;
    const c = m.turnOut[t]!;
    let h = s.headWait[t]!;
    let h2 = s.headWait2[t]!;
    if (extra && extra[t]! > 0) [h, h2] = raisedHead(h, h2, extra[t]!, Math.min(1, s.lam[c]! * s.seff[c]!));
    const sc = credits ? s.seff[c]! : s.xbar[c]!;
    S += pr * (h + sc);
    S2 += pr * ((credits ? s.seff2[c]! : s.x2[c]!) + 2 * h * sc + h2);
  }
  return [S, S2];
}

/**
 * Head time H = h + a and its second moment when a head that waits for its output (probability b) waits `a` longer on
 * average: E[H²] = E[h²] + (2a·h + a²)/b (the extra on the waiting heads alone, a/b each).
 */
export function raisedHead(h: number, h2: number, a: number, b: number): [number, number] {
  return a > 0 ? [h + a, h2 + (2 * a * h + a * a) / Math.max(b, EPS)] : [h, h2];
}

/** True when the buffer behind channel u sends packets to two outputs or more (change 61). */
function splitsTrain(m: CompiledModel, s: ModelState, u: number): boolean {
  let n = 0;
  for (let i = m.turnsStart[u]!; i < m.turnsStart[u + 1]!; i++) if (s.lamT[m.turnsOf[i]!]! > 0 && ++n > 1) return true;
  return false;
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
  const behind = Math.min(1, s.lam[u]! * Math.max(0, s.headTime[u]! - s.xbar[u]!));
  return delayedOf(m, s, t, (1 - Math.min(1, s.headWaitProb[t]!)) * (1 - behind));
}

/**
 * Change 266 (H40dia): 1 − free·(1 − P_t), free = (1 − b_t)(1 − λ_u(S_u − x_u)) the share of t's heads that are fresh with
 * their output free, P_t the chance that its head waited for its own input port, busy with another VL's packet — as the
 * buffer step weighs its two readouts (iterate.ts inputBuffers): the free heads find the port busy with a delayed packet
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

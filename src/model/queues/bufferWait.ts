/**
 * The wait in a switch's FIFO input buffer behind its head (docs/models.md §13.5): the tandem identity of link and FIFO,
 * the trains' M^X/G/1 queue where the buffer splits its link's trains over outputs, both held to the buffer's slots.
 * Part of inputBuffers.ts's buffer step and splitFifo.ts; kernels: no validation, no throwing.
 */
import type { CompiledModel } from '../spec/compile.js';
import { finiteQueue, trainFifoWait } from './queue.js';
import type { ModelState } from '../fixedPoint/state.js';
import { bufferHeadTime } from './heads.js';
import { firstHeadExtra, welchLessPk } from './hostFed.js';
import { TRY420, tryOn } from './successors.js';

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
  // Change 337 (H43hi; entry 285's form, H41wel): the first of a busy period waits longer at the head than the packets after
  // it (queues/hostFed.ts): Welch's exceptional first service in place of the one service of the same mean. One VL only: with
  // two a head's wait also holds its port's other-VL packets, the table's runs and the other level's terms (entry 285).
  // (TRY420: the buffer's Welch term is splitFifo.ts's, with the three kinds.)
  const first = m.V === 1 && !(TRY420 && tryOn(m)) ? welchLessPk(arrivals, S, S * S * (1 + cs2), firstHeadExtra(m, s, u)) : 0;
  return total.responseTime + first - S - link;
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

/** True when the buffer behind channel u sends packets to two outputs or more (change 61). */
function splitsTrain(m: CompiledModel, s: ModelState, u: number): boolean {
  let n = 0;
  for (let i = m.turnsStart[u]!; i < m.turnsStart[u + 1]!; i++) if (s.lamT[m.turnsOf[i]!]! > 0 && ++n > 1) return true;
  return false;
}

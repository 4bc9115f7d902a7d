/**
 * The FIFO wait of an input buffer whose packets go to outputs of different loads (docs/models.md §13.5, method change 145,
 * H33sp): the simulator's input buffer is one FIFO per port and VL (sim/fabric/switch/inputFifo.ts: only its head requests
 * an output), so a packet bound for an idle output waits behind the earlier packets' waits for a busy one. Part of iterate.ts's
 * buffer step. Kernels: no validation, no throwing.
 */
import type { CompiledModel } from '../spec/compile.js';
import { finiteQueue } from './queue.js';
import { bufferHeadTime } from './heads.js';
import { slowerOut, tandemBufferWait } from './bufferWait.js';
import { EPS, type ModelState } from '../fixedPoint/state.js';
import { kinds, NO_WELCH, TRY420, TRY460, TRY460_AT, tryOn, welchDiff } from './successors.js';

/**
 * The wait (s) in the FIFO buffer behind channel u for head time S (second moment S2): the shifted GE/GE/1/N of
 * docs/models.md §13.5 (arrivals `lt` with SCV `ca2t`, service S − `shift`, `slots` packets), or the tandem identity's
 * if larger where no output is faster than link u, that no longer than `slots` allow (bufferWait.ts slotsBound). `extra`: per turn, head time added to that turn's (the tandem's
 * own head time is formed from the turns; 0 everywhere for the buffer's own head time).
 */
export function bufferFifoWait(m: CompiledModel, s: ModelState, u: number, S: number, S2: number, lt: number, ca2t: number, shift: number, slots: number, extra?: Float64Array): number {
  const varS = Math.max(0, S2 - S * S);
  const St = Math.max(S - shift, EPS * S);
  const own = finiteQueue(lt, 1 / St, ca2t, varS / (St * St), slots, true);
  const w = Math.max(0, own.responseTime - St);
  // Link u then this FIFO (docs/models.md §13.5): the wait for link u and in the buffer together are one queue's of service S.
  const tandem = slowerOut(m, s, u) ? tandemBufferWait(m, s, u, S, Math.max(0, S2 / (S * S) - 1), extra, slots) : -Infinity;
  const fifo = Math.max(w, tandem);
  // TRY420 (H45a, a try): the fresh heads are the first of the shifted queue's busy periods (Welch's exceptional first service).
  if (!(TRY420 && tryOn(m)) || NO_WELCH) return fifo;
  const k = kinds(m, s);
  k.varS[u] = varS;
  // TRY460 (H45e, entry 460): each service's variance the buffer's with the mixed head's spread replaced by its kind's.
  const v0 = TRY460 ? Math.max(0, varS - k.vMix[u]! + k.vFresh[u]!) : undefined;
  const vs = TRY460 ? Math.max(0, varS - k.vMix[u]! + k.vSucc[u]!) : undefined;
  // TRY460=2 (entry 461): Welch's term at the queue whose wait the FIFO is — the tandem's (λ, S) where it binds (change 337's
  // place), else the shifted queue's (λ, S − x).
  const atTandem = TRY460_AT && tandem >= w;
  const Sq = atTandem ? S : St;
  const lq = atTandem ? (m.hostChannel[u] === 1 ? s.hostOffered[u]! : s.lam[u]!) : lt;
  return Math.max(0, fifo + welchDiff(lq, Sq, varS + Sq * Sq, k.delta[u]!, v0, vs));
}

/**
 * Method change 145 (H33sp, docs/models.md §13.5): the buffer behind channel u sends to two outputs or more and the
 * output-queued floor (floor.ts) tops up some of its turns t by F_t. In the simulator all of an input-queued switch's
 * output wait is spent at a FIFO head, so the floor's part is head time that the buffer's later packets wait behind,
 * whatever their own output. With T_t = h_t + F_t + W₀ (W₀ = fifoWait, the FIFO wait of the head times h_t without the
 * floor) each turn's total, the buffer's wait W and the heads H_t solve
 *   H_t = max(h_t, T_t − W),   W = W_FIFO(S), S = Σ_t p_t (H_t + s_c), S2 = Σ_t p_t (s2_c + 2 H_t s_c + E[H_t²]),
 * (p_t = λ_t/λ_u, s_c the output's effective service, E[H_t²] by heads.ts raisedHead with b the output's load): a turn
 * whose total the floor sets keeps it, one that goes elsewhere waits W. Solved per pass for d = W − W₀ by regula falsi.
 * F_t: the floors of merges only ({@link mergeFloor}). Writes s.fifoSplit[u] (W) and per turn s.splitWait[t] = max(0, W − W₀ − F_t) and
 * s.splitHead[t] (H_t − h_t). Reported only, as the floor: not in the residual (the solve's waits settle with it, damping.ts).
 */
export function splitFifo(m: CompiledModel, s: ModelState, u: number, lt: number, ca2t: number, shift: number, slots: number): void {
  const start = m.turnsStart[u]!;
  const end = m.turnsStart[u + 1]!;
  let turns = 0;
  let floors = false;
  for (let i = start; i < end; i++) {
    const t = m.turnsOf[i]!;
    s.splitWait[t] = s.splitHead[t] = 0;
    if (!(s.lamT[t]! > 0)) continue;
    turns++;
    if (mergeFloor(m, s, t) > 0) floors = true;
  }
  if (turns < 2 || !floors) {
    s.fifoSplit[u] = 0;
    return;
  }
  const w0 = s.fifoWait[u]!;
  // An unstable buffer's wait is infinite already: nothing to split (∞ − ∞ would make the turns' waits NaN).
  if (!(w0 < Infinity)) {
    s.fifoSplit[u] = w0;
    return;
  }
  // g(d) = W(d) − W₀ − d, d = W − W₀ (each turn's head a_t = max(0, F_t − d) longer): g(0) ≥ 0, g(max F) = −max F < 0
  // (W(max F) = W₀); g falls with d. Regula falsi (Illinois) on [0, max F].
  let lo = 0;
  let hi = 0;
  for (let i = start; i < end; i++) hi = Math.max(hi, mergeFloor(m, s, m.turnsOf[i]!));
  let glo = splitGap(m, s, u, lo, lt, ca2t, shift, slots);
  let ghi = -hi;
  let d = lo;
  if (glo > 0) {
    let side = 0;
    for (let k = 0; k < 60 && hi - lo > TOL * s.xbar[u]!; k++) {
      d = Number.isFinite(glo) ? (lo * ghi - hi * glo) / (ghi - glo) : (lo + hi) / 2;
      const g = splitGap(m, s, u, d, lt, ca2t, shift, slots);
      if (g === 0) {
        lo = hi = d;
        break;
      }
      if (g > 0) {
        ((lo = d), (glo = g));
        if (side === 1) ghi /= 2;
        side = 1;
      } else {
        ((hi = d), (ghi = g));
        if (side === -1) glo /= 2;
        side = -1;
      }
    }
    d = (lo + hi) / 2;
  }
  for (let i = start; i < end; i++) s.splitHead[m.turnsOf[i]!] = Math.max(0, mergeFloor(m, s, m.turnsOf[i]!) - d);
  const next = w0 + d;
  s.fifoSplit[u] = next;
  for (let i = start; i < end; i++) {
    const t = m.turnsOf[i]!;
    if (s.lamT[t]! > 0) s.splitWait[t] = Math.max(0, next - w0 - mergeFloor(m, s, t));
  }
}

/** Bracket width at which {@link splitFifo}'s search stops, in link u's transmission times. */
const TOL = 1e-11;

/** g(d) = W(d) − W₀ − d of {@link splitFifo} (s): the buffer's wait with each turn's head a_t = max(0, F_t − d) longer. */
function splitGap(m: CompiledModel, s: ModelState, u: number, d: number, lt: number, ca2t: number, shift: number, slots: number): number {
  for (let i = m.turnsStart[u]!; i < m.turnsStart[u + 1]!; i++) s.splitHead[m.turnsOf[i]!] = Math.max(0, mergeFloor(m, s, m.turnsOf[i]!) - d);
  const [S, S2] = bufferHeadTime(m, s, u, true, s.splitHead);
  return bufferFifoWait(m, s, u, S, S2, lt, ca2t, shift, slots, s.splitHead) - s.fifoWait[u]! - d;
}

/**
 * Turn t's floor F_t where its output merges two input ports or more (the conservation law's top-up, floor.ts), else 0:
 * an output fed by one input port tops up only what the next buffers spill (change 31), a credit stall, not a wait at
 * the head for a busy output.
 */
function mergeFloor(m: CompiledModel, s: ModelState, t: number): number {
  const f = s.floorExtra[t]!;
  return f > 0 && merges(m, s, m.turnOut[t]!) ? f : 0;
}

/** Whether channel c's packets come from two input ports or more. */
function merges(m: CompiledModel, s: ModelState, c: number): boolean {
  let port = -1;
  for (let i = m.intoStart[c]!; i < m.intoStart[c + 1]!; i++) {
    const t = m.intoOf[i]!;
    if (!(s.lamT[t]! > 0)) continue;
    const pu = (m.turnIn[t]! / m.V) | 0;
    if (port >= 0 && pu !== port) return true;
    port = pu;
  }
  return false;
}

/**
 * The head of a switch's FIFO input buffer (docs/models.md §13.4): its wait for its output by mean value analysis over
 * the other inputs' heads, and the buffer's head time (head wait plus the output's service) mixed over its turns. The
 * port's readout of other VLs' packets is portReadout.ts's, the buffer's own wait bufferWait.ts's. Part of iterate.ts's
 * port and buffer steps; kernels: no validation, no throwing.
 */
import type { CompiledModel } from '../spec/compile.js';
import { EPS, type ModelState } from '../fixedPoint/state.js';

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
 * The head time of the buffer behind channel u and its second moment, Σ_t p_t(H_t + s_c) and Σ_t p_t(E[s_c²] + 2H_t s_c + E[H_t²])
 * over its turns t (p_t = λ_t/λ_u), s_c the output's effective service x_c + β_c (`credits`, as inputBuffers.ts forms S)
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

/**
 * Entry 450 (H45d, `TRY450=1`, tried): a head's wait as the low-priority delay cycle of the table's overtakers (Takács 1962;
 * Conway, Maxwell and Miller 1967 §9; Kleinrock vol. 2 §3.7): the work found that goes first, W0 = busy·R + N·s̄ (`w0`, `w02` its
 * two moments from {@link headWaitMva} with N the heads of the head's own VL found — the crossbar serves a VL's ready requests
 * oldest first), grows by the work of the requests that arrive during the wait and go first, at load σ per unit of time
 * (`sigma`; the table's other VLs and the lost turns, iterate.ts), each of mean `sEff` and SCV `cs2`:
 *     W = W0/(1 − σ),  E[W²] = E[W0²]/(1 − σ)² + E[W0]·σ·E[s²]/(s̄(1 − σ)³).
 * Returns [W, E[W²]]. `sigma` < 1 (the caller clamps).
 */
export function delayCycleWait(w0: number, w02: number, sigma: number, sEff: number, cs2: number): [number, number] {
  const q = 1 - sigma;
  return [w0 / q, w02 / (q * q) + (w0 * sigma * sEff * (1 + cs2)) / (q * q * q)];
}

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

/** Entry 410 (H44e, tried): the successors' head wait by the oldest-first rule, switched on by `TRY410=1`. */
export const TRY410 = typeof process !== 'undefined' && (process.env.TRY410 === '1' || process.env.TRY410 === 'S');
/** `TRY410=S` (diagnosis only): the rule at one-turn buffers alone (a buffer with several turns keeps the MVA's wait). */
const TRY410_ONE_TURN = typeof process !== 'undefined' && process.env.TRY410 === 'S';

/**
 * Entry 410 (H44e): the mean and second moment of the head wait of turn t's successors whose predecessor used the same
 * output, and their share of t's heads. By crossbar.ts's rule (the oldest registered request whose port is free) a successor
 * registers as its predecessor k starts on the output and is ready as k ends; it then waits one service for each other
 * input's head registered in k's window — from k's registration to its start — and for no other (a head registered later is
 * younger; one registered earlier went before k, and its buffer's next registered as it started, inside the window). With
 * arrivals and registrations at their rates given the window W (one per packet), P(t's buffer has a next | W) = λ_u·W and
 * P(t' registered | W) = λ_t'·W, so given a successor the window is size-biased: each other turn t' is found with chance
 * min(1, λ_t'·E[W²]/E[W]). W of k: fresh, its head wait h + β; a successor, x_u + h + β (registered at its own predecessor's
 * start); successors' share σ_u = λ_u(S_u − x_u)/(1 − λ_u x_u), the shifted queue's busy chance (inputBuffers.ts).
 * Returns [mean count found N, E[N²] by the binomial of headWaitMva, the successors' share of t's heads σ_u·λ_t/λ_u].
 */
export function successorsAhead(m: CompiledModel, s: ModelState, t: number, c: number, base: number, V: number, sameLevel: (v: number) => boolean, heads: number): [number, number, number] {
  const u = m.turnIn[t]!;
  const lu = s.lam[u]!;
  if (TRY410_ONE_TURN && s.lamT[t]! < lu * (1 - 1e-9)) return [0, 0, 0];
  const xu = s.xbar[u]!;
  const sigma = Math.min(1 - EPS, Math.max(0, (lu * (s.headTime[u]! - xu)) / Math.max(EPS, 1 - lu * xu)));
  const h = s.headWait[t]!;
  const b = s.beta[c]!;
  const m1 = h + b;
  const ew = m1 + sigma * xu;
  if (!(ew > 0)) return [0, 0, 0];
  const ew2 = s.headWait2[t]! + 2 * h * b + b * b + sigma * (xu * xu + 2 * xu * m1);
  const ratio = ew2 / ew;
  let n = 0;
  for (let v = 0; v < V; v++) {
    if (!sameLevel(v)) continue;
    for (let i = m.intoStart[base + v]!; i < m.intoStart[base + v + 1]!; i++) {
      const t2 = m.intoOf[i]!;
      if (m.turnIn[t2] === u || !(s.lamT[t2]! > 0)) continue;
      n += Math.min(1, s.lamT[t2]! * ratio);
    }
  }
  const n2 = n + n * n * (1 - 1 / Math.max(1, heads));
  return [n, n2, (sigma * s.lamT[t]!) / lu];
}

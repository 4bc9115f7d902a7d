/**
 * A host-fed FIFO buffer's busy periods (method change 337, H43hi: change 285 of H41wel, tried then and kept now; docs/models.md §13.5): the first packet of a busy period
 * of the host link and buffer together (the tandem identity's queue) waits longer at the head than the packets after it,
 * and the identity's queue is then Welch's M/G/1 with an exceptional first service. Part of bufferWait.ts's host branch;
 * kernels: no validation, no throwing.
 */
import type { CompiledModel } from '../spec/compile.js';
import type { ModelState } from '../fixedPoint/state.js';

/**
 * How much longer (s) the head of the buffer behind host channel u waits when it is the first of a busy period than when it
 * follows a predecessor, by the crossbar's rules (src/sim/fabric/switch/crossbar.ts; docs/models.md §13.5): a head registers
 * its request at its output when it becomes head — a fresh head as it arrives, a successor as its predecessor starts, x_c′
 * (the predecessor's transmission on its output c′) before its port frees and it can go. The output serves the oldest
 * registered request whose port is free. A fresh head with its port free (the first of a busy period) waits the MVA's
 * H_t = b_t·R_c + A_t (the output busy with chance b_t, then its residual R_c; A_t the requests ahead, their services),
 * what a random arrival finds (PASTA). A successor for another output registered x_c′ earlier: the requests registered
 * during that time are behind it, and of those ahead of a fresh head only the ones still waiting after x_c′ are ahead of it —
 * with the requests' waits at the output P(W > w) = b·e^{−w/m}, m = H_t/b_t (exponential tail), the fraction e^{−x_c′/m}.
 * So it waits A_t(1 − e^{−x_c′/m}) less. Successors bound to their predecessor's output (found just freed by that
 * predecessor, with every request their predecessor overtook still ahead) and fresh heads that came while their port was
 * busy are taken as the fresh head (no term: measured, the first wait longer and the second shorter, entry 285).
 * Change 362 (H43fp): a fresh head also finds ahead the requests registered before their own port frees, which Little's A
 * (heads counted from their port's freeing) leaves out — E_t ({@link registeredAhead}); a successor finds of them only those
 * still unserved at its ready time. Independent turns (the successor's turn t, its predecessor's t′ ≠ t):
 *   δ = Σ_t Σ_{t′ ≠ t} p_t p_t′ [A_t (1 − e^{−x′/m_t}) + E_t (1 − (m_t/x′)(1 − e^{−x′/m_t}))],  x′ = x_c(t′),
 *   A_t = max(0, H_t − b_t R_c(t)), R_c = E[x_c²]/(2x_c), m_t = H_t/b_t.
 * Zero for a buffer with one turn (every successor follows its predecessor's output) and where no head waits.
 */
export function firstHeadExtra(m: CompiledModel, s: ModelState, u: number): number {
  const l = s.lam[u]!;
  if (!(l > 0)) return 0;
  const input = (u / m.V) | 0;
  let delta = 0;
  for (let i = m.turnsStart[u]!; i < m.turnsStart[u + 1]!; i++) {
    const t = m.turnsOf[i]!;
    const pt = s.lamT[t]! / l;
    const h = s.headWait[t]!;
    const b = s.headWaitProb[t]!;
    if (!(pt > 0) || !(h > 0) || !(b > 0)) continue;
    const c = m.turnOut[t]!;
    const ahead = Math.max(0, h - b * (s.x2[c]! / (2 * s.xbar[c]!)));
    const mean = h / b;
    const early = registeredAhead(m, s, c, input, b, mean);
    if (!(ahead > 0) && !(early > 0)) continue;
    for (let j = m.turnsStart[u]!; j < m.turnsStart[u + 1]!; j++) {
      const t2 = m.turnsOf[j]!;
      const p2 = s.lamT[t2]! / l;
      if (t2 === t || !(p2 > 0)) continue;
      const xp = s.xbar[m.turnOut[t2]!]!;
      const gone = -Math.expm1(-xp / mean);
      delta += pt * p2 * (ahead * gone + early * (1 - (mean / xp) * gone));
    }
  }
  return delta;
}

/**
 * Method change 362 (H43fp; entry 340's "Next"): the requests (their services on output c, s) that a fresh head of input
 * port `input` with its port free finds registered at c before their own port is free, and that go before it. By the
 * crossbar's rules a head registers as it becomes head — a successor as its predecessor starts, a fresh head as it arrives
 * — and the output serves the oldest registered request whose port is free, so these requests are older than the fresh head
 * but not in Little's A (the MVA's waiting heads count from their port's freeing). Buffer v has a registered head whose port
 * is not yet free while its port sends (λ_v·x̄_v over its turns) and a packet waits behind the one sent: the identity's
 * queue behind a packet in service, r_v = W_v/(W_v + S_v) (change 31's geometric occupancy P(N ≥ 2 | N ≥ 1)), so
 * q_v = λ_v x̄_v r_v; the head is turn t′'s with p_t′. It goes first for certain when its predecessor holds c (chance p_t′:
 * the output frees as its port does), else when its port frees before the fresh head is served: the head waits only while
 * c is busy (b), exponentially with mean m = H/b, the port's rest uniform on (0, x̄_c): b·(m/x̄_c)(1 − e^{−x̄_c/m}).
 *   E = Σ_{t′ into c, other ports} q_v p_t′ x̄_c [p_t′ + (1 − p_t′)·b·(m/x̄_c)(1 − e^{−x̄_c/m})].
 * A successor that registered x′ before its port freed finds of these only the ones still unserved at its own ready time:
 * ready uniformly within the x′ before it, each is still waiting with chance (m/x′)(1 − e^{−x′/m}) — so the first head's
 * extra over a successor for another output gains E(1 − (m/x′)(1 − e^{−x′/m})) beside Little's part A(1 − e^{−x′/m}).
 */
export function registeredAhead(m: CompiledModel, s: ModelState, c: number, input: number, b: number, mean: number): number {
  const xc = s.xbar[c]!;
  const free = mean > 0 ? b * (mean / xc) * -Math.expm1(-xc / mean) : 0;
  let e = 0;
  for (let j = m.intoStart[c]!; j < m.intoStart[c + 1]!; j++) {
    const t2 = m.intoOf[j]!;
    const v = m.turnIn[t2]!;
    const lv = s.lam[v]!;
    if (((v / m.V) | 0) === input || !(s.lamT[t2]! > 0) || !(lv > 0)) continue;
    const q = registeredEarly(m, s, v);
    if (!(q > 0)) continue;
    const p2 = s.lamT[t2]! / lv;
    e += q * p2 * xc * (p2 + (1 - p2) * free);
  }
  return e;
}

/**
 * Change 362: the chance q_v that the buffer behind channel v holds, at a random instant, a head registered at its output
 * whose input port still sends the packet before it: the port sends (λ_v·x̄ over v's turns) and a packet waits behind the one
 * sent, r_v = W_v/(W_v + S_v) (change 31's geometric occupancy of the identity's queue, P(N ≥ 2 | N ≥ 1) = 1 − ρ/L with
 * L = λ(W + S)). Per packet, q_v/(λ_v x̄) is the mean time a head is registered before its port frees.
 */
export function registeredEarly(m: CompiledModel, s: ModelState, v: number): number {
  const W = s.fifoWait[v]!;
  const S = s.headTime[v]!;
  if (!(W > 0) || !(S > 0)) return 0;
  let sending = 0;
  for (let i = m.turnsStart[v]!; i < m.turnsStart[v + 1]!; i++) sending += s.lamT[m.turnsOf[i]!]! * s.xbar[m.turnOut[m.turnsOf[i]!]!]!;
  return Math.min(1, sending) * (W / (W + S));
}

/**
 * The M/G/1 queue's wait (s) with an exceptional first service (Welch, Operations Research 12(5), 1964), less
 * Pollaczek–Khinchine's for the same mean service: Poisson arrivals at rate `l`, services of mean S and second moment S2
 * (s, s²) in which the first of each busy period takes δ = `delta` longer than the rest, their mean kept:
 * S₀ = S + (1 − p₀)δ, S_s = S − p₀δ, p₀ = 1 − λS (Welch's chance that an arrival finds the queue empty,
 * (1 − λS_s)/(1 − λS_s + λS₀), is then 1 − λS exactly), each with the variance S2 − S²:
 *   W = λE[S_s²]/(2(1 − λS_s)) + λ(E[S₀²] − E[S_s²])/(2(1 − λS_s + λS₀)).
 * Zero for δ = 0; Infinity when λS ≥ 1.
 */
export function welchLessPk(l: number, S: number, S2: number, delta: number): number {
  const rho = l * S;
  if (!(rho < 1)) return Infinity;
  if (!(delta > 0) || !(l > 0)) return 0;
  const p0 = 1 - rho;
  const v = Math.max(0, S2 - S * S);
  const ss = S - p0 * delta;
  const s0 = S + (1 - p0) * delta;
  const welch = (l * (ss * ss + v)) / (2 * (1 - l * ss)) + (l * (s0 * s0 - ss * ss)) / (2 * (1 + l * delta));
  return welch - (l * S2) / (2 * (1 - rho));
}

/**
 * The other inputs' trains' next packets ahead of a head (docs/models.md §13.4; H41shf's measurement and form, entries
 * 300 and 303, made default with change 284); part of floor.ts's conservation floor. Kernel: no validation, no throwing.
 */
import type { CompiledModel } from '../spec/compile.js';
import type { ModelState } from '../fixedPoint/state.js';

/**
 * Requests for output channel c registered before a head of input port `pu` arrives, whose input port is still busy
 * sending its predecessor to c: by crossbar.ts a buffer's next packet registers as its predecessor starts (or as it
 * arrives, if later), so when c frees, that request is the oldest and its port frees at the same instant — it goes
 * first. Per other input buffer u' with turn t' into c: c is busy with u''s packet for λ_t'·x_c of the time; u' holds
 * a packet behind the one sent with chance r_u' (the buffer's geometric count P(N ≥ n) = ρ r^(n−1), L = λ(W + S),
 * r = 1 − ρ/L = W/(W + S), as change 31); that packet is for c with chance λ_t'/λ_u'. A count of heads (dimensionless).
 */
export function trainsAhead(m: CompiledModel, s: ModelState, c: number, pu: number): number {
  const V = m.V;
  let n = 0;
  for (let i = m.intoStart[c]!; i < m.intoStart[c + 1]!; i++) {
    const t = m.intoOf[i]!;
    const u = m.turnIn[t]!;
    const lt = s.lamT[t]!;
    const l = s.lam[u]!;
    if (((u / V) | 0) === pu || !(lt > 0) || !(l > 0)) continue;
    const w = s.fifoWait[u]!;
    const S = s.headTime[u]!;
    const r = w > 0 ? w / (w + S) : 0;
    n += lt * s.xbar[c]! * r * (lt / l);
  }
  return n;
}

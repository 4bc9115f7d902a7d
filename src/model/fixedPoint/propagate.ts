/** The fixed point's step 5 (docs/models.md §13): the flows' two-moment processes carried from hop to hop. */
import type { CompiledModel } from '../spec/compile.js';
import type { ModelState } from './state.js';

/** Step 5: two-moment propagation (Whitt's QNA): merge into each channel (the hybrid superposition), departure SCV Cd² = ρ²Cs² + (1 − ρ²)Ca². */
export function propagate(m: CompiledModel, s: ModelState): void {
  for (let c = 0; c < m.C; c++) propagateChannel(m, s, c);
}

/** {@link propagate} for channel c alone (it writes c's Ca² and Cd² only, from the last pass's departures). */
export function propagateChannel(m: CompiledModel, s: ModelState, c: number): void {
  const l = s.lam[c]!;
  if (!(l > 0)) return;
  if (m.hostChannel[c]) return merged(s, c, l, s.ca2acc[c]! / s.hostOffered[c]!, 0);
  let ca2 = 0;
  let sq = 0;
  const { intoOf, turnIn } = m;
  const { lamT, lam, fifoCd2 } = s;
  for (let i = m.intoStart[c]!, end = m.intoStart[c + 1]!; i < end; i++) {
    const t = intoOf[i]!;
    const lt = lamT[t]!;
    if (!(lt > 0)) continue;
    const u = turnIn[t]!;
    const pr = lt / lam[u]!;
    ca2 += (lt / l) * (pr * fifoCd2[u]! + 1 - pr);
    sq += (lt / l) * (lt / l);
  }
  merged(s, c, l, ca2, sq);
}

/**
 * The end of channel c's merge (λ = l > 0): from the streams' Ca² sum `ca2` (Σ (λ_t/λ)·Ca²_t) and Σ(λ_t/λ)²
 * (`sq`; 0: no merge, `ca2` stands, as a host's), c's arrival and departure SCVs.
 */
export function merged(s: ModelState, c: number, l: number, ca2: number, sq: number): void {
  // Whitt's hybrid superposition (QNA, BSTJ 62(9) 1983, §4): many streams merge into a process that is
  // Poisson in the long run, which is what a busy queue sees: w = 1/(1 + 4(1 − ρ)²(v − 1)), v = 1/Σ(λ_i/λ)².
  if (sq > 0) {
    const rho = Math.min(1, l * s.seff[c]!);
    const w = 1 / (1 + 4 * (1 - rho) * (1 - rho) * (1 / sq - 1));
    ca2 = w * ca2 + 1 - w;
  }
  s.ca2in[c] = ca2;
  const seff = s.seff[c]!;
  const rho = Math.min(1, l * seff);
  const cs2 = Math.max(0, s.seff2[c]! / (seff * seff) - 1);
  s.cd2[c] = rho * rho * cs2 + (1 - rho * rho) * ca2;
}


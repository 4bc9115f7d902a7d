/**
 * The other inputs' trains' next packets ahead of a head (docs/models.md §13.5; H41shf's measurement and form, entries
 * 300 and 303, restricted by changes 310–312); part of floor.ts's conservation floor. Kernel: no validation, no throwing.
 */
import type { CompiledModel } from '../spec/compile.js';
import type { ModelState } from '../fixedPoint/state.js';

/**
 * Requests for output channel c registered before a head of input port `pu` arrives, whose input port is still busy
 * sending its predecessor to c: by crossbar.ts a buffer's next packet registers as its predecessor starts (or as it
 * arrives, if later), so when c frees, that request is the oldest and its port frees at the same instant — it goes
 * first. Per other input buffer u' with turn t' into c: c is busy with u''s packet for λ_t'·x_c of the time; u' holds
 * a packet behind the one being sent with chance {@link nextPacketChance} (change 311); that packet is for c with chance
 * λ_t'/λ_u'. A buffer of one packet's slots holds none (change 310). A count of heads (dimensionless).
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
    // Change 310: the sender needs credits for the whole packet, freed as its tail leaves the switch (fabric.ts), so a
    // buffer of one packet's slots holds no packet behind the one it sends: its next registers only after c frees.
    if (bufferSlots(m, s, u) < 2) continue;
    n += lt * s.xbar[c]! * nextPacketChance(l, s.xbar[u]!, s.headTime[u]!, s.fifoWait[u]!) * (lt / l);
  }
  return n;
}

/**
 * Change 311 (entry 121's law, H31w, in 303's form): the chance that a buffer with arrivals λ on a link of transmission x,
 * head time S and FIFO wait W holds its next packet while the one it sends is being sent: (σ + ρ′)/2, with ρ′ =
 * min(1, (S − x)/(1/λ − x)) the shifted queue's chance that the next packet arrives before the one sent ends (its gap
 * beyond its own transmission against the head time beyond it) and σ = ρ′·e^{−xρ′/W} the chance that it was there already
 * when that one started (the shifted wait's exponential tail of mean W/ρ′ beyond x); one that arrives during the
 * transmission is there for half of it on average. In place of 303's W/(W + S), which says a packet is behind whenever
 * W > 0 and read mesh8x8-uniform-1sl 90 % with 64-packet buffers 6.3 % high in median (deepBuffers.test.ts). W = ∞
 * gives σ's limit ρ′ (303's form gave ∞/∞). Dimensionless.
 */
export function nextPacketChance(l: number, x: number, S: number, W: number): number {
  const gap = 1 / l - x;
  const rho = gap > 0 ? Math.min(1, Math.max(0, (S - x) / gap)) : 1;
  const sigma = W > 0 ? rho * Math.exp((-x * rho) / W) : 0;
  return (sigma + rho) / 2;
}

/** The packets input buffer u holds: its port's credit blocks over its packets' mean blocks (change 31's count). */
export function bufferSlots(m: CompiledModel, s: ModelState, u: number): number {
  const perPacket = Math.max(1, Math.ceil(s.b1[u]! / s.lam[u]! / 64));
  return Math.max(1, Math.floor(m.bufferBlocks[(u / m.V) | 0]! / perPacket));
}

/**
 * TRY520 (docs/fabric-model.md entries 520–529; issue 31, torus8x8-bitcomp-1sl): the head time a FIFO
 * buffer fed in rotation has at its cap. The max-min of the fixed point (routes/maxmin.ts) caps every
 * switch input buffer at λ_u S_u = 1 with S_u the Poisson mixture of inputBuffers.ts (a head's turn drawn
 * independently of its predecessor's, the MVA's head wait for its output). At λ_u S_u = 1 the buffer is
 * never empty: its slots hold its link on credits, the upstream output's inputs back up and are served in
 * turn (crossbar.ts: oldest request first), so where every upstream buffer sends it packets for one
 * output only (lockStep.ts's buffers: fanOut several, not mixed, finite slots) its heads come in that
 * rotation and each is a successor bound for another output than its predecessor's — the premise of
 * holBuffers (inputFair.ts) and lockStep.ts, by which the overload allocation (change 160) never caps
 * such a buffer by its head time. The head then waits for its output only if another input takes that
 * output while its own port sends the predecessor, which the rotation's round robins avoid after the
 * first (session 13's two-port chain: loss (1 − q)/(3 − 2q) = 0 at q = 1). So at the cap
 * S_b = Σ_t p_t (portWait_t + x̄_o + β_o): the output's transmission and credit wait and the port's other
 * VLs, without the head's wait for its output. Only the allocation reads it; the queues keep S_u.
 * `TRY520=drop`: no head-time resource at those buffers at all (the overload allocation's reading).
 * Kernel: trusts its input.
 */
import type { CompiledModel } from '../spec/compile.js';
import { hopArrays } from '../spec/compile.js';
import type { ModelState } from './state.js';
import { fanOut } from '../spec/fanOut.js';

/** Which form, from the environment: '' (off), '1' (S_b), 'drop'. */
export const TRY520 = typeof process !== 'undefined' ? (process.env.TRY520 ?? '') : '';
/** TRY540=1 (entries 540–549): S_b's heads wait for other inputs' heads registered in the predecessor's window (entry 410). */
export const TRY540 = typeof process !== 'undefined' ? (process.env.TRY540 ?? '') : '';

const lastSb = new WeakMap<ModelState, Float64Array>();

/**
 * The rotation buffer u's head time when backlogged (its heads the rotation's successors), S_b = Σ_t p_t (portWait_t +
 * x̄_o + β_o + H_t). TRY540=1: H_t = s_o · Σ_t′ min(1, λ_t′ · E[W²]/E[W]) over the turns t′ into t's output o from
 * other input ports — entry 410's law: a successor waits one service of its output for each other input's head
 * registered in its predecessor's window W (registration → start); `window` = E[W²]/E[W], from the buffer's own head
 * time (a backlogged buffer's next registers as its predecessor starts, so W is a head time). Without TRY540: H_t = 0
 * (522's). Stores S_b for the allocation (allocationHeadTimes). Kernel: trusts its input.
 */
export function rotationHeadTime(m: CompiledModel, s: ModelState, u: number, window: number): number {
  const l = s.lam[u]!;
  const p = (u / m.V) | 0;
  let Sb = 0;
  for (let i = m.turnsStart[u]!; i < m.turnsStart[u + 1]!; i++) {
    const t = m.turnsOf[i]!;
    const pr = s.lamT[t]! / l;
    if (!(pr > 0)) continue;
    const o = m.turnOut[t]!;
    let H = 0;
    if (TRY540 === '1') {
      let n = 0;
      for (let j = m.intoStart[o]!; j < m.intoStart[o + 1]!; j++) {
        const t2 = m.intoOf[j]!;
        if (((m.turnIn[t2]! / m.V) | 0) === p) continue;
        n += Math.min(1, s.lamT[t2]! * window);
      }
      H = n * s.seff[o]!;
    } else if (TRY540 === '3' || TRY540 === '4') {
      // 540=2 with more than one other input: an other input has a head waiting for o at the gap's start with chance
      // q′ = min(1, λ_t′ E[W²]/E[W]) (entry 410's law over the predecessor's window); the first waiting head takes the
      // gap and ends with it, every further one is older than the successor and goes first (one service each): E[(ΣN − 1)⁺]
      // = Σq′ − 1 + Π(1 − q′); with none waiting, the fresh arrivals' residual as 540=2.
      let sumQ = 0;
      let none = 1;
      let fresh = 0;
      for (let j = m.intoStart[o]!; j < m.intoStart[o + 1]!; j++) {
        const t2 = m.intoOf[j]!;
        const u2 = m.turnIn[t2]!;
        if (((u2 / m.V) | 0) === p) continue;
        // TRY540=4: q′ the chance u′ holds a head bound for o as u's packet there ends — its head present (the head-time
        // utilisation min(1, λ′S′)) and bound for o (p_t′ = λ_t′/λ′); not a rate over the window (u's transmission on o
        // is what lets the others' heads pile up, so the time average is the floor of it).
        const q = TRY540 === '4' ? Math.min(1, s.lam[u2]! * s.headTime[u2]!) * (s.lamT[t2]! / s.lam[u2]!) : Math.min(1, s.lamT[t2]! * window);
        sumQ += q;
        none *= 1 - q;
        const l2 = s.lam[u2]!;
        const x2 = s.xbar[u2]!;
        const sigma = l2 * x2 < 1 ? Math.min(1, Math.max(0, (l2 * (s.headTime[u2]! - x2)) / (1 - l2 * x2))) : 1;
        fresh += (1 - sigma) * s.lamT[t2]! * (s.x2[o]! / 2);
      }
      H = Math.max(0, sumQ - 1 + none) * s.seff[o]! + none * fresh;
    } else if (TRY540 === '5') {
      // Entry 358's S_b with a_t from the shares: a backlogged rotation alternates as far as its turns' shares let it, so
      // of turn t's heads the fewest possible follow a same-output predecessor, a_t = max(0, (2p_t − 1)/p_t); those wait
      // by entry 410's law (one service per other input's head registered in the predecessor's window, TRY540=1's N);
      // the rest follow another output's predecessor and wait as TRY540=3's H_other.
      const a = Math.max(0, (2 * pr - 1) / pr);
      let nSame = 0;
      let sumQ = 0;
      let none = 1;
      let fresh = 0;
      for (let j = m.intoStart[o]!; j < m.intoStart[o + 1]!; j++) {
        const t2 = m.intoOf[j]!;
        const u2 = m.turnIn[t2]!;
        if (((u2 / m.V) | 0) === p) continue;
        const q = Math.min(1, s.lamT[t2]! * window);
        nSame += q;
        sumQ += q;
        none *= 1 - q;
        const l2 = s.lam[u2]!;
        const x2 = s.xbar[u2]!;
        const sigma = l2 * x2 < 1 ? Math.min(1, Math.max(0, (l2 * (s.headTime[u2]! - x2)) / (1 - l2 * x2))) : 1;
        fresh += (1 - sigma) * s.lamT[t2]! * (s.x2[o]! / 2);
      }
      const hOther = Math.max(0, sumQ - 1 + none) * s.seff[o]! + none * fresh;
      H = a * nSame * s.seff[o]! + (1 - a) * hOther;
    } else if (TRY540 === '2') {
      // The successor into o follows a predecessor into another output (a → 0 when backlogged, entry 412): o is free of u
      // for the predecessor's transmission, and an other input's head that was waiting (registered before) starts at once
      // and ends with it (no wait, equal sizes); one that arrives fresh into an empty buffer in that gap (chance 1 − σ′,
      // σ′ = λ′(S′ − x′)/(1 − λ′x′), entry 410's share) starts at its arrival and leaves the successor its residual:
      // H_t = Σ_t′ (1 − σ′) λ_t′ E[x_o²]/2.
      for (let j = m.intoStart[o]!; j < m.intoStart[o + 1]!; j++) {
        const t2 = m.intoOf[j]!;
        const u2 = m.turnIn[t2]!;
        if (((u2 / m.V) | 0) === p) continue;
        const l2 = s.lam[u2]!;
        const x2 = s.xbar[u2]!;
        const sigma = l2 * x2 < 1 ? Math.min(1, Math.max(0, (l2 * (s.headTime[u2]! - x2)) / (1 - l2 * x2))) : 1;
        H += (1 - sigma) * s.lamT[t2]! * (s.x2[o]! / 2);
      }
    }
    Sb += pr * (s.portWait[t]! + s.seff[o]! + H);
  }
  let store = lastSb.get(s);
  if (store === undefined) {
    store = new Float64Array(m.C).fill(NaN);
    lastSb.set(s, store);
  }
  store[u] = Sb;
  return Sb;
}

const plans = new WeakMap<CompiledModel, Uint8Array>();

/** Per channel u: 1 where the buffer at its far end is fed in rotation (lockStep.ts's rule, flows with λ 0 included). */
export function rotationBuffers(m: CompiledModel): Uint8Array {
  let out = plans.get(m);
  if (out !== undefined) return out;
  out = new Uint8Array(m.C);
  if (!m.voq) {
    const hops = hopArrays(m);
    const { hopStart, hopChannel } = hops;
    const group = new Int32Array(hopStart[m.F]!);
    for (let f = 0; f < m.F; f++) {
      for (let h = hopStart[f]!; h < hopStart[f + 1]!; h++) group[h] = h === hopStart[f] ? m.C + hopChannel[h]! : hopChannel[h - 1]!;
    }
    const { several, mixed } = fanOut(m, hops, group);
    for (let u = 0; u < m.C; u++) out[u] = several[u]! && !mixed[u]! && m.bufferBlocks[(u / m.V) | 0]! < Infinity ? 1 : 0;
  }
  plans.set(m, out);
  return out;
}

/** The head times the allocation reads (module comment): `s.headTime`, with S_b (or 0 for 'drop') at the rotation buffers. */
export function allocationHeadTimes(m: CompiledModel, s: ModelState, out: Float64Array): Float64Array {
  out.set(s.headTime);
  const rot = rotationBuffers(m);
  for (let u = 0; u < m.C; u++) {
    if (!rot[u] || !(s.headTime[u]! > 0)) continue;
    if (TRY520 === 'drop') {
      out[u] = 0;
      continue;
    }
    // The S_b of the last buffer pass where there is one (TRY540's window is the pass's), else with W = the head time.
    const stored = lastSb.get(s)?.[u];
    const S = stored !== undefined && stored === stored ? stored : rotationHeadTime(m, s, u, s.headTime[u]!);
    out[u] = Math.min(S, s.headTime[u]!);
  }
  return out;
}

/** The S_b of buffer u at the last buffer pass (NaN before one): for the aids (benchmarks/model-rotation-cap.ts). */
export function lastRotationHeadTime(s: ModelState, u: number): number {
  return lastSb.get(s)?.[u] ?? NaN;
}

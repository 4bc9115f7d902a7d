/**
 * TRY420 (H45a, session 28; a try behind an environment switch, not a method): a FIFO input buffer's heads as two kinds —
 * fresh heads (the packet reached the head of an empty buffer: its request registers as it arrives) and successors (the
 * packet behind one just started: its request registers at its predecessor's start) — carried through the head, the
 * buffer and the floor together (docs/fabric-model.md entries 420–). Entry 410's law: a successor of the same output
 * waits one service per other input's head registered in its predecessor's window W (registration → start), N =
 * Σ_t′ λ_t′·E[W²]/E[W]; the successors' share σ = λ(S − x)/(1 − λx), the shifted queue's busy chance; a fresh head
 * keeps the MVA's wait (heads.ts). Kernels: no validation, no throwing.
 */
import type { CompiledModel } from '../spec/compile.js';
import { EPS, type ModelState } from '../fixedPoint/state.js';
import { registeredAhead } from './hostFed.js';
import { waitingTerm } from '../fixedPoint/waiting.js';

/**
 * The switch: `TRY420=1` in the environment, every fabric; `TRY420=v1`, fabrics of one VL only (entry 410's rule is the
 * crossbar's oldest-first order among one VL's heads; across VLs the table orders them, and heads of another VL registered in
 * a predecessor's window may start before it, which the count N does not allow for).
 */
const TRY = typeof process !== 'undefined' ? process.env.TRY420 : undefined;
export const TRY420 = TRY === '1' || TRY === 'v1';
/** Diagnosis: `TRY420_PART=heads` — the heads' two kinds without Welch's first service in the buffer's FIFO. */
export const NO_WELCH = typeof process !== 'undefined' && process.env.TRY420_PART === 'heads';
/** Diagnosis: `TRY420_EARLY=1` — change 362's requests registered early added to the fresh head (entry 421). */
const EARLY = typeof process !== 'undefined' && process.env.TRY420_EARLY === '1';
/** Variant (entry 422): `TRY420_VL=same` — with two VLs or more the window's count replaces only the same VL's heads ahead. */
const VL_SAME = typeof process !== 'undefined' && process.env.TRY420_VL === 'same';
/**
 * TRY460 (H45e, entry 460; with TRY420): `TRY460=1` — Welch's two services each with its own kind's spread: the first
 * (fresh) service's variance the buffer's less the mixed head's plus the fresh kind's, the ordinary (successor) service's
 * the same with the successors' (same output and another output, by p_t); the means split as TRY420's.
 */
export const TRY460 = typeof process !== 'undefined' && (process.env.TRY460 === '1' || process.env.TRY460 === '2');
/** `TRY460=2` (entry 461): besides, Welch's term at the tandem queue (λ, S) where the tandem's wait binds (change 337's place). */
export const TRY460_AT = typeof process !== 'undefined' && process.env.TRY460 === '2';
/** Whether the try applies to compiled model `m`. */
export const tryOn = (m: CompiledModel) => TRY === '1' || (TRY === 'v1' && m.V === 1);

/** Per-turn and per-channel arrays of the try (allocated on first use per state). */
export interface KindArrays {
  readonly fresh: Float64Array; // per turn: the fresh head's wait (the MVA's, s)
  readonly fresh2: Float64Array; // per turn: its second moment (s²)
  readonly succ: Float64Array; // per turn: the successor's wait after the same output (s)
  readonly succ2: Float64Array; // per turn: its second moment (s²)
  readonly other: Float64Array; // per turn: the successor's wait after another output (s)
  readonly share: Float64Array; // per channel: σ_u, the successors' share of the buffer's heads
  readonly ratio: Float64Array; // per channel: E[W²]/E[W] of the buffer's windows (s)
  readonly delta: Float64Array; // per channel: S_fresh − S_successor (s, ≤ 0), Welch's exceptional first service
  readonly vFresh: Float64Array; // per channel (TRY460): the fresh heads' variance over the buffer's turns (s²)
  readonly vSucc: Float64Array; // per channel (TRY460): the successors' variance, both kinds (s²)
  readonly vMix: Float64Array; // per channel (TRY460): the mixed heads' variance, as the buffer's S2 holds it (s²)
  readonly varS: Float64Array; // per channel: the buffer's head-time variance the FIFO read (s², for the aids)
}

const arrays = new WeakMap<ModelState, KindArrays>();

/** The try's arrays for state `s` (zeros on first call). */
export function kinds(m: CompiledModel, s: ModelState): KindArrays {
  let k = arrays.get(s);
  if (k === undefined) {
    const T = m.turnIn.length;
    k = { fresh: new Float64Array(T), fresh2: new Float64Array(T), succ: new Float64Array(T), succ2: new Float64Array(T), other: new Float64Array(T), share: new Float64Array(m.C), ratio: new Float64Array(m.C), delta: new Float64Array(m.C), vFresh: new Float64Array(m.C), vSucc: new Float64Array(m.C), vMix: new Float64Array(m.C), varS: new Float64Array(m.C) };
    arrays.set(s, k);
  }
  return k;
}

/**
 * Port step, after the MVA and the table's runs set each turn's head wait (the fresh head's): the successor's wait
 * h_s = gq·N·s̄ + lowerTerm + runs (no residual: the output has just ended the predecessor), N = min(heads, λ_others·E[W²]/E[W])
 * (entry 410, the other input ports' λ at this level), E[N²] binomial as heads.ts; then the turn's head wait the mix
 * (1 − w)·h_f + w·h_s, w = σ_u·p_t (a successor follows its own turn with p_t, turns independent). `othersOf(t)`: the
 * level's λ less t's own input port's; `headsOf(t)`: the other input ports' turns; `gqOf(t)`: the table's share of heads ahead.
 */
export function mixHeadKinds(m: CompiledModel, s: ModelState, t: number, others: number, heads: number, gq: number, sEff: number, cs2: number, lowerTerm: number, residual: number): void {
  const k = kinds(m, s);
  const u = m.turnIn[t]!;
  const h = s.headWait[t]!;
  const h2 = s.headWait2[t]!;
  // Three kinds (entry 421): a fresh head finds the MVA's heads and the requests registered before their port freed
  // (change 362's E); a successor after another output registered x′ before its port freed: of the MVA's heads ahead A only
  // those still waiting after x′ (e^{−x′/m}), of E those unserved at its ready time (hostFed.ts firstHeadExtra's terms).
  const c = m.turnOut[t]!;
  const b = s.headWaitProb[t]!;
  let hf = h;
  let ho = h;
  if (b > 0 && h > 0) {
    const mean = h / b;
    const xp = s.xbar[u]!;
    const gone = -Math.expm1(-xp / mean);
    const ahead = Math.max(0, h - lowerTerm - s.runWait[t]! - b * (s.x2[c]! / (2 * s.xbar[c]!)));
    const early = EARLY ? registeredAhead(m, s, c, (u / m.V) | 0, b, mean) : 0;
    hf = h + early;
    ho = Math.max(0, h - ahead * gone + early * (mean / xp) * gone);
  }
  const hf2 = h2 * (h > 0 ? (hf / h) * (hf / h) : 1);
  k.fresh[t] = hf;
  k.fresh2[t] = hf2;
  k.other[t] = ho;
  const r = k.ratio[u]!;
  const sigma = k.share[u]!;
  const p = s.lamT[t]! / s.lam[u]!;
  if (!(r > 0) || !(others > 0) || !(heads > 0)) {
    k.succ[t] = hf;
    k.succ2[t] = hf2;
    s.headWait[t] = (1 - sigma * (1 - p)) * hf + sigma * (1 - p) * ho;
    s.headWait2[t] = hf2 * (s.headWait[t]! / Math.max(hf, EPS)) ** 2;
    return;
  }
  let n = Math.min(heads, others * r);
  let n2 = n + n * n * (1 - 1 / Math.max(1, heads));
  let rest = lowerTerm + s.runWait[t]!;
  const kk = gq * sEff;
  if (VL_SAME && m.V > 1) {
    // Entry 422: the oldest-first rule orders one VL's heads; the table orders the VLs. Of the fresh head's MVA only the
    // same VL's heads ahead are replaced by the window's count, the other VLs' stay the MVA's, and the residual goes
    // (the output has just ended the predecessor): h_s = h_f − b·R + gq·(N_v − A_v)·s̄.
    const pu = (u / m.V) | 0;
    let lv = 0;
    let av = 0;
    let hv = 0;
    for (let i = m.intoStart[c]!; i < m.intoStart[c + 1]!; i++) {
      const t2 = m.intoOf[i]!;
      if (((m.turnIn[t2]! / m.V) | 0) === pu || !(s.lamT[t2]! > 0)) continue;
      lv += s.lamT[t2]!;
      av += waitingTerm(s, t2);
      hv++;
    }
    n = Math.min(hv, lv * r);
    n2 = n + n * n * (1 - 1 / Math.max(1, hv));
    rest = Math.max(0, hf - b * residual - kk * av);
  }
  const hs = kk * n + rest;
  const hs2 = kk * kk * (n2 + n * cs2) + 2 * kk * n * rest + rest * rest;
  k.succ[t] = hs;
  k.succ2[t] = hs2;
  const w = sigma * p;
  const wo = sigma * (1 - p);
  const ho2 = ho * ho * (hf > 0 ? hf2 / (hf * hf) : 1);
  s.headWait[t] = (1 - w - wo) * hf + w * hs + wo * ho;
  s.headWait2[t] = (1 - w - wo) * hf2 + w * hs2 + wo * ho2;
}

/**
 * Buffer step, after the turns' heads (port wait e_t added to both kinds): the successors' share σ_u, the windows'
 * E[W²]/E[W] (a fresh head's window its wait with its credit wait β_c, a successor's x + its wait + β_c; a successor of
 * another output waits as a fresh head, its window from its ready time) and Welch's δ = S_f − S_s = −Σ_t p_t²(h_s − h_f) for the buffer's FIFO.
 * `e` per turn index k of the buffer (the port waits), `S` the buffer's head time, `lt`, `shift` the shifted queue's.
 */
export function bufferKinds(m: CompiledModel, s: ModelState, u: number, e: Float64Array, S: number, lt: number, shift: number): void {
  const k = kinds(m, s);
  const l = s.lam[u]!;
  const sigma = Math.min(1 - 1e-6, Math.max(0, lt * (S - shift)));
  const x = s.xbar[u]!;
  let ew = 0;
  let ew2 = 0;
  let d = 0;
  let mf = 0, mf2 = 0, ms = 0, ms2 = 0, mm = 0, mm2 = 0;
  for (let i = m.turnsStart[u]!; i < m.turnsStart[u + 1]!; i++) {
    const t = m.turnsOf[i]!;
    const p = s.lamT[t]! / l;
    if (!(p > 0)) continue;
    const et = e[i - m.turnsStart[u]!]!;
    const b = s.beta[m.turnOut[t]!]!;
    const hf = k.fresh[t]! + et;
    const hf2 = k.fresh2[t]! + 2 * k.fresh[t]! * et + et * et;
    const hs = k.succ[t]! + et;
    const hs2 = k.succ2[t]! + 2 * k.succ[t]! * et + et * et;
    const ho = k.other[t]! + et;
    const ho2 = (k.fresh[t]! > 0 ? hf2 * (ho / hf) ** 2 : ho * ho);
    const f = b;
    const g = x + b;
    // A successor of another output is registered at c during its port's x′ but not ready: c serves younger heads
    // meanwhile (crossbar.ts: the oldest request whose port is free), so its window for entry 410's count starts at its ready time.
    ew += p * ((1 - sigma) * (hf + f) + sigma * p * (hs + g) + sigma * (1 - p) * (ho + f));
    ew2 += p * ((1 - sigma) * (hf2 + 2 * f * hf + f * f) + sigma * p * (hs2 + 2 * g * hs + g * g) + sigma * (1 - p) * (ho2 + 2 * f * ho + f * f));
    d += p * (p * hs + (1 - p) * ho - hf);
    // TRY460: each kind's moments over the turns (a fresh head on turn t with p_t; a successor on t after the same output
    // with p_t, after another with 1 − p_t), and the mixed head's with the shares the buffer's S2 was formed with.
    (mf += p * hf), (mf2 += p * hf2);
    (ms += p * (p * hs + (1 - p) * ho)), (ms2 += p * (p * hs2 + (1 - p) * ho2));
    const w = sigma * p;
    (mm += p * ((1 - sigma) * hf + w * hs + (sigma - w) * ho)), (mm2 += p * ((1 - sigma) * hf2 + w * hs2 + (sigma - w) * ho2));
  }
  k.vFresh[u] = Math.max(0, mf2 - mf * mf);
  k.vSucc[u] = Math.max(0, ms2 - ms * ms);
  k.vMix[u] = Math.max(0, mm2 - mm * mm);
  k.share[u] = sigma;
  k.ratio[u] = ew > EPS * x ? ew2 / ew : 0;
  k.delta[u] = -d;
}

/**
 * Welch's M/G/1 wait with an exceptional first service less Pollaczek–Khinchine's for the same mean (as hostFed.ts
 * welchLessPk) for either sign of δ = S_first − S_rest: Poisson arrivals `l`, services of mean S and second moment S2.
 * The first of a busy period takes S₀ = S + (1 − p₀)δ, the rest S_s = S − p₀δ, p₀ = 1 − λS, each with the variance S2 − S².
 */
export function welchDiff(l: number, S: number, S2: number, delta: number, v0?: number, vs?: number): number {
  const rho = l * S;
  if (!(rho < 1) || !(l > 0) || (delta === 0 && v0 === undefined)) return 0;
  const p0 = 1 - rho;
  const v = Math.max(0, S2 - S * S);
  const ss = S - p0 * delta;
  const s0 = Math.max(0, S + (1 - p0) * delta);
  if (!(l * ss < 1)) return Infinity;
  // Welch (1964): W = λE[S_s²]/(2(1 − λS_s)) + λ(E[S₀²] − E[S_s²])/(2(1 + λ(S₀ − S_s))); TRY460 gives each service its own variance.
  const e0 = s0 * s0 + (v0 ?? v);
  const es = ss * ss + (vs ?? v);
  const welch = (l * es) / (2 * (1 - l * ss)) + (l * (e0 - es)) / (2 * (1 + l * (s0 - ss)));
  return welch - (l * S2) / (2 * (1 - rho));
}

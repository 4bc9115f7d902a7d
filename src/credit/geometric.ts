/**
 * Kernel for the credit chain with an unbounded upstream queue: matrix-geometric solution.
 *
 * Levels i = 0, 1, … (upstream count), phases j = 0..m (downstream count). The level-independent
 * blocks are A0 = λI (arrival), A2 = μ1·E (forwarding: level down, phase j → j+1, j < m) and
 * A1 = μ2·(j → j−1) minus the diagonal; level 0 differs only in having no forwarding. Because the
 * up-block out of level 0 is A0 too, P(i, ·) = π0·R^i for every i ≥ 0 (Neuts 1981, Thm 3.1.1).
 *
 * G (first passage one level down) is computed by logarithmic reduction (Latouche & Ramaswami
 * 1993, J. Appl. Prob. 30: 650–674), quadratically convergent; then R = λ(−A1 − λG)^{-1}, and π0
 * solves π0(B0 + λG) = 0 — the generator of the chain censored on level 0 — by GTH, normalised
 * by π0(I − R)^{-1}e = 1.
 */
import { gthStationary, invert, matMul, solveRowVector, vecMat } from '../linalg/float64Dense.js';

/**
 * Level-geometric solution: P(i, ·) = π0 · R^i for i ≥ 0 (levels i = upstream count, phases
 * j = 0..m = downstream count). When `stable` is false every array is empty.
 */
export interface GeometricKernelResult {
  readonly stable: boolean;
  /** m + 1. */
  readonly phases: number;
  /** π0 = P(0, ·), normalised over the whole chain. */
  readonly level0: Float64Array;
  /** R, row-major phases × phases. */
  readonly rate: Float64Array;
  /** Σ_{i≥0} P(i, ·): the marginal law of j (sums to 1). */
  readonly levelSum: Float64Array;
  /** Σ_{i≥0} i·P(i, ·): so L1 = Σ_j levelMoment[j]. */
  readonly levelMoment: Float64Array;
  /** ‖πQ‖∞ over the boundary level and the matrix equation of R, as solved. */
  readonly residual: number;
  readonly iterations: number;
  /** False if logarithmic reduction stopped at its iteration cap before reaching the tolerance. */
  readonly converged: boolean;
}

/**
 * Stability (MODELS.md §6.1): λ < μ1·P(j < m), P the stationary law of the phase process with
 * Node 1 always busy: a birth–death chain on j with up-rate μ1 and down-rate μ2, so
 * P(j) ∝ (μ1/μ2)^j.
 */
export function saturationThroughput(mu1: number, mu2: number, m: number): number {
  // P(j = m) = r^m / Σ_{k=0}^m r^k with r = μ1/μ2, computed without overflow for large m.
  const r = mu1 / mu2;
  let pm: number;
  if (r === 1) pm = 1 / (m + 1);
  else if (r < 1) pm = (Math.pow(r, m) * (1 - r)) / (1 - Math.pow(r, m + 1));
  else {
    const s = 1 / r; // P(m) = (1 − s)/(1 − s^{m+1})
    pm = (1 - s) / (1 - Math.pow(s, m + 1));
  }
  return mu1 * (1 - pm);
}

/** Logarithmic reduction stops after this many doublings (2^60 levels: never reached when stable). */
const MAX_ITERATIONS = 60;

/**
 * Solves the chain with n = ∞. Assumes valid input; never throws. The doubling stops when
 * ‖e − Ge‖∞ ≤ tolerance (G is stochastic for a stable chain) or when the terms it adds to G are
 * below machine epsilon (near the stability boundary, where ‖e − Ge‖∞ has a rounding floor above
 * the tolerance); `converged` is false only if neither happened within 60 doublings.
 */
export function geometricKernel(
  lambda: number,
  mu1: number,
  mu2: number,
  m: number,
  tolerance: number,
): GeometricKernelResult {
  const b = m + 1;
  if (!(lambda < saturationThroughput(mu1, mu2, m))) {
    const empty = new Float64Array(0);
    return {
      stable: false,
      phases: b,
      level0: empty,
      rate: empty,
      levelSum: empty,
      levelMoment: empty,
      residual: NaN,
      iterations: 0,
      converged: true,
    };
  }
  const a1 = new Float64Array(b * b);
  for (let j = 0; j < b; j++) {
    if (j >= 1) a1[j * b + j - 1] = mu2;
    a1[j * b + j] = -(lambda + (j < m ? mu1 : 0) + (j >= 1 ? mu2 : 0));
  }
  // (−A1)^{-1}: −A1 is lower bidiagonal, so its inverse is lower triangular, built by
  // forward substitution in O(b²) per column — O(b³/6) in all, and exact in sign.
  const negA1 = new Float64Array(b * b);
  for (let k = 0; k < b * b; k++) negA1[k] = -a1[k]!;
  const invNegA1 = invert(negA1, b)!;

  // H = (−A1)^{-1}A0 = λ(−A1)^{-1};  L = (−A1)^{-1}A2 = μ1·(−A1)^{-1}E: column c ← column c−1.
  let h: Float64Array = new Float64Array(b * b);
  let l: Float64Array = new Float64Array(b * b);
  for (let r = 0; r < b; r++) {
    for (let c = 0; c < b; c++) {
      h[r * b + c] = lambda * invNegA1[r * b + c]!;
      if (c >= 1) l[r * b + c] = mu1 * invNegA1[r * b + c - 1]!;
    }
  }
  const g = l.slice();
  let t: Float64Array = h.slice();
  const tmp1 = new Float64Array(b * b);
  const tmp2 = new Float64Array(b * b);
  let iterations = 0;
  let converged = false;
  for (; iterations < MAX_ITERATIONS; iterations++) {
    if (stochasticDefect(g, b) <= tolerance) {
      converged = true;
      break;
    }
    // U = HL + LH;  H ← (I − U)^{-1}H²;  L ← (I − U)^{-1}L²;  G ← G + T·L;  T ← T·H
    matMul(h, l, tmp1, b);
    matMul(l, h, tmp2, b);
    for (let k = 0; k < b * b; k++) tmp1[k] = -(tmp1[k]! + tmp2[k]!);
    for (let k = 0; k < b; k++) tmp1[k * b + k] += 1;
    const inv = invert(tmp1, b);
    if (inv === null) break;
    const h2 = matMul(h, h, new Float64Array(b * b), b);
    const l2 = matMul(l, l, new Float64Array(b * b), b);
    h = matMul(inv, h2, new Float64Array(b * b), b);
    l = matMul(inv, l2, new Float64Array(b * b), b);
    matMul(t, l, tmp2, b);
    let increment = 0;
    for (let k = 0; k < b * b; k++) {
      g[k] += tmp2[k]!;
      if (tmp2[k]! > increment) increment = tmp2[k]!;
    }
    t = matMul(t, h, new Float64Array(b * b), b);
    // Close to the stability boundary ‖e − Ge‖∞ cannot fall below its rounding floor (~ε/(1 − ρ)),
    // however long the doubling runs; once the terms added to G are below ε (G ≤ 1 entrywise), the
    // series has converged to working precision and going on changes nothing.
    if (increment <= Number.EPSILON * 0.5) {
      iterations++;
      converged = true;
      break;
    }
  }
  if (!converged && stochasticDefect(g, b) <= tolerance) converged = true;

  // R = λ(−A1 − λG)^{-1}
  const u = new Float64Array(b * b);
  for (let k = 0; k < b * b; k++) u[k] = -a1[k]! - lambda * g[k]!;
  const uInv = invert(u, b)!;
  const rate = new Float64Array(b * b);
  for (let k = 0; k < b * b; k++) rate[k] = lambda * uInv[k]!;

  // π0 (B0 + λG) = 0: off-diagonal part is μ2 (j → j−1) plus λG; GTH ignores the diagonal.
  const censored = new Float64Array(b * b);
  for (let r = 0; r < b; r++) {
    for (let c = 0; c < b; c++) censored[r * b + c] = lambda * g[r * b + c]!;
    if (r >= 1) censored[r * b + r - 1] += mu2;
  }
  let level0 = gthStationary(censored, b)!;

  // Normalise: π0 (I − R)^{-1} e = 1.
  const iMinusR = new Float64Array(b * b);
  for (let k = 0; k < b * b; k++) iMinusR[k] = -rate[k]!;
  for (let k = 0; k < b; k++) iMinusR[k * b + k] += 1;
  let levelSum = solveRowVector(iMinusR, level0, b)!;
  const mass = levelSum.reduce((x, y) => x + y, 0);
  level0 = level0.map((x) => x / mass);
  levelSum = levelSum.map((x) => x / mass);
  // Σ i π0 R^i = π0 R (I − R)^{-2} = (levelSum − π0)(I − R)^{-1}
  const shifted = levelSum.map((x, k) => x - level0[k]!);
  const levelMoment = solveRowVector(iMinusR, shifted, b)!;

  const residual = levelResidual(lambda, mu1, mu2, m, level0, rate, a1);
  return { stable: true, phases: b, level0, rate, levelSum, levelMoment, residual, iterations, converged };
}

function stochasticDefect(g: Float64Array, b: number): number {
  let worst = 0;
  for (let r = 0; r < b; r++) {
    let s = 0;
    for (let c = 0; c < b; c++) s += g[r * b + c]!;
    worst = Math.max(worst, Math.abs(1 - s));
  }
  return worst;
}

/**
 * ‖πQ‖∞ over the balance equations of levels 0..40 (deeper levels' residuals are bounded by
 * these times a decaying factor ‖π0 R^i‖).
 */
function levelResidual(
  lambda: number,
  mu1: number,
  mu2: number,
  m: number,
  level0: Float64Array,
  rate: Float64Array,
  a1: Float64Array,
): number {
  const b = m + 1;
  const levels = [level0];
  for (let i = 1; i <= 41; i++) levels.push(vecMat(levels[i - 1]!, rate, new Float64Array(b), b));
  let worst = 0;
  for (let i = 0; i <= 40; i++) {
    const cur = levels[i]!;
    const up = levels[i + 1]!;
    for (let j = 0; j < b; j++) {
      // inflow into (i, j): arrival from (i−1, j), forwarding from (i+1, j−1), departure from (i, j+1)
      let r = 0;
      if (i >= 1) r += lambda * levels[i - 1]![j]!;
      if (j >= 1) r += mu1 * up[j - 1]!;
      if (j < m) r += mu2 * cur[j + 1]!;
      const out = lambda + (i >= 1 && j < m ? mu1 : 0) + (j >= 1 ? mu2 : 0);
      r -= out * cur[j]!;
      worst = Math.max(worst, Math.abs(r));
    }
  }
  void a1;
  return worst;
}

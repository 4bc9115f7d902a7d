/**
 * Kernel for large finite credit chains: block linear level reduction. The 'structured' method
 * runs folding.ts (cyclic reduction over the levels, O(b³ log n)) and falls back to this kernel
 * only where folding meets a block singular in floating point from both ends; the tests use it as
 * a second direct route.
 *
 * The chain of docs/models.md §6.1 is a quasi-birth-death process in either coordinate. We take as
 * levels the coordinate with more values and as phases the other, so blocks are b × b with
 * b = min(n, m) + 1, and eliminate the levels one by one from level 0 upward:
 *
 *   S_0 = L_0,   N_ℓ = −D_{ℓ+1} S_ℓ^{-1},   S_{ℓ+1} = L_{ℓ+1} + N_ℓ U_ℓ,   π_ℓ = π_{ℓ+1} N_ℓ,
 *
 * where U, L, D are the up, local and down blocks and S_ℓ is the generator of the chain censored
 * on levels ≥ ℓ restricted to level ℓ. π_K solves π_K S_K = 0 (a b-state generator, by GTH), and
 * the back-substitution gives the rest. The structure of this chain makes every coupling product
 * O(b²): U and D are each a multiple of the identity or of a shift matrix, so the only O(b³)
 * step is one inversion per level. As in GTH, no subtraction is ever done: −S_ℓ is an M-matrix
 * whose row sums are the outflow to level ℓ+1, and it is inverted from its off-diagonal part and
 * those row sums (see invertMMatrix), so every probability keeps full relative accuracy, however
 * small.
 *
 * Interior levels are identical, so the S_ℓ converge to a fixed point; once N_ℓ stops changing
 * (to 4 ulps relative, in every entry) the remaining interior levels reuse it without inverting.
 *
 * Cost: O(L·b³) time before the fixed point is reached, O(K·b²) after; O(K·b²) memory for the
 * distinct N_ℓ (a level that reuses N_ℓ stores a reference). Latouche & Ramaswami (1999),
 * "Introduction to Matrix Analytic Methods in Stochastic Modeling", §10.1 (linear level reduction).
 */
import { invertMMatrix, vecMat } from '../linalg/float64Dense.js';
import { gthStationary } from '../linalg/gth.js';

/** Stationary vector of the finite chain, i-major: p[i·(m+1) + j] = P(i, j). */
export interface StructuredKernelResult {
  readonly p: Float64Array;
  readonly iterations?: number;
}

/**
 * Solves the finite credit chain (n = upstream capacity, m = downstream capacity). Assumes valid
 * input (rates > 0 finite, n, m integers ≥ 0); never throws for valid input. `iterations` is the
 * number of levels at which a b × b inversion was done.
 */
export function structuredKernel(
  lambda: number,
  mu1: number,
  mu2: number,
  n: number,
  m: number,
  _tolerance: number,
): StructuredKernelResult {
  const byUpstream = m <= n; // levels i, phases j
  const levels = byUpstream ? n + 1 : m + 1;
  const b = byUpstream ? m + 1 : n + 1;
  const K = levels - 1;

  // Off-diagonal part of the local block of level ℓ (row-major b×b, diagonal left 0), and the
  // total outflow of each phase to other levels (up + down), from which the diagonal follows.
  const fillLocalOffDiagonal = (s: Float64Array): void => {
    s.fill(0);
    if (byUpstream) {
      for (let j = 1; j < b; j++) s[j * b + j - 1] = mu2; // Node-2 departure j → j−1
    } else {
      for (let i = 0; i < b - 1; i++) s[i * b + i + 1] = lambda; // arrival i → i+1
    }
  };
  // Row sums of the up block U_ℓ (outflow from level ℓ to level ℓ+1), per phase.
  const upOutflow = (ell: number, phase: number): number => {
    if (ell >= K) return 0;
    return byUpstream ? lambda : phase >= 1 ? mu1 : 0;
  };

  const stored: Float64Array[] = new Array(K);
  const s = new Float64Array(b * b);
  fillLocalOffDiagonal(s);
  const rowOut = new Float64Array(b);
  let inversions = 0;
  let converged = false;
  let previous: Float64Array | null = null;

  for (let ell = 0; ell < K; ell++) {
    let nMat: Float64Array;
    if (converged && ell + 1 < K) {
      nMat = previous!;
    } else {
      // −S_ℓ = diag(d) − W with W = off-diagonal part of S_ℓ ≥ 0 and row sums = outflow upward,
      // a non-singular M-matrix for ℓ < K; its inverse is −S_ℓ^{-1} ≥ 0, computed entrywise
      // accurately without subtraction.
      for (let a = 0; a < b; a++) {
        s[a * b + a] = 0;
        rowOut[a] = upOutflow(ell, a);
      }
      const inv = invertMMatrix(s, rowOut, b)!;
      inversions++;
      nMat = new Float64Array(b * b);
      if (byUpstream) {
        // D_{ℓ+1} = μ1·E (E: phase j → j+1): N[j,:] = μ1·(−S)^{-1}[j+1,:], row m zero.
        for (let j = 0; j < b - 1; j++) {
          const src = (j + 1) * b;
          const dst = j * b;
          for (let k = 0; k < b; k++) nMat[dst + k] = mu1 * inv[src + k]!;
        }
      } else {
        // D_{ℓ+1} = μ2·I: N = μ2·(−S)^{-1}.
        for (let k = 0; k < b * b; k++) nMat[k] = mu2 * inv[k]!;
      }
      if (previous !== null && ell + 1 < K && maxRelativeChange(previous, nMat) <= 4 * Number.EPSILON) {
        converged = true;
      }
    }
    stored[ell] = nMat;
    previous = nMat;
    // S_{ℓ+1} = L_{ℓ+1} + N_ℓ·U_ℓ (off-diagonal part; the diagonal is recomputed next round), in
    // place. Once converged, the levels up to K − 2 reuse N without reading S, so S is built
    // only for the last inversion (level K − 1) and GTH (level K), from the reused N.
    if (converged && ell + 2 < K) continue;
    fillLocalOffDiagonal(s);
    if (byUpstream) {
      // U_ℓ = λ·I
      for (let k = 0; k < b * b; k++) s[k] += lambda * nMat[k]!;
    } else {
      // U_ℓ = μ1·D (phase i → i−1): (N·D)[a, c] = N[a, c+1]
      for (let a = 0; a < b; a++) {
        const r = a * b;
        for (let c = 0; c < b - 1; c++) s[r + c] += mu1 * nMat[r + c + 1]!;
      }
    }
  }

  // Last level: π_K S_K = 0, S_K a b-state generator (all outflow stays in the level).
  for (let k = 0; k < b; k++) s[k * b + k] = 0;
  const top = gthStationary(s, b)!;

  // Back-substitution π_ℓ = π_{ℓ+1}·N_ℓ. Level masses can span far more than a double's range
  // (P(0)/P(n) ≈ (μ1/λ)^n), so each level vector is kept scaled to max 1 with its log-scale
  // beside it, and the levels are combined at the end relative to the largest (log-sum-exp);
  // levels whose probabilities fall below the smallest double come out as 0.
  const levelsOut: Float64Array[] = new Array(levels);
  const logScale = new Float64Array(levels);
  let v = top;
  let scale = rescale(v, 0);
  levelsOut[K] = v;
  logScale[K] = scale;
  for (let ell = K - 1; ell >= 0; ell--) {
    v = vecMat(v, stored[ell]!, new Float64Array(b), b);
    scale = rescale(v, scale);
    levelsOut[ell] = v;
    logScale[ell] = scale;
  }
  let top2 = -Infinity;
  for (let ell = 0; ell < levels; ell++) top2 = Math.max(top2, logScale[ell]!);
  let total = 0;
  const factor = new Float64Array(levels);
  for (let ell = 0; ell < levels; ell++) {
    factor[ell] = Math.exp(logScale[ell]! - top2);
    total += factor[ell]! * sum(levelsOut[ell]!);
  }
  const cols = m + 1;
  const p = new Float64Array((n + 1) * (m + 1));
  for (let ell = 0; ell < levels; ell++) {
    const f = factor[ell]! / total;
    const lv = levelsOut[ell]!;
    for (let k = 0; k < b; k++) {
      if (byUpstream) p[ell * cols + k] = lv[k]! * f;
      else p[k * cols + ell] = lv[k]! * f;
    }
  }
  return { p, iterations: inversions };
}

/** Scales v to max 1 in place; returns the running log-scale plus log(max). */
function rescale(v: Float64Array, logScale: number): number {
  let max = 0;
  for (let k = 0; k < v.length; k++) max = Math.max(max, v[k]!);
  if (max === 0) return logScale;
  const inv = 1 / max;
  for (let k = 0; k < v.length; k++) v[k]! *= inv;
  return logScale + Math.log(max);
}

/** Largest entrywise relative change |x − y| / |y| (0/0 counts as 0): a converged level must be
 * converged in every entry, not just in norm, or tiny probabilities would lose accuracy. */
function maxRelativeChange(x: Float64Array, y: Float64Array): number {
  let worst = 0;
  for (let k = 0; k < x.length; k++) {
    const d = Math.abs(x[k]! - y[k]!);
    if (d === 0) continue;
    worst = Math.max(worst, d / Math.abs(y[k]!));
  }
  return worst;
}

function sum(v: Float64Array): number {
  let t = 0;
  for (let k = 0; k < v.length; k++) t += v[k]!;
  return t;
}

/**
 * Kernel for the credit chain with an unbounded upstream queue: matrix-geometric solution.
 *
 * Levels i = 0, 1, … (upstream count), phases j = 0..m (downstream count). The level-independent
 * blocks are A0 = λI (arrival), A2 = μ1·E (forwarding: level down, phase j → j+1, j < m) and
 * A1 = μ2·(j → j−1) minus the diagonal; level 0 differs only in having no forwarding. Because the
 * up-block out of level 0 is A0 too, P(i, ·) = π0·R^i for every i ≥ 0 (Neuts 1981, Thm 3.1.1).
 *
 * G (first passage one level down) is computed by cyclic reduction (Bini & Meini 1996),
 * quadratically convergent, with every factorisation subtraction-free (see below); then
 * R = λ(−A1 − λG)^{-1}, π0 solves π0(B0 + λG) = 0 — the generator of the chain censored on
 * level 0 — and the level sums come from U − λI = (I − R)·U, U = −A1 − λG (see levelVectors).
 * The structure of the blocks is used where it is exact: the first doubling step is O(m²)
 * (A0 a multiple of I, A2 a shift, −A1 bidiagonal with an explicit inverse), the products and
 * eliminations skip the all-zero column ranges of the triangular/Hessenberg early iterates, and
 * the last step, announced by the O(m²) row sums Up·N⁻¹·(Up·e) of the next up-block, is reduced
 * to N̂'s update. The dense products run in WebAssembly SIMD (src/linalg/wasmGemm.ts), bit for bit
 * the JavaScript kernel's results, ≈ 5× faster.
 * History at m = 512 (λ = 5, μ1 = 6, μ2 = 8; benchmarks/README.md): logarithmic reduction with
 * LU inverses 10.6 s; this subtraction-free cyclic reduction in JavaScript 4.4 s; with the
 * WebAssembly products, one elimination + block solves per step, and the shortcuts above 1.0 s
 * in a fresh process, 0.8 s warm.
 * Near the stability boundary it is also the more accurate: at λ = 0.9999 × saturation (m = 10)
 * L1 is within 7e-14 of a 50-digit solution (logarithmic reduction: 1.4e-8 off).
 */
import {
  addOffDiagonal,
  eliminateMMatrix,
  gemmAdd,
  invertMMatrix,
  reductionProducts,
  reductionUpdate,
  rowSumsInto,
  scratchRegions,
  solveEliminated,
} from '../../linalg/float64Dense.js';
import { levelVectors } from './geometricLevels.js';
import type { LevelVectors } from '../split/splitLevels.js';
import { levelResidual } from './geometricResidual.js';
import { SPLIT_TOLERANCE, splitGrading, splitNegligibleUp, splitReduction, splitWorkspace, type SplitStepRecord } from '../split/splitReduction.js';
import { checkKind } from '../../core/shapes.js';

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
  /** False if cyclic reduction stopped at its iteration cap with G not stochastic to the tolerance. */
  readonly converged: boolean;
  /** Which reduction ran: the dense one, or the rank-structured one (splitReduction.ts). */
  readonly reduction: 'dense' | 'split';
}

/** Options of {@link geometricKernel} beyond the tolerance (issue 35's measurements). */
export interface GeometricKernelOptions {
  /**
   * Run the reduction on the one-level split (splitReduction.ts), truncating at `tolerance`
   * (default {@link SPLIT_TOLERANCE}) relative to each iterate's diagonal blocks, the upper
   * off-diagonal blocks graded (`graded`, default true; see there); `onSteps` receives the
   * measured steps.
   */
  readonly split?: {
    readonly tolerance?: number;
    readonly graded?: boolean;
    /** Dense steps after the first before the split takes over (default 0). */
    readonly denseSteps?: number;
    readonly onSteps?: (steps: readonly SplitStepRecord[]) => void;
  };
  /** Receives the wall time (ms) of every dense reduction step. */
  readonly stepTimes?: number[];
  /**
   * Receives the wall time (ms) of the solve's parts: first (the O(m²) first step), beforeSplit,
   * splitReduction (with N̂⁻¹ and the level vectors from the split form: of it splitInverse and
   * splitLevels), reduction (the dense loop), g (N̂⁻¹ and G), rate (R), level0 and levelSums
   * (the dense eliminations, when they run), residual.
   */
  readonly times?: Record<string, number>;
}

/**
 * Stability (docs/models.md §6.1): λ < μ1·P(j < m), P the stationary law of the phase process with
 * Node 1 always busy: a birth–death chain on j with up-rate μ1 and down-rate μ2, so
 * P(j) ∝ (μ1/μ2)^j.
 */
export function saturationThroughput(mu1: number, mu2: number, m: number): number {
  checkKind('mu1', mu1, 'number');
  checkKind('mu2', mu2, 'number');
  checkKind('m', m, 'number');
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

/** Cyclic reduction stops after this many doublings (2^60 levels: never reached when stable). */
const MAX_ITERATIONS = 60;

/**
 * Solves the chain with n = ∞. Assumes valid input; never throws. Cyclic reduction stops when
 * its up-block is negligible (below 1e-20·(λ + μ1 + μ2) in every entry: G is then exact to
 * rounding); `converged` is false only if that did not happen within 60 doublings and G is not
 * stochastic to `tolerance` either. Memory: about 9 (m+1)² doubles of WebAssembly scratch (kept
 * by the process for later calls) plus a dozen (m+1)² arrays.
 */
export function geometricKernel(
  lambda: number,
  mu1: number,
  mu2: number,
  m: number,
  tolerance: number,
  options: GeometricKernelOptions = {},
): GeometricKernelResult {
  const { split, stepTimes, times } = options;
  let tp = performance.now();
  const lap = (k: string): void => {
    if (times === undefined) return;
    const now = performance.now();
    times[k] = (times[k] ?? 0) + now - tp;
    tp = now;
  };
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
      reduction: 'dense',
    };
  }
  const a1 = new Float64Array(b * b);
  for (let j = 0; j < b; j++) {
    if (j >= 1) a1[j * b + j - 1] = mu2;
    a1[j * b + j] = -(lambda + (j < m ? mu1 : 0) + (j >= 1 ? mu2 : 0));
  }
  // Cyclic reduction for G (Bini & Meini 1996; Bini, Latouche & Meini 2005, §7.3): with
  // Dn, N, Up ≥ 0 standing for the down block, minus the local block and the up block of the
  // chain censored on every 2^k-th level,
  //   X = N⁻¹Dn,  Y = N⁻¹Up,  N ← N − Dn·Y − Up·X,  N̂ ← N̂ − Up·X,  Dn ← Dn·X,  Up ← Up·Y,
  // starting from Dn = μ1E, N = N̂ = −A1, Up = λI, until Up is negligible; then G = N̂⁻¹·μ1E.
  // Every N and N̂ is a diagonally dominant M-matrix whose row sums are known exactly —
  // N·e = (Dn + Up)·e and N̂·e = (μ1E + Up)·e, as each censored chain's rows sum to zero — so they
  // are factored from their off-diagonal parts and those row sums without a single subtraction
  // (eliminateMMatrix, then solveEliminated on the non-negative right-hand sides [Dn | Up]), and G
  // keeps full relative accuracy entrywise.
  // Only the off-diagonal parts are stored (w for N, wHat for N̂), as magnitudes ≥ 0.
  const scale = lambda + mu1 + mu2;
  const w = new Float64Array(b * b);
  for (let j = 1; j < b; j++) w[j * b + j - 1] = mu2; // −A1 off-diagonal: −μ2 (j → j−1)
  const wHat = w.slice();
  const dnRow = new Float64Array(b); // (μ1E)·e: μ1 for j < m
  for (let j = 0; j < m; j++) dnRow[j] = mu1;

  // First step by hand: Dn = μ1E and Up = λI make every product O(b²) (a shift or a scaling), and
  // N⁻¹ = (−A1)⁻¹, lower triangular, is explicit: with d_j = −A1[j][j], row r of −A1·N⁻¹ = I
  // gives N⁻¹[r][r] = 1/d_r and N⁻¹[r][c] = (μ2/d_r)·N⁻¹[r−1][c] for c < r.
  const bb = b * b;
  const nInv = new Float64Array(bb);
  for (let r = 0; r < b; r++) {
    const d = -a1[r * b + r]!;
    nInv[r * b + r] = 1 / d;
    if (r >= 1) {
      const f = mu2 / d;
      for (let c = 0; c < r; c++) nInv[r * b + c] = f * nInv[(r - 1) * b + c]!;
    }
  }
  // The loop's matrices: DU = [Dn; Up] stacked (2b × b), XY = [X | Y] (b × 2b), PQ = DU·XY
  // (2b × 2b: [Dn·X | Dn·Y] over [Up·X | Up·Y]), and the factors of N — in the WebAssembly memory
  // when available, where the products run ≈ 5× faster (same values either way).
  // (the split reduction's work space is reserved first: growing the memory later would detach
  // these views)
  if (split !== undefined) scratchRegions(splitWorkspace(b));
  const region = scratchRegions(9 * bb + 8 * b);
  const du = region(0, 2 * bb);
  // the dense loop's arrays (7 b² doubles) are zero-filled when that loop first runs: a split
  // reduction taking over after the first step never touches them (≈ 0.24 GB at m = 2048)
  let loop: { xy: Float64Array; pq: Float64Array; fac: Float64Array; panel: Float64Array } | null = null;
  const loopArrays = () => (loop ??= { xy: region(2 * bb, 2 * bb), pq: region(4 * bb, 4 * bb), fac: region(8 * bb, bb), panel: region(9 * bb, 8 * b) });
  // X = N⁻¹·μ1E: column c ← μ1·column c−1;  Y = N⁻¹·λI.  Dn·Y = μ1E·Y: row r ← μ1·row r+1;
  // Up·X = λX;  Dn' = μ1E·X;  Up' = λY
  for (let r = 0; r < b; r++) {
    for (let c = 0; c < b; c++) {
      const x = c >= 1 ? mu1 * nInv[r * b + c - 1]! : 0;
      const y = lambda * nInv[r * b + c]!;
      const dnY = r < m ? mu1 * lambda * nInv[(r + 1) * b + c]! : 0;
      const upX = lambda * x;
      if (c !== r) {
        w[r * b + c] += dnY + upX;
        wHat[r * b + c] += upX;
      }
      du[r * b + c] = r < m && c >= 1 ? mu1 * mu1 * nInv[(r + 1) * b + c - 1]! : 0;
      du[bb + r * b + c] = lambda * y;
    }
  }
  let iterations = 1;
  lap('first');
  const negligible = 1e-20 * scale;
  const dnE = new Float64Array(b);
  const upE = new Float64Array(b);
  rowSumsInto(du, 0, b, dnE);
  rowSumsInto(du, bb, b, upE);
  let upMax = maxOf(du.subarray(bb, 2 * bb)); // largest entry of Up
  const rowSums = new Float64Array(b);
  const pivot = new Float64Array(b);
  const v = new Float64Array(b);
  const b2 = 2 * b;
  let reducedBySplit = false;
  let splitInverse: Float64Array | null = null; // N̂⁻¹ from the split form (splitInverse.ts)
  let splitTried = split === undefined;
  let splitNegligible = negligible;
  let splitLevels: LevelVectors | null = null; // π0 and the level sums from the split form
  // the rank-structured reduction (splitReduction.ts) from here; the dense one if a pivot fails
  const trySplit = (s: NonNullable<GeometricKernelOptions['split']>): void => {
    splitTried = true;
    lap('beforeSplit');
    // (w and wHat are only read; Dn and Up are copied out of the work space the split reuses)
    const start = { w, wHat, dn: du.slice(0, bb), up: du.slice(bb, 2 * bb) };
    const grading = s.graded === false ? undefined : splitGrading(lambda, mu2, m);
    const tol = s.tolerance ?? SPLIT_TOLERANCE;
    splitNegligible = Math.max(negligible, splitNegligibleUp(tol, scale));
    const reduced = splitReduction(b, start, iterations, splitNegligible, MAX_ITERATIONS, tol, grading, dnRow, { lambda, mu1 });
    lap('splitReduction');
    if (reduced !== null) {
      splitInverse = reduced.nHatInv;
      splitLevels = reduced.levels;
      if (times !== undefined) [times.splitInverse, times.splitLevels] = [reduced.inverseMs, reduced.levelsMs];
      upE.set(reduced.upE);
      upMax = reduced.upMax;
      iterations = reduced.iterations;
      reducedBySplit = true;
      s.onSteps?.(reduced.steps);
    } else {
      du.set(start.dn);
      du.set(start.up, bb);
    }
  };
  while (upMax > negligible && iterations < MAX_ITERATIONS) {
    if (!splitTried && iterations >= 1 + (split!.denseSteps ?? 0)) {
      trySplit(split!);
      if (reducedBySplit) break;
    }
    const t0 = stepTimes === undefined ? 0 : performance.now();
    const { xy, pq, fac, panel } = loopArrays();
    for (let r = 0; r < b; r++) rowSums[r] = dnE[r]! + upE[r]!;
    fac.set(w);
    if (!eliminateMMatrix(fac, rowSums, pivot, b, b, panel)) break;
    // The next Up's row sums, Up·N⁻¹·(Up·e), cost O(b²): when they are negligible, so is every
    // entry of the next Up, this is the last step, and of it only N̂ ← N̂ − Up·X matters (a quarter
    // of the products, half the solves).
    v.set(upE);
    solveEliminated(fac, pivot, b, v, 1);
    for (let r = 0; r < b; r++) {
      let t = 0;
      for (let c = 0; c < b; c++) t += du[bb + r * b + c]! * v[c]!;
      rowSums[r] = t;
    }
    if (maxOf(rowSums) <= negligible) {
      const x = xy.subarray(0, bb);
      x.set(du.subarray(0, bb));
      solveEliminated(fac, pivot, b, x, b, panel);
      const upX = pq.subarray(0, bb).fill(0);
      gemmAdd(b, b, b, du, bb, b, x, 0, b, upX, 0, b, panel);
      addOffDiagonal(wHat, b, upX, 0, b);
      upE.set(rowSums);
      upMax = maxOf(upE); // ≥ every entry
      iterations++;
      stepTimes?.push(performance.now() - t0);
      break;
    }
    // [X | Y] = N⁻¹[Dn | Up], then [Dn; Up]·[X | Y] (Dn and Up are triangular after the first step)
    reductionProducts(fac, pivot, b, du, xy, pq, panel);
    addOffDiagonal(wHat, b, pq, b * b2, b2); // N̂ ← N̂ − Up·X
    reductionUpdate(b, pq, w, du, dnE, upE);
    upMax = maxOf(du.subarray(bb, 2 * bb));
    iterations++;
    stepTimes?.push(performance.now() - t0);
  }
  lap('reduction');
  // G = N̂⁻¹·μ1E, N̂·e = (μ1E + Up)·e
  const hatRows = new Float64Array(b);
  for (let j = 0; j < b; j++) hatRows[j] = dnRow[j]! + upE[j]!;
  const nHatInv = splitInverse ?? invertMMatrix(wHat, hatRows, b)!;
  const g = new Float64Array(bb);
  for (let r = 0; r < b; r++) for (let c = 1; c < b; c++) g[r * b + c] = mu1 * nHatInv[r * b + c - 1]!;
  // Up negligible, or (close to the stability boundary, where Up decays slowly) G stochastic to
  // the tolerance when the iteration cap was reached.
  const converged = upMax <= (reducedBySplit ? splitNegligible : negligible) || stochasticDefect(g, b) <= tolerance;
  lap('g');

  // R = λU⁻¹, U = −A1 − λG: again an M-matrix with exactly known row sums, U·e = μ1·[j < m]
  // (G·e = e), off-diagonal part μ2 (j → j−1) + λG.
  const wR = new Float64Array(splitLevels === null ? bb : 0);
  for (let r = 0; r < (splitLevels === null ? b : 0); r++) {
    for (let c = 0; c < b; c++) if (c !== r) wR[r * b + c] = lambda * g[r * b + c]!;
    if (r >= 1) wR[r * b + r - 1] += mu2;
  }
  // (after the split reduction, whose N̂ is accurate only normwise anyway, U⁻¹ is taken as N̂⁻¹ —
  // N̂ converges to U — saving one inversion; the dense kernel keeps the entrywise-accurate one)
  const uInv = reducedBySplit ? nHatInv : invertMMatrix(wR, dnRow, b)!;
  const rate = new Float64Array(bb);
  for (let k = 0; k < bb; k++) rate[k] = lambda * uInv[k]!;

  lap('rate');
  const { level0, levelSum, levelMoment } = splitLevels ?? levelVectors(lambda, mu1, m, wR, rate, lap);
  const residual = levelResidual(lambda, mu1, mu2, m, level0, rate);
  lap('residual');
  return {
    stable: true, phases: b, level0, rate, levelSum, levelMoment, residual, iterations, converged,
    reduction: reducedBySplit ? 'split' : 'dense',
  }; // prettier-ignore
}

function maxOf(a: Float64Array): number {
  let max = 0;
  for (let k = 0; k < a.length; k++) if (a[k]! > max) max = a[k]!;
  return max;
}

/** max_r |1 − (G·e)_r|: how far G is from stochastic. */
function stochasticDefect(g: Float64Array, b: number): number {
  const sums = new Float64Array(b);
  rowSumsInto(g, 0, b, sums);
  let worst = 0;
  for (let r = 0; r < b; r++) worst = Math.max(worst, Math.abs(1 - sums[r]!));
  return worst;
}

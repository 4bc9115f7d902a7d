/**
 * Cyclic reduction for G with every iterate in the one-level split form of splitStep.ts (issue 35):
 * the loop of geometric.ts — X = N⁻¹Dn, Y = N⁻¹Up, N ← N − Dn·Y − Up·X, N̂ ← N̂ − Up·X,
 * Dn ← Dn·X, Up ← Up·Y until Up is negligible — on split matrices, from the dense iterates after
 * the first (hand-made) step. Returns N̂⁻¹ dense (from the split form: splitInverse.ts), for the
 * dense kernel to finish (G = N̂⁻¹·μ1E, R, π0), and per step the time, the recompressions' share and the ranks.
 */
import { wasmScratch } from '../../linalg/wasmGemm.js';
import { addLowRankInto, Arena, compressDense, recompressionStats } from './lowRank.js';
import {
  addSplit,
  factorSplit,
  multiplySplit,
  solveSplit,
  solveSplitVector,
  splitMatVec,
  type SplitContext,
  type SplitMatrix,
} from './splitStep.js';
import { splitInverse } from './splitInverse.js';
import { splitLevelVectors, type LevelVectors } from './splitLevels.js';
import { maxOf } from '../../core/arrays.js';

/** One step of the split reduction, measured. */
export interface SplitStepRecord {
  /** Wall time of the step (ms) and of its recompressions (ms). */
  readonly ms: number;
  readonly recompressMs: number;
  readonly recompressions: number;
  /** Wall time (ms) of the factorisation of N, the two block solves, the products, the sums. */
  readonly phases: { readonly factor: number; readonly solve: number; readonly multiply: number; readonly add: number };
  /** Largest off-diagonal rank after the step, per iterate. */
  readonly ranks: { readonly n: number; readonly nHat: number; readonly dn: number; readonly up: number; readonly x: number; readonly y: number };
  /** Whether this was the shortened last step (only N̂ ← N̂ − Up·X). */
  readonly last: boolean;
}

export interface SplitReductionResult {
  /** N̂⁻¹, dense b × b (JavaScript memory), N̂·e = hatBase + Up·e (splitInverse.ts). */
  readonly nHatInv: Float64Array;
  /** Wall time (ms) of N̂⁻¹ from the split form. */
  readonly inverseMs: number;
  /** Up·e after the last step. */
  readonly upE: Float64Array;
  /** The largest entry of Up after the last step. */
  readonly upMax: number;
  readonly iterations: number;
  readonly steps: readonly SplitStepRecord[];
  /** π0 and the level sums from the split form (splitLevels.ts), when asked for and computed. */
  readonly levels: LevelVectors | null;
  /** Wall time (ms) of the level vectors. */
  readonly levelsMs: number;
}

/** The dense iterates after the first step (all b × b, row-major). */
export interface DenseIterates {
  readonly w: Float64Array;
  readonly wHat: Float64Array;
  readonly dn: Float64Array;
  readonly up: Float64Array;
}

/**
 * Truncation tolerance of the rank-structured reduction, relative to the Frobenius norm of each
 * iterate's diagonal blocks: 1e-15 left L2 4.6e-13 off at (∞, 256) in heavy traffic, 1e-16
 * within 5e-14 (benchmarks/credit-split.ts).
 */
export const SPLIT_TOLERANCE = 1e-16;

/**
 * The split reduction's convergence threshold for Up (its largest entry, or the next Up's row
 * sums), a tenth of the truncation tolerance times λ + μ1 + μ2 (`scale`), where the dense
 * kernel's is 1e-20·scale. What the steps left out would still add to N̂ is at most Up's row
 * sums (each later term Up·X has X·e ≤ e), so below this it changes N̂ by less than a tenth of
 * what each step's truncation already does. Measured: (∞, 512) heavy takes 8 steps instead of 9
 * (the ninth's Up had row sums 3.3e-18 against 1e-20·scale = 1.75e-19); the thesis's rates stop
 * where they did.
 */
export const splitNegligibleUp = (tolerance: number, scale: number): number => 0.1 * tolerance * scale;

/**
 * The grading of the split's upper off-diagonal blocks, d_j = c^(j − m/2) with c = √max(1, μ2/λ)
 * (c^(m/2) capped at e^230): each block M12 is recompressed as diag(d)⁻¹·M12·diag(d), whose
 * entries M12[r][c]·c^(c−r) no longer fall off away from the diagonal, so that its truncation and
 * rounding errors fall off as the entries do. Those blocks carry mass from low phases j to high
 * ones, whose probabilities fall off like (λ/μ2)^j: ungraded, their errors of ≈ 1e-16·‖M‖ left
 * L2 1e-12 (m = 512) and 3.5e-12 (m = 1024) off at the thesis's rates; graded with c = μ2/λ
 * every level sum was entrywise accurate (2e-14 at 3e-27) but the blocks' ranks grew to 70–90;
 * with its square root L2 is exact to the last digit at m = 512 and 1024 and the ranks stay
 * ≤ 30 (benchmarks/credit-split.ts).
 */
export function splitGrading(lambda: number, mu2: number, m: number): Float64Array {
  const c = Math.min(0.5 * Math.log(Math.max(1, mu2 / lambda)), 460 / Math.max(m, 1));
  return Float64Array.from({ length: m + 1 }, (_, j) => Math.exp(c * (j - m / 2)));
}

const arenaSize = (b: number): number => 8 * b * b + 1500 * b + (b < 300 ? 30 * b * b : 0);

/** Doubles of WebAssembly scratch the split reduction takes (from the scratch's start). */
export const splitWorkspace = (b: number): number => 8 * b + 2 * arenaSize(b);

const rankOf = (m: SplitMatrix): number => Math.max(m.a12.k, m.a21.k);


/**
 * The largest entry of Up, the dense kernel's convergence test, from its row sums `upE` when they
 * decide it (an entry ≥ 0 is at most its row's sum and the largest is at least the largest row sum
 * / b), else with the off-diagonal blocks formed in the work space for the purpose.
 */
function upMaxEntry(cx: SplitContext, m: SplitMatrix, upE: Float64Array, negligible: number): number {
  const { p, q, ar } = cx;
  let max = 0;
  for (let r = 0; r < upE.length; r++) if (upE[r]! > max) max = upE[r]!;
  if (max > upE.length * negligible || max <= negligible) return max;
  max = 0;
  for (const a of [m.a11, m.a22]) for (let k = 0; k < a.length; k++) if (a[k]! > max) max = a[k]!;
  const mark = ar.mark();
  for (const [f, rows, cols] of [[m.a12, p, q], [m.a21, q, p]] as const) {
    const dense = ar.alloc(rows * cols);
    addLowRankInto(f, rows, cols, dense, 0, cols, cx.panel);
    for (let k = 0; k < dense.length; k++) if (dense[k]! > max) max = dense[k]!;
  }
  ar.reset(mark);
  return max;
}

/**
 * Runs the split reduction from `start` (iterations already done: `done`), truncating every
 * off-diagonal block to `tolerance` relative to its matrix's diagonal blocks (Frobenius). Null if
 * a pivot fails (the caller then keeps the dense kernel). Assumes valid input.
 */
export function splitReduction(
  b: number, start: DenseIterates, done: number, negligible: number, maxIterations: number, tolerance: number,
  grading: Float64Array | undefined, hatBase: Float64Array, chain?: { readonly lambda: number; readonly mu1: number },
): SplitReductionResult | null { // prettier-ignore
  const p = Math.ceil(b / 2);
  const q = b - p;
  const size = arenaSize(b);
  const mem = wasmScratch(splitWorkspace(b)) ?? new Float64Array(splitWorkspace(b));
  const panel = mem.subarray(0, 8 * b);
  const arenas = [new Arena(mem, 8 * b, 8 * b + size), new Arena(mem, 8 * b + size, 8 * b + 2 * size)];
  const grade12 = grading === undefined ? undefined : { row: grading.slice(0, p), col: grading.slice(p) };
  const context = (k: number): SplitContext => ({ p, q, ar: arenas[k]!, panel, tolerance, grade12 });
  // the starting iterates, split into arena 1
  let cx = context(1);
  const ones = new Float64Array(b).fill(1);
  const toSplit = (m: Float64Array, offDiagonal: boolean): SplitMatrix => {
    const a11 = cx.ar.alloc(p * p);
    const a22 = cx.ar.alloc(q * q);
    for (let i = 0; i < p; i++) a11.set(m.subarray(i * b, i * b + p), i * p);
    for (let i = 0; i < q; i++) a22.set(m.subarray((p + i) * b + p, (p + i) * b + b), i * q);
    if (offDiagonal) {
      for (let i = 0; i < p; i++) a11[i * p + i] = 0;
      for (let i = 0; i < q; i++) a22[i * q + i] = 0;
    }
    let f = 0;
    for (let k = 0; k < a11.length; k++) f += a11[k]! * a11[k]!;
    for (let k = 0; k < a22.length; k++) f += a22[k]! * a22[k]!;
    const tol = tolerance * Math.sqrt(f);
    return {
      a11,
      a22,
      a12: compressDense(cx.ar, m, p, b, p, q, tol, grade12),
      a21: compressDense(cx.ar, m, p * b, b, q, p, tol),
    };
  };
  let w = toSplit(start.w, true);
  let wHat = toSplit(start.wHat, true);
  let dn = toSplit(start.dn, false);
  let up = toSplit(start.up, false);
  const upSums = (): Float64Array => splitMatVec(cx, up, ones, new Float64Array(b));
  let upE = upSums();
  let upMax = upMaxEntry(cx, up, upE, negligible);
  let iterations = done;
  const steps: SplitStepRecord[] = [];
  while (upMax > negligible && iterations < maxIterations) {
    const t0 = performance.now();
    const r0 = recompressionStats.ms;
    const c0 = recompressionStats.count;
    cx = context(steps.length % 2); // the previous step's iterates live in the other arena
    cx.ar.reset();
    // N·e = (Dn + Up)·e (each censored chain's rows sum to zero)
    const s = splitMatVec(cx, dn, ones, new Float64Array(b));
    const t = splitMatVec(cx, up, ones, new Float64Array(b));
    for (let r = 0; r < b; r++) s[r] += t[r]!;
    const ph = { factor: 0, solve: 0, multiply: 0, add: 0 };
    let tp = performance.now();
    const lap = (k: keyof typeof ph): void => {
      const now = performance.now();
      ph[k] += now - tp;
      tp = now;
    };
    const f = factorSplit(cx, w, s, ones);
    if (f === null) return null;
    // the next Up's row sums Up·N⁻¹·(Up·e): when negligible, only N̂ ← N̂ − Up·X remains
    const next = splitMatVec(cx, up, solveSplitVector(cx, f, t), new Float64Array(b));
    const last = maxOf(next) <= negligible;
    lap('factor');
    const x = solveSplit(cx, f, dn);
    lap('solve');
    const upX = multiplySplit(cx, up, x);
    lap('multiply');
    let y: SplitMatrix | null = null;
    if (last) {
      wHat = addSplit(cx, wHat, [upX]);
      upE = next;
      upMax = maxOf(upE);
      lap('add');
    } else {
      y = solveSplit(cx, f, up);
      lap('solve');
      const dnY = multiplySplit(cx, dn, y);
      dn = multiplySplit(cx, dn, x);
      up = multiplySplit(cx, up, y);
      lap('multiply');
      wHat = addSplit(cx, wHat, [upX]);
      w = addSplit(cx, w, [dnY, upX]);
      upE = upSums();
      upMax = upMaxEntry(cx, up, upE, negligible);
      lap('add');
    }
    iterations++;
    steps.push({
      ms: performance.now() - t0,
      recompressMs: recompressionStats.ms - r0,
      recompressions: recompressionStats.count - c0,
      phases: ph,
      ranks: { n: rankOf(w), nHat: rankOf(wHat), dn: rankOf(dn), up: rankOf(up), x: rankOf(x), y: y === null ? 0 : rankOf(y) },
      last,
    });
    if (last) break;
  }
  // N̂⁻¹ in the other arena (the previous step's iterates are no longer needed)
  const ti = performance.now();
  const tail = context(steps.length % 2);
  tail.ar.reset();
  const hatRows = Float64Array.from(hatBase, (x, j) => x + upE[j]!);
  const nHatInv = splitInverse(tail, wHat, hatRows);
  if (nHatInv === null) return null;
  const tl = performance.now();
  tail.ar.reset();
  const levels = chain === undefined ? null : splitLevelVectors(tail, wHat, chain.lambda, chain.mu1, b - 1);
  const now = performance.now();
  return { nHatInv, inverseMs: tl - ti, upE, upMax, iterations, steps, levels, levelsMs: now - tl };
}

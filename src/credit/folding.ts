/**
 * Kernel for finite credit chains: cyclic reduction over the levels ("folding").
 *
 * As in structured.ts, the levels are the coordinate with more values and the phases the other
 * (b = min(n, m) + 1). Every level but the first and the last has the same blocks — up U, down D
 * and local L — so eliminating the odd-numbered levels (censoring the chain on the even ones)
 * gives a chain of the same shape, half as long, whose interior blocks are again all alike:
 *
 *   N = −L,  X = N⁻¹D,  Y = N⁻¹U,  L ← L + D·Y + U·X,  D ← D·X,  U ← U·Y,
 *
 * while the first level gains U·X (the path 0 → 1 → 0), and the last level K gains D·Y when K is
 * even, or is itself eliminated when K is odd (its new neighbour K − 1 then gains D·Y and
 * U·N_K⁻¹·D). Blocks of the first and last levels other than their local ones always equal the
 * interior ones, so one step costs one interior elimination, block solves and one product
 * [D; U]·[X | Y], plus an elimination of the last level when K is odd: O(b³) per halving and
 * O(b³·log n) in all, against O(n·b³) for the level-by-level reduction. Ye & Li (1994), "Folding
 * algorithm: a computational method for finite QBD processes with level-dependent transitions";
 * Bini, Latouche & Meini (2005), §7.3 for the reduction step. When two levels are left, the last is
 * censored out, π of the first is the stationary vector of a b-state generator, and the levels are
 * unfolded back: an eliminated level ℓ has π_ℓ = (π_{ℓ−1}·U + π_{ℓ+1}·D)·N⁻¹.
 *
 * Accuracy as in structured.ts and geometric.ts: every N is a diagonally dominant M-matrix given by
 * its off-diagonal part and its row sums — each censored chain's rows sum to zero, so N·e is the
 * outflow (D + U)·e, known without subtraction — and is factored without a single subtraction
 * (eliminateMMatrix); the solves, products and the unfolding add only non-negative terms. Every
 * probability keeps full relative accuracy, however small.
 * Memory: about 12 b² doubles of WebAssembly scratch (or, if more, 3 b² plus the unfolding's three
 * blocks of ⌈K/2⌉ rows) plus, per halving, the factored N and the blocks U and D, and the last
 * level's factored N_K when K is odd (3–4 b² doubles), kept for the unfolding; and the level
 * vectors and the result, one double per state each.
 */
import {
  addOffDiagonal,
  eliminateMMatrix,
  gemmAdd,
  reductionProducts,
  reductionUpdate,
  rowSumsInto,
  scratchRegions,
  solveEliminated,
  solveEliminatedRow,
  solveEliminatedRows,
  vecMat,
} from '../linalg/float64Dense.js';
import { stationaryFromOffDiagonal } from '../linalg/gth.js';
import type { StructuredKernelResult } from './structured.js';

/** What the unfolding needs of one halving of the chain with levels 0..K. */
interface Halving {
  readonly K: number;
  /** N factored by eliminateMMatrix, and its pivots. */
  readonly fac: Float64Array;
  readonly pivot: Float64Array;
  readonly up: Float64Array;
  readonly down: Float64Array;
  /** The last level's N_K, factored, when K is odd (it is eliminated too). */
  readonly top?: { readonly fac: Float64Array; readonly pivot: Float64Array };
}

/**
 * Solves the finite credit chain (n = upstream capacity, m = downstream capacity) by cyclic
 * reduction. Assumes valid input (rates > 0 finite, n, m integers ≥ 1); never throws for valid
 * input. p is normalised; `iterations` is the number of halvings. Folds from the top when folding
 * from level 0 meets a block that is singular in floating point (the censored rates down from
 * far-away levels underflow: an overloaded Node 1 over thousands of levels); returns null if
 * that fails too, for the level-by-level kernel (structured.ts, which scales every level) to take
 * over.
 */
export function foldingKernel(lambda: number, mu1: number, mu2: number, n: number, m: number): StructuredKernelResult | null {
  return foldLevels(lambda, mu1, mu2, n, m, false) ?? foldLevels(lambda, mu1, mu2, n, m, true);
}

/**
 * One try of {@link foldingKernel}, with the levels numbered from the top (`reversed`) or not. The
 * last level is the one censored out at the end and the one whose outflow (its down block's row
 * sums) must not vanish, so a chain whose mass piles up at the top levels — an overloaded Node 1 —
 * is folded from the top.
 */
function foldLevels(
  lambda: number, mu1: number, mu2: number, n: number, m: number, reversed: boolean,
): StructuredKernelResult | null { // prettier-ignore
  const byUpstream = m <= n; // levels i, phases j; otherwise levels j, phases i
  const b = (byUpstream ? m : n) + 1;
  const bb = b * b;
  const b2 = 2 * b;
  // WebAssembly scratch (the products run there when available): [D; U] stacked (2b × b), [X | Y]
  // (b × 2b), their product (2b × 2b), the interior and last-level factors, N_K⁻¹·D and U·N_K⁻¹·D.
  // After the reduction the same memory holds the unfolding's U, D, factored N and three blocks of
  // at most R rows (R ≥ the number of levels eliminated in one halving).
  const K0 = byUpstream ? n : m;
  const R = Math.ceil(K0 / 2);
  const region = scratchRegions(Math.max(12 * bb, 3 * bb + 3 * R * b) + 8 * b);
  const du = region(0, 2 * bb);
  const xy = region(2 * bb, 2 * bb);
  const pq = region(4 * bb, 4 * bb);
  const fac = region(8 * bb, bb);
  const topFac = region(9 * bb, bb);
  const z = region(10 * bb, bb);
  const upZ = region(11 * bb, bb);
  const panel = region(12 * bb, 8 * b);

  // Off-diagonal parts (magnitudes ≥ 0, diagonal 0) of the interior local block and of the first
  // and last levels' local blocks; D = du[0, bb), U = du[bb, 2bb).
  const w = new Float64Array(bb);
  if (byUpstream) {
    for (let j = 0; j < b; j++) {
      du[bb + j * b + j] = lambda; // arrival: i → i + 1
      if (j < m) du[j * b + j + 1] = mu1; // forwarding: i → i − 1, j → j + 1
      if (j >= 1) w[j * b + j - 1] = mu2; // departure: j → j − 1
    }
  } else {
    for (let i = 0; i < b; i++) {
      if (i >= 1) du[bb + i * b + i - 1] = mu1; // forwarding: j → j + 1, i → i − 1
      du[i * b + i] = mu2; // departure: j → j − 1
      if (i < n) w[i * b + i + 1] = lambda; // arrival: i → i + 1
    }
  }
  if (reversed) {
    // level ℓ ↦ K0 − ℓ: up and down swap
    const down = du.slice(0, bb);
    du.copyWithin(0, bb, 2 * bb);
    du.set(down, bb);
  }
  const wFirst = w.slice();
  let wLast = w.slice();
  const dnE = new Float64Array(b);
  const upE = new Float64Array(b);
  rowSumsInto(du, 0, b, dnE);
  rowSumsInto(du, bb, b, upE);
  const rowSums = new Float64Array(b);
  const pivot = new Float64Array(b);

  // N_K = −(local block of the last level), whose outflow is D·e: factored into topFac/topPivot,
  // then z = N_K⁻¹·D and upZ = U·z.
  const eliminateLast = (): { fac: Float64Array; pivot: Float64Array } | null => {
    topFac.set(wLast);
    const topPivot = new Float64Array(b);
    if (!eliminateMMatrix(topFac, dnE.slice(), topPivot, b, b, panel)) return null;
    z.set(du.subarray(0, bb));
    solveEliminated(topFac, topPivot, b, z, b, panel);
    upZ.fill(0);
    gemmAdd(b, b, b, du, bb, b, z, 0, b, upZ, 0, b, panel);
    return { fac: topFac.slice(), pivot: topPivot };
  };

  const halvings: Halving[] = [];
  let K = K0;
  while (K >= 2) {
    for (let r = 0; r < b; r++) rowSums[r] = dnE[r]! + upE[r]!;
    fac.set(w);
    if (!eliminateMMatrix(fac, rowSums, pivot, b, b, panel)) return null;
    reductionProducts(fac, pivot, b, du, xy, pq, panel);
    const top = K % 2 === 1 ? eliminateLast() : undefined;
    if (top === null) return null;
    halvings.push({
      K,
      fac: fac.slice(),
      pivot: pivot.slice(),
      down: du.slice(0, bb),
      up: du.slice(bb, 2 * bb),
      ...(top ? { top } : {}),
    });
    // The new last level: the old one (K even) or its neighbour K − 1 (K odd), before w changes.
    // It gains D·Y, and U·N_K⁻¹·D too when K is odd; the first level gains U·X.
    const last = top ? w.slice() : wLast;
    for (let r = 0; r < b; r++) {
      for (let c = 0; c < b; c++) {
        const dnY = pq[r * b2 + b + c]!;
        if (c !== r) last[r * b + c] += top ? dnY + upZ[r * b + c]! : dnY;
      }
    }
    wLast = last;
    addOffDiagonal(wFirst, b, pq, b * b2, b2);
    reductionUpdate(b, pq, w, du, dnE, upE);
    K = Math.floor(K / 2);
  }

  // Two levels left: censor out the last (level 1); level 0's censored generator has off-diagonal
  // part wFirst + U·N_1⁻¹·D and zero row sums.
  const final = eliminateLast();
  if (final === null) return null;
  const { fac: lastFac, pivot: lastPivot } = final;
  const g0 = wFirst;
  addOffDiagonal(g0, b, upZ, 0, b);
  // Each level is kept as v·2^e with max(v) in [1, 2) (set by `scaled`), so that neither a
  // chain whose levels' masses span more than the range of a double (an overloaded Node 1, or a long
  // light one) nor the unfolding overflows or loses the small levels to underflow.
  const level0 = stationaryFromOffDiagonal(g0, b, fac, panel);
  if (level0 === null) return null;
  const e0 = scaled(level0, 0);
  const level1 = solveEliminatedRow(lastFac, lastPivot, b, times(level0, du.slice(bb, 2 * bb), b));
  let exps: number[] = [e0, scaled(level1, e0)];
  let levels: Float64Array[] = [level0, level1];

  // Unfold: the even levels of each halving are the levels of the next; its odd levels ℓ < K, all
  // at once, as the rows of C = A·U + B·D (rows of A: π_{ℓ−1}, of B: π_{ℓ+1}) solved against N.
  const uB = region(0, bb);
  const dB = region(bb, bb);
  const fB = region(2 * bb, bb);
  const aRows = region(3 * bb, R * b);
  const bRows = region(3 * bb + R * b, R * b);
  const cRows = region(3 * bb + 2 * R * b, R * b);
  const panelU = region(3 * bb + 3 * R * b, 8 * b);
  for (let h = halvings.length - 1; h >= 0; h--) {
    const s = halvings[h]!;
    const next: Float64Array[] = new Array<Float64Array>(s.K + 1);
    const nextExps: number[] = new Array<number>(s.K + 1);
    for (let l = 0; l <= s.K; l += 2) {
      next[l] = levels[l / 2]!;
      nextExps[l] = exps[l / 2]!;
    }
    const r = Math.floor(s.K / 2); // odd levels below K
    if (r > 0) {
      uB.set(s.up);
      dB.set(s.down);
      fB.set(s.fac);
      // row k: level 2k + 1 in the scale 2^e of the larger of its neighbours (exact power-of-two
      // scalings, the smaller neighbour's negligible part flushed to zero)
      for (let k = 0; k < r; k++) {
        const e = Math.max(nextExps[2 * k]!, nextExps[2 * k + 2]!);
        nextExps[2 * k + 1] = e;
        scaleInto(next[2 * k]!, 2 ** (nextExps[2 * k]! - e), aRows, k * b);
        scaleInto(next[2 * k + 2]!, 2 ** (nextExps[2 * k + 2]! - e), bRows, k * b);
      }
      cRows.fill(0, 0, r * b);
      gemmAdd(r, b, b, aRows, 0, b, uB, 0, b, cRows, 0, b, panelU);
      gemmAdd(r, b, b, bRows, 0, b, dB, 0, b, cRows, 0, b, panelU);
      solveEliminatedRows(fB, s.pivot, b, cRows, r, panelU);
      for (let k = 0; k < r; k++) {
        const v = cRows.slice(k * b, k * b + b);
        nextExps[2 * k + 1] = scaled(v, nextExps[2 * k + 1]!);
        next[2 * k + 1] = v;
      }
    }
    if (s.top) {
      const v = solveEliminatedRow(s.top.fac, s.top.pivot, b, times(next[s.K - 1]!, s.up, b));
      nextExps[s.K] = scaled(v, nextExps[s.K - 1]!);
      next[s.K] = v;
    }
    levels = next;
    exps = nextExps;
  }

  // Normalise in the scale of the largest level; levels below it by more than 2^1074 are 0.
  let top = -Infinity;
  for (const e of exps) if (e > top) top = e;
  let total = 0;
  for (let l = 0; l < levels.length; l++) {
    const f = 2 ** (exps[l]! - top);
    for (const x of levels[l]!) total += x * f;
  }
  const p = new Float64Array((n + 1) * (m + 1));
  for (let l = 0; l < levels.length; l++) {
    const v = levels[l]!;
    const f = 2 ** (exps[l]! - top);
    const level = reversed ? K0 - l : l;
    for (let ph = 0; ph < b; ph++) p[byUpstream ? level * b + ph : ph * (m + 1) + level] = (v[ph]! * f) / total;
  }
  if (!p.every(Number.isFinite)) return null;
  return { p, iterations: halvings.length };
}

function times(x: Float64Array, a: Float64Array, b: number): Float64Array {
  return vecMat(x, a, new Float64Array(b), b);
}

/**
 * Scales v in place by a power of two so that its largest entry is in [1, 2) and returns the
 * exponent e of the scale v·2^e now stands for (`e` before): exact, no rounding.
 */
function scaled(v: Float64Array, e: number): number {
  let max = 0;
  for (const x of v) if (x > max) max = x;
  if (!(max > 0) || !Number.isFinite(max)) return e;
  const k = Math.max(Math.floor(Math.log2(max)), -1022);
  const f = 2 ** -k; // 2^-k is exact for |k| ≤ 1022
  for (let j = 0; j < v.length; j++) v[j]! *= f;
  return e + k;
}

/** out[off + j] = v[j]·f. */
function scaleInto(v: Float64Array, f: number, out: Float64Array, off: number): void {
  for (let j = 0; j < v.length; j++) out[off + j] = v[j]! * f;
}

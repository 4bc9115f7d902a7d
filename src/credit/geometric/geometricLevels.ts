/**
 * The level vectors of the geometric method (geometric.ts): π0, Σ_i π_i and Σ_i i·π_i from
 * U = −A1 − λG, in their own file.
 */
import { eliminateMMatrix, scratchRegions, solveEliminatedRow, solveRowVector } from '../../linalg/float64Dense.js';
import { stationaryFromOffDiagonal } from '../../linalg/gth.js';

/**
 * π0, Σ_i π_i and Σ_i i·π_i from U = −A1 − λG, given by its off-diagonal part wR (U·e = μ1·[j < m]).
 *
 * π0 solves π0·(B0 + λG) = 0, the generator of the chain censored on level 0; its off-diagonal
 * part is wR too, with zero row sums. It is eliminated in reverse phase order (as GTH does, so
 * π0[0] = 1 before normalising) and π0 = e_last·(I − F)⁻¹, subtraction-free.
 * With I − R = (U − λI)·U⁻¹ and π0·U = π0·D, D = diag(μ1·[j < m]) (from the censored equation):
 *   x = π0(I − R)⁻¹ solves x(U − λI) = π0·D,   y = x·R(I − R)⁻¹ solves y(U − λI) = λx,
 * both with non-negative right-hand sides. U − λI is an M-matrix (a Z-matrix whose inverse
 * U⁻¹(I − R)⁻¹ is ≥ 0) with row sums μ1 − λ > 0 for j < m and −λ for j = m, so its elimination in
 * phase order is subtraction-free up to the last pivot, which carries the conditioning of I − R.
 * If that pivot does not come out positive (rounding, right at the stability boundary), the
 * vectors come from an LU factorisation of I − R instead. Normalised by π0(I − R)⁻¹e = 1.
 */
export function levelVectors(
  lambda: number,
  mu1: number,
  m: number,
  wR: Float64Array,
  rate: Float64Array,
  lap: (part: string) => void = () => {},
): { level0: Float64Array; levelSum: Float64Array; levelMoment: Float64Array } {
  const b = m + 1;
  const bb = b * b;
  const region = scratchRegions(bb + 8 * b);
  const fac = region(0, bb);
  const panel = region(bb, 8 * b);
  const pivot = new Float64Array(b);
  // π0: the stationary vector of the censored generator, whose off-diagonal part is wR
  let level0 = stationaryFromOffDiagonal(wR, b, fac, panel) ?? new Float64Array(b).fill(NaN);
  lap('level0');

  let levelSum: Float64Array;
  let levelMoment: Float64Array;
  fac.set(wR);
  const sums = new Float64Array(b).fill(mu1 - lambda);
  sums[m] = -lambda;
  if (eliminateMMatrix(fac, sums, pivot, b, b, panel)) {
    const rhs = level0.map((p, j) => (j < m ? mu1 * p : 0));
    levelSum = solveEliminatedRow(fac, pivot, b, rhs);
    levelMoment = solveEliminatedRow(
      fac,
      pivot,
      b,
      levelSum.map((x) => lambda * x),
    );
  } else {
    const iMinusR = new Float64Array(bb);
    for (let k = 0; k < bb; k++) iMinusR[k] = -rate[k]!;
    for (let k = 0; k < b; k++) iMinusR[k * b + k] += 1;
    levelSum = solveRowVector(iMinusR, level0, b)!;
    // Σ i π0 R^i = π0 R (I − R)^{-2} = (levelSum − π0)(I − R)^{-1}
    levelMoment = solveRowVector(
      iMinusR,
      levelSum.map((x, k) => x - level0[k]!),
      b,
    )!;
  }
  lap('levelSums');
  const mass = levelSum.reduce((x, y) => x + y, 0);
  level0 = level0.map((x) => x / mass);
  levelSum = levelSum.map((x) => x / mass);
  levelMoment = levelMoment.map((x) => x / mass);
  return { level0, levelSum, levelMoment };
}

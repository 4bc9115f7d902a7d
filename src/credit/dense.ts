/**
 * The `dense` method: the thesis's own solution (Yan 2012, eqs. 4.5–4.6, as corrected in
 * docs/models.md §6.3), with ml-matrix.
 *
 * PG = 0 and Pe = 1 are solved as P = B·(I − ℵ + e·B)^(−1), where ℵ = I + G/q is the uniformised
 * chain, q = max_k |G(k,k)|, I the S×S identity (S = (n+1)(m+1), not n×m as printed), e a column of
 * ones and B any row vector with B·e ≠ 0. Proof: P(I − ℵ + eB) = P − Pℵ + (Pe)B = B since Pℵ = P.
 * Here B = e^T/S, and instead of forming the inverse the transposed system
 * (I − ℵ + eB)^T P^T = B^T is solved by LU with partial pivoting: the same P with half the work and
 * less rounding. O(S³) time, O(S²) memory: meant for small chains and as a cross-check.
 */
import { createRequire } from 'node:module';
import type * as MlMatrix from 'ml-matrix';
import { creditGeneratorKernel } from './generator.js';
import type { CheckedCreditParams } from './params.js';

/**
 * ml-matrix, loaded the first time the dense method runs (its CommonJS build, synchronously): a
 * tenth of a second of start-up that `ibqos credit` and every other use of the credit chain would
 * otherwise pay for a method they mostly do not call (issue 33).
 */
let mlMatrix: typeof MlMatrix | undefined;
function loadMlMatrix(): typeof MlMatrix {
  return (mlMatrix ??= createRequire(import.meta.url)('ml-matrix') as typeof MlMatrix);
}

/** Largest chain the `dense` method accepts (an S×S dense matrix and an O(S³) factorisation). */
export const MAX_DENSE_STATES = 2000;

/** P in i-major order. Assumes checked parameters with finite n; never throws for them. */
export function denseCreditKernel(params: CheckedCreditParams): Float64Array {
  const { lambda, mu1, mu2, n, m } = params;
  const { Matrix, LuDecomposition } = loadMlMatrix();
  const g = creditGeneratorKernel(lambda, mu1, mu2, n, m);
  const size = g.size;
  let q = 0;
  for (let r = 0; r < size; r++) {
    for (let k = g.rowStart[r]!; k < g.rowStart[r + 1]!; k++) {
      if (g.column[k] === r) q = Math.max(q, Math.abs(g.value[k]!));
    }
  }
  // A^T with A = I − ℵ + e·B = −G/q + e·B, B = e^T/S: A^T(c, r) = −G(r, c)/q + 1/S.
  const b = 1 / size;
  const at = new Matrix(size, size).fill(b);
  for (let r = 0; r < size; r++) {
    for (let k = g.rowStart[r]!; k < g.rowStart[r + 1]!; k++) {
      const c = g.column[k]!;
      at.set(c, r, at.get(c, r) - g.value[k]! / q);
    }
  }
  const rhs = Matrix.columnVector(new Array<number>(size).fill(b));
  const x = new LuDecomposition(at).solve(rhs);
  const p = new Float64Array(size);
  for (let k = 0; k < size; k++) p[k] = x.get(k, 0);
  return p;
}

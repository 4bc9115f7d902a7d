/**
 * The generator of the finite credit chain (docs/models.md §6.1) in CSR form, built directly in state
 * order index = i·(m+1) + j (i = packets at Node 1, j = packets at Node 2), without maps: a
 * million-state chain takes a few tens of milliseconds.
 *
 * | event                    | transition          | rate | when            |
 * |--------------------------|---------------------|------|-----------------|
 * | arrival                  | (i,j) → (i+1,j)     | λ    | i ≤ n−1         |
 * | forwarding with a credit | (i,j) → (i−1,j+1)   | μ1   | i ≥ 1, j ≤ m−1  |
 * | departure from Node 2    | (i,j) → (i,j−1)     | μ2   | j ≥ 1           |
 */
import { InvalidParameterError } from '../core/errors.js';
import { integerAtLeast } from '../core/guards.js';
import type { SparseGenerator } from '../markov/sparse.js';
import { checkCreditParams, type CreditChainParams } from './params.js';

/**
 * Index of state (i, j) in the i-major order used by every finite result: i·(m+1) + j.
 *
 * @throws InvalidParameterError when i is not an integer in 0..n or j not an integer in 0..m
 *   (n may be Infinity).
 * @example creditStateIndex(1, 2, 3) // 1·4 + 2 = 6
 */
export function creditStateIndex(i: number, j: number, m: number, n = Infinity): number {
  integerAtLeast('m', m, 1);
  if (!Number.isInteger(i) || i < 0 || i > n) {
    throw new InvalidParameterError('i', `an integer in 0..${n === Infinity ? '∞' : n}`, i);
  }
  if (!Number.isInteger(j) || j < 0 || j > m) throw new InvalidParameterError('j', `an integer in 0..${m}`, j);
  return i * (m + 1) + j;
}

/**
 * Builds the sparse generator Q of the finite chain; columns are sorted within each row and the
 * diagonal is stored. Hand it to `solveCtmc` (small chains) or any sparse tool.
 *
 * @throws InvalidParameterError for invalid parameters, or `upstreamCapacity = Infinity` (the
 *   chain is then infinite: use `solveCreditChain` with the `geometric` method).
 * @example creditChainGenerator({ lambda: 2, mu1: 3, mu2: 4, upstreamCapacity: 2, downstreamCapacity: 2 }).size // 9
 */
export function creditChainGenerator(params: CreditChainParams): SparseGenerator {
  const { lambda, mu1, mu2, n, m } = checkCreditParams(params);
  if (!Number.isFinite(n)) {
    throw new InvalidParameterError('upstreamCapacity', 'finite to build a generator (the chain with n = Infinity is infinite)', n);
  }
  return creditGeneratorKernel(lambda, mu1, mu2, n, m);
}

/** The builder behind {@link creditChainGenerator}; assumes valid input, never throws. */
export function creditGeneratorKernel(lambda: number, mu1: number, mu2: number, n: number, m: number): SparseGenerator {
  const w = m + 1;
  const size = (n + 1) * w;
  // Non-zeros: the diagonal of every state, plus each transition.
  const nnz = size + n * w + n * m + (n + 1) * m;
  const rowStart = new Int32Array(size + 1);
  const column = new Int32Array(nnz);
  const value = new Float64Array(nnz);
  let k = 0;
  for (let i = 0; i <= n; i++) {
    for (let j = 0; j <= m; j++) {
      const r = i * w + j;
      rowStart[r] = k;
      const forward = i >= 1 && j < m; // target r − m
      const depart = j >= 1; // target r − 1 (never the same column as forwarding: see below)
      const arrive = i < n; // target r + m + 1
      // Sorted columns: r − m ≤ r − 1 < r < r + m + 1; r − m = r − 1 only when m = 1, and then
      // forwarding (j = 0) and departure (j = 1) cannot both be possible.
      if (forward) {
        column[k] = r - m;
        value[k++] = mu1;
      }
      if (depart) {
        column[k] = r - 1;
        value[k++] = mu2;
      }
      column[k] = r;
      value[k++] = -((forward ? mu1 : 0) + (depart ? mu2 : 0) + (arrive ? lambda : 0));
      if (arrive) {
        column[k] = r + w;
        value[k++] = lambda;
      }
    }
  }
  rowStart[size] = k;
  return { size, rowStart, column, value };
}

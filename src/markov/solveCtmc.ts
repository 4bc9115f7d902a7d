/**
 * Stationary distribution of a small generic CTMC by the GTH algorithm.
 *
 * Grassmann, Taksar and Heyman (1985), "Regenerative analysis and steady state distributions for
 * Markov chains", Oper. Res. 33(5): state reduction that only ever adds non-negative numbers, so
 * the result has full relative accuracy even for tiny probabilities. O(S³) time, O(S²) memory:
 * meant for chains of up to a few thousand states.
 */
import { InvalidModelError, InvalidParameterError } from '../core/errors.js';
import { gthKernel } from '../linalg/gth.js';
import { checkGenerator, stationaryResidual, type SparseGenerator, toDenseRows } from './sparse.js';
import { recordParameter } from '../core/shapes.js';

export interface CtmcSolution {
  /** Stationary probabilities π, Σ π = 1. */
  readonly probabilities: readonly number[];
  readonly diagnostics: { readonly method: 'gth'; readonly residual: number };
}

/**
 * Solves πQ = 0, Σπ = 1 for an irreducible generator, given sparse ({@link SparseGenerator}) or
 * dense (an array of rows).
 *
 * @throws InvalidParameterError if the matrix is not square or has more than 5000 states.
 * @throws InvalidModelError if Q is not a generator or the chain is reducible (a state that
 *   cannot be left, or a set of states that cannot be reached).
 * @example solveCtmc([[-1, 1], [2, -2]]).probabilities // [2/3, 1/3]
 */
export function solveCtmc(generator: SparseGenerator | readonly (readonly number[])[]): CtmcSolution {
  if (!Array.isArray(generator)) recordParameter('generator', generator, { size: 'number', rowStart: 'arrayLike', column: 'arrayLike', value: 'arrayLike' });
  const rows = Array.isArray(generator)
    ? checkDense(generator as readonly (readonly number[])[])
    : (checkGenerator(generator as SparseGenerator), toDenseRows(generator as SparseGenerator));
  const size = rows.length;
  if (size > 5000) throw new InvalidParameterError('generator', 'at most 5000 states for solveCtmc', size);
  const a = new Float64Array(size * size);
  for (let i = 0; i < size; i++) for (let j = 0; j < size; j++) if (i !== j) a[i * size + j] = rows[i]![j]!;
  const pi = gthKernel(a, size);
  if (pi === null) throw new InvalidModelError('the chain is reducible (GTH met a state with no way out)');
  const sparse = Array.isArray(generator) ? null : (generator as SparseGenerator);
  const residual = sparse ? stationaryResidual(sparse, pi) : denseResidual(rows, pi);
  return { probabilities: Array.from(pi), diagnostics: { method: 'gth', residual } };
}

function checkDense(rows: readonly (readonly number[])[]): number[][] {
  const size = rows.length;
  if (size < 1) throw new InvalidParameterError('generator', 'a non-empty square matrix', rows);
  const out: number[][] = [];
  for (let i = 0; i < size; i++) {
    const row = rows[i];
    if (!Array.isArray(row) || row.length !== size) {
      throw new InvalidParameterError(`generator[${i}]`, `a row of length ${size}`, row);
    }
    let sum = 0;
    let outflow = 0;
    for (let j = 0; j < size; j++) {
      const v = row[j] as number;
      if (typeof v !== 'number' || !Number.isFinite(v)) throw new InvalidModelError(`generator entry (${i}, ${j}) is ${v}`);
      if (i !== j && v < 0) throw new InvalidModelError(`off-diagonal generator entry (${i}, ${j}) is negative (${v})`);
      if (i !== j) outflow += v;
      sum += v;
    }
    if (Math.abs(sum) > 1e-12 * Math.max(outflow, 1)) throw new InvalidModelError(`generator row ${i} sums to ${sum}, not 0`);
    out.push([...row]);
  }
  return out;
}

function denseResidual(rows: number[][], pi: Float64Array): number {
  let max = 0;
  for (let j = 0; j < rows.length; j++) {
    let s = 0;
    for (let i = 0; i < rows.length; i++) s += pi[i]! * rows[i]![j]!;
    max = Math.max(max, Math.abs(s));
  }
  return max;
}

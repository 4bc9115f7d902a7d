/**
 * Sparse generators in compressed-sparse-row form.
 *
 * A generator Q of a continuous-time Markov chain has q(i, j) ≥ 0 for i ≠ j and rows summing to 0.
 * {@link SparseGenerator} stores every non-zero, the diagonal included, so a user can hand it to
 * any sparse tool; {@link generatorFromTransitions} builds one from a list of transitions and fills
 * the diagonal.
 */
import { InvalidModelError, InvalidParameterError } from '../core/errors.js';
import { checkKind, recordParameter } from '../core/shapes.js';

/** A generator matrix in CSR form: row r holds entries rowStart[r] .. rowStart[r+1]−1. */
export interface SparseGenerator {
  readonly size: number;
  readonly rowStart: Int32Array;
  readonly column: Int32Array;
  readonly value: Float64Array;
}

/** One transition from → to at a rate (per unit time). */
export interface Transition {
  readonly from: number;
  readonly to: number;
  readonly rate: number;
}

/**
 * Builds a CSR generator from transitions; parallel transitions are added, self-loops ignored,
 * and each row's diagonal is set to minus its total outflow. Columns are sorted within a row.
 *
 * @throws InvalidParameterError for a size that is not a positive integer, a state outside
 *   0..size−1 or a rate that is negative or not finite.
 */
export function generatorFromTransitions(size: number, transitions: Iterable<Transition>): SparseGenerator {
  if (!Number.isInteger(size) || size < 1) {
    throw new InvalidParameterError('size', 'an integer >= 1', size);
  }
  const rows: Map<number, number>[] = Array.from({ length: size }, () => new Map<number, number>());
  for (const t of transitions) {
    if (!Number.isInteger(t.from) || t.from < 0 || t.from >= size) {
      throw new InvalidParameterError('transition.from', `an integer in 0..${size - 1}`, t.from);
    }
    if (!Number.isInteger(t.to) || t.to < 0 || t.to >= size) {
      throw new InvalidParameterError('transition.to', `an integer in 0..${size - 1}`, t.to);
    }
    if (!Number.isFinite(t.rate) || t.rate < 0) {
      throw new InvalidParameterError('transition.rate', 'a finite number >= 0', t.rate);
    }
    if (t.from === t.to || t.rate === 0) continue;
    const row = rows[t.from]!;
    row.set(t.to, (row.get(t.to) ?? 0) + t.rate);
  }
  let nnz = 0;
  for (const row of rows) nnz += row.size + 1;
  const rowStart = new Int32Array(size + 1);
  const column = new Int32Array(nnz);
  const value = new Float64Array(nnz);
  let k = 0;
  for (let r = 0; r < size; r++) {
    rowStart[r] = k;
    const row = rows[r]!;
    let out = 0;
    for (const rate of row.values()) out += rate;
    row.set(r, -out);
    const cols = [...row.keys()].sort((a, b) => a - b);
    for (const c of cols) {
      column[k] = c;
      value[k] = row.get(c)!;
      k++;
    }
  }
  rowStart[size] = k;
  return { size, rowStart, column, value };
}

/**
 * Checks that a sparse matrix is a generator: off-diagonal entries ≥ 0 and finite, rows summing
 * to zero within `tolerance` relative to the row's outflow.
 *
 * @throws InvalidModelError naming the first offending row.
 */
export function checkGenerator(q: SparseGenerator, tolerance = 1e-12): void {
  recordParameter('q', q, { size: 'number', rowStart: 'arrayLike', column: 'arrayLike', value: 'arrayLike' });
  for (let r = 0; r < q.size; r++) {
    let sum = 0;
    let out = 0;
    for (let k = q.rowStart[r]!; k < q.rowStart[r + 1]!; k++) {
      const c = q.column[k]!;
      const v = q.value[k]!;
      if (!Number.isFinite(v)) throw new InvalidModelError(`generator entry (${r}, ${c}) is ${v}`);
      if (c !== r && v < 0) throw new InvalidModelError(`off-diagonal generator entry (${r}, ${c}) is negative (${v})`);
      if (c !== r) out += v;
      sum += v;
    }
    if (Math.abs(sum) > tolerance * Math.max(out, 1)) {
      throw new InvalidModelError(`generator row ${r} sums to ${sum}, not 0`);
    }
  }
}

/** ‖πQ‖∞: the residual of the stationary equations for a candidate π. */
export function stationaryResidual(q: SparseGenerator, pi: ArrayLike<number>): number {
  recordParameter('q', q, { size: 'number', rowStart: 'arrayLike', column: 'arrayLike', value: 'arrayLike' });
  checkKind('pi', pi, 'arrayLike');
  const y = new Float64Array(q.size);
  for (let r = 0; r < q.size; r++) {
    const p = pi[r]!;
    if (p === 0) continue;
    for (let k = q.rowStart[r]!; k < q.rowStart[r + 1]!; k++) y[q.column[k]!]! += p * q.value[k]!;
  }
  let max = 0;
  for (let i = 0; i < y.length; i++) max = Math.max(max, Math.abs(y[i]!));
  return max;
}

/** Expands a sparse generator into a dense row-major array of rows (for small chains). */
export function toDenseRows(q: SparseGenerator): number[][] {
  recordParameter('q', q, { size: 'number', rowStart: 'arrayLike', column: 'arrayLike', value: 'arrayLike' });
  const rows = Array.from({ length: q.size }, () => new Array<number>(q.size).fill(0));
  for (let r = 0; r < q.size; r++) {
    for (let k = q.rowStart[r]!; k < q.rowStart[r + 1]!; k++) rows[r]![q.column[k]!] = q.value[k]!;
  }
  return rows;
}

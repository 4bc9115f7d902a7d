/**
 * Reductions over data-sized arrays. `Math.max(...values)` and `target.push(...items)` pass every
 * element as a call argument, and V8 throws "Maximum call stack size exceeded" somewhere past
 * ~10^5 of them (issue 23: a 200,000-row results file, `--lambda 1:130000`). These loops have no
 * such limit; test/architecture.test.ts keeps argument spreads out of src/.
 */

/** The largest value, as `Math.max` gives it (NaN if any is NaN; -Infinity for none). */
export function maxOf(values: Iterable<number>): number {
  let max = -Infinity;
  for (const v of values) {
    if (Number.isNaN(v)) return Number.NaN;
    if (v > max) max = v;
  }
  return max;
}

/** The smallest value, as `Math.min` gives it (NaN if any is NaN; Infinity for none). */
export function minOf(values: Iterable<number>): number {
  let min = Infinity;
  for (const v of values) {
    if (Number.isNaN(v)) return Number.NaN;
    if (v < min) min = v;
  }
  return min;
}

/** Appends every item to `target` (what `target.push(...items)` does, for any length); returns target. */
export function appendAll<T>(target: T[], items: Iterable<T>): T[] {
  for (const item of items) target.push(item);
  return target;
}

/** A new Int32Array of length n ≥ a.length holding a's values first, zeros after (a pool or table grown by doubling). */
export function grownInt32(a: Int32Array<ArrayBuffer>, n: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(n);
  b.set(a);
  return b;
}

/** A new Float64Array of length n ≥ a.length holding a's values first, zeros after. */
export function grownFloat64(a: Float64Array<ArrayBuffer>, n: number): Float64Array<ArrayBuffer> {
  const b = new Float64Array(n);
  b.set(a);
  return b;
}

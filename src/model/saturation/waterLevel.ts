/** Max-min of a capacity over equal claims (docs/models.md §13.7): the allocation's water level. Kernel: trusts its input. */

/**
 * The level L with Σ min(d_k, L) = cap (max-min over claims d_k of equal weight), Infinity when Σ d_k ≤ cap.
 * `scratch` is overwritten.
 */
export function waterLevel(demands: readonly number[], cap: number, scratch: number[] = []): number {
  scratch.length = 0;
  for (const d of demands) scratch.push(d);
  scratch.sort((a, b) => a - b);
  let left = cap;
  let n = scratch.length;
  for (const d of scratch) {
    if (d * n > left) return left / n;
    left -= d;
    n--;
  }
  return Infinity;
}

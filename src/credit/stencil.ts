/**
 * Matrix-free residual of the finite credit chain: ‖p·Q‖∞ computed from the transition table of
 * docs/models.md §6.1 without building Q. O(S) time, no allocation.
 */
import { checkKind } from '../core/shapes.js';

/**
 * ‖p·Q‖∞ for a candidate vector p in i-major order (p[i·(m+1)+j] = P(i, j)). Returns NaN when p
 * has the wrong length or a non-finite entry. Assumes valid rates and capacities; never throws.
 */
export function creditResidual(
  lambda: number,
  mu1: number,
  mu2: number,
  n: number,
  m: number,
  p: ArrayLike<number>,
): number {
  checkKind('lambda', lambda, 'number');
  checkKind('mu1', mu1, 'number');
  checkKind('mu2', mu2, 'number');
  checkKind('n', n, 'number');
  checkKind('m', m, 'number');
  checkKind('p', p, 'arrayLike');
  const w = m + 1;
  if (p.length !== (n + 1) * w) return NaN;
  let max = 0;
  for (let i = 0; i <= n; i++) {
    for (let j = 0; j <= m; j++) {
      const r = i * w + j;
      // Inflow into (i, j).
      let y = 0;
      if (i >= 1) y += lambda * p[r - w]!; // arrival from (i−1, j)
      if (i < n && j >= 1) y += mu1 * p[r + w - 1]!; // forwarding from (i+1, j−1)
      if (j < m) y += mu2 * p[r + 1]!; // departure from (i, j+1)
      // Outflow from (i, j).
      const out = (i < n ? lambda : 0) + (i >= 1 && j < m ? mu1 : 0) + (j >= 1 ? mu2 : 0);
      y -= out * p[r]!;
      if (!Number.isFinite(y)) return NaN;
      const a = Math.abs(y);
      if (a > max) max = a;
    }
  }
  return max;
}

/** The residual check of the geometric method (geometric.ts), in its own file. */
import { vecMat } from '../linalg/float64Dense.js';

/**
 * ‖πQ‖∞ over the balance equations of levels 0..40 (deeper levels' residuals are bounded by
 * these times a decaying factor ‖π0 R^i‖).
 */
export function levelResidual(
  lambda: number,
  mu1: number,
  mu2: number,
  m: number,
  level0: Float64Array,
  rate: Float64Array,
): number {
  const b = m + 1;
  const levels = [level0];
  for (let i = 1; i <= 41; i++) levels.push(vecMat(levels[i - 1]!, rate, new Float64Array(b), b));
  let worst = 0;
  for (let i = 0; i <= 40; i++) {
    const cur = levels[i]!;
    const up = levels[i + 1]!;
    for (let j = 0; j < b; j++) {
      // inflow into (i, j): arrival from (i−1, j), forwarding from (i+1, j−1), departure from (i, j+1)
      let r = 0;
      if (i >= 1) r += lambda * levels[i - 1]![j]!;
      if (j >= 1) r += mu1 * up[j - 1]!;
      if (j < m) r += mu2 * cur[j + 1]!;
      const out = lambda + (i >= 1 && j < m ? mu1 : 0) + (j >= 1 ? mu2 : 0);
      r -= out * cur[j]!;
      worst = Math.max(worst, Math.abs(r));
    }
  }
  return worst;
}

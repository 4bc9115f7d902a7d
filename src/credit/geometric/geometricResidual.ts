/** The residual check of the geometric method (geometric.ts), in its own file. */
import { gemmAdd, scratchRegions } from '../../linalg/float64Dense.js';

/**
 * ‖πQ‖∞ over the balance equations of levels 0..40 (deeper levels' residuals are bounded by
 * these times a decaying factor ‖π0 R^i‖). The levels π_i = π_{i−1}·R are one-row products in
 * the WebAssembly memory (the same sums, in the same order, as a JavaScript vector–matrix loop:
 * 41 of them took 24–65 ms of a 0.6–1.0 s solve at (∞, 512) in JavaScript).
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
  const region = scratchRegions(b * b + 50 * b);
  const r = region(0, b * b);
  r.set(rate);
  const panel = region(b * b, 8 * b);
  const all = region(b * b + 8 * b, 42 * b);
  all.set(level0);
  for (let i = 1; i <= 41; i++) gemmAdd(1, b, b, all, (i - 1) * b, b, r, 0, b, all, i * b, b, panel);
  const levels = Array.from({ length: 42 }, (_, i) => all.slice(i * b, i * b + b));
  let worst = 0;
  for (let i = 0; i <= 40; i++) {
    const cur = levels[i]!;
    const up = levels[i + 1]!;
    for (let j = 0; j < b; j++) {
      // inflow into (i, j): arrival from (i−1, j), forwarding from (i+1, j−1), departure from (i, j+1)
      let res = 0;
      if (i >= 1) res += lambda * levels[i - 1]![j]!;
      if (j >= 1) res += mu1 * up[j - 1]!;
      if (j < m) res += mu2 * cur[j + 1]!;
      const out = lambda + (i >= 1 && j < m ? mu1 : 0) + (j >= 1 ? mu2 : 0);
      res -= out * cur[j]!;
      worst = Math.max(worst, Math.abs(res));
    }
  }
  return worst;
}

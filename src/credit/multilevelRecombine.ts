/**
 * Iterant recombination for the multilevel kernel (multilevel.ts; De Sterck et al. 2010): after
 * each cycle, the affine combination of the last iterates with the least residual. Split from
 * multilevel.ts (one concern per file).
 */
/**
 * p ← Σ c_k x_k with Σ c_k = 1 minimising ‖Σ c_k r_k‖₂ (newest last), non-positive entries replaced
 * by half the newest iterate's.
 * Written as x_N + Σ_{k<N} a_k (x_k − x_N): a small least-squares problem in the a_k.
 */
export function recombine(xs: Float64Array[], rs: Float64Array[], p: Float64Array, pad: number, size: number): void {
  const last = rs.length - 1;
  const rN = rs[last]!;
  const k = last;
  // normal equations G a = −h with G_ab = <r_a − r_N, r_b − r_N>, h_a = <r_a − r_N, r_N>,
  // accumulated in one pass over the residuals (k ≤ 2 unrolled: this pass runs every cycle)
  const g = new Float64Array(k * k);
  const h = new Float64Array(k);
  if (k === 1) {
    const r0 = rs[0]!;
    let g00 = 0;
    let h0 = 0;
    for (let t = 0; t < size; t++) {
      const rn = rN[t]!;
      const d0 = r0[t]! - rn;
      g00 += d0 * d0;
      h0 += d0 * rn;
    }
    g[0] = g00;
    h[0] = h0;
  } else if (k === 2) {
    const r0 = rs[0]!;
    const r1 = rs[1]!;
    let g00 = 0;
    let g01 = 0;
    let g11 = 0;
    let h0 = 0;
    let h1 = 0;
    for (let t = 0; t < size; t++) {
      const rn = rN[t]!;
      const d0 = r0[t]! - rn;
      const d1 = r1[t]! - rn;
      g00 += d0 * d0;
      g01 += d0 * d1;
      g11 += d1 * d1;
      h0 += d0 * rn;
      h1 += d1 * rn;
    }
    g[0] = g00;
    g[1] = g01;
    g[2] = g01;
    g[3] = g11;
    h[0] = h0;
    h[1] = h1;
  } else {
    const d = new Float64Array(k);
    for (let t = 0; t < size; t++) {
      const rn = rN[t]!;
      for (let a = 0; a < k; a++) {
        const da = rs[a]![t]! - rn;
        d[a] = da;
        h[a] += da * rn;
        for (let b = 0; b <= a; b++) g[a * k + b] += da * d[b]!;
      }
    }
    for (let a = 0; a < k; a++) for (let b = 0; b < a; b++) g[b * k + a] = g[a * k + b]!;
  }
  const coef = solveSmall(g, h.map((v) => -v), k);
  if (coef === null) return;
  const xN = xs[last]!;
  const c0 = coef[0]!;
  const c1 = k > 1 ? coef[1]! : 0;
  const x0 = xs[0]!;
  const x1 = k > 1 ? xs[1]! : xN;
  for (let t = pad; t < pad + size; t++) {
    const xn = xN[t]!;
    let v = xn + c0 * (x0[t]! - xn) + c1 * (x1[t]! - xn);
    for (let a = 2; a < k; a++) v += coef[a]! * (xs[a]![t]! - xn);
    // a combination may dip below 0 where π is tiny: keep half the newest iterate there instead,
    // so every 2 × 2 block keeps positive mass and every coarse chain stays irreducible
    p[t] = v > 0 ? v : 0.5 * xN[t]!;
  }
}

/** Gaussian elimination with partial pivoting for a k×k system (k ≤ 3); null if singular. */
function solveSmall(a: Float64Array, b: Float64Array, k: number): Float64Array | null {
  const m = a.slice();
  const x = b.slice();
  for (let c = 0; c < k; c++) {
    let piv = c;
    for (let r = c + 1; r < k; r++) if (Math.abs(m[r * k + c]!) > Math.abs(m[piv * k + c]!)) piv = r;
    if (!(Math.abs(m[piv * k + c]!) > 0)) return null;
    if (piv !== c) {
      for (let j = 0; j < k; j++) [m[c * k + j], m[piv * k + j]] = [m[piv * k + j]!, m[c * k + j]!];
      [x[c], x[piv]] = [x[piv]!, x[c]!];
    }
    for (let r = c + 1; r < k; r++) {
      const f = m[r * k + c]! / m[c * k + c]!;
      for (let j = c; j < k; j++) m[r * k + j] -= f * m[c * k + j]!;
      x[r] -= f * x[c]!;
    }
  }
  for (let c = k - 1; c >= 0; c--) {
    let v = x[c]!;
    for (let j = c + 1; j < k; j++) v -= m[c * k + j]! * x[j]!;
    x[c] = v / m[c * k + c]!;
  }
  for (let c = 0; c < k; c++) if (!Number.isFinite(x[c]!)) return null;
  return x;
}

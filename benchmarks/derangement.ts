/**
 * The seeded random permutation of the scale benchmarks (fabric-scale.ts, fabric-scale-ab.ts): each
 * host sends to one other host, all hosts in one cycle.
 */

/** A permutation of 0..n−1 with no fixed point (Sattolo's algorithm: one cycle of all n). */
export function randomDerangement(n: number, seed: number): Int32Array {
  // xorshift32: a benchmark's own stream, so the project's random streams stay untouched
  let s = seed >>> 0 || 1;
  const next = (): number => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 2 ** 32;
  };
  const p = Int32Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(next() * i); // j < i: Sattolo, a single n-cycle, so p[i] ≠ i
    const t = p[i]!;
    p[i] = p[j]!;
    p[j] = t;
  }
  return p;
}

/**
 * Sums of per-buffer records for the head-time aids (sim-head-times.ts; H39uni): pooled over replications, and grouped by a key.
 */

/** Adds each record of `from` into `into` (records of equal length; a missing one starts at zeros). */
export function poolInto(into: Map<number, number[]>, from: Map<number, readonly number[]>): void {
  for (const [q, b] of from) {
    const t = into.get(q) ?? new Array<number>(b.length).fill(0);
    b.forEach((z, i) => (t[i]! += z));
    into.set(q, t);
  }
}

/** The records of `all` summed by `keyOf(q)`. */
export function sumsByKey(all: Map<number, readonly number[]>, keyOf: (q: number) => string): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const [q, b] of all) {
    const k = keyOf(q);
    const a = out.get(k) ?? new Array<number>(b.length).fill(0);
    b.forEach((z, i) => (a[i]! += z));
    out.set(k, a);
  }
  return out;
}

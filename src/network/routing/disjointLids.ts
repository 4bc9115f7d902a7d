/**
 * Which of a pair's multipath LIDs are usable together: the disjoint ones (multipath.ts builds the
 * LIDs; a DRB source spreads its traffic over the usable ones of its pair).
 */
/**
 * Each pair's usable LIDs among destination-based routes: LID 0, then greedily the LIDs whose
 * switch-to-switch links are disjoint from those kept, shortest first (ties in LID order).
 * `next[k][u·H + d]` is the switch after switch u towards host d on LID k (−1: d hangs on u);
 * `hostAt` maps a host name to its switch index; S switches.
 *
 * @returns usable[s][d] (LID offsets, LID 0 first) and the fewest and mean counts over the pairs.
 */
export function disjointLids(
  next: readonly Int32Array[],
  hosts: readonly string[],
  hostAt: ReadonlyMap<string, number>,
  S: number,
): { usable: number[][][]; disjoint: { min: number; mean: number } } {
  const H = hosts.length;
  const paths = next.length;
  const usable: number[][][] = [];
  let min = Infinity;
  let sum = 0;
  for (let s = 0; s < H; s++) {
    const row: number[][] = [];
    for (let d = 0; d < H; d++) {
      if (s === d) {
        row.push([0]);
        continue;
      }
      const taken = new Set<number>();
      const kept: number[] = [];
      const seen = new Set<string>();
      const routeOf: number[][] = [];
      for (let k = 0; k < paths; k++) {
        const links: number[] = [];
        for (let u = hostAt.get(hosts[s]!)!, n = 0; n <= S; n++) {
          const v = next[k]![u * H + d]!;
          if (v < 0) break;
          links.push(u * S + v);
          u = v;
        }
        routeOf.push(links);
      }
      // LID 0 first, then the others shortest first, ties in LID order (the DRB paper (Lugones et al.), §4.1:
      // "paths are selected according to their length ... so shortest paths are selected").
      const order = routeOf.map((_, k) => k);
      order.sort((a, b) => (a === 0 ? -1 : b === 0 ? 1 : routeOf[a]!.length - routeOf[b]!.length || a - b));
      for (const k of order) {
        const links = routeOf[k]!;
        const key = links.join(',');
        if (seen.has(key) || links.some((l) => taken.has(l))) continue;
        seen.add(key);
        for (const l of links) taken.add(l);
        kept.push(k);
      }
      row.push(kept);
      min = Math.min(min, kept.length);
      sum += kept.length;
    }
    usable.push(row);
  }
  return { usable, disjoint: { min: H > 1 ? min : 1, mean: H > 1 ? sum / (H * (H - 1)) : 1 } };
}


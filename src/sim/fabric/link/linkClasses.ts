/**
 * Link classes (issue 32, session 26): a fat-tree's link directions take a few distinct (rate, delay, towards a host)
 * triples, so a port's record names its class instead of holding the two doubles — that freed the room that put the
 * transmission start's fields on the record's first cache line (links.ts). Any fabric works: every distinct triple is
 * its own class (at worst one a port, a table as long as the ports).
 */

/** The classes' rate (bytes/s) and delay (s) as doubles, class k's at 2k and 2k + 1; each port's code: 2·class + (1 when its peer is a host). */
export interface LinkClasses {
  readonly f64: Float64Array;
  readonly code: Int32Array;
}

/** The classes of ports with these `rate`, `delay` and peers (`peer` −1: unconnected; `portSwitch` −1: a host port). */
export function linkClasses(rate: ArrayLike<number>, delay: ArrayLike<number>, peer: Int32Array, portSwitch: Int32Array): LinkClasses {
  const G = peer.length;
  const code = new Int32Array(G);
  const index = new Map<string, number>();
  const values: number[] = [];
  for (let g = 0; g < G; g++) {
    // (String(x) of a double round-trips: equal keys, equal doubles.)
    const key = `${String(rate[g])} ${String(delay[g])}`;
    let k = index.get(key);
    if (k === undefined) {
      k = values.length / 2;
      index.set(key, k);
      values.push(rate[g]!, delay[g]!);
    }
    const p = peer[g]!;
    code[g] = 2 * k + (p >= 0 && portSwitch[p]! < 0 ? 1 : 0);
  }
  return { f64: Float64Array.from(values), code };
}

/**
 * What the hops read of a port's wire, in small tables. The wire records: what an arrival and a
 * credit return read of the receiving port, side by side (issue 32, session 13): port g's peer port
 * and switch as 32-bit integers at 4g and 4g + 1, the propagation delay (s) of its outgoing
 * direction as a double at 2g + 1 — 16 bytes per port, one cache line where the separate peer,
 * switch and delay arrays were three at random (at k = 32, 49,152 ports). The link classes below.
 */

/** The ports' wire records (read the integers through an Int32Array over the same buffer). */
export function portWires(peer: Int32Array, portSwitch: Int32Array, delay: Float64Array): Float64Array {
  const G = peer.length;
  const f64 = new Float64Array(2 * G);
  const i32 = new Int32Array(f64.buffer);
  for (let g = 0; g < G; g++) {
    i32[4 * g] = peer[g]!;
    i32[4 * g + 1] = portSwitch[g]!;
    f64[2 * g + 1] = delay[g]!;
  }
  return f64;
}

/**
 * The link classes (issue 32, session 14): the distinct (rate, propagation delay, whether the peer is
 * a switch port) of the ports' outgoing directions — a handful in a generated fabric — numbered in
 * port order; a transmission reads its port's class from the port's record and the figures from
 * these few lines, where the record held the rate and delay itself (16 of its bytes).
 */
export function linkClasses(
  rate: Float64Array,
  delay: Float64Array,
  peer: Int32Array,
  portSwitch: Int32Array,
): { readonly classOf: Int32Array; readonly rateDelay: Float64Array; readonly toSwitch: Uint8Array } {
  const G = peer.length;
  const classOf = new Int32Array(G);
  const index = new Map<string, number>();
  const figures: number[] = [];
  for (let g = 0; g < G; g++) {
    const toSwitch = peer[g]! >= 0 && portSwitch[peer[g]!]! >= 0 ? 1 : 0;
    const key = `${rate[g]} ${delay[g]} ${toSwitch}`;
    let k = index.get(key);
    if (k === undefined) {
      k = index.size;
      index.set(key, k);
      figures.push(rate[g]!, delay[g]!, toSwitch);
    }
    classOf[g] = k;
  }
  const n = index.size;
  const rateDelay = new Float64Array(2 * n);
  const toSwitch = new Uint8Array(n);
  for (let k = 0; k < n; k++) {
    rateDelay[2 * k] = figures[3 * k]!;
    rateDelay[2 * k + 1] = figures[3 * k + 1]!;
    toSwitch[k] = figures[3 * k + 2]!;
  }
  return { classOf, rateDelay, toSwitch };
}

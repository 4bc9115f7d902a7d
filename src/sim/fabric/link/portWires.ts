/**
 * What an arrival and a credit return read of the receiving port, side by side (issue 32, session
 * 13): port g's peer port and switch as 32-bit integers at 4g and 4g + 1, the propagation delay (s)
 * of its outgoing direction as a double at 2g + 1 — 16 bytes per port, one cache line where the
 * separate peer, switch and delay arrays were three at random (at k = 32, 49,152 ports).
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

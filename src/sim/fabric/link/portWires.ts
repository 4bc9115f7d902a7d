/**
 * What an arrival and a credit return read of the receiving port, side by side (issue 32, session
 * 13): port g's peer port and switch as 32-bit integers, the propagation delay (s) of its outgoing
 * direction as a double — and (session 22) with FIFO input buffers, the port's input VL buffers in
 * the same record: each VL's credit blocks held, then each VL's FIFO fields (head, tail, next and
 * previous request; inputFifo.ts). An arrival reads the port's switch, then pushes into the buffer
 * of its VL and counts its blocks; a packet's tail leaving the switch frees the blocks and sends
 * credits to the peer: at k = 32 (49,152 ports, 98,304 buffers) these were three records in three
 * tables (wire, FIFO record, blocks), each a cache miss of its own; now one record.
 *
 * Layout, as 32-bit integers at (g << shift) + k, 2^shift integers per port (a power of two, so
 * that a buffer's port is its offset shifted: no division; 16 integers = 64 bytes at one or two
 * VLs): k = 0 peer, 1 switch (−1: a host port), 2–3 the delay (the double at (g << shift)/2 + 1),
 * then `blocks` + v the blocks held by VL v's buffer, then `fifo` + 4v + field VL v's FIFO fields
 * (at two VLs VL 0's fields, blocks included, in the record's first 40 bytes).
 * A FIFO buffer is named by the offset of its fields, (g << shift) + fifo + 4v (inputFifo.ts's queue
 * numbers). Without FIFO buffers (virtual output queues: `fifoVls` 0) the record is the 16-byte wire
 * record alone.
 */

/** A port's record: its wire, and its FIFO input buffers' fields (both views over one buffer). */
export interface PortRecordsIn {
  readonly i32: Int32Array;
  readonly f64: Float64Array;
  /** log2 of the integers per port (port g's record at g << shift). */
  readonly shift: number;
  /** Integer offset of VL 0's blocks held (VL v's at blocks + v). */
  readonly blocks: number;
  /** Integer offset of VL 0's FIFO fields (VL v's at fifo + FIFO_FIELDS·v). */
  readonly fifo: number;
}

/** FIFO fields per VL (head, tail, next and previous request). */
export const FIFO_FIELDS = 4;

/** The ports' wire records, with `fifoVls` FIFO input buffers each (their list fields NONE = −1, blocks 0). */
export function portWires(peer: Int32Array, portSwitch: Int32Array, delay: Float64Array, fifoVls: number): PortRecordsIn {
  const G = peer.length;
  const blocks = 4;
  const fifo = blocks + fifoVls;
  const ints = fifo + FIFO_FIELDS * fifoVls;
  let shift = 2;
  while (1 << shift < ints) shift++;
  const stride = 1 << shift;
  if (G * stride >= 2 ** 31) throw new Error(`portWires: ${G} ports × ${stride} integers exceed 32-bit record offsets`);
  const f64 = new Float64Array((G * stride) / 2);
  const i32 = new Int32Array(f64.buffer);
  for (let g = 0; g < G; g++) {
    const r = g * stride;
    i32[r] = peer[g]!;
    i32[r + 1] = portSwitch[g]!;
    f64[r / 2 + 1] = delay[g]!;
    i32.fill(-1, r + fifo, r + ints);
  }
  return { i32, f64, shift, blocks, fifo };
}

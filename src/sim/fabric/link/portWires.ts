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
 * that a buffer's port is its offset shifted: no division): k = 0 peer, 1 switch (−1: a host port),
 * 2–3 the delay (the double at (g << shift)/2 + 1); then with FIFO buffers one section of
 * FIFO_SECTION = 16 integers per VL, VL v's at `fifo` + 16v = 4 + 16v (session 23: a section is the
 * buffer's whole per-hop state, so that VL 0's lies in the record's first cache line with the wire):
 * + 0…3 its FIFO fields (head, tail, next and previous request; inputFifo.ts), + 4 the blocks held,
 * + 5 the packets held and the most held as two 16-bit integers (`i16` at 2(x + 5) and + 1), + 6…11
 * the occupancy integral's last change, sum and compensation as doubles (measurements.ts's
 * TimeWeighted arithmetic, updated in place at each change instead of through a log and a table of
 * its own), + 12…15 unused. 16 integers (64 bytes) a port at one VL, 32 (128 bytes) at two.
 * A FIFO buffer is named by the offset of its section, x = (g << shift) + 4 + 16v (inputFifo.ts's
 * queue numbers): its VL is ((x & mask) − 4) >> 4. Without FIFO buffers (virtual output queues:
 * `fifoVls` 0) the record is the 16-byte wire record alone.
 */
import { lineAlignedBuffer } from '../lineAligned.js';

/** A port's record: its wire, and its FIFO input buffers' fields (both views over one buffer). */
export interface PortRecordsIn {
  readonly i32: Int32Array;
  readonly f64: Float64Array;
  /** The same records as 16-bit integers (a buffer's packets held and most held). */
  readonly i16: Int16Array;
  /** log2 of the integers per port (port g's record at g << shift). */
  readonly shift: number;
  /** Integer offset of VL 0's section (VL v's at fifo + FIFO_SECTION·v). */
  readonly fifo: number;
}

/** FIFO fields per VL (head, tail, next and previous request), at the start of the VL's section. */
export const FIFO_FIELDS = 4;
/** Integers per VL section, and the offsets in it: blocks held; packets held and most held (two 16-bit integers); the occupancy's three doubles (last change, sum, compensation). */
export const FIFO_SECTION = 16;
export const SEC_BLOCKS = 4;
export const SEC_HELD = 5;
export const SEC_OCC = 6;
/** The most packets a buffer's 16-bit counts hold: larger buffers keep their occupancy in measurements.ts's own table. */
export const SEC_HELD_MAX = 32767;

/** The ports' wire records, with `fifoVls` FIFO input buffers each (their list fields NONE = −1, blocks 0). */
export function portWires(peer: Int32Array, portSwitch: Int32Array, delay: Float64Array, fifoVls: number): PortRecordsIn {
  const G = peer.length;
  const fifo = 4;
  const ints = fifo + FIFO_SECTION * fifoVls;
  let shift = 2;
  while (1 << shift < ints) shift++;
  const stride = 1 << shift;
  if (G * stride >= 2 ** 31) throw new Error(`portWires: ${G} ports × ${stride} integers exceed 32-bit record offsets`);
  const buffer = lineAlignedBuffer(G * stride * 4);
  const f64 = new Float64Array(buffer, 0, (G * stride) / 2);
  const i32 = new Int32Array(buffer, 0, G * stride);
  for (let g = 0; g < G; g++) {
    const r = g * stride;
    i32[r] = peer[g]!;
    i32[r + 1] = portSwitch[g]!;
    f64[r / 2 + 1] = delay[g]!;
    for (let v = 0; v < fifoVls; v++) i32.fill(-1, r + fifo + FIFO_SECTION * v, r + fifo + FIFO_SECTION * v + FIFO_FIELDS);
  }
  return { i32, f64, i16: new Int16Array(buffer, 0, G * stride * 2), shift, fifo };
}

/**
 * The layout of a port's record in {@link Links}' one array of port records (issue 32: locality).
 * Every port's link state — transmitter, wire, credit counters of each VL — lies side by side in one
 * record of `recordDoubles(V)` doubles, read as 32-bit integers (`rec`, index g·S + field, S = 2 ×
 * the doubles) or as doubles (`recF`, index g·W + field, W the doubles); the two views share one
 * buffer. Where the fields were dozens of separate typed arrays, a packet-hop read one cache line
 * per field and port (at k = 32, 49,152 ports: a cache miss each); now a port's fields fill two
 * lines or three.
 *
 * Integer fields (index into `rec` after g·S):
 */
/** 1 while the port transmits. */
export const P_BUSY = 0;
/** The queue the packet in transmission came from: an input VL buffer g'·V + v, or −1 − f for host flow f. */
export const P_CUR_Q = 1;
/** The packet in transmission (NONE: idle). */
export const P_CUR_PKT = 2;
/** Credit returns folded into the port's end of transmission (links.ts, returnCredits). */
export const P_FOLDS = 3;
/** Peer global port (−1: unconnected). */
export const P_PEER = 4;
/** The port's switch (−1: a host port). */
export const P_SWITCH = 5;
/** The peer's switch (−1: a host port, or unconnected). */
export const P_PEER_SWITCH = 6;
/** Packets on a wire that will request this switch output port at their next switch (idle folding). */
export const P_HEADING = 7;
/** 1: exponential service times on this port's outgoing link. */
export const P_EXPONENTIAL = 8;
/**
 * Double fields (index into `recF` after g·W; integers 10–15 of the record).
 */
/** When the transmission in progress ends (s; valid while busy). */
export const D_END = 5;
/** Data rate of the outgoing direction (bytes/s). */
export const D_RATE = 6;
/** Propagation delay of the outgoing direction (s). */
export const D_DELAY = 7;
/** First integer of VL 0's fields; VL v's fields start at P_VL + P_PER_VL · v. */
export const P_VL = 16;
/** Integers per VL. */
export const P_PER_VL = 4;
/** Credits (blocks) held by the sender, VL fields' offset. */
export const V_CREDITS = 0;
/** Blocks on the wire. */
export const V_IN_FLIGHT = 1;
/** Blocks of credit travelling back. */
export const V_RETURNING = 2;
/** Blocks of credit returns folded into the end of transmission. */
export const V_FOLD_BLOCKS = 3;

/** Doubles per port record with V VLs (the integers P_VL + P_PER_VL · V, two a double). */
export function recordDoubles(V: number): number {
  return (P_VL + P_PER_VL * V) / 2;
}

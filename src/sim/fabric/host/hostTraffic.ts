/**
 * Host traffic that a fabric's host adapters ask for packet by packet, instead of per-flow send
 * queues: the adapter's generator decides, each time the host's link may start a packet, which
 * destination it goes to (or that nothing may go yet). This is how Gran et al.'s `gen` module works
 * ("there is no internal HoL blocking in the gen module or in the HCA"): traffic that is held back
 * (by IB CC's per-QP rate limit or by its share of link time) does not block other traffic of the
 * same host.
 *
 * The fabric calls {@link HostTraffic.next} when host h's link is free, has credits for a packet and
 * its injection cap allows one; if it gets a destination it sends one packet of
 * {@link HostTraffic.packetBytes} there and calls {@link HostTraffic.sent}; otherwise it asks again
 * at {@link HostTraffic.wakeAt}. Deliveries and BECNs (the marked packet's echo, after the ACK path's
 * latency) are reported back. All calls come in nondecreasing time; none allocates or throws.
 */
export interface HostTraffic {
  /** Bytes of every packet (≤ the MTU). */
  readonly packetBytes: number;
  /** The destination host of the packet h may send at `now`, or −1 (then see {@link wakeAt}). */
  next(h: number, now: number): number;
  /** After `next` returned −1: the earliest time (s) at which it may answer otherwise (Infinity = never by itself). */
  readonly wakeAt: number;
  /** Host h started sending the packet to `destination` that `next` just offered. */
  sent(h: number, destination: number, now: number): void;
  /** A packet from `source` was received by `destination`'s sink at `now`. */
  delivered(source: number, destination: number, bytes: number, now: number): void;
  /** A BECN for the pair (source → destination) reached the source at `now`. */
  becn(source: number, destination: number, now: number): void;
  /** Whether pair traffic is under IB CC (the fabric then returns BECNs for marked packets). */
  readonly congestionControlled: boolean;
  /** The warm-up ended at `now`: restart the traffic's own statistics. */
  resetStatistics(now: number): void;
}

/**
 * The host port's send side as one FIFO per VL (fabric option `hostQueueing: 'vl-fifo'`): every
 * packet a host's flows generate joins the queue of its VL, and a VL offers its oldest packet. This
 * is the reading of Alfaro et al.'s hosts that docs/alfaro.md keeps (packets of an SL enter its VL
 * in the order they were generated); the fabric's default host shares one round-robin pointer over
 * all the host's flows (hostAdapter.ts).
 *
 * It also records what the broker's delay bound B(d) speaks of at a host port, as
 * outputBuffered.ts does at switch ports: from the moment a VL's head packet is ready (queued, with
 * credits for the whole packet downstream) to the start of its transmission, the longest wait per
 * port VL over the run. Readiness is refreshed whenever the port is asked to send (a packet
 * generated, credits arrived, a transmission ended), busy or not, so the start of a wait is exact.
 */
import { PacketQueues, type PacketPool } from '../packets.js';

/** Per host and VL: a FIFO of packets (queue h·V + v of the {@link PacketQueues}) and its ready-head bookkeeping. */
export class HostVlFifos extends PacketQueues {
  /** Since when the head of h·V + v has been ready (NaN: not ready). */
  readonly readySince: Float64Array;
  /** Longest wait of a ready head before its transmission started (seconds). */
  readonly maxReadyWait: Float64Array;

  constructor(hosts: number, vls: number) {
    super(hosts * vls);
    this.readySince = new Float64Array(hosts * vls).fill(NaN);
    this.maxReadyWait = new Float64Array(hosts * vls);
  }

  /** Removes the head of queue q, which starts its transmission at `now`, and records its wait. */
  pop(q: number, pool: PacketPool, now: number): number {
    const waited = now - this.readySince[q]!;
    if (waited > this.maxReadyWait[q]!) this.maxReadyWait[q] = waited;
    this.readySince[q] = NaN;
    return this.shift(q, pool);
  }
}

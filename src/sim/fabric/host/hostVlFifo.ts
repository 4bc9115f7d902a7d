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
import { NONE } from '../compiled.js';
import type { PacketPool } from '../packets.js';

/** Per host and VL: a FIFO of packets (linked through pool.next) and its ready-head bookkeeping. */
export class HostVlFifos {
  /** Queue of host h, VL v at h·V + v: head and tail packet. */
  readonly head: Int32Array;
  readonly tail: Int32Array;
  /** Since when the head of h·V + v has been ready (NaN: not ready). */
  readonly readySince: Float64Array;
  /** Longest wait of a ready head before its transmission started (seconds). */
  readonly maxReadyWait: Float64Array;

  constructor(hosts: number, vls: number) {
    this.head = new Int32Array(hosts * vls).fill(NONE);
    this.tail = new Int32Array(hosts * vls).fill(NONE);
    this.readySince = new Float64Array(hosts * vls).fill(NaN);
    this.maxReadyWait = new Float64Array(hosts * vls);
  }

  /** Appends packet p to queue q. */
  push(q: number, p: number, pool: PacketPool): void {
    pool.next[p] = NONE;
    if (this.tail[q] === NONE) this.head[q] = p;
    else pool.next[this.tail[q]!] = p;
    this.tail[q] = p;
  }

  /** Removes the head of queue q, which starts its transmission at `now`, and records its wait. */
  pop(q: number, pool: PacketPool, now: number): number {
    const p = this.head[q]!;
    const waited = now - this.readySince[q]!;
    if (waited > this.maxReadyWait[q]!) this.maxReadyWait[q] = waited;
    this.readySince[q] = NaN;
    const next = pool.next[p]!;
    this.head[q] = next;
    if (next === NONE) this.tail[q] = NONE;
    pool.next[p] = NONE;
    return p;
  }
}

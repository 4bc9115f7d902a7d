/**
 * The switch with output buffers as well as input buffers (option `outputBufferBytes`), as in
 * Alfaro et al.'s switch model (seed alfaro-packet-size-qos-arbitration-tables.txt §4.1: "In the
 * switches both at input and output ports, there are 16 VLs … Each switch has a multiplexed
 * crossbar"). Two stages instead of crossbar.ts's one:
 *
 * 1. Crossbar: a multiplexed crossbar, one crossbar input per input port (its VLs take turns on it)
 *    and one crossbar output per output port. The head packet of an input VL queue moves to the
 *    output port's buffer of its VL when that buffer has room for the whole packet (4 packets by
 *    default in the seed's set-up) and both crossbar ports are free; among the VLs that could move
 *    to one crossbar output the VL after the last one served goes (round robin), among the input
 *    queues of one VL the longest-waiting one (as crossbar.ts). The transfer takes the packet's
 *    time at the output link's rate times `crossbarSpeedup` (default 1) and cannot end before its
 *    tail has arrived plus the switch latency (virtual cut-through: a speed-up only hastens packets
 *    already wholly in the input buffer); when it ends the input blocks are freed and their credits
 *    go upstream.
 * 2. Output link: the port's VL arbitration (its tables) chooses among the output VL buffers whose
 *    head packet has credits downstream; cut-through again (the link's transmission cannot end
 *    before the packet's tail is in the output buffer). The output blocks are freed when the
 *    packet's tail has left.
 *
 * Head-of-line blocking then remains only within one input VL queue while the head packet's output
 * VL buffer is full — not while its output link is busy with another VL. Same public calls as
 * {@link Crossbar} (the fabric uses one or the other, chosen when it is built).
 */
import type { Engine } from '../../engine/engine.js';
import { CREDIT_BLOCK_BYTES, NONE, type CompiledFabric } from '../compiled.js';
import type { StaticForwarding } from './forwarding.js';
import type { InputQueues } from './inputQueues.js';
import type { Links } from '../link/links.js';
import type { FabricMarking } from './marking.js';
import type { FabricStats } from '../measure/measurements.js';
import { PacketQueues, type PacketPool } from '../packets.js';
import { SwitchInputs } from './switchInputs.js';

/** The switches of the fabric with input and output VL buffers (see the file's comment; the input side, switchInputs.ts). */
export class OutputBufferedCrossbar extends SwitchInputs {
  private readonly c: CompiledFabric;
  private readonly engine: Engine;
  private readonly forwarding: StaticForwarding;
  private readonly hXfer: number;
  /** Capacity of an output VL buffer, in credit blocks. */
  private readonly capBlocks: number;
  /** 1 while crossbar output g receives a packet; its source queue and packet. */
  private readonly xBusy: Uint8Array;
  private readonly xQ: Int32Array;
  private readonly xPkt: Int32Array;
  /** The VL the crossbar output served last (round robin). */
  private readonly xLast: Int32Array;
  /** Output VL buffers (g·V + v): FIFO of packets (linked by pool.next) and blocks held. */
  private readonly outputs: PacketQueues;
  /** outputs.head, read by every scan. */
  private readonly oHead: Int32Array;
  readonly outputBlocks: Int32Array;
  /**
   * Per output VL buffer: since when its head packet has been ready (credits downstream; NaN: not
   * ready), and the longest such wait before a transmission began — the wait the broker's B(d)
   * bounds (docs/admission.md: from "the VL has a packet ready (with credit)" to its start).
   */
  private readonly readySince: Float64Array;
  readonly maxReadyWait: Float64Array;

  constructor(
    c: CompiledFabric,
    engine: Engine,
    links: Links,
    queues: InputQueues,
    forwarding: StaticForwarding,
    marking: FabricMarking | null,
    pool: PacketPool,
    stats: FabricStats,
  ) {
    super(c, links, queues, marking, pool, stats);
    this.c = c;
    this.engine = engine;
    this.forwarding = forwarding;
    this.capBlocks = Math.floor(c.outputBufferBytes / CREDIT_BLOCK_BYTES);
    const G = c.peer.length;
    this.xBusy = new Uint8Array(G);
    this.xQ = new Int32Array(G).fill(NONE);
    this.xPkt = new Int32Array(G).fill(NONE);
    this.xLast = new Int32Array(G);
    this.outputs = new PacketQueues(G * c.vls);
    this.oHead = this.outputs.head;
    this.outputBlocks = new Int32Array(G * c.vls);
    this.readySince = new Float64Array(G * c.vls).fill(NaN);
    this.maxReadyWait = new Float64Array(G * c.vls);
    this.hXfer = engine.addHandler((g) => this.transferEnd(g));
  }

  /** Packet p's header has reached switch s through input port g. */
  arrive(s: number, g: number, p: number): void {
    const out = this.forwarding.route(s, p, this.pool);
    if (this.enqueue(s, g, this.pool.vl(p), out, p)) this.tryTransfer(out);
  }

  /** Switch output port g: its link starts the next packet if it can, its crossbar output too. */
  tryOutput(g: number): void {
    this.tryLink(g);
    this.tryTransfer(g);
  }

  /** Crossbar output g takes the next head packet whose output VL buffer has room. */
  private tryTransfer(g: number): void {
    if (this.xBusy[g] !== 0) return;
    const V = this.V;
    const queues = this.queues;
    let ready = 0;
    for (let mask = queues.requestedVlsOf(g); mask !== 0; mask &= mask - 1) {
      const v = 31 - Math.clz32(mask & -mask);
      const r = queues.firstRequest(g, v, this.inBusy);
      if (r === NONE) continue;
      if (this.outputBlocks[g * V + v]! + this.pool.blocks(queues.headOf(r)) > this.capBlocks) continue;
      ready |= 1 << v;
      this.cand[v] = r;
    }
    if (ready === 0) return;
    let v = this.xLast[g]!;
    do v = (v + 1) % V;
    while (((ready >> v) & 1) === 0);
    this.xLast[g] = v;
    const q = this.cand[v]!;
    const p = this.leaveInput(g, q, v);
    const pv = g * V + v;
    this.xBusy[g] = 1;
    this.xQ[g] = q;
    this.xPkt[g] = p;
    const now = this.engine.now;
    let end = now + this.pool.size(p) / (this.c.rate[g]! * this.c.crossbarSpeedup);
    const tailHere = this.pool.tail(p) + this.c.switchLatency;
    if (tailHere > end) end = tailHere;
    // The packet is in the output buffer from its header on (cut-through); its tail is there at `end`.
    this.pool.setTail(p, end);
    this.outputs.append(pv, p, this.pool);
    this.outputBlocks[pv]! += this.pool.blocks(p);
    this.markReady(pv);
    this.engine.post(end, this.hXfer, g, 0);
    this.tryLink(g);
  }

  /** The crossbar finished moving a packet into output g's buffer: the input blocks are freed. */
  private transferEnd(g: number): void {
    const queues = this.queues;
    const q = this.xQ[g]!;
    const p = this.xPkt[g]!;
    this.xBusy[g] = 0;
    this.xQ[g] = NONE;
    this.xPkt[g] = NONE;
    const inPort = this.inputFreed(q, p);
    this.tryTransfer(g);
    const first = queues.firstQueue(inPort);
    for (let w = first, k = 0; k < queues.queuesPerPort; k++, w += queues.queueStep) {
      const o = queues.requestOf(w);
      if (o !== NONE) this.tryTransfer(o);
    }
  }

  /** Output link g starts the next packet of its output VL buffers if it is idle and one may go. */
  private tryLink(g: number): void {
    const links = this.links;
    const V = this.V;
    let ready = 0;
    let creditBlocked = false;
    for (let v = 0; v < V; v++) {
      const p = this.oHead[g * V + v]!;
      if (p === NONE) continue;
      if (links.credits(g, v) >= this.pool.blocks(p)) {
        ready |= 1 << v;
        this.candBytes[v] = this.pool.size(p);
        if (Number.isNaN(this.readySince[g * V + v]!)) this.readySince[g * V + v] = this.engine.now;
      } else creditBlocked = true;
    }
    // (The scan above runs even while the link is busy: a head made ready by credits starts waiting now.)
    if (links.busy(g) !== 0) return;
    if (ready === 0) {
      if (creditBlocked) this.stats.stallBegins(g);
      return;
    }
    const v = V === 1 ? 0 : this.arbiters[g]!.pick(ready, this.candBytes);
    if (v < 0) return;
    this.stats.endStall(g);
    const pv = g * V + v;
    const waited = this.engine.now - this.readySince[pv]!;
    if (waited > this.maxReadyWait[pv]!) this.maxReadyWait[pv] = waited;
    this.readySince[pv] = NaN;
    const p = this.outputs.shift(pv, this.pool);
    links.transmit(g, pv, p, pv);
    this.markReady(pv);
  }

  /** Output VL buffer pv's head, if it has its credits, is ready from now on (unless it already was). */
  private markReady(pv: number): void {
    const p = this.oHead[pv]!;
    if (p !== NONE && Number.isNaN(this.readySince[pv]!) && this.links.credits((pv / this.V) | 0, pv % this.V) >= this.pool.blocks(p)) this.readySince[pv] = this.engine.now;
  }

  /** Output link g finished sending packet p of output VL buffer pv: its blocks are free. */
  txEnd(g: number, pv: number, p: number): void {
    this.outputBlocks[pv]! -= this.pool.blocks(p);
    this.tryLink(g);
    this.tryTransfer(g);
  }
}

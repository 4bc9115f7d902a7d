/**
 * The switch: arrivals into the input VL buffers (routed by the forwarding tables), the crossbar and
 * the output side. An input port feeds at most one output at a time. Input arbitration: among the
 * input buffers of one VL requesting an output, the longest-waiting request whose input port is free
 * is served (first come, first served over head packets = round robin among backlogged inputs).
 * Output VL arbitration is the port's {@link OutputArbiter}. Virtual cut-through: a packet's
 * transmission cannot end before its tail has arrived plus the switch latency.
 */
import { NONE, type CompiledFabric } from '../compiled.js';
import type { StaticForwarding } from './forwarding.js';
import type { InputQueues } from './inputQueues.js';
import type { Links } from '../link/links.js';
import type { FabricMarking } from './marking.js';
import type { FabricStats } from '../measure/measurements.js';
import type { PacketPool } from '../packets.js';
import { SwitchInputs } from './switchInputs.js';
import { pickOnSharedTable, roundRobinTable } from './outputArbiters.js';

/** The switches of the fabric: input side (switchInputs.ts), crossbar and output arbitration. */
export class Crossbar extends SwitchInputs {
  private readonly switchLatency: number;
  private readonly forwarding: StaticForwarding;
  /** The round-robin table every switch port shares (outputArbiters.ts's roundRobinTable), or null. */
  private readonly rrTable: Uint8Array | null;

  constructor(
    c: CompiledFabric,
    links: Links,
    queues: InputQueues,
    forwarding: StaticForwarding,
    marking: FabricMarking | null,
    pool: PacketPool,
    stats: FabricStats,
  ) {
    super(c, links, queues, marking, pool, stats);
    this.switchLatency = c.switchLatency;
    this.forwarding = forwarding;
    const switchPorts = c.peer.length - c.hostCount;
    this.rrTable = switchPorts > 0 ? roundRobinTable(c.arbiters, switchPorts) : null;
  }

  /** Packet p's header has reached switch s through input port g (its blocks already off the wire). */
  arrive(s: number, g: number, p: number): void {
    const pool = this.pool;
    // (Already routed when it was sent, with Links.enableIdleFold.)
    const out = this.links.routesOnWire ? pool.out(p) : this.forwarding.route(s, p, pool);
    if (this.links.routesOnWire) this.links.arrivedHeadingTo(out);
    if (this.enqueue(s, g, pool.vl(p), out, p) && this.links.busy(out) === 0) this.tryOutput(out);
  }

  /** Switch output port g starts the next packet if it is idle and one may go. */
  tryOutput(g: number): void {
    const links = this.links;
    if (links.busy(g) !== 0) return;
    const V = this.V;
    const queues = this.queues;
    let ready = 0;
    let creditBlocked = false;
    const requested = queues.requestedVlsOf(g);
    // Credit returns held for this idle port (Links.enableIdleFold) arrived before any request could.
    if (requested !== 0 && links.folds(g) !== 0) links.applyFolded(g);
    // Only the VLs some head packet requests on this output (bit v of requestedVlsOf(g)).
    for (let mask = requested; mask !== 0; mask &= mask - 1) {
      const v = 31 - Math.clz32(mask & -mask);
      const r = queues.firstRequest(g, v, this.inBusy);
      if (r === NONE) continue;
      const p = queues.headOf(r);
      if (links.credits(g, v) >= this.pool.blocks(p)) {
        ready |= 1 << v;
        this.cand[v] = r;
        this.candBytes[v] = this.pool.size(p);
      } else creditBlocked = true;
    }
    if (ready === 0) {
      if (creditBlocked) this.stats.stallBegins(g);
      return;
    }
    const table = this.rrTable;
    const v = V === 1 ? 0 : table !== null ? pickOnSharedTable(this.links, g, ready, table, this.candBytes) : this.arbiters[g]!.pick(ready, this.candBytes);
    if (v < 0) return;
    this.stats.endStall(g);
    this.startTx(g, this.cand[v]!, v);
  }

  private startTx(g: number, q: number, v: number): void {
    const p = this.leaveInput(g, q, v);
    // Every byte crosses the switch in the switch latency: the tail cannot leave before it arrived
    // plus that latency (at equal link rates this is the header's start + one transmission time).
    this.pool.setTail(p, this.pool.tail(p) + this.switchLatency);
    this.links.transmit(g, g * this.V + v, p, q);
  }

  /**
   * Switch port g finished sending packet p from input queue q: blocks freed, credits sent back. The
   * choices this end makes wait for {@link choose}, which the fabric runs after every other event of
   * the same instant (events.ts EV_CHOOSE). Before (session 15), they ran here: an output that ended
   * at the same instant as an input port's own transmission saw that port still busy, passed it over
   * for another input, and at equal packet lengths did so at every packet — a VL head starved for the
   * whole run (torus8x8-transpose-2sl at offered load 1: eight SL 0 flows delivered no packet;
   * docs/fabric-model.md, measurement 135).
   */
  txEnd(q: number, p: number): void {
    this.inputFreed(q, p);
  }

  /** The choices of port g's end of a packet from input queue q ({@link txEnd}), once the instant's other events have run. */
  choose(g: number, q: number): void {
    const V = this.V;
    const queues = this.queues;
    const inPort = queues.inputOf(q);
    const links = this.links;
    const first = queues.firstQueue(inPort);
    const n = queues.queuesPerPort;
    if (n === V) {
      // FIFO: the output that finished chooses first, then the outputs the port's buffers wait for.
      this.tryOutput(g);
      const step = queues.queueStep;
      for (let w = first, v = 0; v < n; w += step, v++) {
        // (an empty buffer requests nothing: its record's line is not read; the bits read afresh, a tryOutput may empty one)
        if ((queues.occupiedVls(inPort) & (1 << v)) === 0) continue;
        const o = queues.requestOf(w);
        if (o !== NONE && links.busy(o) === 0) this.tryOutput(o);
      }
      return;
    }
    // VoQ: the freed input port is offered to the outputs its other queues wait for, round robin from
    // the queue after the one just served, before the output that finished (which would otherwise
    // take the same input again and starve the port's other outputs).
    // The same order as queues first + (k0 + i) mod n for i = 1 … n − 1, in two runs without the
    // modulo (a division per queue: 14 % of the 648-node run's CPU before).
    // Only the queues that request an output (the queues' request bits; each step looks again, since
    // a tryOutput may serve or add requests of this port's queues — the same visits as w = k … end − 1).
    const end = first + n;
    for (let w = queues.nextRequest(q + 1, end); w < end; w = queues.nextRequest(w + 1, end)) {
      const o = queues.requestOf(w);
      if (links.busy(o) === 0) this.tryOutput(o);
    }
    for (let w = queues.nextRequest(first, q); w < q; w = queues.nextRequest(w + 1, q)) {
      const o = queues.requestOf(w);
      if (links.busy(o) === 0) this.tryOutput(o);
    }
    this.tryOutput(g);
  }
}

/**
 * The switch-hardware fabric: a packet-level discrete-event model of an InfiniBand subnet.
 *
 * Hardware model (docs/fabric.md has the full account):
 * - Full-duplex point-to-point links with a data rate and a propagation delay; a packet occupies the
 *   link for size / rate (or an exponential time with that mean on links marked `exponential`).
 * - Every switch input port has one buffer per data VL of `bufferBytes`, accounted in 64-byte credit
 *   blocks. A sender transmits a packet only when it holds credits for the whole packet in the
 *   downstream VL buffer (credit-based link-level flow control); the buffer's blocks are freed when
 *   the packet's tail has left the switch and the credits travel back upstream with the link's
 *   propagation delay. Hosts sink at any rate (infinite receive credits). No packet is ever dropped
 *   inside the network; a host's send queue may refuse arrivals when it is full (counted as source
 *   drops, the only loss).
 * - Input-buffered switch with a crossbar: each input VL buffer is a FIFO whose head packet requests
 *   the output port its forwarding table names; an input port feeds at most one output at a time.
 *   Input arbitration (documented rule): among the input VL buffers of one VL requesting an output,
 *   the longest-waiting request whose input port is free is served (first-come first-served over head
 *   packets, which equals round robin among backlogged inputs). Output VL arbitration is the
 *   port's {@link OutputArbiter} (the admission module's high/low tables).
 * - Virtual cut-through: a packet may be forwarded once its header has arrived and the switch latency
 *   has passed; its transmission cannot end before its tail has arrived plus the switch latency. Store-and-forward is an
 *   option (`cutThrough: false`).
 * - SL→VL: a flow's service level maps to one VL used on every hop.
 * - Switch-side marking: ECN by the cnt1/cnt2 counters of thesis §3.3.1, or IB CC FECN marking.
 * - ACKs (carrying the ECN echo or BECN) are out-of-band: they reach the source after the reverse
 *   path's propagation and switch latencies without using link bandwidth or buffers.
 *
 * Time is in seconds, sizes in bytes, rates in bytes per second inside the fabric.
 *
 * This file holds the one event loop (the core's {@link Engine}) and dispatches its events to the
 * parts, one file per mechanism: links.ts (links and credit loops), inputFifo.ts (input queueing),
 * crossbar.ts (switch input, crossbar, output arbitration; the input side it shares with
 * outputBuffered.ts in switchInputs.ts), forwarding.ts (routing), marking.ts
 * (ECN, IB CC), hostAdapter.ts (injection, rate control), sink.ts (delivery, ACKs), packets.ts (the
 * packet pool), measurements.ts (recorders and result records).
 */
import { maxOf, minOf } from '../../core/arrays.js';
import { InvalidParameterError } from '../../core/errors.js';
import { Engine } from '../engine/engine.js';
import { CHOOSE_PRIORITY, EV_ARRIVE, EV_BECN, EV_CHOOSE, EV_CREDIT, EV_TAKEN, EV_TX_END, EV_WAKE, EVENT_ARG } from './events.js';
import { CREDIT_BLOCK_BYTES, NONE, type CompiledFabric } from './compiled.js';
import { routedPortFlags } from './measure/routedPorts.js';
import { Crossbar } from './switch/crossbar.js';
import { OutputBufferedCrossbar } from './switch/outputBuffered.js';
import { FabricDeadlockError, findWaitCycle, waitForGraph } from './link/deadlock.js';
import { flowPaths, StaticForwarding } from './switch/forwarding.js';
import { HostAdapters } from './host/hostAdapter.js';
import { FifoInputQueues } from './switch/inputFifo.js';
import type { InputQueues } from './switch/inputQueues.js';
import { VoqInputQueues } from './switch/inputVoq.js';
import { Links } from './link/links.js';
import { foldedEvents } from './link/wireLedger.js';
import { SEC_HELD, SEC_HELD_MAX, SEC_OCC } from './link/portWires.js';
import { FabricMarking } from './switch/marking.js';
import { FabricStats, type CreditAudit, type FabricMeasurements } from './measure/measurements.js';
import { fabricMeasurementsDisplay } from './measure/display.js';
import { PacketPool } from './packets.js';
import { creditAudit } from './link/creditAudit.js';
import { creditsBeatArrivals } from './link/idleFold.js';
import { ReceiveCap } from './host/receiveCap.js';
import { Sink } from './host/sink.js';
import { TrafficHostAdapters } from './host/trafficAdapter.js';
import { IbCcInjectionControl } from './host/rateControl.js';
import { recordParameter } from '../../core/shapes.js';

/**
 * A fabric ready to run. Built by {@link buildFabric} (the checking front door); the constructor
 * trusts its input.
 */
export class Fabric {
  /** The core event calendar; the parts post allocation-free handler events to it. */
  private readonly engine = new Engine();
  private readonly hStop: number;
  private readonly hostBase: number;
  private readonly pool = new PacketPool();
  private readonly stats: FabricStats;
  private readonly links: Links;
  private readonly queues: InputQueues;
  private readonly crossbar: Crossbar | OutputBufferedCrossbar;
  private readonly hosts: HostAdapters | TrafficHostAdapters;
  private readonly sink: Sink;
  /** Host traffic's adapters (null: flows). */
  private readonly traffic: TrafficHostAdapters | null;
  /** The receive cap (null: hosts take every packet at once). */
  private readonly receiveCap: ReceiveCap | null;
  private started = false;
  private readonly hWatch: number;
  /** The per-packet events' handler (events.ts). */
  private readonly hEvent: number;
  private readonly deadlockAfter: number;
  private readonly portNames: readonly string[];
  private readonly vls: number;
  private readonly flows: CompiledFabric['flows'];
  /** The compiled form, kept for {@link routedPorts}. */
  private readonly compiled: CompiledFabric;
  /** Transmissions counted at the watchdog's last look. */
  private watchedTransmissions = -1;

  constructor(compiled: CompiledFabric) {
    recordParameter('compiled', compiled, { vls: 'number', peer: 'arrayLike' });
    const c = compiled;
    this.compiled = c;
    const G = c.peer.length;
    this.hostBase = G - c.hostCount;
    const capBlocks = Math.floor(c.bufferBytes / CREDIT_BLOCK_BYTES);
    const mtuBlocks = Math.ceil(c.mtu / CREDIT_BLOCK_BYTES);
    const e = this.engine;
    if (G * c.vls > EVENT_ARG) throw new InvalidParameterError('topology', `at most ${EVENT_ARG} port-VLs (the fabric's event encoding)`, G * c.vls);
    // The per-packet events (arrival, end of transmission, credits, wake-up, sink, BECN) share one
    // handler (events.ts); the flows' own timers and ACKs keep theirs.
    const event = (this.hEvent = e.addHandler((a, b) => this.onEvent(a, b)));
    const gen = e.addHandler((f, epoch) => (this.hosts as HostAdapters).onGenerate(f, epoch));
    const ack = e.addHandler((f, encoded) => (this.hosts as HostAdapters).onAck(f, encoded));
    const timer = e.addHandler((f) => (this.hosts as HostAdapters).onTimer(f));
    const pathTimer = e.addHandler((f) => (this.hosts as HostAdapters).onPathTimer(f));
    this.hWatch = e.addHandler(() => this.watch());
    this.hStop = e.addHandler(() => {
      this.stats.reset(this.engine.now);
      c.hostTraffic?.resetStatistics(this.engine.now);
    });
    this.stats = new FabricStats(c, e);
    // Credit returns fold into the sender's end of transmission only with the input-buffered
    // crossbar: the output-buffered one reads credits while its link is busy (its ready times).
    this.links = new Links(c, e, this.pool, this.stats, capBlocks, { event }, c.outputBufferBytes === 0);
    this.queues =
      c.inputQueueing === 'voq'
        ? new VoqInputQueues(G * c.vls, c.vls, maxOf(c.switchPorts), switchBaseOfPorts(this.links), this.pool)
        : new FifoInputQueues(G * c.vls, c.vls, this.pool, this.links.outputRequestRecords(), this.links.inputBufferRecords);
    if (this.queues instanceof FifoInputQueues && this.links.poolBlocks <= SEC_HELD_MAX) {
      // A buffer holds at most poolBlocks packets (each at least a block): its 16-bit counts hold them.
      const q = this.queues;
      const R = this.links.inputBufferRecords;
      this.stats.occupancy.share({ f64: R.f64, i16: R.i16, held: SEC_HELD, occ: SEC_OCC, offsetOf: (b: number) => q.queueOfBuffer(b) });
    }
    // Without marking the crossbar makes no marking calls at all (the per-port-VL bytes that
    // FabricMarking keeps are read only by IB CC).
    const marking = c.marking.kind === 'none' ? null : new FabricMarking(c, this.links, this.queues, this.pool, this.stats, mtuBlocks);
    const forwarding = new StaticForwarding(c.fwd, c.fwdVl, c.switchCount, c.hostCount, flowPaths(c, this.links.portSwitch));
    if (this.queues instanceof VoqInputQueues && c.outputBufferBytes === 0 && creditsBeatArrivals(c, this.links)) {
      this.links.enableIdleFold(forwarding, this.queues.requestedVls);
    }
    this.crossbar =
      c.outputBufferBytes > 0
        ? new OutputBufferedCrossbar(c, e, this.links, this.queues, forwarding, marking, this.pool, this.stats)
        : new Crossbar(c, this.links, this.queues, forwarding, marking, this.pool, this.stats);
    this.traffic = c.hostTraffic === null ? null : new TrafficHostAdapters(c, e, this.links, this.pool, this.stats, { event });
    this.hosts = this.traffic ?? new HostAdapters(c, e, this.links, this.pool, this.stats, { gen, event, timer, pathTimer });
    this.deadlockAfter = c.deadlockAfter;
    this.portNames = c.portNames;
    this.vls = c.vls;
    this.flows = c.flows;
    this.sink = new Sink(c, e, this.pool, this.stats, ack);
    this.receiveCap = c.receiveRate < Infinity ? new ReceiveCap(c, e, this.pool, event) : null;
  }

  /** Current simulated time (seconds). */
  get now(): number {
    return this.engine.now;
  }

  /**
   * Runs the events before simulated time `until` (seconds) on the core {@link Engine}, then sets the
   * clock to `until`; events at exactly `until` wait for the next call (the Engine's rule).
   * The measurement window starts at `warmUp` (only the first call's value counts; statistics are
   * reset when the clock passes it).
   * @throws InvalidParameterError if until is NaN or earlier than the current time, or warmUp is not
   *   a finite number ≥ 0 (nothing runs).
   */
  run(until: number, warmUp = 0): void {
    if (typeof until !== 'number' || Number.isNaN(until) || until < this.engine.now) {
      throw new InvalidParameterError('until', `a time >= the current time ${this.engine.now} (seconds)`, until);
    }
    if (typeof warmUp !== 'number' || !Number.isFinite(warmUp) || warmUp < 0) {
      throw new InvalidParameterError('warmUp', 'a finite number >= 0 (seconds)', warmUp);
    }
    if (!this.started) {
      this.started = true;
      this.hosts.start();
      if (warmUp > 0) this.engine.post(warmUp, this.hStop, 1, 0);
      if (this.deadlockAfter < Infinity) this.engine.post(this.deadlockAfter, this.hWatch, 0, 0);
    }
    this.engine.run({ until });
  }

  /**
   * The deadlock watchdog (option `deadlockUs`): stops the run with a {@link FabricDeadlockError}
   * when no transmission started since its last look while packets wait in switch buffers.
   * @throws FabricDeadlockError naming the cycle of buffers.
   */
  private watch(): void {
    const moved = this.links.transmissions;
    if (moved === this.watchedTransmissions) {
      const V = this.vls;
      const next = waitForGraph(this.links, this.queues.heads(), this.pool, V);
      if (next !== null) {
        const names = findWaitCycle(next).map((q) => `${this.portNames[(q / V) | 0]} VL${q % V}`);
        throw new FabricDeadlockError(names, this.engine.now, this.deadlockAfter);
      }
    }
    this.watchedTransmissions = moved;
    this.engine.post(this.engine.now + this.deadlockAfter, this.hWatch, 0, 0);
  }

  /** Paths open now for each flow with a path selection (DRB), in flow order. */
  openPaths(): number[] {
    return this.flows.filter((f) => f.pathSelection !== null).map((f) => f.pathSelection!.openPaths);
  }

  /**
   * Each connected port's transmitter busy time, keyed by port name (as {@link measurements}' ports):
   * `counted` (s), the busy time counted since the statistics were last reset (a transmission counts
   * whole when it starts), and `ahead` (s), the part of the transmission in progress still to come
   * after now. So `counted − ahead` is the busy time up to now, and its difference between two calls
   * is the busy time between them, at most their distance: a link's throughput over an interval is
   * that difference × its rate, never above the rate. (The warm-up's reset runs at the first event
   * after it: just after a run to the warm-up's end, the busy time since the reset is −`ahead`.)
   */
  busyTimes(): Map<string, { readonly counted: number; readonly ahead: number }> {
    const now = this.engine.now;
    const out = new Map<string, { readonly counted: number; readonly ahead: number }>();
    const peer = this.links.peer;
    for (let g = 0; g < peer.length; g++) {
      if (peer[g]! < 0) continue;
      out.set(this.portNames[g]!, { counted: this.stats.busyTime(g), ahead: this.links.busyAhead(g, now) });
    }
    return out;
  }

  /**
   * The throttle level (CCTI) now of each flow under InfiniBand CC, in flow order. (The flow's timer
   * events fire at every expiry while CCTI is above CCTI_Min, so the level read is current.)
   */
  throttleLevels(): number[] {
    const out: number[] = [];
    for (const f of this.flows) if (f.rateControl instanceof IbCcInjectionControl) out.push(f.rateControl.source.ccti);
    return out;
  }

  /**
   * Disjoint paths usable by the flows with a path selection: fewest and mean (each flow counts the
   * paths of its source–destination pair, at most what it asked for); { min: 1, mean: 1 } without any.
   */
  disjointPaths(): { min: number; mean: number } {
    const n = this.flows.filter((f) => f.pathSelection !== null).map((f) => f.pathSelection!.usablePaths);
    return n.length === 0 ? { min: 1, mean: 1 } : { min: minOf(n), mean: n.reduce((a, b) => a + b, 0) / n.length };
  }

  /** The per-packet events' dispatcher: the kind in the top bits of `a` (events.ts), most frequent first. */
  private onEvent(a: number, b: number): void {
    const x = a & EVENT_ARG;
    switch (a - x) {
      case EV_ARRIVE:
        this.onArrive(x, b);
        return;
      case EV_TX_END:
        this.onTxEnd(x, b);
        return;
      case EV_CREDIT:
        this.tryOutput(this.links.creditsArrived(x, b));
        return;
      case EV_WAKE:
        this.hosts.onWake(x);
        return;
      case EV_TAKEN:
        this.taken(x, b);
        return;
      case EV_BECN:
        this.traffic!.onBecn(x, b);
        return;
      case EV_CHOOSE:
        (this.crossbar as Crossbar).choose(x, b);
        return;
    }
  }

  /** Packet p reaches port g: a host takes it, a switch queues it. */
  private onArrive(g: number, p: number): void {
    const links = this.links;
    // (Its blocks leave the wire's ledger with this event: wireLedger.ts counts pending arrivals.)
    const s = links.switchOf(g);
    if (s < 0) {
      if (this.receiveCap !== null) this.receiveCap.arrive(g, p);
      else this.deliver(p);
    } else this.crossbar.arrive(s, g, p);
  }

  /** Packet p is taken by its destination host. */
  private deliver(p: number): void {
    if (this.pool.flow(p) < 0) this.traffic!.deliver(p);
    else this.sink.deliver(p);
  }

  /** Host port g's sink has taken packet p under the receive cap: delivered, its credits go back. */
  private taken(g: number, p: number): void {
    const vl = this.pool.vl(p);
    const blocks = this.pool.blocks(p);
    this.deliver(p);
    this.links.returnCredits(g, vl, blocks);
  }

  /** Port g's transmission of a packet from queue q (Links.transmit's, carried by the event) ended. */
  private onTxEnd(g: number, q: number): void {
    const p = this.links.endTransmission(g);
    if (q < 0) this.hosts.txEnd(g, -1 - q);
    else if (this.crossbar instanceof OutputBufferedCrossbar) this.crossbar.txEnd(g, q, p);
    else {
      this.crossbar.txEnd(q, p);
      // Its choices run after the instant's other events (EV_CHOOSE, events.ts); with none pending, the
      // posted event would run next: it runs here — the same order, one event less.
      if (this.engine.pendingNow()) this.engine.post(this.engine.now, this.hEvent, EV_CHOOSE | g, q, CHOOSE_PRIORITY);
      else this.crossbar.choose(g, q);
    }
  }

  /** Port g (host or switch) starts its next packet if it is idle and one may go. */
  private tryOutput(g: number): void {
    if (this.links.switchOf(g) < 0) this.hosts.tryOutput(g);
    else this.crossbar.tryOutput(g);
  }

  /**
   * With output buffers (`outputBufferBytes`): per switch output port and VL, the longest time a
   * head packet of the output VL buffer waited, ready with credits, before its transmission began
   * (the wait an arbitration table's delay bound B(d) bounds), over the whole run; null without.
   */
  outputReadyWaits(): { port: string; vl: number; seconds: number }[] | null {
    if (!(this.crossbar instanceof OutputBufferedCrossbar)) return null;
    return this.readyWaitList(this.crossbar.maxReadyWait, 0, this.hostBase);
  }

  /**
   * With `hostQueueing: 'vl-fifo'`: per host port and VL, the longest time a head packet of the VL's
   * FIFO waited, ready with credits, before its transmission began (as {@link outputReadyWaits} at
   * switch ports), over the whole run; null otherwise.
   */
  hostReadyWaits(): { port: string; vl: number; seconds: number }[] | null {
    const fifos = this.hosts instanceof HostAdapters ? this.hosts.vlFifos : null;
    if (fifos === null) return null;
    return this.readyWaitList(fifos.maxReadyWait, this.hostBase, this.portNames.length - this.hostBase);
  }

  /** Ports first … first + count − 1, every VL: `waits[(g − first)·V + v]` with the port's name. */
  private readyWaitList(waits: Float64Array, first: number, count: number): { port: string; vl: number; seconds: number }[] {
    const out: { port: string; vl: number; seconds: number }[] = [];
    for (let i = 0; i < count; i++) {
      for (let v = 0; v < this.vls; v++) out.push({ port: this.portNames[first + i]!, vl: v, seconds: waits[i * this.vls + v]! });
    }
    return out;
  }

  /** Names of the ports that can carry traffic given the routes and flows (routedPorts.ts), in port order. */
  routedPorts(): string[] {
    const flags = routedPortFlags(this.compiled);
    return this.portNames.filter((_, g) => flags[g] === 1);
  }

  /** Figures measured since the end of the warm-up. */
  measurements(): FabricMeasurements {
    const now = this.engine.now;
    // The model's events: the engine's and the credit returns folded into ends of transmission.
    return fabricMeasurementsDisplay(this.stats.measurements(now, this.engine.eventsProcessed + foldedEvents(this.links, now), this.hosts.fCount));
  }

  /**
   * The credit ledger of every link direction and VL into a switch: credits held by the sender +
   * blocks in flight on the wire + blocks held in the downstream buffer + credits travelling back
   * must equal the buffer's capacity in blocks at every instant.
   */
  auditCredits(): CreditAudit[] {
    return creditAudit(this.links, this.compiled.vls, this.compiled.portNames, (q) => this.queues.blocksOf(q));
  }

  /** Packets ever injected by hosts, delivered, and currently inside the network (not in send queues). */
  packetLedger(): { injected: number; delivered: number; inNetwork: number } {
    let queued = 0;
    const fCount = this.hosts.fCount;
    for (let f = 0; f < fCount.length; f++) queued += fCount[f]!;
    // A packet in transmission from a host is still counted in its send queue (fCount) until its
    // tail has left, and it is already in the network: count it there too.
    // (Host traffic has no send queues: its packets exist from the moment they are sent.)
    let sending = 0;
    if (this.traffic === null) for (let g = this.hostBase; g < this.portNames.length; g++) if (this.links.currentPacket(g) !== NONE) sending++;
    const delivered = this.sink.delivered + (this.traffic?.delivered ?? 0);
    return { injected: this.hosts.injected, delivered, inNetwork: this.pool.live - queued + sending };
  }
}

/** For every global port, the global number of port 1 of its switch (−1 for host ports). */
function switchBaseOfPorts(links: Links): Int32Array {
  const base = new Int32Array(links.portSwitch.length);
  for (let g = 0; g < base.length; g++) {
    const s = links.portSwitch[g]!;
    base[g] = s < 0 ? -1 : links.switchBase[s]!;
  }
  return base;
}

/**
 * The input side both switch models share (crossbar.ts, and outputBuffered.ts with its second,
 * output-buffer stage): a packet's arrival into its input VL buffer, its departure from that buffer
 * through the crossbar (its input port then busy), and the end of that departure (its blocks freed,
 * their credits sent upstream, the input port free again). What the crossbar's output does with the
 * packet — the link at once, or an output buffer first — stays in each model.
 */
import type { CompiledFabric } from '../compiled.js';
import type { InputQueues } from './inputQueues.js';
import type { Links } from '../link/links.js';
import type { FabricMarking } from './marking.js';
import type { FabricStats } from '../measure/measurements.js';
import type { BufferOccupancy } from '../measure/occupancy.js';
import type { PacketPool } from '../packets.js';
import type { OutputArbiter } from '../plugins.js';

/** The switches' input VL buffers and what they hold for the crossbar; a base of both switch models. */
export abstract class SwitchInputs {
  protected readonly V: number;
  protected readonly arbiters: readonly OutputArbiter[];
  protected readonly links: Links;
  protected readonly queues: InputQueues;
  /** Switch-side marking, or null without marking (chosen at build time: no per-packet calls then). */
  protected readonly marking: FabricMarking | null;
  protected readonly pool: PacketPool;
  protected readonly stats: FabricStats;
  /** Whether the buffers' occupancy recorders are in their FIFO records (BufferOccupancy.recordChange at the queue number) or its own table (bufferChange at the buffer number). */
  protected readonly occInRecord: boolean;
  protected readonly occupancy: BufferOccupancy;
  /** 1 while input port g feeds the crossbar. */
  protected readonly inBusy: Uint8Array;
  // scratch for output arbitration
  protected readonly cand: Int32Array;
  protected readonly candBytes: Float64Array;

  constructor(c: CompiledFabric, links: Links, queues: InputQueues, marking: FabricMarking | null, pool: PacketPool, stats: FabricStats) {
    this.V = c.vls;
    this.arbiters = c.arbiters;
    this.links = links;
    this.queues = queues;
    this.marking = marking;
    this.pool = pool;
    this.stats = stats;
    this.occupancy = stats.occupancy;
    this.occInRecord = stats.occupancy.inRecords();
    this.inBusy = new Uint8Array(c.peer.length);
    this.cand = new Int32Array(c.vls);
    this.candBytes = new Float64Array(c.vls);
  }

  /**
   * Packet p (routed to output `out` of switch s) joins input buffer b of input port g (VL v); true
   * if its queue was empty, its head's request then registered (the caller offers the output).
   */
  protected enqueue(s: number, g: number, v: number, out: number, p: number): boolean {
    const queues = this.queues;
    const x = queues.queueOf(g, v);
    const b = g * this.V + v;
    const wasEmpty = queues.push(x, p);
    if (this.occInRecord) this.occupancy.recordChange(x, 1);
    else this.occupancy.bufferChange(b, 1);
    if (this.marking !== null) this.marking.enqueued(s, b, out, p);
    if (wasEmpty) queues.request(x);
    return wasEmpty;
  }

  /** Queue q's head packet leaves through the crossbar for output g on VL v (its input port busy); returns it. */
  protected leaveInput(g: number, q: number, v: number): number {
    const queues = this.queues;
    const p = queues.popHead(q);
    this.pool.setVl(p, v);
    if (this.marking !== null) this.marking.departing(g, g * this.V + v, p, queues.bufferOf(q));
    this.inBusy[queues.inputOf(q)] = 1;
    return p;
  }

  /** Packet p has left input queue q: its blocks are freed, their credits go upstream; returns the (now free) input port. */
  protected inputFreed(q: number, p: number): number {
    const queues = this.queues;
    const b = queues.bufferOf(q);
    const inPort = queues.inputOf(q);
    const blocks = this.pool.blocks(p);
    queues.freed(q, blocks);
    if (this.occInRecord) this.occupancy.recordChange(q, -1);
    else this.occupancy.bufferChange(b, -1);
    this.inBusy[inPort] = 0;
    this.links.returnCredits(inPort, b - inPort * this.V, blocks);
    return inPort;
  }
}

/**
 * Switch-side marking: ECN by the cnt1/cnt2 counters of thesis §3.3.1 (congestion's `EcnMarker`, one
 * per switch, its outputs the switch's ports or, with per-VL counters, its port-VLs; a buffer that
 * becomes full arms every output a packet in it waits for, or only the one its head waits for) or InfiniBand CC FECN marking (congestion's
 * `IbCcSwitchMarker`, one per switch port-VL). {@link compileMarking} builds the markers from the
 * options; {@link FabricMarking} feeds them the switch's enqueue and departure events and marks
 * packets.
 */
import { EcnMarker, IbCcSwitchMarker } from '../../../congestion/index.js';
import { InvalidParameterError } from '../../../core/errors.js';
import { knownKeys, oneOf, plainObject } from '../../../core/guards.js';
import type { RandomStream } from '../../../core/random.js';
import { CREDIT_BLOCK_BYTES, NONE, type CompiledFabric, type CompiledMarking } from '../compiled.js';
import type { InputQueues } from './inputQueues.js';
import type { Links } from '../link/links.js';
import type { FabricStats } from '../measure/measurements.js';
import type { PacketPool } from '../packets.js';
import type { FabricTopology } from '../../../network/topology.js';

/** Switch-side marking: none, thesis ECN (cnt1/cnt2), or IB CC FECN. */
export type MarkingSpec =
  | { readonly kind: 'none' }
  | {
      readonly kind: 'ecn';
      /**
       * Which outputs an input buffer that becomes full arms (cnt2 = cnt1): 'waited-for' (default:
       * every output a packet in the buffer waits for, Santos et al.'s rule) or 'congested' (only the
       * output its head packet waits for: the link that holds the buffer full).
       */
      readonly outputs?: 'waited-for' | 'congested';
      /** Counters per output link and VL (true) or one pair per output link for all VLs (false, the default). */
      readonly perVl?: boolean;
      /**
       * Which buffer "becomes full" (§3.3.1): 'input' (default: an input VL buffer, or with a shared
       * input buffer the port's pool) or 'output' (the output link's: the bytes in the switch waiting
       * for it — cnt1's packets, per VL with `perVl` — read against a buffer of an input buffer's size,
       * the thesis's "the configuration of the switches with the input buffer is the same as that with
       * output buffer in ATM networks", §3.1); it then arms only that output. `outputs` is then moot.
       */
      readonly buffer?: 'input' | 'output';
    }
  | {
      readonly kind: 'ibcc';
      /** Threshold weight 0..15 (default 15, Gran et al.). */
      readonly threshold?: number;
      /** Marking_Rate (default 0: every eligible packet). */
      readonly markingRate?: number;
      /** Packet_Size in bytes (default 0). */
      readonly packetSize?: number;
      /** Victim_Mask on switch ports that face hosts (default true, as the seed advises). */
      readonly victimMaskOnHostPorts?: boolean;
      /** Threshold as a fraction of the VL buffer, overriding the weight's mapping (the DRB paper (Lugones et al.): 0.8). */
      readonly thresholdFraction?: number;
      /**
       * Whose occupancy is compared with the threshold: 'output' (default; the specification's
       * port-VL: the bytes in the switch waiting for the packet's output port and VL, marked only at
       * a root — it has credits — or behind Victim_Mask) or 'input' (the DRB paper (Lugones et al.) §4.1: "switches will
       * mark all packets belonging to the virtual-channel buffer that exceeded the threshold value":
       * the bytes held in the input VL buffer the packet leaves, whatever the credits downstream).
       */
      readonly occupancy?: 'output' | 'input';
      /**
       * Which packets an input VL buffer over the threshold marks (with `occupancy: 'input'` and FIFO
       * input buffers): 'departing' (default: each packet leaving while the buffer is over it) or
       * 'buffer' (when an arrival takes the buffer to the threshold, every packet then in it — the DRB
       * paper (Lugones et al.) §4.1: "switches will mark all packets belonging to the virtual-channel buffer that
       * exceeded the threshold value").
       */
      readonly scope?: 'departing' | 'buffer';
    };

/**
 * Checks `marking` (the option's field names in errors) and builds its markers; `switchOfPort[g]` is
 * the switch of global port g (−1: a host port), `hostBase` the first host port.
 * @throws InvalidParameterError naming `marking.…`.
 */
export function compileMarking(
  spec: unknown,
  topology: FabricTopology,
  switchOfPort: Int32Array,
  peer: Int32Array,
  hostBase: number,
  vls: number,
  bufferBytes: number,
  namedStream: (name: string) => RandomStream,
): CompiledMarking {
  const G = peer.length;
  const markingSpec = spec === undefined ? { kind: 'none' } : plainObject('marking', spec);
  let marking: CompiledMarking;
  if (markingSpec.kind === 'none') marking = { kind: 'none' };
  else if (markingSpec.kind === 'ecn') {
    knownKeys('marking', markingSpec, ['kind', 'outputs', 'perVl', 'buffer']);
    const buffer = markingSpec.buffer === undefined ? 'input' : oneOf('marking.buffer', markingSpec.buffer, ['input', 'output'] as const);
    const outputs = markingSpec.outputs === undefined ? 'waited-for' : oneOf('marking.outputs', markingSpec.outputs, ['waited-for', 'congested'] as const);
    const perVl = markingSpec.perVl ?? false;
    if (typeof perVl !== 'boolean') throw new InvalidParameterError('marking.perVl', 'a boolean', perVl);
    marking = {
      kind: 'ecn',
      perSwitch: topology.switches.map((s) => new EcnMarker(perVl ? s.ports * vls : s.ports)),
      congestedOnly: outputs === 'congested',
      perVl,
      outputBuffer: buffer === 'output',
    };
  } else if (markingSpec.kind === 'ibcc') {
    knownKeys('marking', markingSpec, ['kind', 'threshold', 'markingRate', 'packetSize', 'victimMaskOnHostPorts', 'thresholdFraction', 'occupancy', 'scope']);
    const occupancy = markingSpec.occupancy ?? 'output';
    if (occupancy !== 'output' && occupancy !== 'input') throw new InvalidParameterError('marking.occupancy', "one of 'output', 'input'", occupancy);
    const scope = markingSpec.scope ?? 'departing';
    if (scope !== 'departing' && scope !== 'buffer') throw new InvalidParameterError('marking.scope', "one of 'departing', 'buffer'", scope);
    if (scope === 'buffer' && occupancy !== 'input') throw new InvalidParameterError('marking.scope', "'departing' unless marking.occupancy is 'input'", scope);
    const victimOnHosts = markingSpec.victimMaskOnHostPorts ?? true;
    if (typeof victimOnHosts !== 'boolean') throw new InvalidParameterError('marking.victimMaskOnHostPorts', 'a boolean', victimOnHosts);
    const perPortVl: (IbCcSwitchMarker | null)[] = [];
    const random = namedStream('marking:ibcc');
    for (let g = 0; g < G; g++) {
      for (let v = 0; v < vls; v++) {
        if (switchOfPort[g]! < 0 || peer[g]! < 0) {
          perPortVl.push(null);
          continue;
        }
        try {
          perPortVl.push(
            new IbCcSwitchMarker({
              threshold: (markingSpec.threshold as number | undefined) ?? 15,
              capacity: bufferBytes,
              victimMask: victimOnHosts && peer[g]! >= hostBase,
              packetSize: (markingSpec.packetSize as number | undefined) ?? 0,
              markingRate: (markingSpec.markingRate as number | undefined) ?? 0,
              ...(markingSpec.thresholdFraction === undefined ? {} : { thresholdFraction: markingSpec.thresholdFraction as number }),
              random,
            }),
          );
        } catch (e) {
          if (e instanceof InvalidParameterError) throw new InvalidParameterError(`marking.${e.parameter}`, e.rule, e.value);
          throw e;
        }
      }
    }
    marking = { kind: 'ibcc', perPortVl, inputOccupancy: occupancy === 'input', markBuffer: scope === 'buffer' };
  } else {
    throw new InvalidParameterError('marking.kind', "one of 'none', 'ecn', 'ibcc'", markingSpec.kind);
  }
  return marking;
}

/** The switch-side marking of a running fabric (and the per-port-VL bytes IB CC needs). */
export class FabricMarking {
  private readonly marking: CompiledMarking;
  private readonly V: number;
  private readonly links: Links;
  /** ECN's buffer walk reads FIFO buffers (by buffer number here; queueOfBuffer gives the queue headOf takes); buildFabric refuses ECN with VoQ. */
  private readonly queues: InputQueues;
  private readonly pool: PacketPool;
  private readonly stats: FabricStats;
  private readonly capBlocks: number;
  private readonly mtuBlocks: number;
  /** Bytes in the switch's input buffers waiting for port-VL pv. */
  private readonly pvBytes: Float64Array;
  /** ECN buffer-full pass: outPortSeen[g] = ecnPass when output g was already reported in this pass. */
  private readonly outPortSeen: Int32Array;
  /**
   * IB CC: each port-VL marker's threshold occupancy (Infinity: none), so that a departure below it
   * (the marker would answer false and change nothing) does not touch the marker object: one object
   * per port-VL, read at random, a cache miss of its own in the 648-node runs.
   */
  private readonly ibccThreshold: Float64Array;
  private ecnPass = 0;

  constructor(c: CompiledFabric, links: Links, queues: InputQueues, pool: PacketPool, stats: FabricStats, mtuBlocks: number) {
    this.marking = c.marking;
    this.V = c.vls;
    this.links = links;
    this.queues = queues;
    this.pool = pool;
    this.stats = stats;
    this.capBlocks = links.capBlocks;
    this.mtuBlocks = mtuBlocks;
    this.pvBytes = new Float64Array(c.peer.length * c.vls);
    this.outPortSeen = new Int32Array(c.peer.length);
    const m = c.marking;
    this.ibccThreshold = Float64Array.from(m.kind === 'ibcc' ? m.perPortVl : [], (x) => x?.thresholdOccupancy ?? Infinity);
  }

  /** Packet p has joined input VL buffer q of switch s, waiting for output `out`. */
  enqueued(s: number, q: number, out: number, p: number): void {
    const pool = this.pool;
    this.pvBytes[out * this.V + pool.outVl(p)]! += pool.size(p);
    const marking = this.marking;
    if (marking.kind === 'ecn') {
      const ecn = marking.perSwitch[s]!;
      const base = this.links.switchBase[s]!;
      // The marker's outputs: ports (o − base), or (port, VL) pairs ((o − base)·V + v) with per-VL counters.
      const width = marking.perVl ? this.V : 1;
      const v = marking.perVl ? pool.vl(p) : 0;
      ecn.onEnqueue((out - base) * width + v);
      if (marking.outputBuffer) {
        this.outputEnqueued(ecn, out, p, base, width, v, marking.perVl);
        return;
      }
      if (this.links.shared) {
        this.poolEnqueued(ecn, q, p, base, marking.perVl, marking.congestedOnly);
        return;
      }
      const blocks = this.queues.blocksOf(q);
      const full = this.capBlocks - blocks < this.mtuBlocks;
      const wasFull = this.capBlocks - (blocks - pool.blocks(p)) < this.mtuBlocks;
      if (full && !wasFull) this.arm(ecn, q, base, width, v, marking.congestedOnly);
    } else if (marking.kind === 'ibcc' && marking.markBuffer) {
      // An arrival leaves the buffer at or over the threshold (thresholdFraction × the VL buffer, the
      // same for every port-VL): every packet then in it is marked, each counted once for the
      // port-VL it waits for (a packet marked upstream already carries its mark).
      if (this.queues.blocksOf(q) * CREDIT_BLOCK_BYTES >= this.ibccThreshold[out * this.V + pool.outVl(p)]!) {
        for (let r = this.queues.headOf(this.queues.queueOfBuffer(q)); r !== NONE; r = pool.next(r)) {
          if (pool.mark(r) === 1) continue;
          pool.setMark(r, 1);
          this.stats.portMarks[pool.out(r) * this.V + pool.outVl(r)]!++;
        }
      }
    }
  }

  /**
   * ECN: input VL buffer q became full; arms (cnt2 = cnt1) the output its head waits for
   * (`congestedOnly`) or every output a packet in it waits for, once each; `v` the counter's VL.
   */
  private arm(ecn: EcnMarker, q: number, base: number, width: number, v: number, congestedOnly: boolean): void {
    const pool = this.pool;
    const queues = this.queues;
    const x = queues.queueOfBuffer(q);
    if (congestedOnly) {
      // The congested output: the one the buffer's head packet waits for, which holds it full.
      ecn.onBufferFull((pool.out(queues.headOf(x)) - base) * width + v);
      return;
    }
    // Each output waited for by a packet in the buffer, once, in buffer order (Santos et al.;
    // thesis §3.3.1). A pass stamp marks the outputs already reported: one walk of the buffer.
    const pass = ++this.ecnPass;
    for (let r = queues.headOf(x); r !== NONE; r = pool.next(r)) {
      const o = pool.out(r);
      if (this.outPortSeen[o] !== pass) {
        this.outPortSeen[o] = pass;
        ecn.onBufferFull((o - base) * width + v);
      }
    }
  }

  /**
   * ECN by the output's buffer, as an output buffer of an input buffer's size (links.poolBlocks)
   * fed from the packets waiting for it would fill: packet p now waits for output `out`; when the
   * bytes in the switch waiting for it (for its VL with per-VL counters) leave less than an MTU of
   * that size and did not before, that output arms.
   */
  private outputEnqueued(ecn: EcnMarker, out: number, p: number, base: number, width: number, v: number, perVl: boolean): void {
    const V = this.V;
    let bytes = 0;
    if (perVl) bytes = this.pvBytes[out * V + this.pool.outVl(p)]!;
    else for (let u = 0; u < V; u++) bytes += this.pvBytes[out * V + u]!;
    const room = this.links.poolBlocks * CREDIT_BLOCK_BYTES;
    const mtu = this.mtuBlocks * CREDIT_BLOCK_BYTES;
    if (room - bytes < mtu && room - (bytes - this.pool.size(p)) >= mtu) ecn.onBufferFull((out - base) * width + v);
  }

  /**
   * ECN by the output's buffer: packet p left for output port g (port-VL pv); if the bytes still
   * waiting for it fill the output buffer again (less than an MTU of room), the buffer "becomes full"
   * once more — an output buffer with a backlog behind it refills at each departure — and arms.
   */
  private outputRefilled(g: number, pv: number, p: number, perVl: boolean): void {
    const V = this.V;
    let bytes = 0;
    if (perVl) bytes = this.pvBytes[pv]!;
    else for (let u = 0; u < V; u++) bytes += this.pvBytes[g * V + u]!;
    if (this.links.poolBlocks * CREDIT_BLOCK_BYTES - bytes >= this.mtuBlocks * CREDIT_BLOCK_BYTES) return;
    const s = this.links.portSwitch[g]!;
    const port = g - this.links.switchBase[s]!;
    const m = this.marking as Extract<CompiledMarking, { kind: 'ecn' }>;
    m.perSwitch[s]!.onBufferFull(perVl ? port * V + this.pool.vl(p) : port);
  }

  /**
   * ECN with a shared input buffer: packet p joined VL buffer q; when the port's pool (its VL
   * buffers together, V × capBlocks) can no longer take an MTU and could before, it "becomes full"
   * (§3.3.1) and every non-empty VL buffer of the port arms as a full VL buffer would.
   */
  private poolEnqueued(ecn: EcnMarker, q: number, p: number, base: number, perVl: boolean, congestedOnly: boolean): void {
    const V = this.V;
    const first = q - (q % V);
    let held = 0;
    for (let u = first; u < first + V; u++) held += this.queues.blocksOf(u);
    const cap = this.links.poolBlocks;
    if (!(cap - held < this.mtuBlocks && cap - (held - this.pool.blocks(p)) >= this.mtuBlocks)) return;
    for (let u = first; u < first + V; u++) {
      if (this.queues.headOf(this.queues.queueOfBuffer(u)) !== NONE) this.arm(ecn, u, base, perVl ? V : 1, perVl ? u - first : 0, congestedOnly);
    }
  }

  /** Packet p leaves input VL buffer q through switch port g on port-VL pv: ECN's cnt2 and IB CC may mark it. */
  departing(g: number, pv: number, p: number, q: number): void {
    const pool = this.pool;
    const marking = this.marking;
    if (marking.kind === 'ecn') {
      const s = this.links.portSwitch[g]!;
      const port = g - this.links.switchBase[s]!;
      if (marking.perSwitch[s]!.onDequeue(marking.perVl ? port * this.V + pool.vl(p) : port)) this.mark(pv, p);
    }
    this.pvBytes[pv]! -= pool.size(p);
    if (marking.kind === 'ecn' && marking.outputBuffer) this.outputRefilled(g, pv, p, marking.perVl);
    if (marking.kind === 'ibcc' && marking.markBuffer) return; // marked in the buffer (enqueued)
    if (marking.kind === 'ibcc') {
      // Occupancy of the port-VL: the bytes in the switch's input buffers waiting for this output
      // and VL, the departing packet excluded. Root (has credits) = it could send another MTU at
      // once after this packet.
      // With inputOccupancy: the bytes held in the input VL buffer it leaves (itself included: its
      // blocks are freed when its tail has gone), any credits.
      const input = marking.inputOccupancy;
      const occupancy = input ? this.queues.blocksOf(q) * CREDIT_BLOCK_BYTES : this.pvBytes[pv]!;
      if (!(occupancy >= this.ibccThreshold[pv]!)) return; // not congested: the marker would not mark
      const hasCredits = input || this.links.credits((pv / this.V) | 0, pv % this.V) - pool.blocks(p) >= this.mtuBlocks;
      if (marking.perPortVl[pv]!.onDeparture(occupancy, hasCredits, pool.size(p))) this.mark(pv, p);
    }
  }

  /** Marks packet p leaving on port-VL pv. */
  private mark(pv: number, p: number): void {
    this.pool.setMark(p, 1);
    this.stats.portMarks[pv]!++;
  }
}

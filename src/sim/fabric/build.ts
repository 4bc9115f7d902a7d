/**
 * The fabric's checking front door: {@link buildFabric} validates a topology, flows and hardware
 * options (every default documented below), wires the admission module's VL arbitration (switch/outputArbiters.ts) into every
 * output port, the congestion module's markers into the switches and its control laws into the
 * flows, and returns a {@link Fabric} ready to run.
 */
import type { VlArbiterConfig } from '../../admission/index.js';
import { InvalidParameterError } from '../../core/errors.js';
import { integerAtLeast, knownKeys, oneOf, plainObject, positiveRate } from '../../core/guards.js';
import type { RandomStreams } from '../random/streams.js';
import { commonHardware, replicationStreams } from './fabricOptions.js';
import { compileFlows, type FlowSpec } from './buildFlows.js';
import { CREDIT_BLOCK_BYTES, type CompiledFabric } from './compiled.js';
import { Fabric } from './fabric.js';
import { ackDelays, pairValues } from './switch/forwarding.js';
import { compileHostOptions } from './host/hostOptions.js';
import type { HostTraffic } from './host/hostTraffic.js';
import { compileRouting, type MultipathSpec } from '../../network/routing/multipath.js';
import { compileMarking, type MarkingSpec } from './switch/marking.js';
import { portArbitrations } from './switch/portArbitration.js';
import type { OutputArbiter } from './plugins.js';
import { outputArbiterFactory } from './switch/outputArbiters.js';
import { checkDeliveryObserver, compilePortArbiters, type DeliveryObserver } from './qos.js';
import { validateFabricTopology, type FabricTopology, type FabricTopologySpec } from '../../network/topology.js';
import { slToVlTable } from '../../network/qos/slToVl.js';

/** Everything {@link buildFabric} needs. */
export interface FabricOptions {
  /** The network: a topology as written (JSON), or one {@link validateFabricTopology} returned (taken as it is). */
  readonly topology: FabricTopologySpec | FabricTopology;
  readonly flows: readonly FlowSpec[];
  /** Data VLs per port, 1..15 (default 2). */
  readonly vls?: number;
  /** Bytes per input VL buffer (default 8192: four 2 KB packets, thesis ch. 3); ≥ the MTU. */
  readonly bufferBytes?: number;
  /**
   * How a port's input VL buffers hold packets: 'per-vl' (default; each VL its own `bufferBytes`,
   * InfiniBand's per-VL credits) or 'shared' (complete sharing: one pool of V × `bufferBytes` per
   * input port, any VL's packet taking blocks from it while the pool has room, with no reservation
   * per VL; the sender holds the pool's free blocks as one credit count). ECN's "buffer becomes
   * full" then reads the pool (marking.ts). docs/fabric.md § the carried load, third pass.
   */
  readonly inputBufferSharing?: 'per-vl' | 'shared';
  /**
   * Bytes per switch output VL buffer (default 0: none, the output link sends from the input buffers;
   * outputBuffered.ts): above 0 the crossbar moves packets into per-VL output buffers of this size
   * and the output link's VL arbitration chooses among them; at least one MTU with its headers.
   */
  readonly outputBufferBytes?: number;
  /**
   * With output buffers: the crossbar moves a packet at this multiple of its output link's rate
   * (default 1; 1..16). A packet still arriving cannot cross faster than its tail comes in.
   */
  readonly crossbarSpeedup?: number;
  /** MTU in bytes, 256..4096 (default 2048). */
  readonly mtu?: number;
  /** Switch latency (header in to forwarding decision) in ns (default 100). */
  readonly switchLatencyNs?: number;
  /**
   * ACK size in bytes (default 0: ACKs out of band, reaching the source after the reverse path's
   * propagation and switch latencies). Above 0 an ACK also takes its transmission time on the reverse
   * path, as a data packet of that size would, but never queues and uses no buffer or credit.
   */
  readonly ackBytes?: number;
  /** Virtual cut-through (default true); false = store-and-forward. */
  readonly cutThrough?: boolean;
  /** SL→VL table of 16 entries (default SL mod vls). */
  readonly slToVl?: readonly number[];
  /**
   * The VL arbitration tables programmed into every output port, switch and host (the admission
   * module's {@link VlArbiterConfig}). Default: every VL once in the low table with weight 1 (plain
   * round robin by packets up to 64 bytes; by 64-byte units otherwise), no high table.
   */
  readonly arbitration?: VlArbiterConfig;
  /** The tables of host (CA) output ports, when they differ from the switches' (default `arbitration`). */
  readonly hostArbitration?: VlArbiterConfig;
  readonly marking?: MarkingSpec;
  /** Seed of the run's named random streams (integer 0..2^53−1; default 1); ignored if `streams` is given. */
  readonly seed?: number;
  /** The run's streams (the core's {@link RandomStreams}); default `new RandomStreams(seed)`. */
  readonly streams?: RandomStreams;
  /** Replication number: streams are drawn as `streams.stream(name, replication)` (default 0). */
  readonly replication?: number;
  /** Per-flow latency histogram: `bins` equal bins over [0, hiUs) µs (default 100 bins up to 1000 µs). */
  readonly latencyHistogram?: { readonly hiUs: number; readonly bins: number };
  /**
   * Switch input buffers: 'fifo' (default; one FIFO per input port and VL) or 'voq' (virtual output
   * queues: per input port and VL one queue per output, sharing the VL buffer's credits).
   */
  readonly inputQueueing?: 'fifo' | 'voq';
  /** Host injection cap, Gb/s: a host starts packets no faster than this on average (default: none, the link rate). */
  readonly hostInjectionGbps?: number;
  /**
   * Host receive (sink) cap, Gb/s: the host takes packets at most this fast from a receive buffer of
   * `bufferBytes` per VL whose credits go back as it takes them (default: none, hosts take every
   * packet at once with unlimited credits).
   */
  readonly hostReceiveGbps?: number;
  /** Host traffic asked packet by packet ({@link HostTraffic}) instead of flows (`flows` then empty). */
  readonly hostTraffic?: HostTraffic;
  /**
   * How the flows of a host share each VL of its port: 'flow-round-robin' (default; one round-robin
   * pointer over all the host's flows, the first flow of each VL after it offers its head packet) or
   * 'vl-fifo' (one FIFO per VL: packets leave in the order their flows generated them; a flow held by
   * its rate limiter or window holds its VL). With 'vl-fifo' the fabric also records each host
   * port's ready-head waits ({@link Fabric.outputReadyWaits}).
   */
  readonly hostQueueing?: 'flow-round-robin' | 'vl-fifo';
  /**
   * Tables of individual output ports ("switch:port", or a host's name), e.g. as a bandwidth broker
   * filled them in (qos.ts); the ports not named use `arbitration`.
   */
  readonly portArbitration?: Readonly<Record<string, VlArbiterConfig>>;
  /**
   * Header and CRC bytes added to every packet on the wire, 0..126 (default 0: flows' packet sizes
   * are wire sizes; 26 = LRH + BTH + ICRC + VCRC, the `alfaro` scenario's). With headers, flows'
   * packet sizes are payloads (at most the MTU) and buffers must hold MTU + headers.
   */
  readonly packetHeaderBytes?: number;
  /** Called for every packet delivered with (flow index, creation time, delivery time), seconds (qos.ts). */
  readonly onDeliver?: DeliveryObserver;
  /**
   * Multipath (default none): `paths` LIDs per host port (LMC), LID 0 the topology's own tables,
   * the others disjoint up*∕down* routes on VLs of their own (multipath.ts). Flows use them through
   * their `pathSelection`. The VLs the routing adds must exist: SL's VL + offsets < `vls`.
   */
  readonly multipath?: MultipathSpec;
  /**
   * Deadlock watchdog period in µs (default: none): if no packet starts a transmission during a
   * period while packets wait in switch buffers, `run` throws a FabricDeadlockError naming a cycle
   * of buffers, each waiting for credits of the next.
   */
  readonly deadlockUs?: number;
}

const OPTION_KEYS = [
  'topology',
  'flows',
  'vls',
  'bufferBytes',
  'inputBufferSharing',
  'outputBufferBytes',
  'crossbarSpeedup',
  'mtu',
  'switchLatencyNs',
  'ackBytes',
  'cutThrough',
  'slToVl',
  'arbitration',
  'hostArbitration',
  'marking',
  'seed',
  'streams',
  'replication',
  'latencyHistogram',
  'inputQueueing',
  'hostInjectionGbps',
  'hostReceiveGbps',
  'hostTraffic',
  'hostQueueing',
  'portArbitration',
  'packetHeaderBytes',
  'onDeliver',
  'multipath',
  'deadlockUs',
] as const;

/**
 * Builds a fabric from a topology, flows and hardware options. Every option has a default (see
 * {@link FabricOptions}); units: bytes, ns/µs as named, rates of rate control in MTU packets/s.
 *
 * @throws InvalidParameterError naming the field (`flows[1].destination`, `links[0].rateGbps`,
 *   `arbitration.high[2].weight`, …) and the rule it breaks; nothing is built.
 * @example
 * const fabric = buildFabric({
 *   topology: singleSwitchTopology(2),
 *   flows: [{ name: 'f', source: 'h0', destination: 'h1' }],
 * });
 * fabric.run(1e-3);
 */
export function buildFabric(options: FabricOptions): Fabric {
  const o = plainObject('options', options);
  knownKeys('options', o, OPTION_KEYS);
  const topology: FabricTopology = validateFabricTopology(o.topology);
  const { vls, mtu, headerBytes, bufferBytes, switchLatencyNs, cutThrough, latencyHistogram } = commonHardware(o);
  const sharing = o.inputBufferSharing === undefined ? 'per-vl' : oneOf('inputBufferSharing', o.inputBufferSharing, ['per-vl', 'shared'] as const);
  const outputBufferBytes = o.outputBufferBytes === undefined ? 0 : integerAtLeast('outputBufferBytes', o.outputBufferBytes, 0);
  if (outputBufferBytes > 0 && Math.floor(outputBufferBytes / CREDIT_BLOCK_BYTES) < Math.ceil((mtu + headerBytes) / CREDIT_BLOCK_BYTES)) {
    throw new InvalidParameterError('outputBufferBytes', `0 (none) or at least one MTU with its headers (${mtu + headerBytes} bytes)`, outputBufferBytes);
  }
  let crossbarSpeedup = 1;
  if (o.crossbarSpeedup !== undefined) {
    crossbarSpeedup = o.crossbarSpeedup as number;
    if (typeof crossbarSpeedup !== 'number' || !(crossbarSpeedup >= 1 && crossbarSpeedup <= 16)) {
      throw new InvalidParameterError('crossbarSpeedup', 'a number in 1..16 (crossbar rate over the link rate)', o.crossbarSpeedup);
    }
    if (outputBufferBytes === 0) throw new InvalidParameterError('crossbarSpeedup', 'given only with outputBufferBytes > 0 (a faster crossbar needs output buffers)', crossbarSpeedup);
  }
  const slToVl = slToVlTable(vls, o.slToVl);
  const namedStream = replicationStreams(o);
  const { switches: arbitration, hosts: hostArbitration, servedVls } = portArbitrations(o.arbitration, o.hostArbitration, vls);

  // Ports: switch ports first (switch order, port order), then one port per host (host order).
  const switchIndex = new Map(topology.switches.map((s, i) => [s.name, i]));
  const hostIndex = new Map(topology.hosts.map((h, i) => [h.name, i]));
  const switchBase: number[] = [];
  let G = 0;
  for (const s of topology.switches) {
    switchBase.push(G);
    G += s.ports;
  }
  const hostBase = G;
  const H = topology.hosts.length;
  G += H;
  /** The switch each global port belongs to (−1 for a host port). */
  const switchOfPort = new Int32Array(G).fill(-1);
  topology.switches.forEach((s, si) => switchOfPort.fill(si, switchBase[si]!, switchBase[si]! + s.ports));
  const globalPort = (node: string, port: number): number => {
    const s = switchIndex.get(node);
    return s !== undefined ? switchBase[s]! + port - 1 : hostBase + hostIndex.get(node)!;
  };
  const peer = new Int32Array(G).fill(-1);
  const rate = new Float64Array(G);
  const delay = new Float64Array(G);
  const exponential = new Uint8Array(G);
  for (const l of topology.links) {
    const a = globalPort(l.a.node, l.a.port);
    const b = globalPort(l.b.node, l.b.port);
    peer[a] = b;
    peer[b] = a;
    rate[a] = rate[b] = (l.rateGbps * 1e9) / 8;
    delay[a] = delay[b] = l.delayNs * 1e-9;
    exponential[a] = exponential[b] = l.service === 'exponential' ? 1 : 0;
  }
  const portNames: string[] = [];
  topology.switches.forEach((s) => {
    for (let k = 1; k <= s.ports; k++) portNames.push(`${s.name}:${k}`);
  });
  for (const h of topology.hosts) portNames.push(h.name);
  if (o.multipath !== undefined) knownKeys('multipath', plainObject('multipath', o.multipath), ['paths', 'escape', 'alternatives']);
  const routing = compileRouting(topology, o.multipath as MultipathSpec | undefined, switchBase);
  const fwd = routing.fwd;
  const switchLatency = switchLatencyNs * 1e-9;
  const usable = o.multipath === undefined ? null : routing.usable;
  const flows = compileFlows(o.flows, { hostIndex, hostBase, rate, mtu, vls, slToVl, servedVls, namedStream, usable });
  for (let i = 0; i < flows.length; i++) {
    const top = flows[i]!.vl + routing.vlCount - 1;
    if (top >= vls) throw new InvalidParameterError('vls', `at least ${top + 1}: flows[${i}] uses VL ${flows[i]!.vl} plus the routing's VL offsets up to ${routing.vlCount - 1}`, vls);
    for (let v = flows[i]!.vl; vls > 1 && v <= top; v++) {
      if (!servedVls.has(v)) throw new InvalidParameterError('arbitration', `weight > 0 for VL ${v}, which flows[${i}]'s routing uses`, o.arbitration);
    }
  }
  let deadlockAfter = Infinity;
  if (o.deadlockUs !== undefined) deadlockAfter = positiveRate('deadlockUs', o.deadlockUs) * 1e-6;

  // ACK path latency from every destination back to every source (only if some flow is controlled).
  const host = compileHostOptions(o, mtu, flows.length);
  const controlled = flows.some((f) => f.rateControl !== null || f.pathSelection !== null) || host.hostTraffic?.congestionControlled === true;
  const ackBytes = o.ackBytes === undefined ? 0 : (o.ackBytes as number);
  if (typeof ackBytes !== 'number' || !Number.isInteger(ackBytes) || ackBytes < 0) throw new InvalidParameterError('ackBytes', 'an integer >= 0 (bytes)', o.ackBytes);
  const ackDelay = pairValues(controlled ? ackDelays(H, hostBase, peer, delay, fwd, switchOfPort, switchLatency, { bytes: ackBytes, rate, cutThrough }) : new Float64Array(0));
  const marking = compileMarking(o.marking, topology, switchOfPort, peer, hostBase, vls, bufferBytes, namedStream);

  // Per port: its own portArbitration entry, else hostArbitration on host ports and arbitration on switch ports.
  const arbiters: OutputArbiter[] = compilePortArbiters(o.portArbitration, portNames, (g) => (g >= hostBase ? hostArbitration : arbitration), outputArbiterFactory());
  const compiled: CompiledFabric = {
    vls,
    mtu: mtu + headerBytes,
    headerBytes,
    onDeliver: checkDeliveryObserver(o.onDeliver),
    bufferBytes,
    sharedInputBuffer: sharing === 'shared',
    outputBufferBytes,
    crossbarSpeedup,
    switchLatency,
    cutThrough,
    switchCount: topology.switches.length,
    hostCount: H,
    switchPorts: topology.switches.map((s) => s.ports),
    peer,
    rate,
    delay,
    exponential,
    fwd,
    fwdVl: routing.vlCount > 1 ? routing.fwdVl : null,
    deadlockAfter,
    ackDelay,
    arbiters,
    flows,
    marking,
    serviceStream: namedStream('links:service'),
    portNames,
    latencyHistogram,
    ...host,
  };
  return new Fabric(compiled);
}


/**
 * The lean engine's front door (docs/fabric.md § the lean engine): checks that a fabric's options lie
 * inside the lean engine's subset and compiles them with the standard front door's own parts
 * (validateFabricTopology, compileRouting, compileFlows: the same checks, the same named random
 * streams, so that both engines draw the same arrivals).
 *
 * The subset: input-FIFO switches with the FCFS crossbar of switch/crossbar.ts; one VL in use (every
 * flow's SL maps to the same VL; other VLs may exist and carry nothing); credits per input VL buffer;
 * deterministic routing (the forwarding tables give each flow one path); one flow per source host,
 * to a fixed destination, with Poisson or constant-rate (`cbr`) arrivals and a fixed packet size; no
 * congestion control, marking, multipath or adaptive routing, ACKs, host caps, output buffers, shared
 * buffers, VoQ, exponential links or deadlock watchdog. Anything outside it is refused with an
 * {@link InvalidParameterError} naming the option and what the lean engine lacks.
 */
import { InvalidParameterError } from '../../../core/errors.js';
import { knownKeys, oneOf, plainObject } from '../../../core/guards.js';
import { compileRouting } from '../../../network/routing/multipath.js';
import { slToVlTable } from '../../../network/qos/slToVl.js';
import { validateFabricTopology, type FabricTopology } from '../../../network/topology.js';
import { ConstantRateArrivals, PoissonArrivals } from '../../traffic/arrivals.js';
import { compileFlows } from '../buildFlows.js';
import { CREDIT_BLOCK_BYTES, type CompiledFlow } from '../compiled.js';
import type { FabricOptions } from '../build.js';
import { commonHardware, replicationStreams } from '../fabricOptions.js';
import { portArbitrations } from '../switch/portArbitration.js';

/** The options the lean engine takes (all others are refused): {@link FabricOptions}' meaning and defaults. */
const LEAN_KEYS = ['topology', 'flows', 'vls', 'bufferBytes', 'mtu', 'switchLatencyNs', 'cutThrough', 'slToVl', 'arbitration', 'hostArbitration', 'seed', 'streams', 'replication', 'packetHeaderBytes', 'latencyHistogram'] as const;

/** Options of the standard engine the lean engine leaves out, each with what it would need; a value equal to the default is accepted. */
const LEFT_OUT: Readonly<Record<string, { readonly accepts: (v: unknown) => boolean; readonly lacks: string }>> = {
  inputQueueing: { accepts: (v) => v === 'fifo', lacks: "'fifo' (the lean engine has FIFO input buffers only, no virtual output queues)" },
  inputBufferSharing: { accepts: (v) => v === 'per-vl', lacks: "'per-vl' (the lean engine has no shared input buffers)" },
  outputBufferBytes: { accepts: (v) => v === 0, lacks: '0 (the lean engine has no output buffers)' },
  crossbarSpeedup: { accepts: () => false, lacks: 'absent (the lean engine has no output buffers, and the standard engine takes a speed-up only with them)' },
  marking: { accepts: (v) => typeof v === 'object' && v !== null && (v as { kind?: unknown }).kind === 'none' && Object.keys(v).length === 1, lacks: "absent or { kind: 'none' } (the lean engine has no congestion marking)" },
  ackBytes: { accepts: (v) => v === 0, lacks: '0 (the lean engine has no ACKs: no rate control)' },
  hostInjectionGbps: { accepts: () => false, lacks: 'absent (the lean engine has no host injection cap)' },
  hostReceiveGbps: { accepts: () => false, lacks: 'absent (the lean engine has no host receive cap)' },
  hostTraffic: { accepts: () => false, lacks: 'absent (the lean engine runs flows only)' },
  hostQueueing: { accepts: (v) => v === 'flow-round-robin', lacks: "'flow-round-robin' (the lean engine has one flow per host)" },
  portArbitration: { accepts: () => false, lacks: 'absent (the lean engine carries one VL: per-port VL arbitration has nothing to choose)' },
  onDeliver: { accepts: () => false, lacks: 'absent (the lean engine has no delivery observer)' },
  multipath: { accepts: () => false, lacks: 'absent (the lean engine routes each flow on one path: no multipath)' },
  deadlockUs: { accepts: () => false, lacks: 'absent (the lean engine has no deadlock watchdog)' },
};

/** The largest number of link directions: the lean records hold link numbers in 16 bits (0xffff: none). */
export const LEAN_MAX_LINKS = 0xffff;
/** Largest transmission, link delay and switch latency, s: the records keep a transmission's end in wrapping 32-bit picoseconds (±2.1 ms). */
export const LEAN_MAX_SPAN = 1e-3;

/** One flow as the lean engine runs it. */
export interface LeanFlow {
  readonly name: string;
  readonly source: number;
  readonly destination: number;
  /** Wire bytes of every packet (the payload plus packetHeaderBytes). */
  readonly bytes: number;
  readonly compiled: CompiledFlow;
}

/** A fabric inside the lean subset, compiled. Time in seconds, rates in bytes per second. */
export interface LeanCompiled {
  readonly hosts: number;
  /** Global ports (link directions): switch ports first, then one per host (build.ts's numbering). */
  readonly ports: number;
  readonly hostBase: number;
  readonly peer: Int32Array;
  /** Per port its link class (distinct (rate, delay) pairs): classRate[c] bytes/s, classDelay[c] s. */
  readonly classOf: Int32Array;
  readonly classRate: Float64Array;
  readonly classDelay: Float64Array;
  /** The class the most ports have (ties: the lower number): it sets the calendar's span (leanFabric.ts). */
  readonly commonClass: number;
  readonly capBlocks: number;
  readonly switchLatency: number;
  readonly cutThrough: boolean;
  /** Flow f's path: the link directions it takes, its host's port first, at f·pathStride + hop (−1 past the end). */
  readonly paths: Int32Array;
  readonly pathStride: number;
  readonly flows: readonly LeanFlow[];
  /** The flow of each source host (−1: none). */
  readonly flowOfHost: Int32Array;
  readonly portNames: readonly string[];
  /** The largest packet on the wire (bytes). */
  readonly largestPacket: number;
  /** What routedPortFlags (measure/routedPorts.ts) reads. */
  readonly routing: { readonly fwd: Int32Array; readonly switchCount: number; readonly switchPorts: readonly number[] };
}

/**
 * Checks `options` against the lean subset and compiles them (the scenario's `engine` is not among them: refused, as by buildFabric).
 * @throws InvalidParameterError naming the option or field, the rule and the value: every standard check, and for
 *   an option or flow outside the subset, what the lean engine lacks.
 */
export function compileLean(options: FabricOptions): LeanCompiled {
  const o = plainObject('options', options);
  for (const [key, rule] of Object.entries(LEFT_OUT)) {
    if (o[key] !== undefined && !rule.accepts(o[key])) throw new InvalidParameterError(key, `${rule.lacks} with engine: 'lean'`, o[key]);
  }
  knownKeys('options', o, [...LEAN_KEYS, ...Object.keys(LEFT_OUT)]);
  const topology: FabricTopology = validateFabricTopology(o.topology);
  const { vls, mtu, headerBytes, bufferBytes, switchLatencyNs, cutThrough } = commonHardware(o);
  const capBlocks = Math.floor(bufferBytes / CREDIT_BLOCK_BYTES);
  if (capBlocks > 0xffff) throw new InvalidParameterError('bufferBytes', `at most ${0xffff * CREDIT_BLOCK_BYTES} bytes with engine: 'lean' (credits in 16 bits)`, bufferBytes);
  if (switchLatencyNs * 1e-9 >= LEAN_MAX_SPAN) throw new InvalidParameterError('switchLatencyNs', `below ${LEAN_MAX_SPAN * 1e9} ns with engine: 'lean'`, switchLatencyNs);
  const slToVl = slToVlTable(vls, o.slToVl);
  const namedStream = replicationStreams(o);
  const { servedVls } = portArbitrations(o.arbitration, o.hostArbitration, vls);
  if (o.inputQueueing !== undefined) oneOf('inputQueueing', o.inputQueueing, ['fifo'] as const);

  // Ports as build.ts numbers them: switch ports first (switch order, port order), then one per host.
  const switchIndex = new Map(topology.switches.map((s, i) => [s.name, i]));
  const hostIndex = new Map(topology.hosts.map((h, i) => [h.name, i]));
  const switchBase: number[] = [];
  let G = 0;
  for (const s of topology.switches) (switchBase.push(G), (G += s.ports));
  const hostBase = G;
  const H = topology.hosts.length;
  G += H;
  if (G > LEAN_MAX_LINKS - 1) throw new InvalidParameterError('topology', `at most ${LEAN_MAX_LINKS - 1} ports (link directions) with engine: 'lean'`, G);
  const switchOfPort = new Int32Array(G).fill(-1);
  topology.switches.forEach((s, si) => switchOfPort.fill(si, switchBase[si]!, switchBase[si]! + s.ports));
  const globalPort = (node: string, port: number): number => (switchIndex.has(node) ? switchBase[switchIndex.get(node)!]! + port - 1 : hostBase + hostIndex.get(node)!);
  const peer = new Int32Array(G).fill(-1);
  const rate = new Float64Array(G);
  const classOf = new Int32Array(G);
  const classes = new Map<string, number>();
  const classRate: number[] = [];
  const classDelay: number[] = [];
  topology.links.forEach((l, i) => {
    if (l.service === 'exponential') throw new InvalidParameterError(`links[${i}].service`, "'deterministic' with engine: 'lean' (no exponential links)", l.service);
    const r = (l.rateGbps * 1e9) / 8;
    const d = l.delayNs * 1e-9;
    if (d >= LEAN_MAX_SPAN) throw new InvalidParameterError(`links[${i}].delayNs`, `below ${LEAN_MAX_SPAN * 1e9} ns with engine: 'lean'`, l.delayNs);
    if ((mtu + headerBytes) / r >= LEAN_MAX_SPAN / 2) throw new InvalidParameterError(`links[${i}].rateGbps`, `fast enough to send an MTU in under ${(LEAN_MAX_SPAN / 2) * 1e6} µs with engine: 'lean'`, l.rateGbps);
    const key = `${r} ${d}`;
    if (!classes.has(key)) (classes.set(key, classRate.length), classRate.push(r), classDelay.push(d));
    const a = globalPort(l.a.node, l.a.port);
    const b = globalPort(l.b.node, l.b.port);
    (peer[a] = b), (peer[b] = a);
    rate[a] = rate[b] = r;
    classOf[a] = classOf[b] = classes.get(key)!;
  });
  if (classRate.length > 2047) throw new InvalidParameterError('topology', "at most 2047 distinct (rate, delay) link classes with engine: 'lean'", classRate.length);
  const routing = compileRouting(topology, undefined, switchBase);
  if (routing.vlCount > 1) throw new InvalidParameterError('topology.virtualLanes', "absent with engine: 'lean' (one VL in use: no VL offsets per hop)", topology.virtualLanes);
  const flows = compileFlows(o.flows, { hostIndex, hostBase, rate, mtu, vls, slToVl, servedVls, namedStream, usable: null });
  const lean = leanFlows(o.flows as readonly unknown[], flows, headerBytes, H);
  const { paths, stride } = leanPaths(lean, routing.fwd, peer, switchOfPort, hostBase, H);
  const flowOfHost = new Int32Array(H).fill(-1);
  lean.forEach((f, i) => (flowOfHost[f.source] = i));
  const portNames: string[] = [];
  topology.switches.forEach((s) => {
    for (let k = 1; k <= s.ports; k++) portNames.push(`${s.name}:${k}`);
  });
  for (const h of topology.hosts) portNames.push(h.name);
  return {
    hosts: H,
    ports: G,
    hostBase,
    peer,
    classOf,
    classRate: Float64Array.from(classRate),
    classDelay: Float64Array.from(classDelay),
    commonClass: commonestClass(classOf, peer, classRate.length),
    capBlocks,
    switchLatency: switchLatencyNs * 1e-9,
    cutThrough,
    paths,
    pathStride: stride,
    flows: lean,
    flowOfHost,
    portNames,
    largestPacket: lean.reduce((m, f) => Math.max(m, f.bytes), 0),
    routing: { fwd: routing.fwd, switchCount: topology.switches.length, switchPorts: topology.switches.map((s) => s.ports) },
  };
}

/** The compiled flows, checked against the subset (one VL, one flow per source, fixed destination and size, Poisson or CBR, no control). */
function leanFlows(specs: readonly unknown[], flows: readonly CompiledFlow[], headerBytes: number, H: number): LeanFlow[] {
  if (flows.length === 0) throw new InvalidParameterError('flows', "at least one flow with engine: 'lean'", specs);
  const sourceOf = new Int32Array(H).fill(-1);
  return flows.map((f, i) => {
    const field = `flows[${i}]`;
    if (f.vl !== flows[0]!.vl) throw new InvalidParameterError(`${field}.sl`, `an SL on flows[0]'s VL (${flows[0]!.vl}) with engine: 'lean' (one VL in use)`, (specs[i] as { sl?: unknown }).sl);
    if (f.destination < 0) throw new InvalidParameterError(`${field}.destination`, "a host, not 'uniform', with engine: 'lean' (one path per flow)", 'uniform');
    if (!(f.arrivals instanceof PoissonArrivals) && !(f.arrivals instanceof ConstantRateArrivals)) {
      throw new InvalidParameterError(`${field}.traffic`, "{ kind: 'poisson' } or { kind: 'cbr' } with engine: 'lean'", (specs[i] as { traffic?: unknown }).traffic ?? { kind: 'saturated' });
    }
    if (f.sizes.constantBytes === undefined) throw new InvalidParameterError(`${field}.packetBytes`, "a fixed size with engine: 'lean'", (specs[i] as { packetBytes?: unknown }).packetBytes);
    if (f.rateControl !== null) throw new InvalidParameterError(`${field}.rateControl`, "absent or { kind: 'none' } with engine: 'lean' (no congestion control)", (specs[i] as { rateControl?: unknown }).rateControl);
    if (f.pathSelection !== null) throw new InvalidParameterError(`${field}.pathSelection`, "absent with engine: 'lean' (static routing only)", (specs[i] as { pathSelection?: unknown }).pathSelection);
    if (sourceOf[f.source]! >= 0) throw new InvalidParameterError(`${field}.source`, `a host with no other flow with engine: 'lean' (flows[${sourceOf[f.source]}] has it)`, (specs[i] as { source?: unknown }).source);
    sourceOf[f.source] = i;
    return { name: f.name, source: f.source, destination: f.destination, bytes: f.sizes.constantBytes + headerBytes, compiled: f };
  });
}

/** Each flow's path from the forwarding tables (forwarding.ts flowPaths' walk), its host's port first. */
function leanPaths(flows: readonly LeanFlow[], fwd: Int32Array, peer: Int32Array, switchOfPort: Int32Array, hostBase: number, H: number): { paths: Int32Array; stride: number } {
  const walks = flows.map((f, i) => {
    const path = [hostBase + f.source];
    let at = peer[hostBase + f.source]!;
    while (at >= 0 && at < hostBase) {
      const g = fwd[switchOfPort[at]! * H + f.destination]!;
      if (g < 0 || path.length > hostBase) throw new InvalidParameterError(`flows[${i}].destination`, 'reachable from its source by the forwarding tables', f.destination);
      path.push(g);
      at = peer[g]!;
    }
    if (at !== hostBase + f.destination) throw new InvalidParameterError(`flows[${i}].destination`, 'reachable from its source by the forwarding tables', f.destination);
    return path;
  });
  let stride = 1;
  const longestWalk = walks.reduce((m, w) => Math.max(m, w.length + 1), 0);
  while (stride < longestWalk) stride *= 2;
  if (stride > 256) throw new InvalidParameterError('topology', "paths of at most 255 hops with engine: 'lean'", stride);
  const paths = new Int32Array(flows.length * stride).fill(-1);
  walks.forEach((w, f) => paths.set(w, f * stride));
  return { paths, stride };
}

/** The link class the most cabled ports have (ties: the lower class number). */
function commonestClass(classOf: Int32Array, peer: Int32Array, classes: number): number {
  const count = new Int32Array(classes);
  classOf.forEach((k, g) => {
    if (peer[g]! >= 0) count[k]!++;
  });
  let best = 0;
  for (let k = 1; k < classes; k++) if (count[k]! > count[best]!) best = k;
  return best;
}

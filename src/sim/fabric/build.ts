/**
 * The fabric's checking front door: {@link buildFabric} validates a topology, flows and hardware
 * options (every default documented below), wires the admission module's {@link VlArbiter} into every
 * output port, the congestion module's markers into the switches and its control laws into the
 * flows, and returns a {@link Fabric} ready to run.
 */
import {
  aimd,
  EcnMarker,
  fimd,
  IbCcSource,
  IbCcSwitchMarker,
  lipd,
  pipd,
  type ResponseFunction,
} from '../../congestion/index.js';
import { VlArbiter, type VlArbiterConfig } from '../../admission/index.js';
import { InvalidParameterError } from '../../core/errors.js';
import { integerAtLeast, knownKeys, oneOf, plainObject, positiveRate } from '../../core/guards.js';
import type { RandomStream } from '../../core/random.js';
import { CREDIT_BLOCK_BYTES, Fabric, type CompiledFabric, type CompiledFlow, type CompiledMarking } from './fabric.js';
import { RandomStreams } from '../random/streams.js';
import type { ArrivalProcess } from '../traffic/arrivals.js';
import { packetSizes, type PacketSizes, type PacketSizeSpec } from '../traffic/packetSizes.js';
import { arrivalProcess, type ArrivalSpec } from '../traffic/spec.js';
import type { OutputArbiter, InjectionControl } from './plugins.js';
import type { HostTraffic } from './hostTraffic.js';
import { IbCcInjectionControl, ResponseInjectionControl } from './rateControl.js';
import { validateFabricTopology, type FabricTopology, type FabricTopologySpec } from './topology.js';

/**
 * How a flow's packets arrive at its send queue: `{ kind: 'saturated' }` (the send queue is never
 * empty: a greedy source; the default) or any arrival process of the core's traffic module
 * (`poisson`, `ge`, `cbr`, `onoff`; rates in packets per second). A GE batch offers its packets to
 * the send queue one at a time, each admitted or refused on its own.
 */
export type TrafficSpec = { readonly kind: 'saturated' } | ArrivalSpec;

/**
 * Packet sizes in bytes, each at most the MTU: a number (fixed size) or a packet-size law of the core
 * (`constant`, `mix`, `uniform`). Default: the MTU.
 */
export type FlowPacketSizes = number | PacketSizeSpec;

/**
 * A flow's injection control (MODELS.md §10). Rates in MTU-sized packets per second; `rMax`
 * defaults to the source link's rate in MTU packets per second.
 */
export type RateControlSpec =
  | { readonly kind: 'none' }
  | { readonly kind: 'pipd'; readonly rMin: number; readonly rMax?: number; readonly m: number }
  | { readonly kind: 'fimd'; readonly rMin: number; readonly rMax?: number; readonly n: number }
  | { readonly kind: 'lipd'; readonly rMin: number; readonly rMax?: number }
  | { readonly kind: 'aimd'; readonly rMin: number; readonly rMax?: number; readonly alpha: number; readonly beta: number }
  | {
      readonly kind: 'ibcc';
      /** IRD table (default: congestion's linear table). */
      readonly table?: readonly number[];
      readonly cctiIncrease?: number;
      readonly cctiLimit?: number;
      readonly cctiMin?: number;
      /** CCTI_Timer period in µs (default 153.6 µs = 150 IBA units). */
      readonly timerUs?: number;
    };

/** One flow of packets from a host to a host (or to uniformly random hosts). */
export interface FlowSpec {
  /** A name for reports (unique). */
  readonly name: string;
  readonly source: string;
  /** A host name, or `'uniform'`: each packet to a uniformly chosen other host. */
  readonly destination: string;
  /** Service level 0..15 (default 0), mapped to a VL by `slToVl`. */
  readonly sl?: number;
  readonly traffic?: TrafficSpec;
  /** Default: the MTU. */
  readonly packetBytes?: FlowPacketSizes;
  /** Send-queue capacity in packets, the one in transmission included (default Infinity). */
  readonly sendQueuePackets?: number;
  readonly rateControl?: RateControlSpec;
  /** Start time in µs (default 0). */
  readonly startUs?: number;
  /**
   * Time in µs at which the flow stops offering packets (default Infinity): no arrival at or after
   * it is offered; the packets already in the send queue are still sent. Lets a run drain.
   */
  readonly stopUs?: number;
}

/** Switch-side marking: none, thesis ECN (cnt1/cnt2), or IB CC FECN. */
export type MarkingSpec =
  | { readonly kind: 'none' }
  | { readonly kind: 'ecn' }
  | {
      readonly kind: 'ibcc';
      /** Threshold weight 0..15 (default 15, seed gran-…). */
      readonly threshold?: number;
      /** Marking_Rate (default 0: every eligible packet). */
      readonly markingRate?: number;
      /** Packet_Size in bytes (default 0). */
      readonly packetSize?: number;
      /** Victim_Mask on switch ports that face hosts (default true, as the seed advises). */
      readonly victimMaskOnHostPorts?: boolean;
    };

/** Everything {@link buildFabric} needs. */
export interface FabricOptions {
  readonly topology: FabricTopologySpec;
  readonly flows: readonly FlowSpec[];
  /** Data VLs per port, 1..15 (default 2). */
  readonly vls?: number;
  /** Bytes per input VL buffer (default 8192: four 2 KB packets, thesis ch. 3); ≥ the MTU. */
  readonly bufferBytes?: number;
  /** MTU in bytes, 256..4096 (default 2048). */
  readonly mtu?: number;
  /** Switch latency (header in to forwarding decision) in ns (default 100). */
  readonly switchLatencyNs?: number;
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
   * Host receive (sink) cap, Gb/s: the host takes packets at most this fast, holding them in a
   * receive buffer of `bufferBytes` per VL whose credits go back as it takes them (default: none,
   * hosts take every packet at once with unlimited credits).
   */
  readonly hostReceiveGbps?: number;
  /** Host traffic asked packet by packet ({@link HostTraffic}), instead of flows (then `flows` must be empty). */
  readonly hostTraffic?: HostTraffic;
}

/** The admission module's {@link VlArbiter} behind the fabric's {@link OutputArbiter}. */
class TableArbiter implements OutputArbiter {
  private ready = 0;
  private bytes: Float64Array = new Float64Array(0);
  private readonly arbiter: VlArbiter;
  private readonly head = (vl: number): number => ((this.ready >> vl) & 1 ? this.bytes[vl]! : 0);

  constructor(config: VlArbiterConfig) {
    this.arbiter = new VlArbiter(config);
  }

  pick(readyMask: number, headBytes: Float64Array): number {
    this.ready = readyMask;
    this.bytes = headBytes;
    const vl = this.arbiter.select(this.head);
    if (vl >= 0) this.arbiter.sent(vl, headBytes[vl]!);
    return vl;
  }
}

function sizeProcess(field: string, spec: FlowPacketSizes | undefined, mtu: number, stream: RandomStream): PacketSizes {
  const law = packetSizes(spec === undefined ? { kind: 'constant', bytes: mtu } : typeof spec === 'number' ? { kind: 'constant', bytes: spec } : spec, stream, field);
  const o = spec as Record<string, unknown> | number | undefined;
  const largest =
    typeof o === 'number' ? o : o === undefined ? mtu : o.kind === 'constant' ? (o.bytes as number) : o.kind === 'uniform' ? (o.maxBytes as number) : Math.max(...(o.bytes as number[]));
  if (!(largest <= mtu)) throw new InvalidParameterError(field, `sizes of at most the MTU (${mtu} bytes)`, spec);
  return law;
}

function traffic(field: string, spec: TrafficSpec | undefined, stream: RandomStream): ArrivalProcess | null {
  if (spec === undefined) return null;
  const o = plainObject(field, spec);
  if (o.kind === 'saturated') {
    knownKeys(field, o, ['kind']);
    return null;
  }
  try {
    return arrivalProcess(spec as ArrivalSpec, stream, field);
  } catch (e) {
    if (e instanceof InvalidParameterError && e.parameter === `${field}.kind`) {
      throw new InvalidParameterError(e.parameter, `'saturated' or ${e.rule}`, e.value);
    }
    throw e;
  }
}

function responseFunction(field: string, o: Record<string, unknown>, rMax: number): ResponseFunction {
  const top = o.rMax ?? rMax;
  try {
    switch (o.kind) {
      case 'pipd':
        knownKeys(field, o, ['kind', 'rMin', 'rMax', 'm']);
        return pipd({ rMin: o.rMin as number, rMax: top as number, m: o.m as number });
      case 'fimd':
        knownKeys(field, o, ['kind', 'rMin', 'rMax', 'n']);
        return fimd({ rMin: o.rMin as number, rMax: top as number, n: o.n as number });
      case 'lipd':
        knownKeys(field, o, ['kind', 'rMin', 'rMax']);
        return lipd({ rMin: o.rMin as number, rMax: top as number });
      default:
        knownKeys(field, o, ['kind', 'rMin', 'rMax', 'alpha', 'beta']);
        return aimd({ rMin: o.rMin as number, rMax: top as number, alpha: o.alpha as number, beta: o.beta as number });
    }
  } catch (e) {
    if (e instanceof InvalidParameterError && !e.parameter.startsWith(field)) {
      throw new InvalidParameterError(`${field}.${e.parameter}`, e.rule, e.value);
    }
    throw e;
  }
}

function rateController(field: string, spec: RateControlSpec | undefined, rMax: number, now: number): InjectionControl | null {
  if (spec === undefined) return null;
  const o = plainObject(field, spec);
  switch (o.kind) {
    case 'none':
      return null;
    case 'pipd':
    case 'fimd':
    case 'lipd':
    case 'aimd':
      return new ResponseInjectionControl(responseFunction(field, o, rMax));
    case 'ibcc': {
      knownKeys(field, o, ['kind', 'table', 'cctiIncrease', 'cctiLimit', 'cctiMin', 'timerUs']);
      const params: Record<string, unknown> = { bandwidth: rMax, timerStart: now };
      for (const k of ['table', 'cctiIncrease', 'cctiLimit', 'cctiMin'] as const) if (o[k] !== undefined) params[k] = o[k];
      if (o.timerUs !== undefined) params.timerPeriod = positiveRate(`${field}.timerUs`, o.timerUs) * 1e-6;
      try {
        return new IbCcInjectionControl(new IbCcSource(params as never));
      } catch (e) {
        if (e instanceof InvalidParameterError) throw new InvalidParameterError(`${field}.${e.parameter}`, e.rule, e.value);
        throw e;
      }
    }
  }
  throw new InvalidParameterError(`${field}.kind`, "one of 'none', 'pipd', 'fimd', 'lipd', 'aimd', 'ibcc'", o.kind);
}

const OPTION_KEYS = [
  'topology',
  'flows',
  'vls',
  'bufferBytes',
  'mtu',
  'switchLatencyNs',
  'cutThrough',
  'slToVl',
  'arbitration',
  'marking',
  'seed',
  'streams',
  'replication',
  'latencyHistogram',
  'inputQueueing',
  'hostInjectionGbps',
  'hostReceiveGbps',
  'hostTraffic',
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
  const vls = o.vls === undefined ? 2 : integerAtLeast('vls', o.vls, 1);
  if (vls > 15) throw new InvalidParameterError('vls', 'an integer in 1..15', vls);
  const mtu = o.mtu === undefined ? 2048 : integerAtLeast('mtu', o.mtu, 256);
  if (mtu > 4096) throw new InvalidParameterError('mtu', 'an integer in 256..4096', mtu);
  const bufferBytes = o.bufferBytes === undefined ? 8192 : integerAtLeast('bufferBytes', o.bufferBytes, 1);
  if (Math.floor(bufferBytes / CREDIT_BLOCK_BYTES) < Math.ceil(mtu / CREDIT_BLOCK_BYTES)) {
    throw new InvalidParameterError('bufferBytes', `at least one MTU (${mtu} bytes)`, bufferBytes);
  }
  const switchLatencyNs = o.switchLatencyNs === undefined ? 100 : (o.switchLatencyNs as number);
  if (typeof switchLatencyNs !== 'number' || !Number.isFinite(switchLatencyNs) || switchLatencyNs < 0) {
    throw new InvalidParameterError('switchLatencyNs', 'a finite number >= 0 (ns)', switchLatencyNs);
  }
  if (o.cutThrough !== undefined && typeof o.cutThrough !== 'boolean') throw new InvalidParameterError('cutThrough', 'a boolean', o.cutThrough);
  const cutThrough = o.cutThrough ?? true;
  let slToVl: number[];
  if (o.slToVl === undefined) slToVl = Array.from({ length: 16 }, (_, sl) => sl % vls);
  else {
    if (!Array.isArray(o.slToVl) || o.slToVl.length !== 16) throw new InvalidParameterError('slToVl', 'an array of 16 VLs', o.slToVl);
    slToVl = o.slToVl.map((v: unknown, i: number) => {
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v >= vls) throw new InvalidParameterError(`slToVl[${i}]`, `a VL in 0..${vls - 1}`, v);
      return v;
    });
  }
  let streams: RandomStreams;
  if (o.streams !== undefined) {
    if (!(o.streams instanceof RandomStreams)) throw new InvalidParameterError('streams', 'a RandomStreams', o.streams);
    streams = o.streams;
  } else streams = new RandomStreams(o.seed === undefined ? 1 : (o.seed as number));
  const replication = o.replication === undefined ? 0 : integerAtLeast('replication', o.replication, 0);
  const namedStream = (name: string): RandomStream => streams.stream(name, replication);
  const arbitration: VlArbiterConfig =
    (o.arbitration as VlArbiterConfig | undefined) ??
    { high: [], low: Array.from({ length: vls }, (_, vl) => ({ vl, weight: 1 })), limitOfHighPriority: 255 };
  if (o.arbitration !== undefined) {
    const a = plainObject('arbitration', o.arbitration);
    knownKeys('arbitration', a, ['high', 'low', 'limitOfHighPriority']);
    try {
      new VlArbiter(arbitration);
    } catch (e) {
      if (e instanceof InvalidParameterError) throw new InvalidParameterError(e.parameter.replace(/^config/, 'arbitration'), e.rule, e.value);
      throw e;
    }
  }
  const servedVls = new Set([...arbitration.high, ...arbitration.low].filter((e) => e.weight > 0).map((e) => e.vl));

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
  const fwd = new Int32Array(topology.switches.length * H);
  topology.switches.forEach((s, si) => {
    topology.hosts.forEach((h, hi) => {
      fwd[si * H + hi] = switchBase[si]! + topology.forwarding[s.name]![h.name]! - 1;
    });
  });
  const switchLatency = switchLatencyNs * 1e-9;

  if (!Array.isArray(o.flows)) throw new InvalidParameterError('flows', 'an array of flows', o.flows);
  const names = new Set<string>();
  const flows: CompiledFlow[] = (o.flows as unknown[]).map((raw, i) => {
    const field = `flows[${i}]`;
    const f = plainObject(field, raw);
    knownKeys(field, f, ['name', 'source', 'destination', 'sl', 'traffic', 'packetBytes', 'sendQueuePackets', 'rateControl', 'startUs', 'stopUs']);
    if (typeof f.name !== 'string' || f.name === '' || names.has(f.name)) throw new InvalidParameterError(`${field}.name`, 'a unique non-empty string', f.name);
    names.add(f.name);
    const source = hostIndex.get(f.source as string);
    if (source === undefined) throw new InvalidParameterError(`${field}.source`, 'a host of the topology', f.source);
    let destination: number;
    if (f.destination === 'uniform') {
      if (H < 2) throw new InvalidParameterError(`${field}.destination`, 'a host (uniform needs two hosts)', f.destination);
      destination = -1;
    } else {
      const d = hostIndex.get(f.destination as string);
      if (d === undefined || d === source) throw new InvalidParameterError(`${field}.destination`, "a host of the topology other than the source, or 'uniform'", f.destination);
      destination = d;
    }
    const sl = f.sl === undefined ? 0 : (f.sl as number);
    if (typeof sl !== 'number' || !Number.isInteger(sl) || sl < 0 || sl > 15) throw new InvalidParameterError(`${field}.sl`, 'an integer in 0..15', sl);
    const vl = slToVl[sl]!;
    if (vls > 1 && !servedVls.has(vl)) {
      throw new InvalidParameterError(`${field}.sl`, `an SL whose VL (${vl}) has weight > 0 in an arbitration table`, sl);
    }
    let sendQueuePackets = Infinity;
    if (f.sendQueuePackets !== undefined && f.sendQueuePackets !== Infinity) sendQueuePackets = integerAtLeast(`${field}.sendQueuePackets`, f.sendQueuePackets, 1);
    const start = f.startUs === undefined ? 0 : (f.startUs as number);
    if (typeof start !== 'number' || !Number.isFinite(start) || start < 0) throw new InvalidParameterError(`${field}.startUs`, 'a finite number >= 0 (µs)', start);
    const stop = f.stopUs === undefined ? Infinity : (f.stopUs as number);
    if (typeof stop !== 'number' || Number.isNaN(stop) || !(stop > start)) throw new InvalidParameterError(`${field}.stopUs`, `a number > startUs (${start} µs), or Infinity`, f.stopUs);
    const hostPort = hostBase + source;
    const rMax = rate[hostPort]! / mtu;
    return {
      name: f.name,
      source,
      destination,
      vl,
      arrivals: traffic(`${field}.traffic`, f.traffic as TrafficSpec | undefined, namedStream(`flow:${f.name}:arrivals`)),
      sizes: sizeProcess(`${field}.packetBytes`, f.packetBytes as FlowPacketSizes | undefined, mtu, namedStream(`flow:${f.name}:sizes`)),
      sendQueuePackets,
      rateControl: rateController(`${field}.rateControl`, f.rateControl as RateControlSpec | undefined, rMax, start * 1e-6),
      destinationStream: destination < 0 ? namedStream(`flow:${f.name}:destinations`) : null,
      start: start * 1e-6,
      stop: stop * 1e-6,
    };
  });

  // ACK path latency from every destination back to every source (only if some flow is controlled).
  const inputQueueing = o.inputQueueing === undefined ? 'fifo' : oneOf('inputQueueing', o.inputQueueing, ['fifo', 'voq'] as const);
  const injectionRate = o.hostInjectionGbps === undefined ? Infinity : (positiveRate('hostInjectionGbps', o.hostInjectionGbps) * 1e9) / 8;
  const receiveRate = o.hostReceiveGbps === undefined ? Infinity : (positiveRate('hostReceiveGbps', o.hostReceiveGbps) * 1e9) / 8;
  let hostTraffic: HostTraffic | null = null;
  if (o.hostTraffic !== undefined) {
    const t = o.hostTraffic as HostTraffic;
    if (typeof t !== 'object' || t === null || typeof t.next !== 'function' || typeof t.sent !== 'function' || typeof t.delivered !== 'function') {
      throw new InvalidParameterError('hostTraffic', 'a HostTraffic (next, sent, delivered, becn, resetStatistics)', o.hostTraffic);
    }
    if (flows.length > 0) throw new InvalidParameterError('flows', 'empty when hostTraffic is given', o.flows);
    if (!(t.packetBytes > 0 && t.packetBytes <= mtu)) throw new InvalidParameterError('hostTraffic.packetBytes', `a size in 1..${mtu} (the MTU)`, t.packetBytes);
    hostTraffic = t;
  }
  const controlled = flows.some((f) => f.rateControl !== null) || hostTraffic?.congestionControlled === true;
  const ackDelay = new Float64Array(controlled ? H * H : 0);
  if (controlled) {
    for (let a = 0; a < H; a++) {
      for (let b = 0; b < H; b++) {
        if (a === b) continue;
        let g = hostBase + b;
        let t = delay[g]!;
        for (let at = peer[g]!; at < hostBase; at = peer[g]!) {
          g = fwd[switchOfPort[at]! * H + a]!;
          t += switchLatency + delay[g]!;
        }
        ackDelay[a * H + b] = t;
      }
    }
  }

  const markingSpec = o.marking === undefined ? { kind: 'none' } : plainObject('marking', o.marking);
  let marking: CompiledMarking;
  if (markingSpec.kind === 'none') marking = { kind: 'none' };
  else if (markingSpec.kind === 'ecn') {
    knownKeys('marking', markingSpec, ['kind']);
    marking = { kind: 'ecn', perSwitch: topology.switches.map((s) => new EcnMarker(s.ports)) };
  } else if (markingSpec.kind === 'ibcc') {
    knownKeys('marking', markingSpec, ['kind', 'threshold', 'markingRate', 'packetSize', 'victimMaskOnHostPorts']);
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
              random,
            }),
          );
        } catch (e) {
          if (e instanceof InvalidParameterError) throw new InvalidParameterError(`marking.${e.parameter}`, e.rule, e.value);
          throw e;
        }
      }
    }
    marking = { kind: 'ibcc', perPortVl };
  } else {
    throw new InvalidParameterError('marking.kind', "one of 'none', 'ecn', 'ibcc'", markingSpec.kind);
  }

  let latencyHistogram = { hiUs: 1000, bins: 100 };
  if (o.latencyHistogram !== undefined) {
    const h = plainObject('latencyHistogram', o.latencyHistogram);
    knownKeys('latencyHistogram', h, ['hiUs', 'bins']);
    latencyHistogram = { hiUs: positiveRate('latencyHistogram.hiUs', h.hiUs), bins: integerAtLeast('latencyHistogram.bins', h.bins, 1) };
  }
  const arbiters: OutputArbiter[] = Array.from({ length: G }, () => new TableArbiter(arbitration));
  const compiled: CompiledFabric = {
    vls,
    mtu,
    bufferBytes,
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
    ackDelay,
    arbiters,
    flows,
    marking,
    serviceStream: namedStream('links:service'),
    portNames,
    latencyHistogram,
    hostTraffic,
    injectionRate,
    receiveRate,
    voqSlots: inputQueueing === 'voq' ? Math.max(...topology.switches.map((s) => s.ports)) : 1,
  };
  return new Fabric(compiled);
}

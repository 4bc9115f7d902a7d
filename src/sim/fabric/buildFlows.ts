/**
 * The fabric's flows, checked and compiled: traffic (saturated or the core's arrival processes),
 * packet sizes, send queues, SL→VL, start/stop times and the injection-rate control (congestion's
 * response functions or IB CC through rateControl.ts). Part of the checking front door (build.ts).
 */
import { maxOf } from '../../core/arrays.js';
import { aimd, fimd, IbCcSource, lipd, pipd, type IbCcRecovery, type ResponseFunction } from '../../congestion/index.js';
import { InvalidParameterError } from '../../core/errors.js';
import { capacityOrInfinity, integerAtLeast, knownKeys, oneOf, plainObject, positiveRate } from '../../core/guards.js';
import type { RandomStream } from '../../core/random.js';
import type { CompiledFlow } from './compiled.js';
import type { ArrivalProcess } from '../traffic/arrivals.js';
import { packetSizes, type PacketSizes, type PacketSizeSpec } from '../traffic/packetSizes.js';
import { arrivalProcess, type ArrivalSpec } from '../traffic/spec.js';
import { GAP_RULES, type GapRule, type InjectionControl } from './plugins.js';
import { pathSelection, type PathSelectionSpec } from './host/pathSelection.js';
import { IbCcInjectionControl, ResponseInjectionControl } from './host/rateControl.js';

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

/** The rate options shared by the response functions of {@link RateControlSpec}. */
export interface ResponseRateOptions {
  /** R_min, in the rate unit. */
  readonly rMin: number;
  /** R_max, in the rate unit (default: the source link's rate in that unit). */
  readonly rMax?: number;
  /** Bytes in one rate unit, 1..10^9 (default the MTU: rates in MTU-sized packets per second; the thesis reading of docs/fabric.md: 64). */
  readonly unitBytes?: number;
  /** The rate before the first ACK: 'rMax' (default) or 'rMin' (thesis §3.3.3). */
  readonly start?: 'rMin' | 'rMax';
  /** What a rate change does to the gap before the next packet: 'shorten' (default), 'fixed' or 'rescale' ({@link GapRule}). */
  readonly gap?: GapRule;
}

/** The largest rate unit of the response functions, bytes (10^9: a typo guard, not a model limit). */
export const MAX_RATE_UNIT_BYTES = 1e9;

/**
 * A flow's injection control (docs/models.md §10). The response functions' rates are in `unitBytes`-byte
 * units per second (default: MTU-sized packets per second); IB CC's are MTU packets per second.
 */
export type RateControlSpec =
  | { readonly kind: 'none' }
  | ({ readonly kind: 'pipd'; readonly m: number } & ResponseRateOptions)
  | ({ readonly kind: 'fimd'; readonly n: number } & ResponseRateOptions)
  | ({ readonly kind: 'lipd' } & ResponseRateOptions)
  | ({ readonly kind: 'aimd'; readonly alpha: number; readonly beta: number } & ResponseRateOptions)
  | {
      readonly kind: 'ibcc';
      /** IRD table (default: congestion's linear table). */
      readonly table?: readonly number[];
      readonly cctiIncrease?: number;
      readonly cctiLimit?: number;
      readonly cctiMin?: number;
      /** CCTI_Timer period in µs (default 153.6 µs = 150 IBA units). */
      readonly timerUs?: number;
      /** BECNs per CCTI step (default 1; the DRB paper (Lugones et al.)'s variant: 10). */
      readonly becnsPerIncrease?: number;
      /** What a CCTI_Timer expiry does: 'timer' (default; lowers CCTI every time) or 'quiet' (only after a period without BECN; {@link IbCcRecovery}). */
      readonly recovery?: IbCcRecovery;
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
  /**
   * Window limit: at most this many packets sent and not yet acknowledged (default Infinity). Only
   * for a flow under rate control, whose ACKs open it (thesis ch. 1: "rate-based flow control with a
   * window limit").
   */
  readonly windowPackets?: number;
  /** Which path (LID) each packet takes: static (default) or DRB; DRB needs the fabric's `multipath` and a fixed destination. */
  readonly pathSelection?: PathSelectionSpec;
  /** Start time in µs (default 0). */
  readonly startUs?: number;
  /**
   * Time in µs at which the flow stops offering packets (default Infinity): no arrival at or after
   * it is offered; the packets already in the send queue are still sent. Lets a run drain.
   */
  readonly stopUs?: number;
}

function sizeProcess(field: string, spec: FlowPacketSizes | undefined, mtu: number, stream: RandomStream): PacketSizes {
  const law = packetSizes(spec === undefined ? { kind: 'constant', bytes: mtu } : typeof spec === 'number' ? { kind: 'constant', bytes: spec } : spec, stream, field);
  const o = spec as Record<string, unknown> | number | undefined;
  const largest =
    typeof o === 'number' ? o : o === undefined ? mtu : o.kind === 'constant' ? (o.bytes as number) : o.kind === 'uniform' ? (o.maxBytes as number) : maxOf(o.bytes as number[]);
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

const RESPONSE_KEYS = ['kind', 'rMin', 'rMax', 'unitBytes', 'start', 'gap'];

function responseFunction(field: string, o: Record<string, unknown>, rMax: number): ResponseFunction {
  const top = o.rMax ?? rMax;
  try {
    switch (o.kind) {
      case 'pipd':
        knownKeys(field, o, [...RESPONSE_KEYS, 'm']);
        return pipd({ rMin: o.rMin as number, rMax: top as number, m: o.m as number });
      case 'fimd':
        knownKeys(field, o, [...RESPONSE_KEYS, 'n']);
        return fimd({ rMin: o.rMin as number, rMax: top as number, n: o.n as number });
      case 'lipd':
        knownKeys(field, o, RESPONSE_KEYS);
        return lipd({ rMin: o.rMin as number, rMax: top as number });
      default:
        knownKeys(field, o, [...RESPONSE_KEYS, 'alpha', 'beta']);
        return aimd({ rMin: o.rMin as number, rMax: top as number, alpha: o.alpha as number, beta: o.beta as number });
    }
  } catch (e) {
    if (e instanceof InvalidParameterError && !e.parameter.startsWith(field)) {
      throw new InvalidParameterError(`${field}.${e.parameter}`, e.rule, e.value);
    }
    throw e;
  }
}

/** `linkRate`: the source link's bytes per second; `mtu` in bytes; `now` the flow's start (s). */
function rateController(field: string, spec: RateControlSpec | undefined, linkRate: number, mtu: number, now: number): InjectionControl | null {
  if (spec === undefined) return null;
  const o = plainObject(field, spec);
  switch (o.kind) {
    case 'none':
      return null;
    case 'pipd':
    case 'fimd':
    case 'lipd':
    case 'aimd': {
      const unitBytes = o.unitBytes === undefined ? mtu : integerAtLeast(`${field}.unitBytes`, o.unitBytes, 1);
      // Any unit: one larger than the MTU gives rates in fractions of a packet per second (the bound only catches typos).
      if (unitBytes > MAX_RATE_UNIT_BYTES) throw new InvalidParameterError(`${field}.unitBytes`, `an integer in 1..${MAX_RATE_UNIT_BYTES} bytes`, unitBytes);
      const start = o.start === undefined ? 'rMax' : oneOf(`${field}.start`, o.start, ['rMin', 'rMax'] as const);
      const gapRule = o.gap === undefined ? 'shorten' : oneOf(`${field}.gap`, o.gap, GAP_RULES);
      const fn = responseFunction(field, o, linkRate / unitBytes);
      return new ResponseInjectionControl(fn, { unitsPerPacket: mtu / unitBytes, initialRate: start === 'rMin' ? fn.rMin : fn.rMax, gapRule });
    }
    case 'ibcc': {
      knownKeys(field, o, ['kind', 'table', 'cctiIncrease', 'cctiLimit', 'cctiMin', 'timerUs', 'becnsPerIncrease', 'recovery']);
      const params: Record<string, unknown> = { bandwidth: linkRate / mtu, timerStart: now };
      for (const k of ['table', 'cctiIncrease', 'cctiLimit', 'cctiMin', 'becnsPerIncrease', 'recovery'] as const) if (o[k] !== undefined) params[k] = o[k];
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

/**
 * A named stream created at its first draw. Creating a stream hashes its name in bigints; a fabric
 * of 10⁵ CBR flows of fixed size (the `alfaro` scenario) would create 2·10⁵ streams it never draws
 * from. The draws are the same as the eager stream's: a stream depends only on (seed, name).
 */
class LazyStream implements RandomStream {
  private stream: RandomStream | null = null;
  private readonly make: () => RandomStream;

  constructor(make: () => RandomStream) {
    this.make = make;
  }

  next(): number {
    return (this.stream ??= this.make()).next();
  }

  /** The stream once made (null before the first draw). */
  resolved(): RandomStream | null {
    return this.stream;
  }
}

/** What compiling the flows needs from the rest of the front door. */
export interface FlowContext {
  readonly hostIndex: ReadonlyMap<string, number>;
  /** Global port of host 0. */
  readonly hostBase: number;
  /** Data rate (bytes/s) of every global port. */
  readonly rate: Float64Array;
  readonly mtu: number;
  readonly vls: number;
  readonly slToVl: readonly number[];
  /** VLs with weight > 0 in an arbitration table. */
  readonly servedVls: ReadonlySet<number>;
  readonly namedStream: (name: string) => RandomStream;
  /** usable[s·H + d]: the LID offsets of the pair's disjoint paths; null without multipath. */
  readonly usable: readonly (readonly number[])[] | null;
}

/**
 * Checks the `flows` option and compiles it.
 * @throws InvalidParameterError naming the field (`flows[1].destination`, …).
 */
export function compileFlows(flowSpecs: unknown, ctx: FlowContext): CompiledFlow[] {
  const { hostIndex, hostBase, rate, mtu, vls, slToVl, servedVls, namedStream, usable } = ctx;
  const H = hostIndex.size;
  if (!Array.isArray(flowSpecs)) throw new InvalidParameterError('flows', 'an array of flows', flowSpecs);
  const names = new Set<string>();
  return (flowSpecs as unknown[]).map((raw, i) => {
    const field = `flows[${i}]`;
    const f = plainObject(field, raw);
    knownKeys(field, f, ['name', 'source', 'destination', 'sl', 'traffic', 'packetBytes', 'sendQueuePackets', 'rateControl', 'windowPackets', 'pathSelection', 'startUs', 'stopUs']);
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
    const rateControl = rateController(`${field}.rateControl`, f.rateControl as RateControlSpec | undefined, rate[hostPort]!, mtu, start * 1e-6);
    let windowPackets = Infinity;
    if (f.windowPackets !== undefined) {
      windowPackets = capacityOrInfinity(`${field}.windowPackets`, f.windowPackets, 1);
      if (rateControl === null && windowPackets !== Infinity) {
        throw new InvalidParameterError(`${field}.windowPackets`, 'absent for a flow without rate control (its ACKs open the window)', f.windowPackets);
      }
    }
    return {
      name: f.name,
      source,
      destination,
      vl,
      arrivals: traffic(`${field}.traffic`, f.traffic as TrafficSpec | undefined, new LazyStream(() => namedStream(`flow:${f.name}:arrivals`))),
      sizes: sizeProcess(`${field}.packetBytes`, f.packetBytes as FlowPacketSizes | undefined, mtu, new LazyStream(() => namedStream(`flow:${f.name}:sizes`))),
      sendQueuePackets,
      rateControl,
      windowPackets,
      pathSelection: pathSelection(
        `${field}.pathSelection`,
        f.pathSelection,
        usable === null || destination < 0 ? null : usable[source * H + destination]!,
        namedStream(`flow:${f.name}:paths`),
        start * 1e-6,
      ),
      destinationStream: destination < 0 ? namedStream(`flow:${f.name}:destinations`) : null,
      start: start * 1e-6,
      stop: stop * 1e-6,
    };
  });
}

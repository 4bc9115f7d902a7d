/**
 * The topology a bandwidth broker works on, as plain JSON, and its one validating front door.
 *
 * Minimum form: `{ "links": [ { "id": "A-B", "bandwidth": 2500 } ], "slShares": { "0": 0.5, "1": 0.3 } }`.
 * Bandwidths, shares and the best-effort reserve are numbers or exact strings ("0.3", "1/3",
 * "2.5e3"); a number means the decimal it prints as (0.1 is 1/10, not the nearest double).
 */
import Fraction from 'fraction.js';
import { InvalidParameterError } from '../core/errors.js';
import { recordParameter } from '../core/shapes.js';
import { knownKeys, plainObject } from '../core/guards.js';
import { fractionFromNumber, gcd } from '../linalg/rational.js';
import { HIGH_LIMIT_UNIT_BYTES } from './arbiter.js';
import { MAX_DATA_VL, parseHighLimit, parseOpenSmVlarb } from '../network/qos/opensm.js';
import { packetFormat, type PacketFormat, type PacketFormatSpec } from './overhead.js';
import type { ArbitrationEntry } from '../network/qos/arbitrationTable.js';

/** A bandwidth, share or fraction: a finite number or an exact decimal/fraction string. */
export type ExactInput = number | string;

/** One directed link (the output port that drives it holds the arbitration table). */
export interface LinkSpec {
  readonly id: string;
  /** Link bandwidth in the topology's unit (e.g. Mb/s); > 0. */
  readonly bandwidth: ExactInput;
  /** Per-SL shares of this link, overriding the topology's `slShares`. */
  readonly slShares?: Readonly<Record<string, ExactInput>>;
  /** Optional end names, for the reader (not used). */
  readonly from?: string;
  readonly to?: string;
}

/** A switch, naming the output port of each of its links (labels for tables and OpenSM output). */
export interface SwitchSpec {
  readonly id: string;
  readonly ports: readonly { readonly port: number; readonly link: string }[];
}

/** Options of the arbitration tables (one per link). */
export interface ArbitrationSpec {
  /** Fill in the high-priority tables on admission (default true). */
  readonly enabled?: boolean;
  /** LimitOfHighPriority of every port, 0..255 (default 255: no limit). */
  readonly limitOfHighPriority?: number | string;
  /** Low-priority (best-effort) table of every port in OpenSM form (default empty). */
  readonly low?: string;
  /** Largest packet in bytes, for the delay bounds (default 2048). */
  readonly mtu?: number;
}

/** The topology as JSON. */
export interface TopologySpec {
  readonly links: readonly LinkSpec[];
  /** Share of each link's bandwidth per SL (keys "0".."15", values in [0, 1], sum ≤ 1). Absent: no per-SL rule. */
  readonly slShares?: Readonly<Record<string, ExactInput>>;
  /** SL → data VL: an array of 16 or an object { "sl": vl }. Default: SL i → VL i for i ≤ 14, SL 15 unmapped. */
  readonly slToVl?: readonly number[] | Readonly<Record<string, number>>;
  /** Fraction of every link kept for best-effort traffic, in [0, 1) (default 0; the seed uses 0.2). */
  readonly bestEffortReserve?: ExactInput;
  readonly arbitration?: ArbitrationSpec;
  readonly switches?: readonly SwitchSpec[];
  /**
   * What one unit of `bandwidth` is, in bits per second (SI, decimal): one of
   * {@link BANDWIDTH_UNITS}. Needed only by requests that state a maximum `delay` in seconds (the
   * delay bounds are in bytes; a link then sends bandwidth · unit / 8 bytes per second).
   */
  readonly bandwidthUnit?: BandwidthUnit;
  /**
   * The packet format of every connection (overhead.ts): when given, a request's `bandwidth` is its
   * payload bandwidth B and the broker reserves B·(S + h)/S on each link, S the payload bytes and h
   * the headers and CRCs (26 bytes, 66 with a GRH). Absent: bandwidths are taken as they are.
   */
  readonly packet?: PacketFormatSpec;
}

/** Bits per second of each accepted `bandwidthUnit` (SI prefixes, powers of ten). */
export const BANDWIDTH_UNITS = { 'b/s': 1n, 'kb/s': 1000n, 'Mb/s': 1000000n, 'Gb/s': 1000000000n, 'Tb/s': 1000000000000n } as const;

/** A unit of link bandwidth: bits per second with an SI prefix. */
export type BandwidthUnit = keyof typeof BANDWIDTH_UNITS;

/** An exact non-negative rational n/d in lowest terms, d > 0. */
export interface Exact {
  readonly n: bigint;
  readonly d: bigint;
}

/** A validated link. */
export interface Link {
  readonly id: string;
  readonly bandwidth: Exact;
  /** Per-SL shares (16 slots, undefined = SL has no share) or undefined when no per-SL rule applies. */
  readonly slShares: readonly (Exact | undefined)[] | undefined;
  /** Port label "switch/port" when `switches` names it, else the link id. */
  readonly port: string;
}

/** A validated topology (what {@link BandwidthBroker} is built from). */
export interface Topology {
  readonly links: readonly Link[];
  /** VL of each SL 0..15, −1 when unmapped. */
  readonly slToVl: readonly number[];
  readonly bestEffortReserve: Exact;
  /** The topology's `bandwidthUnit` and its bits per second, or undefined when it names none. */
  readonly bandwidthUnit: { readonly name: BandwidthUnit; readonly bitsPerSecond: bigint } | undefined;
  readonly arbitration: {
    readonly enabled: boolean;
    readonly limitOfHighPriority: number;
    readonly low: readonly ArbitrationEntry[];
    readonly mtu: number;
  };
  /** The packet format, when the topology gives one (then requests are payload bandwidths). */
  readonly packet: PacketFormat | undefined;
}

/** Number of service levels in InfiniBand. */
export const SL_COUNT = 16;

/** n/d in lowest terms. */
export function exact(n: bigint, d: bigint): Exact {
  const g = gcd(n, d);
  return g === 0n ? { n: 0n, d: 1n } : { n: n / g, d: d / g };
}

const DECIMAL = /^\s*(\d+)(?:\.(\d*))?(?:[eE]([+-]?\d+))?\s*$/;

/** A decimal text as n / 10^k, not reduced; undefined when it is not a plain decimal. */
function parseDecimal(text: string): Exact | undefined {
  const m = DECIMAL.exec(text);
  if (!m) return undefined;
  const frac = m[2] ?? '';
  const e = m[3] === undefined ? 0 : Number(m[3]);
  if (Math.abs(e) > 400) return undefined;
  let num = BigInt(m[1]! + frac);
  let den = frac.length === 0 ? 1n : 10n ** BigInt(frac.length);
  if (e > 0) num *= 10n ** BigInt(e);
  else if (e < 0) den *= 10n ** BigInt(-e);
  return { n: num, d: den };
}

/**
 * Like {@link parseExact} but the result may be unreduced (a decimal comes back as n / 10^k): the
 * broker's hot path, which only needs some exact n/d and skips the gcd.
 *
 * @throws InvalidParameterError as {@link parseExact}.
 */
export function parseExactUnreduced(name: string, value: unknown): Exact {
  if (typeof value === 'number') {
    if (Number.isSafeInteger(value) && value >= 0) return { n: BigInt(value), d: 1n };
    if (Number.isFinite(value) && value >= 0) {
      const q = parseDecimal(String(value));
      if (q) return q;
    }
  } else if (typeof value === 'string') {
    const q = parseDecimal(value);
    if (q) return q;
  }
  return parseExact(name, value);
}

/**
 * Reads a number or an exact string ("2500", "0.064", "2.5e3", "1/3", "0.(3)") as an exact
 * rational in lowest terms. Numbers mean their shortest decimal representation (0.1 is 1/10).
 *
 * @throws InvalidParameterError naming `name` for anything else, NaN, ±Infinity or a negative value.
 * @example parseExact('bandwidth', '0.064')   // → { n: 8n, d: 125n }
 */
export function parseExact(name: string, value: unknown): Exact {
  let f: Fraction;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new InvalidParameterError(name, 'a finite number or an exact decimal string', value);
    f = fractionFromNumber(value, name);
  } else if (typeof value === 'string') {
    const q = parseDecimal(value);
    if (q) return exact(q.n, q.d);
    try {
      f = new Fraction(value);
    } catch {
      throw new InvalidParameterError(name, 'a finite number or an exact decimal string such as "0.3" or "1/3"', value);
    }
  } else {
    throw new InvalidParameterError(name, 'a finite number or an exact decimal string', value);
  }
  if (f.s < 0n && f.n !== 0n) throw new InvalidParameterError(name, 'a value >= 0', value);
  return exact(f.n, f.d);
}

/** An Exact as a double (correct to rounding for the sizes met here). */
export function exactToNumber(x: Exact): number {
  return Number(x.n) / Number(x.d);
}

/**
 * An Exact as text that reads back exactly: a decimal when it terminates ("1875.5", "0.064"), else
 * "n/d" ("10506/15").
 */
export function exactToString(x: Exact): string {
  recordParameter('x', x, { n: 'bigint', d: 'bigint' });
  if (x.d <= 0n) throw new InvalidParameterError('x.d', 'a bigint > 0 (the denominator)', x.d);
  const { n, d } = exact(x.n, x.d);
  let rest = d;
  let twos = 0;
  let fives = 0;
  while (rest % 2n === 0n) {
    rest /= 2n;
    twos++;
  }
  while (rest % 5n === 0n) {
    rest /= 5n;
    fives++;
  }
  if (rest !== 1n) return `${n}/${d}`;
  const digits = Math.max(twos, fives);
  const scaled = (n * 10n ** BigInt(digits)) / d;
  if (digits === 0) return scaled.toString();
  const text = scaled.toString().padStart(digits + 1, '0');
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

function parseShares(name: string, value: unknown): (Exact | undefined)[] {
  const obj = plainObject(name, value);
  const shares: (Exact | undefined)[] = new Array(SL_COUNT).fill(undefined);
  let sumN = 0n;
  let sumD = 1n;
  for (const [key, v] of Object.entries(obj)) {
    if (!/^(\d|1[0-5])$/.test(key)) throw new InvalidParameterError(`${name}.${key}`, 'a key that is an SL 0..15', key);
    const share = parseExact(`${name}.${key}`, v);
    if (share.n > share.d) throw new InvalidParameterError(`${name}.${key}`, 'a share in [0, 1]', v);
    shares[Number(key)] = share;
    sumN = sumN * share.d + share.n * sumD;
    sumD *= share.d;
  }
  if (sumN > sumD) throw new InvalidParameterError(name, 'shares summing to at most 1', value);
  return shares;
}

function parseSlToVl(value: unknown): number[] {
  const map = Array.from({ length: SL_COUNT }, (_, sl) => (sl <= MAX_DATA_VL ? sl : -1));
  if (value === undefined) return map;
  const set = (sl: number, vl: unknown, name: string) => {
    if (typeof vl !== 'number' || !Number.isInteger(vl) || vl < 0 || vl > MAX_DATA_VL) {
      throw new InvalidParameterError(name, `a data VL 0..${MAX_DATA_VL}`, vl);
    }
    map[sl] = vl;
  };
  if (Array.isArray(value)) {
    if (value.length !== SL_COUNT) throw new InvalidParameterError('slToVl', 'an array of 16 VLs (one per SL)', value);
    value.forEach((vl, sl) => set(sl, vl, `slToVl[${sl}]`));
    return map;
  }
  const obj = plainObject('slToVl', value);
  for (const [key, vl] of Object.entries(obj)) {
    if (!/^(\d|1[0-5])$/.test(key)) throw new InvalidParameterError(`slToVl.${key}`, 'a key that is an SL 0..15', key);
    set(Number(key), vl, `slToVl.${key}`);
  }
  return map;
}

/**
 * Validates a topology description. Every error is an {@link InvalidParameterError} naming the
 * field (`links[2].bandwidth`, `slShares.3`, `switches[0].ports[1].link`, …).
 *
 * Rules: at least one link; link ids non-empty and unique; bandwidth > 0; shares in [0, 1] with a
 * sum ≤ 1 (per link, a link's own `slShares` replaces the topology's); SL→VL onto data VLs 0..14;
 * best-effort reserve in [0, 1); LimitOfHighPriority 0..255; the low table in OpenSM form; MTU a
 * positive integer; switch ports naming existing links, each link at most once; `bandwidthUnit`
 * one of {@link BANDWIDTH_UNITS}; no unknown keys. When arbitration is enabled, the low table has
 * an entry and LimitOfHighPriority L < 255, the low-priority traffic the limit lets through, up to
 * mtu / (L·4096 + mtu) of a link, must fit in the reserve: bestEffortReserve ≥ mtu / (L·4096 + mtu)
 * (L = 0 is refused: nothing bounds it).
 *
 * @example validateTopology({ links: [{ id: 'A-B', bandwidth: 2500 }] }).links[0].port  // → "A-B"
 */
export function validateTopology(spec: unknown): Topology {
  const top = plainObject('topology', spec);
  knownKeys('topology', top, ['links', 'slShares', 'slToVl', 'bestEffortReserve', 'arbitration', 'switches', 'bandwidthUnit', 'packet']);
  const packet = top.packet === undefined ? undefined : packetFormat(top.packet, 'packet');
  let bandwidthUnit: Topology['bandwidthUnit'];
  if (top.bandwidthUnit !== undefined) {
    if (typeof top.bandwidthUnit !== 'string' || !Object.hasOwn(BANDWIDTH_UNITS, top.bandwidthUnit)) {
      throw new InvalidParameterError('bandwidthUnit', `one of ${Object.keys(BANDWIDTH_UNITS).join(', ')}`, top.bandwidthUnit);
    }
    const name = top.bandwidthUnit as BandwidthUnit;
    bandwidthUnit = { name, bitsPerSecond: BANDWIDTH_UNITS[name] };
  }
  if (!Array.isArray(top.links) || top.links.length === 0) {
    throw new InvalidParameterError('links', 'a non-empty array of links', top.links);
  }
  const defaultShares = top.slShares === undefined ? undefined : parseShares('slShares', top.slShares);
  const seen = new Set<string>();
  const raw = top.links.map((l: unknown, k: number) => {
    const link = plainObject(`links[${k}]`, l);
    knownKeys(`links[${k}]`, link, ['id', 'bandwidth', 'slShares', 'from', 'to']);
    if (typeof link.id !== 'string' || link.id === '') {
      throw new InvalidParameterError(`links[${k}].id`, 'a non-empty string', link.id);
    }
    if (seen.has(link.id)) throw new InvalidParameterError(`links[${k}].id`, 'unique among the links', link.id);
    seen.add(link.id);
    const bandwidth = parseExact(`links[${k}].bandwidth`, link.bandwidth);
    if (bandwidth.n === 0n) throw new InvalidParameterError(`links[${k}].bandwidth`, 'a bandwidth > 0', link.bandwidth);
    for (const end of ['from', 'to'] as const) {
      if (link[end] !== undefined && typeof link[end] !== 'string') {
        throw new InvalidParameterError(`links[${k}].${end}`, 'a string', link[end]);
      }
    }
    const slShares = link.slShares === undefined ? defaultShares : parseShares(`links[${k}].slShares`, link.slShares);
    return { id: link.id, bandwidth, slShares };
  });
  const slToVl = parseSlToVl(top.slToVl);
  const bestEffortReserve =
    top.bestEffortReserve === undefined ? { n: 0n, d: 1n } : parseExact('bestEffortReserve', top.bestEffortReserve);
  if (bestEffortReserve.n >= bestEffortReserve.d) {
    throw new InvalidParameterError('bestEffortReserve', 'a fraction in [0, 1)', top.bestEffortReserve);
  }
  const arb = top.arbitration === undefined ? {} : plainObject('arbitration', top.arbitration);
  knownKeys('arbitration', arb, ['enabled', 'limitOfHighPriority', 'low', 'mtu']);
  if (arb.enabled !== undefined && typeof arb.enabled !== 'boolean') {
    throw new InvalidParameterError('arbitration.enabled', 'true or false', arb.enabled);
  }
  const limitOfHighPriority =
    arb.limitOfHighPriority === undefined ? 255 : parseHighLimit(arb.limitOfHighPriority, 'arbitration.limitOfHighPriority');
  const low = parseOpenSmVlarb(arb.low === undefined ? '' : (arb.low as string), 'arbitration.low');
  const mtu = arb.mtu === undefined ? 2048 : arb.mtu;
  if (typeof mtu !== 'number' || !Number.isInteger(mtu) || mtu < 1) {
    throw new InvalidParameterError('arbitration.mtu', 'an integer number of bytes >= 1', mtu);
  }
  const enabled = arb.enabled !== false;
  // LimitOfHighPriority L < 255 lets one low-priority packet (≤ M bytes) go after every L·4096
  // high-priority bytes (one high packet when L = 0) while both tables have traffic. Low-priority
  // traffic can then hold up to M / (L·4096 + M) of the link, which the broker does not count:
  // it must fit inside the best-effort reserve r, i.e. r ≥ M / (L·4096 + M), or the admitted QoS
  // load (< (1 − r) of the link) may not get through. With L = 0 a high packet may be a few bytes,
  // so the low table may take almost the whole link: refused unless the low table is empty.
  if (enabled && limitOfHighPriority < 255 && low.some((e) => e.weight > 0)) {
    const M = BigInt(mtu);
    const highBytes = BigInt(limitOfHighPriority) * BigInt(HIGH_LIMIT_UNIT_BYTES);
    if (limitOfHighPriority === 0 || bestEffortReserve.n * (highBytes + M) < M * bestEffortReserve.d) {
      throw new InvalidParameterError(
        'arbitration.limitOfHighPriority',
        limitOfHighPriority === 0
          ? 'not 0 while the low table has entries (one low packet per high packet is not bounded by any bestEffortReserve)'
          : `a limit L whose low-priority share mtu / (L·4096 + mtu) = ${mtu}/${highBytes + M} fits in bestEffortReserve (${exactToString(bestEffortReserve)})`,
        limitOfHighPriority,
      );
    }
  }
  const portOf = new Map<string, string>();
  if (top.switches !== undefined) {
    if (!Array.isArray(top.switches)) throw new InvalidParameterError('switches', 'an array of switches', top.switches);
    top.switches.forEach((s: unknown, k: number) => {
      const sw = plainObject(`switches[${k}]`, s);
      knownKeys(`switches[${k}]`, sw, ['id', 'ports']);
      if (typeof sw.id !== 'string' || sw.id === '') {
        throw new InvalidParameterError(`switches[${k}].id`, 'a non-empty string', sw.id);
      }
      if (!Array.isArray(sw.ports)) throw new InvalidParameterError(`switches[${k}].ports`, 'an array of ports', sw.ports);
      sw.ports.forEach((p: unknown, q: number) => {
        const port = plainObject(`switches[${k}].ports[${q}]`, p);
        knownKeys(`switches[${k}].ports[${q}]`, port, ['port', 'link']);
        if (typeof port.port !== 'number' || !Number.isInteger(port.port) || port.port < 0 || port.port > 254) {
          throw new InvalidParameterError(`switches[${k}].ports[${q}].port`, 'a port number 0..254', port.port);
        }
        if (typeof port.link !== 'string' || !seen.has(port.link)) {
          throw new InvalidParameterError(`switches[${k}].ports[${q}].link`, 'the id of a link', port.link);
        }
        if (portOf.has(port.link)) {
          throw new InvalidParameterError(`switches[${k}].ports[${q}].link`, 'a link driven by one port only', port.link);
        }
        portOf.set(port.link, `${sw.id}/${port.port}`);
      });
    });
  }
  return {
    links: raw.map((l) => ({ ...l, port: portOf.get(l.id) ?? l.id })),
    slToVl,
    bestEffortReserve,
    bandwidthUnit,
    arbitration: { enabled, limitOfHighPriority, low, mtu },
    packet,
  };
}

/**
 * The flow fields of a `fabric` scenario (the simulator's FlowSpec, the same names) read for the
 * analytic model: the arrival process as (λ, Ca²), the packet sizes as their first two moments on the
 * wire, the send queue, the SL; rate control and path selection accepted and flagged. Part of the
 * model's checking front door (scenario.ts): every error names the field, the rule and the value.
 */
import { InvalidParameterError } from '../../core/errors.js';
import { knownKeys, plainObject } from '../../core/guards.js';

/** The keys a flow may hold (the simulator's FlowSpec). */
export const FLOW_KEYS = ['name', 'source', 'destination', 'sl', 'traffic', 'packetBytes', 'sendQueuePackets', 'rateControl', 'windowPackets', 'pathSelection', 'startUs', 'stopUs'] as const;

/** A flow's fields as the model reads them. */
export interface ParsedFlow {
  readonly name: string;
  readonly source: string;
  readonly destination: string;
  readonly sl: number;
  /** Packets per second (Infinity: saturated). */
  readonly lambda: number;
  readonly ca2: number;
  /** Payload size moments, bytes (the header bytes are added by the caller). */
  readonly meanBytes: number;
  readonly secondMomentBytes: number;
  readonly largestBytes: number;
  readonly sendQueuePackets: number;
  readonly rateControlled: boolean;
}

const positive = (field: string, v: unknown): number => {
  if (typeof v !== 'number' || !Number.isFinite(v) || !(v > 0)) throw new InvalidParameterError(field, 'a finite number > 0', v);
  return v;
};
const intAtLeast = (field: string, v: unknown, min: number): number => {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min) throw new InvalidParameterError(field, `an integer >= ${min}`, v);
  return v;
};

/** λ (packets/s) and Ca² of a flow's `traffic` (the simulator's kinds: saturated, poisson, ge, cbr, onoff). */
export function trafficMoments(field: string, spec: unknown): { lambda: number; ca2: number } {
  if (spec === undefined) return { lambda: Infinity, ca2: 0 };
  const o = plainObject(field, spec);
  switch (o.kind) {
    case 'saturated':
      knownKeys(field, o, ['kind']);
      return { lambda: Infinity, ca2: 0 };
    case 'poisson':
      knownKeys(field, o, ['kind', 'rate']);
      return { lambda: positive(`${field}.rate`, o.rate), ca2: 1 };
    case 'ge': {
      knownKeys(field, o, ['kind', 'rate', 'ca2']);
      const ca2 = o.ca2 as number;
      if (typeof ca2 !== 'number' || !Number.isFinite(ca2) || ca2 < 1) throw new InvalidParameterError(`${field}.ca2`, 'a finite number >= 1', ca2);
      return { lambda: positive(`${field}.rate`, o.rate), ca2 };
    }
    case 'cbr':
      knownKeys(field, o, ['kind', 'rate', 'phase']);
      return { lambda: positive(`${field}.rate`, o.rate), ca2: 0 };
    case 'onoff': {
      knownKeys(field, o, ['kind', 'peakRate', 'meanOn', 'meanOff', 'pattern', 'startOn']);
      const peak = positive(`${field}.peakRate`, o.peakRate);
      const on = positive(`${field}.meanOn`, o.meanOn);
      const off = positive(`${field}.meanOff`, o.meanOff);
      if (o.pattern !== undefined && o.pattern !== 'poisson' && o.pattern !== 'cbr') throw new InvalidParameterError(`${field}.pattern`, "'poisson' or 'cbr'", o.pattern);
      // Interrupted Poisson process: SCV of the inter-arrival times 1 + 2λα/(α + β)², α = 1/meanOn, β = 1/meanOff
      // (Fischer & Meier-Hellstern 1993); the CBR pattern is read with the same burst term.
      const a = 1 / on;
      const b = 1 / off;
      return { lambda: (peak * on) / (on + off), ca2: 1 + (2 * peak * a) / ((a + b) * (a + b)) - (o.pattern === 'cbr' ? 1 : 0) };
    }
    default:
      throw new InvalidParameterError(`${field}.kind`, "one of 'saturated', 'poisson', 'ge', 'cbr', 'onoff'", o.kind);
  }
}

/** Mean, second moment and largest of a flow's `packetBytes` (a number, or constant / mix / uniform). */
export function sizeMoments(field: string, spec: unknown, mtu: number): { mean: number; second: number; largest: number } {
  if (spec === undefined) return { mean: mtu, second: mtu * mtu, largest: mtu };
  if (typeof spec === 'number') {
    const b = intAtLeast(field, spec, 1);
    return { mean: b, second: b * b, largest: b };
  }
  const o = plainObject(field, spec);
  switch (o.kind) {
    case 'constant': {
      knownKeys(field, o, ['kind', 'bytes']);
      const b = intAtLeast(`${field}.bytes`, o.bytes, 1);
      return { mean: b, second: b * b, largest: b };
    }
    case 'uniform': {
      knownKeys(field, o, ['kind', 'minBytes', 'maxBytes']);
      const lo = intAtLeast(`${field}.minBytes`, o.minBytes, 1);
      const hi = intAtLeast(`${field}.maxBytes`, o.maxBytes, lo);
      // Discrete uniform on lo..hi.
      const n = hi - lo + 1;
      const mean = (lo + hi) / 2;
      return { mean, second: mean * mean + (n * n - 1) / 12, largest: hi };
    }
    case 'mix': {
      knownKeys(field, o, ['kind', 'bytes', 'weights']);
      if (!Array.isArray(o.bytes) || o.bytes.length === 0) throw new InvalidParameterError(`${field}.bytes`, 'a non-empty array of sizes', o.bytes);
      if (!Array.isArray(o.weights) || o.weights.length !== o.bytes.length) throw new InvalidParameterError(`${field}.weights`, `an array of ${o.bytes.length} weights (one per size)`, o.weights);
      const bytes = o.bytes.map((b, i) => intAtLeast(`${field}.bytes[${i}]`, b, 1));
      let total = 0;
      (o.weights as unknown[]).forEach((w, i) => {
        if (typeof w !== 'number' || !Number.isFinite(w) || w < 0) throw new InvalidParameterError(`${field}.weights[${i}]`, 'a finite number >= 0', w);
        total += w;
      });
      if (!(total > 0)) throw new InvalidParameterError(`${field}.weights`, 'not all 0', o.weights);
      let mean = 0;
      let second = 0;
      let largest = 0;
      bytes.forEach((b, i) => {
        const p = (o.weights as number[])[i]! / total;
        mean += p * b;
        second += p * b * b;
        if (p > 0) largest = Math.max(largest, b);
      });
      return { mean, second, largest };
    }
    default:
      throw new InvalidParameterError(`${field}.kind`, "one of 'constant', 'mix', 'uniform'", o.kind);
  }
}

/** Checks `flows[i]` and reads it (hosts are checked by the caller, which knows the topology). */
export function parseFlow(field: string, spec: unknown, mtu: number): ParsedFlow {
  const o = plainObject(field, spec);
  knownKeys(field, o, FLOW_KEYS);
  if (typeof o.name !== 'string' || o.name === '') throw new InvalidParameterError(`${field}.name`, 'a non-empty string', o.name);
  if (typeof o.source !== 'string') throw new InvalidParameterError(`${field}.source`, 'a host name', o.source);
  if (typeof o.destination !== 'string') throw new InvalidParameterError(`${field}.destination`, "a host name or 'uniform'", o.destination);
  const sl = o.sl === undefined ? 0 : (o.sl as number);
  if (typeof sl !== 'number' || !Number.isInteger(sl) || sl < 0 || sl > 15) throw new InvalidParameterError(`${field}.sl`, 'an integer in 0..15', o.sl);
  const { lambda, ca2 } = trafficMoments(`${field}.traffic`, o.traffic);
  const size = sizeMoments(`${field}.packetBytes`, o.packetBytes, mtu);
  if (size.largest > mtu) throw new InvalidParameterError(`${field}.packetBytes`, `sizes of at most the MTU (${mtu} bytes)`, o.packetBytes);
  let sendQueuePackets = Infinity;
  if (o.sendQueuePackets !== undefined && o.sendQueuePackets !== Infinity && o.sendQueuePackets !== 'Infinity') sendQueuePackets = intAtLeast(`${field}.sendQueuePackets`, o.sendQueuePackets, 1);
  let rateControlled = false;
  if (o.rateControl !== undefined) {
    const rc = plainObject(`${field}.rateControl`, o.rateControl);
    const kinds = ['none', 'pipd', 'fimd', 'lipd', 'aimd', 'ibcc'];
    if (!kinds.includes(rc.kind as string)) throw new InvalidParameterError(`${field}.rateControl.kind`, `one of ${kinds.map((k) => `'${k}'`).join(', ')}`, rc.kind);
    rateControlled = rc.kind !== 'none';
  }
  if (o.pathSelection !== undefined) {
    const ps = plainObject(`${field}.pathSelection`, o.pathSelection);
    if (ps.kind !== 'static') throw new InvalidParameterError(`${field}.pathSelection.kind`, "'static' (the analytic model follows the forwarding tables; DRB is not modelled)", ps.kind);
  }
  for (const key of ['startUs', 'stopUs', 'windowPackets'] as const) {
    const v = o[key];
    if (v !== undefined && v !== Infinity && (typeof v !== 'number' || !(v >= 0))) throw new InvalidParameterError(`${field}.${key}`, 'a number >= 0', v);
  }
  return { name: o.name, source: o.source, destination: o.destination, sl, lambda, ca2, meanBytes: size.mean, secondMomentBytes: size.second, largestBytes: size.largest, sendQueuePackets, rateControlled };
}

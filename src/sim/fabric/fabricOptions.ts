/**
 * The fabric options both engines' front doors read alike (build.ts `buildFabric`, lean/leanBuild.ts
 * `compileLean`): one place for their checks and defaults, so that the two cannot drift apart (review
 * R44lean, session 27: the lean copy had lost the histogram's value checks).
 */
import { InvalidParameterError } from '../../core/errors.js';
import { integerAtLeast, knownKeys, plainObject, positiveRate } from '../../core/guards.js';
import type { RandomStream } from '../../core/random.js';
import { RandomStreams } from '../random/streams.js';
import { CREDIT_BLOCK_BYTES } from './compiled.js';
import { checkPacketHeaderBytes } from './qos.js';

/** The hardware options every engine takes, checked, with their defaults (FabricOptions' meaning; bytes, ns). */
export interface CommonHardware {
  readonly vls: number;
  readonly mtu: number;
  readonly headerBytes: number;
  readonly bufferBytes: number;
  readonly switchLatencyNs: number;
  readonly cutThrough: boolean;
  readonly latencyHistogram: { hiUs: number; bins: number };
}

/**
 * `vls`, `mtu`, `packetHeaderBytes`, `bufferBytes` (at least one MTU with its headers), `switchLatencyNs`,
 * `cutThrough` and `latencyHistogram` of a fabric's options.
 * @throws InvalidParameterError naming the option, the rule and the value.
 */
export function commonHardware(o: Readonly<Record<string, unknown>>): CommonHardware {
  const vls = o.vls === undefined ? 2 : integerAtLeast('vls', o.vls, 1);
  if (vls > 15) throw new InvalidParameterError('vls', 'an integer in 1..15', vls);
  const mtu = o.mtu === undefined ? 2048 : integerAtLeast('mtu', o.mtu, 256);
  if (mtu > 4096) throw new InvalidParameterError('mtu', 'an integer in 256..4096', mtu);
  const headerBytes = checkPacketHeaderBytes(o.packetHeaderBytes);
  const bufferBytes = o.bufferBytes === undefined ? 8192 : integerAtLeast('bufferBytes', o.bufferBytes, 1);
  if (Math.floor(bufferBytes / CREDIT_BLOCK_BYTES) < Math.ceil((mtu + headerBytes) / CREDIT_BLOCK_BYTES)) {
    const rule = headerBytes > 0 ? `at least one MTU with its headers (${mtu + headerBytes} bytes)` : `at least one MTU (${mtu} bytes)`;
    throw new InvalidParameterError('bufferBytes', rule, bufferBytes);
  }
  const switchLatencyNs = o.switchLatencyNs === undefined ? 100 : (o.switchLatencyNs as number);
  if (typeof switchLatencyNs !== 'number' || !Number.isFinite(switchLatencyNs) || switchLatencyNs < 0) {
    throw new InvalidParameterError('switchLatencyNs', 'a finite number >= 0 (ns)', switchLatencyNs);
  }
  if (o.cutThrough !== undefined && typeof o.cutThrough !== 'boolean') throw new InvalidParameterError('cutThrough', 'a boolean', o.cutThrough);
  return { vls, mtu, headerBytes, bufferBytes, switchLatencyNs, cutThrough: (o.cutThrough as boolean | undefined) ?? true, latencyHistogram: latencyHistogramOption(o.latencyHistogram) };
}

/** The `latencyHistogram` option checked, with its default (100 bins up to 1000 µs). */
export function latencyHistogramOption(value: unknown): { hiUs: number; bins: number } {
  if (value === undefined) return { hiUs: 1000, bins: 100 };
  const h = plainObject('latencyHistogram', value);
  knownKeys('latencyHistogram', h, ['hiUs', 'bins']);
  return { hiUs: positiveRate('latencyHistogram.hiUs', h.hiUs), bins: integerAtLeast('latencyHistogram.bins', h.bins, 1) };
}

/**
 * The named random streams of one replication: `streams` (a RandomStreams) or a new one from `seed`
 * (default 1), and `replication` (default 0).
 * @throws InvalidParameterError naming `streams` or `replication`.
 */
export function replicationStreams(o: Readonly<Record<string, unknown>>): (name: string) => RandomStream {
  let streams: RandomStreams;
  if (o.streams !== undefined) {
    if (!(o.streams instanceof RandomStreams)) throw new InvalidParameterError('streams', 'a RandomStreams', o.streams);
    streams = o.streams;
  } else streams = new RandomStreams(o.seed === undefined ? 1 : (o.seed as number));
  const replication = o.replication === undefined ? 0 : integerAtLeast('replication', o.replication, 0);
  return (name: string): RandomStream => streams.stream(name, replication);
}

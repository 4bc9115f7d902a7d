/**
 * Packet sizes in bytes: a constant, a mix of sizes with weights (e.g. 60 % of 256 B and 40 % of
 * 2048 B), or uniform over a range of whole bytes.
 */
import { InvalidParameterError } from '../../core/errors.js';
import { integerAtLeast } from '../../core/guards.js';
import type { RandomStream } from '../../core/random.js';

/** A source of packet sizes. */
export interface PacketSizes {
  /** Mean size in bytes. */
  readonly meanBytes: number;
  /** One size in bytes (an integer ≥ 1). */
  sample(): number;
  /** The size when it is constant (then sample() always returns it). */
  readonly constantBytes?: number;
}

/** The JSON form of a packet-size law. */
export type PacketSizeSpec =
  | { readonly kind: 'constant'; readonly bytes: number }
  | { readonly kind: 'mix'; readonly bytes: readonly number[]; readonly weights: readonly number[] }
  | { readonly kind: 'uniform'; readonly minBytes: number; readonly maxBytes: number };

/**
 * Builds a packet-size sampler from its spec.
 *
 * - constant: every packet `bytes` long (an integer ≥ 1); needs no stream.
 * - mix: `bytes[i]` with probability weights[i]/Σweights (weights finite ≥ 0, not all 0); drawn by
 *   inversion over the cumulative weights (one uniform; a linear scan, meant for a handful of sizes).
 * - uniform: an integer uniform on minBytes..maxBytes.
 *
 * @param field the name used in error messages (e.g. 'flows[2].sizes').
 * @throws InvalidParameterError naming `field.<key>` for a bad spec.
 * @example packetSizes({ kind: 'mix', bytes: [256, 2048], weights: [3, 2] }, stream).meanBytes; // 972.8
 */
export function packetSizes(spec: PacketSizeSpec, stream?: RandomStream, field = 'sizes'): PacketSizes {
  if (typeof spec !== 'object' || spec === null) throw new InvalidParameterError(field, 'an object with a kind', spec);
  const needStream = (): RandomStream => {
    if (stream === undefined) throw new InvalidParameterError('stream', `given for ${field}.kind '${spec.kind}'`, stream);
    return stream;
  };
  switch (spec.kind) {
    case 'constant': {
      const bytes = integerAtLeast(`${field}.bytes`, spec.bytes, 1);
      return { meanBytes: bytes, sample: () => bytes, constantBytes: bytes };
    }
    case 'uniform': {
      const lo = integerAtLeast(`${field}.minBytes`, spec.minBytes, 1);
      const hi = integerAtLeast(`${field}.maxBytes`, spec.maxBytes, lo);
      const s = needStream();
      const span = hi - lo + 1;
      return { meanBytes: (lo + hi) / 2, sample: () => lo + Math.floor(s.next() * span) };
    }
    case 'mix': {
      if (!Array.isArray(spec.bytes) || spec.bytes.length === 0) {
        throw new InvalidParameterError(`${field}.bytes`, 'a non-empty array of sizes', spec.bytes);
      }
      if (!Array.isArray(spec.weights) || spec.weights.length !== spec.bytes.length) {
        throw new InvalidParameterError(`${field}.weights`, `an array of ${spec.bytes.length} weights (one per size)`, spec.weights);
      }
      const bytes = spec.bytes.map((b, i) => integerAtLeast(`${field}.bytes[${i}]`, b, 1));
      let total = 0;
      spec.weights.forEach((w, i) => {
        if (typeof w !== 'number' || !Number.isFinite(w) || w < 0) {
          throw new InvalidParameterError(`${field}.weights[${i}]`, 'a finite number >= 0', w);
        }
        total += w;
      });
      if (!(total > 0)) throw new InvalidParameterError(`${field}.weights`, 'not all 0', spec.weights);
      const cumulative = new Float64Array(bytes.length);
      let acc = 0;
      let mean = 0;
      let top = 0; // the last size with a weight > 0
      for (let i = 0; i < bytes.length; i++) {
        acc += spec.weights[i]! / total;
        cumulative[i] = acc;
        mean += (spec.weights[i]! / total) * bytes[i]!;
        if (spec.weights[i]! > 0) top = i;
      }
      // Rounding must not leave a gap at the top, where a zero-weight size after `top` would be drawn.
      cumulative.fill(1, top);
      const s = needStream();
      return {
        meanBytes: mean,
        sample: () => {
          const u = s.next();
          let i = 0;
          while (u >= cumulative[i]!) i++;
          return bytes[i]!;
        },
      };
    }
    default:
      throw new InvalidParameterError(`${field}.kind`, "one of 'constant', 'mix', 'uniform'", (spec as { kind?: unknown }).kind);
  }
}

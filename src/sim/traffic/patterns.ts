/**
 * Permutation traffic patterns on node indices 0..n−1 (Dally & Towles, "Principles and Practices of
 * Interconnection Networks", §3.2): each node sends to one fixed destination. With k = log2 n bits,
 * a node s = (s_{k−1} … s_1 s_0) sends to
 *
 * - perfect shuffle: the 1-bit left rotation (s_{k−2} … s_0 s_{k−1}) — the DRB paper (Lugones et al.), §5: "source node
 *   communicates with the node named b_{n−2}, b_{n−3} … b_0, b_{n−1} (1 bit left rotation)";
 * - bit reversal: (s_0 s_1 … s_{k−1});
 * - transpose: d_i = s_{(i + k/2) mod k}, the two halves of the bits swapped (k even: on a 2^(k/2)
 *   square grid numbered row by row this is the matrix transpose).
 *
 * All three need n to be a power of two (transpose an even power). A node may be its own image
 * (0 and n−1 under every pattern): {@link permutationDestination} returns the node itself, and the
 * caller decides (the `drb` scenario gives such a node no flow).
 */
import { InvalidParameterError } from '../../core/errors.js';

/** The permutation patterns. */
export const PERMUTATION_PATTERNS = ['perfect-shuffle', 'bit-reversal', 'transpose'] as const;
/** One of {@link PERMUTATION_PATTERNS}. */
export type PermutationPattern = (typeof PERMUTATION_PATTERNS)[number];

/** log2 n for a power of two n ≥ 2, else −1. */
function bitsOf(n: number): number {
  if (!Number.isInteger(n) || n < 2) return -1;
  const k = Math.round(Math.log2(n));
  return 2 ** k === n ? k : -1;
}

/**
 * Checks that a pattern can run on n nodes.
 * @throws InvalidParameterError naming `field` when n is not a power of two ≥ 2 (transpose: an even power, 4, 16, 64, …).
 * @example checkPermutationNodes('perfect-shuffle', 32); // no error
 */
export function checkPermutationNodes(pattern: PermutationPattern, n: number, field = 'nodes'): void {
  const k = bitsOf(n);
  if (pattern === 'transpose') {
    if (k < 0 || k % 2 !== 0) throw new InvalidParameterError(field, `a node count that is an even power of two (4, 16, 64, …) for pattern '${pattern}'`, n);
  } else if (k < 0) {
    throw new InvalidParameterError(field, `a node count that is a power of two (2, 4, 8, …) for pattern '${pattern}'`, n);
  }
}

/**
 * The destination of node `source` under a permutation pattern on n nodes.
 *
 * @throws InvalidParameterError for an unknown pattern, a node count the pattern cannot use (see
 *   {@link checkPermutationNodes}), or a source outside 0..n−1.
 * @example permutationDestination('perfect-shuffle', 5, 8); // → 3  (101 → 011)
 * @example permutationDestination('bit-reversal', 1, 8); // → 4  (001 → 100)
 * @example permutationDestination('transpose', 1, 16); // → 4  (00|01 → 01|00)
 */
export function permutationDestination(pattern: PermutationPattern, source: number, n: number): number {
  if (!(PERMUTATION_PATTERNS as readonly string[]).includes(pattern)) {
    throw new InvalidParameterError('pattern', `one of ${PERMUTATION_PATTERNS.map((p) => `'${p}'`).join(', ')}`, pattern);
  }
  checkPermutationNodes(pattern, n);
  if (!Number.isInteger(source) || source < 0 || source >= n) throw new InvalidParameterError('source', `an integer in 0..${n - 1}`, source);
  const k = bitsOf(n);
  switch (pattern) {
    case 'perfect-shuffle':
      return ((source << 1) | (source >> (k - 1))) & (n - 1);
    case 'bit-reversal': {
      let d = 0;
      for (let i = 0; i < k; i++) if ((source >> i) & 1) d |= 1 << (k - 1 - i);
      return d;
    }
    case 'transpose': {
      const h = k / 2;
      const low = source & ((1 << h) - 1);
      return (low << h) | (source >> h);
    }
  }
}

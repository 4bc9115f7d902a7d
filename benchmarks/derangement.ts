/**
 * The seeded random permutation of the scale benchmarks (fabric-scale.ts, fabric-scale-ab.ts,
 * fabric-scale-pages.ts), and their flows: each host sends to one other host, all hosts in one cycle.
 */

/**
 * xorshift32 (Marsaglia 2003) from state `state` (a non-zero 32-bit integer; 0 is taken as 1): each call the next state,
 * an integer in 1 … 2³² − 1. The scale benchmarks' own stream (this permutation, the bound kernels' arrivals), so the
 * project's random streams stay untouched.
 */
export function xorshift32(state: number): () => number {
  let s = state >>> 0 || 1;
  return (): number => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s;
  };
}

/** A permutation of 0..n−1 with no fixed point (Sattolo's algorithm: one cycle of all n). */
export function randomDerangement(n: number, seed: number): Int32Array {
  const state = xorshift32(seed);
  const next = (): number => state() / 2 ** 32;
  const p = Int32Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(next() * i); // j < i: Sattolo, a single n-cycle, so p[i] ≠ i
    const t = p[i]!;
    p[i] = p[j]!;
    p[j] = t;
  }
  return p;
}

/** MTU packets per second of a 2.5 Gb/s link (2 KB packets). */
const R = 2.5e9 / 8 / 2048;

/**
 * bench:scale's flows (issue 32): every host sends Poisson traffic of 2 KB packets at 50 % of its
 * link's rate to one other host of the seeded single-cycle permutation, send queues of 256 packets.
 */
export function scaleFlows(hosts: readonly { readonly name: string }[]): object[] {
  const dest = randomDerangement(hosts.length, 12345);
  return hosts.map((h, i) => ({
    name: h.name,
    source: h.name,
    destination: hosts[dest[i]!]!.name,
    traffic: { kind: 'poisson', rate: 0.5 * R },
    sendQueuePackets: 256,
  }));
}

/**
 * fabric-scale-causes.ts's confined cases (issue 32): only some hosts send, to a seeded single-cycle
 * permutation among themselves, as scaleFlows. `pods`: hosts 0–1,023 (at k = 32 pods 0–3);
 * `spread`: every eighth host (at k = 32 two per edge switch); `all`: scaleFlows' hosts.
 */
export function confinedFlows(hosts: readonly { readonly name: string }[], which: 'all' | 'pods' | 'spread'): object[] {
  const active = which === 'pods' ? Array.from({ length: Math.min(1024, hosts.length) }, (_, i) => i) : which === 'spread' ? Array.from({ length: hosts.length >> 3 }, (_, i) => i * 8) : Array.from({ length: hosts.length }, (_, i) => i);
  const dest = randomDerangement(active.length, 12345);
  return active.map((h, i) => ({
    name: hosts[h]!.name,
    source: hosts[h]!.name,
    destination: hosts[active[dest[i]!]!]!.name,
    traffic: { kind: 'poisson', rate: 0.5 * R },
    sendQueuePackets: 256,
  }));
}

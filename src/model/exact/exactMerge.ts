/**
 * An exact Markov chain for checking the fabric model (docs/fabric-model.md, "Where the model is
 * exact"): two Poisson flows h0 → S → h2 and h1 → S → h2 through one switch, exponential links,
 * store-and-forward, no delays — the smallest network where two flows contend for an output behind
 * credits. State (q0, q1, b0, b1, o): packets in each host's send queue (≤ n, the one on the wire
 * included), in each input buffer of S (≤ m, the one leaving included), and which buffer the output
 * S→h2 is sending from (0 none, 1, 2). A host sends while its queue is not empty and its buffer has a
 * free slot (the credit is taken when it starts); the output, when free, takes the head of a
 * non-empty buffer, each with probability 1/2 if both wait (the simulator takes the older request).
 * Solved by exactChain.ts (reachable states, src/markov's GTH), at most 5000 states.
 */
import { expectation, solveChain, uniformChoice } from './exactChain.js';

/** What the chain gives per flow: throughput (packets per unit time) and mean sojourn time (send queue to delivery). */
export interface MergeChainResult {
  readonly throughput: readonly [number, number];
  readonly responseTime: readonly [number, number];
  readonly residual: number;
}

/**
 * The chain's answer for arrival rates λ0, λ1, host link rates μ0, μ1, output rate μ2 (packets per
 * unit time), send queues of n and input buffers of m packets.
 * @example solveMergeChain({ lambda: [0.3, 0.3], mu: [1, 1], mu2: 1, n: 3, m: 2 }).throughput[0] // ≈ 0.3
 */
export function solveMergeChain(p: { readonly lambda: readonly [number, number]; readonly mu: readonly [number, number]; readonly mu2: number; readonly n: number; readonly m: number }): MergeChainResult {
  const { n, m, mu2 } = p;
  // State [q0, q1, b0, b1, o].
  const chain = solveChain({
    initial: [0, 0, 0, 0, 0],
    moves: (s, emit) => {
      const [q0, q1, b0, b1, o] = s as [number, number, number, number, number];
      if (q0 < n) emit([q0 + 1, q1, b0, b1, o], p.lambda[0]);
      if (q1 < n) emit([q0, q1 + 1, b0, b1, o], p.lambda[1]);
      if (q0 >= 1 && b0 < m) emit([q0 - 1, q1, b0 + 1, b1, o], p.mu[0]);
      if (q1 >= 1 && b1 < m) emit([q0, q1 - 1, b0, b1 + 1, o], p.mu[1]);
      if (o === 1) emit([q0, q1, b0 - 1, b1, 0], mu2);
      if (o === 2) emit([q0, q1, b0, b1 - 1, 0], mu2);
    },
    settle: (s) => (s[4] !== 0 ? [[s, 1]] : uniformChoice([s[2]! >= 1, s[3]! >= 1]).map(([o, pr]) => [[s[0]!, s[1]!, s[2]!, s[3]!, o], pr] as const)),
  });
  const x: [number, number] = [expectation(chain, (s) => (s[4] === 1 ? mu2 : 0)), expectation(chain, (s) => (s[4] === 2 ? mu2 : 0))];
  const l = [expectation(chain, (s) => s[0]! + s[2]!), expectation(chain, (s) => s[1]! + s[3]!)];
  return { throughput: x, responseTime: [l[0]! / x[0], l[1]! / x[1]], residual: chain.residual };
}

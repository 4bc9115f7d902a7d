/**
 * An exact Markov chain for checking the fabric model (docs/fabric-model.md, "Where the model is
 * exact"): two Poisson flows h0 → S → h2 and h1 → S → h2 through one switch, exponential links,
 * store-and-forward, no delays — the smallest network where two flows contend for an output behind
 * credits. State (q0, q1, b0, b1, o): packets in each host's send queue (≤ n, the one on the wire
 * included), in each input buffer of S (≤ m, the one leaving included), and which buffer the output
 * S→h2 is sending from (0 none, 1, 2). A host sends while its queue is not empty and its buffer has a
 * free slot (the credit is taken when it starts); the output, when free, takes the head of a
 * non-empty buffer, each with probability 1/2 if both wait (the simulator takes the older request).
 * Solved by src/markov (GTH), at most 5000 states.
 */
import { generatorFromTransitions, solveCtmc, type Transition } from '../markov/index.js';

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
  const N = n + 1;
  const M = m + 1;
  const index = (q0: number, q1: number, b0: number, b1: number, o: number) => (((q0 * N + q1) * M + b0) * M + b1) * 3 + o;
  const size = N * N * M * M * 3;
  const transitions: Transition[] = [];
  const valid = (b0: number, b1: number, o: number) => (o === 0 ? b0 === 0 && b1 === 0 : o === 1 ? b0 >= 1 : b1 >= 1);
  // After the output frees: the heads present choose it (probabilities), or it stays idle.
  const choose = (b0: number, b1: number): [number, number][] => (b0 >= 1 && b1 >= 1 ? [[1, 0.5], [2, 0.5]] : b0 >= 1 ? [[1, 1]] : b1 >= 1 ? [[2, 1]] : [[0, 1]]);
  const add = (from: number, q0: number, q1: number, b0: number, b1: number, o: number, rate: number) => {
    if (o === 0) for (const [oo, pr] of choose(b0, b1)) transitions.push({ from, to: index(q0, q1, b0, b1, oo), rate: rate * pr });
    else transitions.push({ from, to: index(q0, q1, b0, b1, o), rate });
  };
  const states: number[] = [];
  for (let q0 = 0; q0 <= n; q0++)
    for (let q1 = 0; q1 <= n; q1++)
      for (let b0 = 0; b0 <= m; b0++)
        for (let b1 = 0; b1 <= m; b1++)
          for (let o = 0; o < 3; o++) {
            if (!valid(b0, b1, o)) continue;
            const s = index(q0, q1, b0, b1, o);
            states.push(s);
            if (q0 < n) add(s, q0 + 1, q1, b0, b1, o, p.lambda[0]);
            if (q1 < n) add(s, q0, q1 + 1, b0, b1, o, p.lambda[1]);
            if (q0 >= 1 && b0 < m) add(s, q0 - 1, q1, b0 + 1, b1, o, p.mu[0]);
            if (q1 >= 1 && b1 < m) add(s, q0, q1 - 1, b0, b1 + 1, o, p.mu[1]);
            if (o === 1) add(s, q0, q1, b0 - 1, b1, 0, mu2);
            if (o === 2) add(s, q0, q1, b0, b1 - 1, 0, mu2);
          }
  // Renumber the valid states densely (the invalid combinations are never reached).
  const dense = new Map(states.map((s, i) => [s, i]));
  const q = generatorFromTransitions(states.length, transitions.filter((t) => t.from !== t.to).map((t) => ({ from: dense.get(t.from)!, to: dense.get(t.to)!, rate: t.rate })));
  const sol = solveCtmc(q);
  const x: [number, number] = [0, 0];
  const l: [number, number] = [0, 0];
  states.forEach((s, i) => {
    const pr = sol.probabilities[i]!;
    let r = s;
    const o = r % 3;
    r = (r - o) / 3;
    const b1 = r % M;
    r = (r - b1) / M;
    const b0 = r % M;
    r = (r - b0) / M;
    const q1 = r % N;
    const q0 = (r - q1) / N;
    if (o === 1) x[0] += pr * mu2;
    if (o === 2) x[1] += pr * mu2;
    l[0] += pr * (q0 + b0);
    l[1] += pr * (q1 + b1);
  });
  void size;
  return { throughput: x, responseTime: [l[0] / x[0], l[1] / x[1]], residual: sol.diagnostics.residual };
}

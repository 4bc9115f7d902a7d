/**
 * An exact Markov chain of two switches in a row, for checking the fabric model (docs/fabric-model.md,
 * "Where the model is exact"). The network:
 *
 *     h0 ─┐                ┌─ h2
 *         S1 ──(link μ12)── S2 ──(link μout)── h3
 *     h1 ─┘
 *
 * Three Poisson flows, all to h3: f0 from h0 and f1 from h1 cross both switches (they merge at S1's
 * output to S2 and share S2's input buffer from S1), f2 from h2 joins them at S2's output. Exponential
 * links (host links μ0, μ1, μ2; μ12 between the switches; μout to h3), store-and-forward, no delays;
 * a rate λ = 0 leaves that flow out (its states are never reached). State
 * (q0, q1, q2, b0, b1, o1, c, d, o2): each host's send queue (≤ n, the packet on the wire included);
 * S1's input buffers from h0 and h1 (≤ m, the packet leaving included); S1's output o1 (0 idle, 1 or 2:
 * sending from b0 or b1); S2's input buffer from S1 as a FIFO of flow labels (`labelFifo`, ≤ m), its
 * input buffer from h2 (d ≤ m); S2's output o2 (0 idle, 1: from the S1 buffer, 2: from h2's).
 * Credits: a sender starts only into a free slot of the buffer at the far end (the slot is taken at the
 * start); an idle output takes the head of one of the waiting buffers, each with equal probability
 * (the simulator takes the older request: a difference stated in the docs). Per flow, throughput =
 * λ·P(send queue not full) and the mean sojourn from admission to delivery by Little's law.
 * Solved by exactChain.ts (reachable states, src/markov's GTH), at most 5000 states: three flows take
 * 918 with n = 2, m = 1 and 2792 with n = 1, m = 2; two flows 975 with n = 4, m = 2.
 */
import { expectation, labelFifo, solveChain, uniformChoice, type ChainState } from './exactChain.js';

/** Parameters: rates per unit time (packets), buffers in packets. */
export interface TwoSwitchChainParams {
  /** Arrival rates of f0 (h0), f1 (h1), f2 (h2); 0 leaves a flow out. */
  readonly lambda: readonly [number, number, number];
  /** Host link rates of h0, h1, h2. */
  readonly mu: readonly [number, number, number];
  /** S1 → S2 link rate. */
  readonly mu12: number;
  /** S2 → h3 link rate. */
  readonly muOut: number;
  /** Send queue of each host, packets (≥ 1). */
  readonly n: number;
  /** Every switch input buffer, packets: 1 or 2. */
  readonly m: number;
}

/** Per flow (f0, f1, f2): throughput and mean sojourn (NaN for a flow left out); the chain's size and residual. */
export interface TwoSwitchChainResult {
  readonly throughput: readonly [number, number, number];
  readonly responseTime: readonly [number, number, number];
  readonly states: number;
  readonly residual: number;
}

/**
 * The cases docs/fabric-model.md tabulates (the decomposition and the simulator beside the chain;
 * rates per µs): two or three flows, buffers of one or two packets, the S1 → S2 link or the last one
 * the bottleneck.
 */
export const TWO_SWITCH_CASES: readonly TwoSwitchChainParams[] = [
  { lambda: [0.3, 0, 0.3], mu: [1, 1, 1], mu12: 1, muOut: 1, n: 3, m: 2 },
  { lambda: [0.2, 0, 0.4], mu: [1, 1, 1], mu12: 1, muOut: 1, n: 4, m: 1 },
  { lambda: [0.4, 0, 0.2], mu: [2, 1, 2], mu12: 1, muOut: 1.5, n: 3, m: 2 },
  { lambda: [0.15, 0.15, 0.15], mu: [1, 1, 1], mu12: 1, muOut: 1, n: 2, m: 1 },
  { lambda: [0.2, 0.2, 0.2], mu: [2, 2, 2], mu12: 1.5, muOut: 1, n: 2, m: 1 },
];

// Positions in the state tuple.
const Q = 0; // q0, q1, q2 at 0, 1, 2
const B = 3; // b0, b1 at 3, 4
const O1 = 5;
const C = 6;
const D = 7;
const O2 = 8;

/** The idle outputs' choices after a transition (independent: S1 and S2 choose at once). */
function settle(s: number[], m: number): (readonly [number[], number])[] {
  const first = s[O1] !== 0 ? [[s[O1]!, 1] as const] : labelFifo.length(s[C]!) < m ? uniformChoice([s[B]! >= 1, s[B + 1]! >= 1]) : [[0, 1] as const];
  const second = s[O2] !== 0 ? [[s[O2]!, 1] as const] : uniformChoice([s[C]! !== 0, s[D]! >= 1]);
  const out: (readonly [number[], number])[] = [];
  for (const [o1, p1] of first) {
    for (const [o2, p2] of second) {
      const t = [...s];
      t[O1] = o1;
      t[O2] = o2;
      out.push([t, p1 * p2]);
    }
  }
  return out;
}

/**
 * The chain's answer (see the module comment for the network and the state).
 * @throws RangeError for m outside 1..2 or n < 1 (the FIFO code covers two packets; larger chains exceed src/markov's 5000 states).
 * @example solveTwoSwitchChain({ lambda: [0.3, 0, 0.3], mu: [1, 1, 1], mu12: 1, muOut: 1, n: 2, m: 2 }).throughput[2]; // ≈ 0.3 × P(h2's queue not full)
 */
export function solveTwoSwitchChain(p: TwoSwitchChainParams): TwoSwitchChainResult {
  const { n, m, mu12, muOut } = p;
  if (!(m === 1 || m === 2) || !(Number.isInteger(n) && n >= 1)) throw new RangeError(`solveTwoSwitchChain: m in 1..2 and n >= 1 (m = ${m}, n = ${n})`);
  const chain = solveChain({
    initial: [0, 0, 0, 0, 0, 0, 0, 0, 0],
    settle: (s) => settle(s, m),
    moves: (s: ChainState, emit) => {
      const at = (i: number, v: number) => Object.assign([...s], { [i]: v });
      for (let f = 0; f < 3; f++) {
        const q = s[Q + f]!;
        if (q < n) emit(at(Q + f, q + 1), p.lambda[f]!);
        const buffer = f < 2 ? B + f : D;
        if (q >= 1 && s[buffer]! < m) {
          const t = at(Q + f, q - 1);
          t[buffer] = s[buffer]! + 1;
          emit(t, p.mu[f]!);
        }
      }
      if (s[O1] !== 0) {
        const t = at(O1, 0);
        t[B + s[O1]! - 1] = s[B + s[O1]! - 1]! - 1;
        t[C] = labelFifo.push(s[C]!, s[O1]! - 1);
        emit(t, mu12);
      }
      if (s[O2] === 1) emit(Object.assign(at(O2, 0), { [C]: labelFifo.pop(s[C]!) }), muOut);
      if (s[O2] === 2) emit(Object.assign(at(O2, 0), { [D]: s[D]! - 1 }), muOut);
    },
  });
  const throughput = [0, 1, 2].map((f) => (p.lambda[f]! > 0 ? p.lambda[f]! * expectation(chain, (s) => (s[Q + f]! < n ? 1 : 0)) : 0));
  const held = [
    expectation(chain, (s) => s[Q]! + s[B]! + labelFifo.count(s[C]!, 0)),
    expectation(chain, (s) => s[Q + 1]! + s[B + 1]! + labelFifo.count(s[C]!, 1)),
    expectation(chain, (s) => s[Q + 2]! + s[D]!),
  ];
  const responseTime = [0, 1, 2].map((f) => (throughput[f]! > 0 ? held[f]! / throughput[f]! : NaN));
  return {
    throughput: throughput as [number, number, number],
    responseTime: responseTime as [number, number, number],
    states: chain.states.length,
    residual: chain.residual,
  };
}

/**
 * The chain's network as `fabric` scenario params (what `ibqos sim` and the fabric model read), with
 * rates read per µs: a link of rate μ packets/µs carries μ·packetBytes·8/1000 Gb/s, a flow of λ
 * packets/µs offers λ·10⁶ packets/s. Store-and-forward, no switch latency or cable delay,
 * exponential service, one VL; the flows are named f0, f1, f2 (a flow with λ = 0 is left out).
 * @example twoSwitchScenario({ lambda: [0.3, 0, 0.3], mu: [1, 1, 1], mu12: 1, muOut: 1, n: 2, m: 2 }).flows.length; // → 2
 */
export function twoSwitchScenario(p: TwoSwitchChainParams, packetBytes = 2048) {
  const gbps = (mu: number) => (mu * packetBytes * 8) / 1e3;
  const link = (a: string, b: string, mu: number) => ({ a, b, rateGbps: gbps(mu), delayNs: 0, service: 'exponential' as const });
  return {
    topology: {
      switches: [{ name: 'S1', ports: 3 }, { name: 'S2', ports: 3 }],
      hosts: ['h0', 'h1', 'h2', 'h3'].map((name) => ({ name })),
      links: [link('h0', 'S1:1', p.mu[0]), link('h1', 'S1:2', p.mu[1]), link('S1:3', 'S2:1', p.mu12), link('h2', 'S2:2', p.mu[2]), link('h3', 'S2:3', p.muOut)],
    },
    vls: 1,
    mtu: packetBytes,
    switchLatencyNs: 0,
    cutThrough: false,
    bufferBytes: packetBytes * p.m,
    flows: [0, 1, 2]
      .filter((f) => p.lambda[f]! > 0)
      .map((f) => ({ name: `f${f}`, source: `h${f}`, destination: 'h3', traffic: { kind: 'poisson', rate: p.lambda[f]! * 1e6 }, packetBytes, sendQueuePackets: p.n })),
  };
}

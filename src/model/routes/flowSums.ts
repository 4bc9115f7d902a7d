/**
 * Each flow's numbers from the solved state (docs/models.md §13.6), in typed arrays: the carried
 * rate, the fixed part of the latency (transmissions, links, switches), the queueing summed over its
 * hops and the credit waits. Summed over the route table (routes.ts): every sum along a path is a sum
 * over the shared end of the path, computed once per node from the last hops back, so that all the
 * flows cost O(flows + nodes) — one record per flow walked hop by hop was most of a solve of 10⁵
 * flows (the profile). Kernel: no validation.
 */
import type { SolvedModel } from '../results/solved.js';
import type { CompiledModel } from '../spec/compile.js';

/** Per model flow, seconds and packets per second. */
export interface FlowSums {
  /** Carried packets per second (a finite send queue refuses a share: λ(1 − π)). */
  readonly rate: Float64Array;
  /** The no-load latency, s: cut-through or store-and-forward. */
  readonly fixed: Float64Array;
  /** Waiting summed over the hops (the send queue first), s. */
  readonly queueing: Float64Array;
  /** Credit waits summed over the hops, s. */
  readonly credit: Float64Array;
}

/**
 * Per node, over the rest of the path from it (into the state's scratch arrays): waits at the turns
 * taken, credit waits, link and switch delays (the last link's delay included), and the slowest rate
 * (cut-through) or Σ 1/rate (store-and-forward) of the links.
 */
function nodeSums(sm: SolvedModel, ports: PortArrays): void {
  const { net, m, s } = sm;
  const { N, V, nodeChannel, nodeNext, nodeTurn } = m;
  const { a: wait, b: credit, c: delay, d: links } = s.scratch;
  const cutThrough = net.cutThrough;
  // Each node after its next hop's (next[n] < n).
  for (let n = 0; n < N; n++) {
    const c = nodeChannel[n]!;
    const p = (c / V) | 0;
    const nx = nodeNext[n]!;
    // A host's wait behind a full first FIFO buffer is in that buffer's wait (iterate.ts, RELOCATE), not again here; VoQ buffers count it only here.
    credit[n] = m.hostChannel[c] === 1 && !m.voq ? 0 : s.beta[c]!;
    delay[n] = ports.delay[p]!;
    links[n] = cutThrough ? ports.rate[p]! : 1 / ports.rate[p]!;
    wait[n] = 0;
    if (nx < 0) continue;
    const t = nodeTurn[n]!;
    wait[n] = s.fifoWait[c]! + s.headWait[t]! + s.floorExtra[t]! + s.splitWait[t]! + wait[nx]!;
    credit[n]! += credit[nx]!;
    delay[n]! += ports.latency[p]! + delay[nx]!;
    links[n] = cutThrough ? Math.min(links[n]!, links[nx]!) : links[n]! + links[nx]!;
  }
}

/** Per port: delay s, rate bytes/s, far-end switch latency s (the ports' own numbers, in typed arrays). */
interface PortArrays {
  readonly delay: Float64Array;
  readonly rate: Float64Array;
  readonly latency: Float64Array;
}

/**
 * Per compiled model, its network's {@link PortArrays} (session 18: made once, as the compiled model is
 * made once for its network, whose ports it takes as they were; a solve's garbage less).
 */
const portArraysOf = new WeakMap<CompiledModel, PortArrays>();

/** The ports' numbers flowSums reads per flow, in typed arrays (per port: delay s, rate bytes/s, far-end switch latency s). */
function portArrays(sm: SolvedModel): PortArrays {
  let made = portArraysOf.get(sm.m);
  if (made === undefined) portArraysOf.set(sm.m, (made = newPortArrays(sm)));
  return made;
}

function newPortArrays(sm: SolvedModel): PortArrays {
  const P = sm.net.ports.length;
  const delay = new Float64Array(P);
  const rate = new Float64Array(P);
  const latency = new Float64Array(P);
  sm.net.ports.forEach((p, i) => ((delay[i] = p.delay), (rate[i] = p.rate), (latency[i] = p.downstreamLatency)));
  return { delay, rate, latency };
}

/**
 * Every flow's sums from the node sums, by `each(f, rate, fixed, queueing, credit)` (s, packets/s). A
 * flow's first hop (the flow's own, not a node) is added here as nodeSums adds a hop to its next's sums.
 */
function eachFlow(sm: SolvedModel, ports: PortArrays, each: (f: number, rate: number, fixed: number, queueing: number, credit: number) => void): void {
  const { net, m, s, alloc } = sm;
  const { V, F, flowChannel, flowRest, flowTurn, sendQueue, lambda, m1 } = m;
  const { a: wait, b: credit, c: delay, d: links } = s.scratch;
  const cutThrough = net.cutThrough;
  for (let f = 0; f < F; f++) {
    const c0 = flowChannel[f]!;
    const p = (c0 / V) | 0;
    const nx = flowRest[f]!;
    let w = 0;
    // A host's wait behind a full first FIFO buffer is in that buffer's wait (as in nodeSums).
    let cr = m.hostChannel[c0] === 1 && !m.voq ? 0 : s.beta[c0]!;
    let d = ports.delay[p]!;
    let k = cutThrough ? ports.rate[p]! : 1 / ports.rate[p]!;
    if (nx >= 0) {
      const t = flowTurn[f]!;
      w = s.fifoWait[c0]! + s.headWait[t]! + s.floorExtra[t]! + s.splitWait[t]! + wait[nx]!;
      cr += credit[nx]!;
      d += ports.latency[p]! + delay[nx]!;
      k = cutThrough ? Math.min(k, links[nx]!) : k + links[nx]!;
    }
    const r = sendQueue[f]! < Infinity && lambda[f]! < Infinity ? Math.min(alloc.rate[f]!, lambda[f]! * (1 - s.hostBlocking[c0]!)) : alloc.rate[f]!;
    // Cut-through: the packet's tail leaves the slowest link last, Σ delays + size / slowest rate;
    // store-and-forward: Σ delays + Σ size / rate.
    // A flow whose latency a kept diverged iterate does not hold (overload.ts): unbounded, not the runaway's number.
    each(f, r, d + (cutThrough ? m1[f]! / k : m1[f]! * k), sm.unbounded?.[f] ? Infinity : s.hostWait[c0]! + w, sm.unbounded?.[f] ? Infinity : cr);
  }
}

/** Each flow's carried throughput (Gb/s) and mean latency (µs), the numbers the solve hands back at once. */
export function perFlowNumbers(sm: SolvedModel): { throughput: Float64Array; latency: Float64Array } {
  const F = sm.m.F;
  const m1 = sm.m.m1;
  const ports = portArrays(sm);
  nodeSums(sm, ports);
  const throughput = new Float64Array(F);
  const latency = new Float64Array(F);
  eachFlow(sm, ports, (f, rate, fixed, queueing, credit) => {
    throughput[f] = (rate * m1[f]! * 8) / 1e9;
    latency[f] = (fixed + queueing + credit) * 1e6;
  });
  return { throughput, latency };
}

/** The sums of every flow (see the module comment), for the records. */
export function flowSums(sm: SolvedModel): FlowSums {
  const F = sm.m.F;
  const ports = portArrays(sm);
  nodeSums(sm, ports);
  const rate = new Float64Array(F);
  const fixed = new Float64Array(F);
  const queueing = new Float64Array(F);
  const credit = new Float64Array(F);
  eachFlow(sm, ports, (f, r, x, w, c) => ((rate[f] = r), (fixed[f] = x), (queueing[f] = w), (credit[f] = c)));
  return { rate, fixed, queueing, credit };
}

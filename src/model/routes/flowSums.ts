/**
 * Each flow's numbers from the solved state (docs/models.md §13.6), in typed arrays: the carried
 * rate, the fixed part of the latency (transmissions, links, switches), the queueing summed over its
 * hops and the credit waits. Summed over the route table (routes.ts): every sum along a path is a sum
 * over the shared end of the path, computed once per node from the last hops back, so that all the
 * flows cost O(flows + nodes) — one record per flow walked hop by hop was most of a solve of 10⁵
 * flows (the profile). Kernel: no validation.
 */
import type { SolvedModel } from '../solved.js';

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
function nodeSums(sm: SolvedModel): void {
  const { net, m, s } = sm;
  const { N, V, nodeChannel, nodeNext, nodeTurn } = m;
  const { a: wait, b: credit, c: delay, d: links } = s.scratch;
  // Each node after its next hop's (next[n] < n).
  for (let n = 0; n < N; n++) {
    const c = nodeChannel[n]!;
    const port = net.ports[(c / V) | 0]!;
    const nx = nodeNext[n]!;
    // A host's wait behind a full first FIFO buffer is in that buffer's wait (iterate.ts, RELOCATE), not again here; VoQ buffers count it only here.
    credit[n] = m.hostChannel[c] === 1 && !m.voq ? 0 : s.beta[c]!;
    delay[n] = port.delay;
    links[n] = net.cutThrough ? port.rate : 1 / port.rate;
    wait[n] = 0;
    if (nx < 0) continue;
    const t = nodeTurn[n]!;
    wait[n] = s.fifoWait[c]! + s.headWait[t]! + s.floorExtra[t]! + wait[nx]!;
    credit[n]! += credit[nx]!;
    delay[n]! += port.downstreamLatency + delay[nx]!;
    links[n] = net.cutThrough ? Math.min(links[n]!, links[nx]!) : links[n]! + links[nx]!;
  }
}

/**
 * Flow f's sums from the node sums: carried rate, fixed latency, queueing, credit waits (s, packets/s).
 * Its first hop (the flows' own, not a node) is added here as nodeSums adds a hop to its next's sums.
 */
function sumsOf(sm: SolvedModel, f: number, out: Float64Array): void {
  const { net, m, s, alloc } = sm;
  const { a: wait, b: credit, c: delay, d: links } = s.scratch;
  const c0 = m.flowChannel[f]!;
  const port = net.ports[(c0 / m.V) | 0]!;
  const nx = m.flowRest[f]!;
  let w = 0;
  let cr = s.beta[c0]!;
  let d = port.delay;
  let k = net.cutThrough ? port.rate : 1 / port.rate;
  if (nx >= 0) {
    const t = m.flowTurn[f]!;
    w = s.fifoWait[c0]! + s.headWait[t]! + s.floorExtra[t]! + wait[nx]!;
    cr += credit[nx]!;
    d += port.downstreamLatency + delay[nx]!;
    k = net.cutThrough ? Math.min(k, links[nx]!) : k + links[nx]!;
  }
  out[0] = m.sendQueue[f]! < Infinity && m.lambda[f]! < Infinity ? Math.min(alloc.rate[f]!, m.lambda[f]! * (1 - s.hostBlocking[c0]!)) : alloc.rate[f]!;
  // Cut-through: the packet's tail leaves the slowest link last, Σ delays + size / slowest rate;
  // store-and-forward: Σ delays + Σ size / rate.
  out[1] = d + (net.cutThrough ? m.m1[f]! / k : m.m1[f]! * k);
  out[2] = s.hostWait[c0]! + w;
  out[3] = cr;
}

/** Each flow's carried throughput (Gb/s) and mean latency (µs), the numbers the solve hands back at once. */
export function perFlowNumbers(sm: SolvedModel): { throughput: Float64Array; latency: Float64Array } {
  const F = sm.m.F;
  nodeSums(sm);
  const x = new Float64Array(4);
  const throughput = new Float64Array(F);
  const latency = new Float64Array(F);
  for (let f = 0; f < F; f++) {
    sumsOf(sm, f, x);
    throughput[f] = (x[0]! * sm.m.m1[f]! * 8) / 1e9;
    latency[f] = (x[1]! + x[2]! + x[3]!) * 1e6;
  }
  return { throughput, latency };
}

/** The sums of every flow (see the module comment), for the records. */
export function flowSums(sm: SolvedModel): FlowSums {
  const F = sm.m.F;
  nodeSums(sm);
  const x = new Float64Array(4);
  const rate = new Float64Array(F);
  const fixed = new Float64Array(F);
  const queueing = new Float64Array(F);
  const credit = new Float64Array(F);
  for (let f = 0; f < F; f++) {
    sumsOf(sm, f, x);
    rate[f] = x[0]!;
    fixed[f] = x[1]!;
    queueing[f] = x[2]!;
    credit[f] = x[3]!;
  }
  return { rate, fixed, queueing, credit };
}

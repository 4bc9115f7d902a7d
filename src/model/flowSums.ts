/**
 * Each flow's numbers from the solved state (docs/models.md §13.6), in typed arrays: the carried
 * rate, the fixed part of the latency (transmissions, links, switches), the queueing summed over its
 * hops and the credit waits. Summed over the route table (routes.ts): every sum along a path is a sum
 * over the shared end of the path, computed once per node from the last hops back, so that all the
 * flows cost O(flows + nodes) — one record per flow walked hop by hop was most of a solve of 10⁵
 * flows (the profile). Kernel: no validation.
 */
import type { SolvedModel } from './solved.js';

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

/** The sums of every flow (see the module comment). */
export function flowSums(sm: SolvedModel): FlowSums {
  const { net, m, s, alloc } = sm;
  const { N, F, V, order, nodeChannel, nodeNext, nodeTurn, flowFirst } = m;
  // Per node, over the rest of the path from it: waits at the turns taken, credit waits, link and
  // switch delays (the last link's delay included), and the slowest rate or Σ 1/rate of the links.
  const wait = new Float64Array(N);
  const credit = new Float64Array(N);
  const delay = new Float64Array(N);
  const links = new Float64Array(N);
  for (let i = N - 1; i >= 0; i--) {
    const n = order[i]!;
    const c = nodeChannel[n]!;
    const port = net.ports[(c / V) | 0]!;
    const nx = nodeNext[n]!;
    credit[n] = s.beta[c]!;
    delay[n] = port.delay;
    links[n] = net.cutThrough ? port.rate : 1 / port.rate;
    if (nx < 0) continue;
    const t = nodeTurn[n]!;
    wait[n] = s.fifoWait[c]! + s.headWait[t]! + s.floorExtra[t]! + wait[nx]!;
    credit[n]! += credit[nx]!;
    delay[n]! += port.downstreamLatency + delay[nx]!;
    links[n] = net.cutThrough ? Math.min(links[n]!, links[nx]!) : links[n]! + links[nx]!;
  }
  const rate = new Float64Array(F);
  const fixed = new Float64Array(F);
  const queueing = new Float64Array(F);
  const creditSum = new Float64Array(F);
  for (let f = 0; f < F; f++) {
    const n = flowFirst[f]!;
    const c0 = nodeChannel[n]!;
    rate[f] = m.sendQueue[f]! < Infinity && m.lambda[f]! < Infinity ? Math.min(alloc.rate[f]!, m.lambda[f]! * (1 - s.hostBlocking[c0]!)) : alloc.rate[f]!;
    // Cut-through: the packet's tail leaves the slowest link last, Σ delays + size / slowest rate;
    // store-and-forward: Σ delays + Σ size / rate.
    fixed[f] = delay[n]! + (net.cutThrough ? m.m1[f]! / links[n]! : m.m1[f]! * links[n]!);
    queueing[f] = s.hostWait[c0]! + wait[n]!;
    creditSum[f] = credit[n]!;
  }
  return { rate, fixed, queueing, credit: creditSum };
}

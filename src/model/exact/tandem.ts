/**
 * Where the fabric model is exact (docs/models.md §13.8): one Poisson flow from a host through one
 * switch to a host, both links exponential, store-and-forward, no propagation delay or switch
 * latency, is the credit chain of thesis ch. 4 (docs/models.md §6) — the host's send queue Node 1
 * (capacity n = sendQueuePackets), the switch's input VL buffer Node 2 (capacity m = its credits in
 * packets), the second link draining it to a sink. The solver then answers with the chain's exact
 * solution instead of the decomposition.
 */
import { solveCreditChain } from '../../credit/solve.js';
import type { ModelNetwork } from '../spec/network.js';
import type { FabricModelResult, FlowResult } from '../results/result.js';

/** The chain's parameters if `net` is such a tandem, else null. */
export function creditTandem(net: ModelNetwork): { lambda: number; mu1: number; mu2: number; n: number; m: number } | null {
  if (net.flows.length !== 1 || net.cutThrough) return null;
  const f = net.flows[0]!;
  if (f.path.length !== 2 || f.ca2 !== 1 || !(f.lambda < Infinity) || f.secondMomentBytes !== f.meanBytes * f.meanBytes) return null;
  const [a, b] = [net.ports[f.path[0]!]!, net.ports[f.path[1]!]!];
  if (!a.exponential || !b.exponential || a.delay !== 0 || b.delay !== 0 || a.downstreamLatency !== 0 || b.downstreamBufferBytes !== Infinity) return null;
  const m = Math.floor(Math.floor(a.downstreamBufferBytes / 64) / Math.ceil(f.meanBytes / 64));
  if (!(m >= 1)) return null;
  return { lambda: f.lambda, mu1: a.rate / f.meanBytes, mu2: b.rate / f.meanBytes, n: f.sendQueuePackets, m };
}

/** The result with the chain's exact numbers in place of the decomposition's for the one flow. */
export function withExactTandem(result: FabricModelResult, chain: NonNullable<ReturnType<typeof creditTandem>>, bytes: number): FabricModelResult {
  const c = solveCreditChain({ lambda: chain.lambda, mu1: chain.mu1, mu2: chain.mu2, upstreamCapacity: chain.n, downstreamCapacity: chain.m });
  const f = result.flows[0]!;
  const x = c.throughput;
  const w1 = c.meanQueueLength.upstream / x;
  const w2 = c.meanQueueLength.downstream / x;
  const flow: FlowResult = Object.freeze({
    ...f,
    throughput: (x * bytes * 8) / 1e9,
    latency: c.responseTime * 1e6,
    fixedLatency: (1 / chain.mu1 + 1 / chain.mu2) * 1e6,
    queueingPerHop: Object.freeze([(w1 - 1 / chain.mu1) * 1e6, (w2 - 1 / chain.mu2) * 1e6]),
    creditWait: 0,
    capped: false,
    cappedBy: '',
    flags: Object.freeze(f.flags.filter((g) => g !== 'saturated' && g !== 'near-saturation' && g !== 'congestion-tree')),
    reasons: Object.freeze(['exact: the credit chain of thesis ch. 4 (a Poisson flow through one switch, exponential links, store-and-forward)']),
  });
  return {
    ...result,
    flows: Object.freeze([flow]),
    saturation: Object.freeze({ saturated: false, cappedFlows: Object.freeze([]), cappingResources: Object.freeze([]) }),
    metrics: Object.freeze({ ...result.metrics, throughput: Object.freeze({ [flow.name]: flow.throughput }), latency: Object.freeze({ [flow.name]: flow.latency }) }),
    diagnostics: Object.freeze({ ...result.diagnostics, method: 'exact credit chain' }),
  };
}

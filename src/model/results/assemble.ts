/**
 * The fabric model's result records from the solved state (docs/models.md §13.6): per flow the fixed
 * part of the latency, the queueing per hop and the credit waits, the flags where the method's
 * assumptions break; per channel and port the simulator's utilisation and credit-stall measures;
 * flows that share a simulator name (a `uniform` destination) merged by their rates. The per-flow
 * numbers come from flowSums.ts in typed arrays with the solve; the per-flow records (`flows`, the
 * `metrics` by name, the saturation verdict) are built on first access, since one record per flow
 * costs more than the solve itself on 10⁵ flows and more (the profile); so are the per-channel and
 * per-port records (`channels`, `ports`; session 16), a twentieth of a solve of 10,000 flows.
 */
import { maxOf } from '../../core/arrays.js';
import { congestionTrees, treeOtherThan } from '../saturation/congestionTree.js';
import { flowSums, perFlowNumbers, type FlowSums } from '../routes/flowSums.js';
import type { ChannelResult, FabricModelResult, FlowFlag, FlowResult, PortResult } from './result.js';
import type { SolvedModel } from './solved.js';

/** Load above which a flow is flagged `near-saturation` (the decomposition's errors grow as ρ → 1). */
export const NEAR_SATURATION = 0.9;
/** Far-end buffer blocking above which a flow is flagged `congestion-tree` (back-pressure couples the queues). */
export const CONGESTION_TREE = 0.05;

/** One record per simulated flow, 'uniform' destinations merged (see the module comment). */
function records(sm: SolvedModel, sums: FlowSums): FlowResult[] {
  const { net, m, s, alloc } = sm;
  const byName = new Map<string, FlowParts[]>();
  const trees = congestionTrees(m, alloc);
  for (let f = 0; f < m.F; f++) {
    const flow = net.flows[f]!;
    const r = sums.rate[f]!;
    // The path hop by hop: the waits per hop, the most loaded queue, the fullest buffer downstream.
    const hops: number[] = [];
    let worst = 0;
    let worstAt = -1;
    let tree = 0;
    let treeAt = -1;
    let held = -1;
    let heldBy = -1;
    // The first hop (the flow's own), then the route nodes; n = −2 stands for the first hop.
    for (let n = -2, t = -1; n !== -1; t = n === -2 ? m.flowTurn[f]! : m.nodeTurn[n]!, n = n === -2 ? m.flowRest[f]! : m.nodeNext[n]!) {
      const c = n === -2 ? m.flowChannel[f]! : m.nodeChannel[n]!;
      const load = (s.lam[c]! * s.seff[c]!) / s.capacity[c]!;
      if (load > worst) ((worst = load), (worstAt = m.P + c));
      if (t < 0) hops.push(s.hostWait[c]!);
      else {
        const u = m.turnIn[t]!;
        hops.push(s.fifoWait[u]! + s.headWait[t]! + s.floorExtra[t]! + s.splitWait[t]!);
        if (s.fifoLoad[u]! > worst) ((worst = s.fifoLoad[u]!), (worstAt = m.P + m.C + u));
      }
      if (s.blocked[c]! > tree) ((tree = s.blocked[c]!), (treeAt = m.P + m.C + c));
      if (trees && held < 0 && trees.count[c]! > 0) ((heldBy = treeOtherThan(trees, c, f)), (held = heldBy >= 0 ? c : -1));
    }
    // A capped flow of a kept diverged iterate (overload.ts): its send queue is unbounded, as the fallback's host wait.
    if (sm.unbounded?.[f]) hops[0] = Infinity;
    const fixed = sums.fixed[f]!;
    const queueing = sums.queueing[f]!;
    const credit = sums.credit[f]!;
    const flags: FlowFlag[] = [];
    const reasons: string[] = [];
    const capped = alloc.bottleneck[f]! >= 0;
    const cappedBy = capped ? resourceName(sm, alloc.bottleneck[f]!) : '';
    if (capped) {
      flags.push('saturated');
      reasons.push(`capped by ${cappedBy}: the model's numbers at saturation are a bound, not a prediction`);
    } else if (worst > NEAR_SATURATION) {
      flags.push('near-saturation');
      reasons.push(`load ${worst.toFixed(3)} at ${resourceName(sm, worstAt)}: queueing estimates lose accuracy as the load nears 1`);
    }
    if (tree > CONGESTION_TREE) {
      flags.push('congestion-tree');
      reasons.push(`${resourceName(sm, treeAt)} full ${(100 * tree).toFixed(1)} % of arrivals: back-pressure couples queues the model treats as independent`);
    }
    if (held >= 0) {
      // congestionTree.ts: a capped flow's backlog fills this buffer in the simulator; the model throttles it at its source.
      const by = net.flows[heldBy]!;
      if (!flags.includes('congestion-tree')) flags.push('congestion-tree');
      reasons.push(
        `${resourceName(sm, m.P + m.C + held)} is held full by the backlog of ${by.group ?? by.name} (capped by ${resourceName(sm, alloc.bottleneck[heldBy]!)}): a congestion tree, whose credit waits are not in this flow's numbers` +
          (flow.rateControlled || by.rateControlled ? ' (under rate control it forms until the congestion control throttles the sources: that transient is not modelled)' : ''),
      );
    }
    const latency = fixed + queueing + credit;
    if (!Number.isFinite(latency)) {
      flags.push('unstable');
      reasons.push(
        sm.unbounded?.[f]
          ? `fixed point diverged (residual ${sm.residual.toExponential(2)}) with this flow capped: its queues ran away and the iterate holds no latency for it (read as unbounded; docs/models.md §13.7); its throughput is the weighted max-min allocation over the links and VL tables with the uncapped flows held at their rates, an upper bound where a congestion tree holds it`
          : 'the send queue is unbounded and its load is 1: the simulated latency grows with the run',
      );
    }
    if (flow.rateControlled) {
      flags.push('rate-control');
      reasons.push('rate (congestion) control is not modelled: the flow is taken at its offered rate, capped by max-min');
    }
    if (!sm.converged) {
      flags.push('not-converged');
      reasons.push(
        sm.overloadScale === undefined
          ? `fixed point not converged: residual ${sm.residual.toExponential(2)} after ${sm.iterations} iterations`
          : `fixed point diverged in overload (residual ${sm.residual.toExponential(2)}): every flow carried at ${sm.overloadScale.toFixed(4)} of its offered rate, the largest common scale at which it holds (docs/models.md §13.7)`,
      );
    }
    const key = flow.group ?? flow.name;
    const parts: FlowParts = { rate: r, bytes: m.m1[f]!, offered: flow.lambda, latency, fixed, hops, credit, capped, cappedBy, flags, reasons };
    const list = byName.get(key);
    if (list) list.push(parts);
    else byName.set(key, [parts]);
  }
  const flows: FlowResult[] = [];
  for (const [name, list] of byName) {
    if (list.length === 1) {
      const p = list[0]!;
      flows.push(
        Object.freeze({
          name,
          offeredGbps: (p.offered * p.bytes * 8) / 1e9,
          throughput: (p.rate * p.bytes * 8) / 1e9,
          latency: p.latency * 1e6,
          fixedLatency: p.fixed * 1e6,
          queueingPerHop: Object.freeze(p.hops.map((w) => w * 1e6)),
          creditWait: p.credit * 1e6,
          capped: p.capped,
          cappedBy: p.cappedBy,
          flags: Object.freeze(p.flags),
          reasons: Object.freeze(p.reasons),
        }),
      );
      continue;
    }
    const total = list.reduce((a, p) => a + p.rate, 0);
    const w = (p: FlowParts) => (total > 0 ? p.rate / total : 1 / list.length);
    const mean = (pick: (p: FlowParts) => number) => list.reduce((a, p) => a + w(p) * pick(p), 0);
    const gbps = (pick: (p: FlowParts) => number) => list.reduce((a, p) => a + (pick(p) * p.bytes * 8) / 1e9, 0);
    const hopsLen = maxOf(list.map((p) => p.hops.length));
    flows.push(
      Object.freeze({
        name,
        offeredGbps: gbps((p) => p.offered),
        throughput: gbps((p) => p.rate),
        latency: mean((p) => p.latency) * 1e6,
        fixedLatency: mean((p) => p.fixed) * 1e6,
        queueingPerHop: Object.freeze(Array.from({ length: hopsLen }, (_, k) => mean((p) => p.hops[k] ?? 0) * 1e6)),
        creditWait: mean((p) => p.credit) * 1e6,
        capped: list.some((p) => p.capped),
        cappedBy: [...new Set(list.map((p) => p.cappedBy).filter((x) => x))].join(', '),
        flags: Object.freeze([...new Set(list.flatMap((p) => p.flags))]),
        reasons: Object.freeze([...new Set(list.flatMap((p) => p.reasons))]),
      }),
    );
  }
  return flows;
}

function resourceName(sm: SolvedModel, r: number): string {
  const { m, net } = sm;
  if (r < 0) return '';
  if (r < m.P) return net.ports[r]!.name;
  if (r < m.P + m.C) return `${net.ports[((r - m.P) / m.V) | 0]!.name} VL ${(r - m.P) % m.V}`;
  const u = r - m.P - m.C;
  return `input buffer after ${net.ports[(u / m.V) | 0]!.name} VL ${u % m.V}`;
}

interface FlowParts {
  rate: number;
  /** Bytes per packet. */
  bytes: number;
  offered: number;
  latency: number;
  fixed: number;
  hops: number[];
  credit: number;
  capped: boolean;
  cappedBy: string;
  flags: FlowFlag[];
  reasons: string[];
}

/** Assembles the result (see the module comment). */
export function modelResult(sm: SolvedModel): FabricModelResult {
  const { m } = sm;
  const { throughput, latency } = perFlowNumbers(sm);
  let flowRecords: readonly FlowResult[] | undefined;
  const flows = () => (flowRecords ??= Object.freeze(records(sm, flowSums(sm))));
  let saturation: FabricModelResult['saturation'] | undefined;
  let metrics: FabricModelResult['metrics'] | undefined;
  let tables: { channels: readonly ChannelResult[]; ports: readonly PortResult[] } | undefined;
  const perPort = () => (tables ??= channelRecords(sm));
  const result: FabricModelResult = {
    model: 'fabric decomposition',
    get flows() {
      return flows();
    },
    get channels() {
      return perPort().channels;
    },
    get ports() {
      return perPort().ports;
    },
    get saturation() {
      if (saturation) return saturation;
      // No flow capped: the verdict without the records.
      if (!sm.alloc.bottleneck.some((b) => b >= 0)) return (saturation = Object.freeze({ saturated: false, cappedFlows: Object.freeze([]), cappingResources: Object.freeze([]) }));
      // Off the records where they are built; otherwise the same lists without them (cappedVerdict).
      if (flowRecords === undefined) return (saturation = cappedVerdict(sm));
      const capped = flows().filter((f) => f.capped);
      return (saturation = Object.freeze({ saturated: capped.length > 0, cappedFlows: Object.freeze(capped.map((f) => f.name)), cappingResources: Object.freeze([...new Set(capped.flatMap((f) => f.cappedBy.split(', ')))]) }));
    },
    get metrics() {
      const { ports } = perPort();
      return (metrics ??= Object.freeze({
        throughput: Object.freeze(Object.fromEntries(flows().map((f) => [f.name, f.throughput]))),
        latency: Object.freeze(Object.fromEntries(flows().map((f) => [f.name, f.latency]))),
        utilization: Object.freeze(Object.fromEntries(ports.map((p) => [p.name, p.utilization]))),
        creditStall: Object.freeze(Object.fromEntries(ports.map((p) => [p.name, p.creditStall]))),
      }));
    },
    diagnostics: Object.freeze({ method: 'decomposition', iterations: sm.iterations, residual: sm.residual, converged: sm.converged, tolerance: sm.tolerance, channels: m.C, turns: m.turnIn.length, flows: m.F, ...(sm.sharesUnsettled === undefined ? {} : { sharesUnsettledRounds: sm.sharesUnsettled }) }),
  } as FabricModelResult;
  Object.defineProperty(result, 'perFlow', { value: Object.freeze({ throughput, latency }), enumerable: false });
  return result;
}

/**
 * The saturation verdict where some flow is capped, as the records give it ({@link records}: one record
 * per name, in the order its first flow comes; a record capped where any of its flows is, its
 * `cappedBy` the distinct capping resources of its flows in flow order, joined by ', '), without the
 * records: a saturation bisection asks only this, and the records of the 512-host all-to-all with two
 * SLs (523,264 flows) took 2.5–5 s of CPU a step against a solve's 10–27 s (issue 31, session 19).
 */
function cappedVerdict(sm: SolvedModel): FabricModelResult['saturation'] {
  const { net, m, alloc } = sm;
  // Per name in the order of its first flow: the bottlenecks of its capped flows (resource numbers, in flow order).
  const byName = new Map<string, number[]>();
  for (let f = 0; f < m.F; f++) {
    const flow = net.flows[f]!;
    const key = flow.group ?? flow.name;
    let list = byName.get(key);
    if (list === undefined) byName.set(key, (list = []));
    if (alloc.bottleneck[f]! >= 0) list.push(alloc.bottleneck[f]!);
  }
  const cappedFlows: string[] = [];
  const resourceNames = new Set<string>();
  for (const [name, list] of byName) {
    if (list.length === 0) continue;
    cappedFlows.push(name);
    const cappedBy = [...new Set(list.map((b) => resourceName(sm, b)).filter((x) => x))].join(', ');
    for (const r of cappedBy.split(', ')) resourceNames.add(r);
  }
  return Object.freeze({ saturated: cappedFlows.length > 0, cappedFlows: Object.freeze(cappedFlows), cappingResources: Object.freeze([...resourceNames]) });
}

/**
 * The per-channel and per-port records (utilisation, mean queue, credit stall), built on first access
 * like the flows' (5,184 frozen records for Gran's 648-host fabric: a twentieth of the 10,000 pairs'
 * solve). They read the solve's own state arrays, which no later solve writes (state.ts newState).
 */
function channelRecords(sm: SolvedModel): { channels: readonly ChannelResult[]; ports: readonly PortResult[] } {
  const { net, m, s } = sm;
  const channels: ChannelResult[] = [];
  const ports: PortResult[] = [];
  for (let p = 0; p < m.P; p++) {
    let util = 0;
    let stall = 0;
    let any = false;
    for (let v = 0; v < m.V; v++) {
      const c = p * m.V + v;
      const l = s.lam[c]!;
      if (!(l > 0)) continue;
      any = true;
      const u = l * s.xbar[c]!;
      util += u;
      const wait = m.hostChannel[c] ? s.hostWait[c]! : waitFor(sm, c);
      const cs = Math.min(1, l * s.beta[c]!);
      channels.push(Object.freeze({ port: net.ports[p]!.name, vl: v, packetRate: l, utilization: u, meanQueue: l * (wait + s.seff[c]!), creditStall: cs, downstreamFullProbability: s.blocked[c]! }));
    }
    if (!any) continue;
    // The port stalls for credits when a VL waits for credits and no other VL has a packet to send.
    for (let v = 0; v < m.V; v++) {
      const c = p * m.V + v;
      let others = 0;
      for (let w = 0; w < m.V; w++) if (w !== v) others += s.lam[p * m.V + w]! * s.seff[p * m.V + w]!;
      stall += Math.min(1, s.lam[c]! * s.beta[c]!) * Math.max(0, 1 - others);
    }
    ports.push(Object.freeze({ name: net.ports[p]!.name, utilization: Math.min(1, util), creditStall: Math.min(1, stall) }));
  }
  return { channels: Object.freeze(channels), ports: Object.freeze(ports) };
}

/** Mean wait of the packets bound for switch channel c (head wait and buffer queueing, by turn). */
function waitFor(sm: SolvedModel, c: number): number {
  const { m, s } = sm;
  let w = 0;
  const l = s.lam[c]!;
  for (let i = m.intoStart[c]!; i < m.intoStart[c + 1]!; i++) {
    const t = m.intoOf[i]!;
    w += (s.lamT[t]! / l) * (s.headWait[t]! + s.floorExtra[t]! + s.splitWait[t]! + s.fifoWait[m.turnIn[t]!]!);
  }
  return w;
}

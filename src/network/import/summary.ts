/**
 * What `ibqos topology show` reports about a topology, what a designer wants first: switch tiers,
 * whether it is a fat-tree (OpenSM's rules, routing/fatTree.ts) and its oversubscription, the link
 * rates (with their InfiniBand width × speed code) of host links and of switch-to-switch links,
 * parallel switch-to-switch links that run at different rates, the load of uniform all-to-all
 * traffic on the switch-to-switch links under the tables (routing/linkLoad.ts); then counts, the
 * radix histogram and, when forwarding tables are given, the hosts some switch has no route to
 * (the simulator would compute a shortest path for those).
 */
import { detectFatTree, type FatTreeShape } from '../routing/fatTree.js';
import { uniformLinkLoad, type UniformLinkLoad } from '../routing/linkLoad.js';
import { switchGraph } from '../routing/switchGraph.js';
import { isFabricTopology, validateFabricTopology, type FabricTopology, type FabricTopologySpec } from '../topology.js';
import { linkCodeOfRate } from './linkRate.js';

/** A topology's summary (see the module comment). */
export interface ClusterSummary {
  readonly switches: number;
  readonly hosts: number;
  readonly links: number;
  readonly interSwitchLinks: number;
  /** [ports, switches with that many ports], by ports. */
  readonly radix: readonly (readonly [number, number])[];
  /** [rate Gb/s, InfiniBand code or '', links], by rate. */
  readonly rates: readonly (readonly [number, string, number])[];
  /** The same for host links and for switch-to-switch links. */
  readonly hostRates: readonly (readonly [number, string, number])[];
  readonly interSwitchRates: readonly (readonly [number, string, number])[];
  /** Switch pairs joined by parallel links of different rates: the slower ones get as many routes (min-hop counts routes, not bandwidth). */
  readonly mixedParallel: readonly { readonly a: string; readonly b: string; readonly rates: readonly number[] }[];
  /** Ranks, fat-tree detection and oversubscription. */
  readonly fatTree: Pick<FatTreeShape, 'isFatTree' | 'reason' | 'tiers' | 'switchesPerRank' | 'oversubscription'>;
  /** Uniform all-to-all load on the switch-to-switch links under the topology's tables. */
  readonly uniformLoad: UniformLinkLoad;
  /** Whether forwarding tables are given (for every switch or some). */
  readonly routesGiven: boolean;
  /** Hosts that at least one switch has no table entry for, with how many switches lack one. */
  readonly hostsWithoutRoute: readonly { readonly host: string; readonly switches: number }[];
}

/**
 * Summarises a topology after checking it with {@link validateFabricTopology} (a topology it
 * returned is taken as it is: its tables are complete, so no host lacks a route).
 * @throws InvalidParameterError as validateFabricTopology does.
 */
export function summarizeTopology(spec: FabricTopologySpec | FabricTopology): ClusterSummary {
  const topo = validateFabricTopology(spec);
  const hostNames = new Set(topo.hosts.map((h) => h.name));
  const count = <K>(keys: K[]): Map<K, number> => {
    const m = new Map<K, number>();
    for (const k of keys) m.set(k, (m.get(k) ?? 0) + 1);
    return m;
  };
  const radix = [...count(topo.switches.map((s) => s.ports))].sort((x, y) => x[0] - y[0]);
  const histogram = (rs: number[]) => [...count(rs)].sort((x, y) => x[0] - y[0]).map(([r, n]) => [r, linkCodeOfRate(r) ?? '', n] as const);
  const rates = histogram(topo.links.map((l) => l.rateGbps));
  const isHostLink = (l: FabricTopology['links'][number]) => hostNames.has(l.a.node) || hostNames.has(l.b.node);
  const pairs = new Map<string, number[]>();
  for (const l of topo.links) {
    if (isHostLink(l)) continue;
    const key = [l.a.node, l.b.node].sort().join('\u0000');
    pairs.set(key, [...(pairs.get(key) ?? []), l.rateGbps]);
  }
  const mixedParallel = [...pairs].filter(([, rs]) => new Set(rs).size > 1).map(([key, rs]) => ({ a: key.split('\u0000')[0]!, b: key.split('\u0000')[1]!, rates: rs.sort((x, y) => x - y) }));
  const g = switchGraph(topo);
  const names = topo.switches.map((sw) => sw.name);
  const shape = detectFatTree(g, names);
  const given = isFabricTopology(spec) ? undefined : spec.forwarding;
  const hostsWithoutRoute: { host: string; switches: number }[] = [];
  if (given !== undefined) {
    for (const h of topo.hosts) {
      const lacking = topo.switches.filter((s) => given[s.name]?.[h.name] === undefined).length;
      if (lacking > 0) hostsWithoutRoute.push({ host: h.name, switches: lacking });
    }
  }
  return {
    switches: topo.switches.length,
    hosts: topo.hosts.length,
    links: topo.links.length,
    interSwitchLinks: topo.links.filter((l) => !hostNames.has(l.a.node) && !hostNames.has(l.b.node)).length,
    radix,
    rates,
    hostRates: histogram(topo.links.filter(isHostLink).map((l) => l.rateGbps)),
    interSwitchRates: histogram(topo.links.filter((l) => !isHostLink(l)).map((l) => l.rateGbps)),
    mixedParallel,
    fatTree: { isFatTree: shape.isFatTree, reason: shape.reason, tiers: shape.tiers, switchesPerRank: shape.switchesPerRank, oversubscription: shape.oversubscription },
    uniformLoad: uniformLinkLoad(g, topo.forwardingPorts, names),
    routesGiven: isFabricTopology(spec) || given !== undefined,
    hostsWithoutRoute,
  };
}

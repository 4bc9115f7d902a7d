/**
 * What `ibqos topology show` reports about a topology: node and link counts, the switches' radix
 * histogram, the link data rates (with their InfiniBand width × speed code) and, when forwarding
 * tables are given, the hosts some switch has no route to (the simulator would compute a
 * shortest path for those).
 */
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
  const rates = [...count(topo.links.map((l) => l.rateGbps))].sort((x, y) => x[0] - y[0]).map(([r, n]) => [r, linkCodeOfRate(r) ?? '', n] as const);
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
    routesGiven: isFabricTopology(spec) || given !== undefined,
    hostsWithoutRoute,
  };
}

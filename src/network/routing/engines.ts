/**
 * Routing engines chosen by name, as OpenSM's `routing_engine` option chooses them (opensm(8),
 * `-R, --routing_engine <engine names>`; osm_ucast_mgr.c's osm_ucast_mgr_process): a comma-separated
 * list tried in order, the first that succeeds routing the fabric; when every one fails, the
 * default `minhop` routes it (OpenSM's fallback, on unless `no_fallback_routing_engine`). With no
 * list, `minhop` alone, OpenSM's default.
 *
 * Engines: `minhop` (minHop.ts), `updn` (up*\/down* from a root: upDown.ts, rooted here at the
 * switch farthest from the hosts, as OpenSM's root auto-detection picks the top of a tree; it fails
 * when some switch cannot reach a host by an up*\/down* route), `ftree` (fatTree.ts; fails when the
 * topology is not a fat-tree, naming the rule).
 */
import { InvalidParameterError } from '../../core/errors.js';
import type { FabricTopology } from '../topology.js';
import { upDownForwarding } from './upDown.js';
import { detectFatTree, fatTreePorts, type FatTreeShape } from './fatTree.js';
import { minHopPorts } from './minHop.js';
import { switchGraph, type SwitchGraph } from './switchGraph.js';
import { checkKind, recordParameter } from '../../core/shapes.js';

/** The engines this library implements. */
export const ROUTING_ENGINES = ['minhop', 'updn', 'ftree'] as const;
export type RoutingEngine = (typeof ROUTING_ENGINES)[number];

/** What {@link routeFabric} returns. */
export interface RoutedFabric {
  /** The engine whose tables these are. */
  readonly engine: RoutingEngine;
  /** Output port of switch s towards host h at [s·H + h]. */
  readonly ports: Int32Array;
  /** `forwarding[switch][host] = port`, for a topology file. */
  readonly forwarding: Record<string, Record<string, number>>;
  /** Engines of the chain that failed, with why (in order). */
  readonly failed: readonly { readonly engine: RoutingEngine; readonly reason: string }[];
  readonly fatTree: FatTreeShape;
}

/**
 * Parses a routing engine list (`"ftree,minhop"`).
 * @throws InvalidParameterError naming `option` for an empty list or an unknown name.
 */
export function parseRoutingEngines(text: string, option = 'routingEngine'): RoutingEngine[] {
  checkKind('text', text, 'string');
  const names = text.split(',').map((s) => s.trim());
  for (const n of names) {
    if (!(ROUTING_ENGINES as readonly string[]).includes(n)) throw new InvalidParameterError(option, `a comma-separated list of routing engines among ${ROUTING_ENGINES.join(', ')} (OpenSM's names)`, text);
  }
  return names as RoutingEngine[];
}

function upDownRootFirst(topology: FabricTopology, g: SwitchGraph, shape: FatTreeShape): Record<string, Record<string, number>> {
  // The root: the highest-ranked switch (farthest from the hosts), the first such in order.
  let root = 0;
  for (let u = 0; u < g.S; u++) if (shape.rank[u]! > shape.rank[root]!) root = u;
  const switches = [topology.switches[root]!, ...topology.switches.filter((_, u) => u !== root)];
  return upDownForwarding({ switches, hosts: topology.hosts, links: topology.links.map((l) => ({ a: `${l.a.node}:${l.a.port}`, b: `${l.b.node}:${l.b.port}` })) });
}

function named(topology: FabricTopology, ports: Int32Array): Record<string, Record<string, number>> {
  const H = topology.hosts.length;
  const out: Record<string, Record<string, number>> = Object.create(null) as Record<string, Record<string, number>>;
  topology.switches.forEach((s, u) => {
    const row: Record<string, number> = Object.create(null) as Record<string, number>;
    topology.hosts.forEach((h, i) => (row[h.name] = ports[u * H + i]!));
    out[s.name] = row;
  });
  return out;
}

/**
 * Routes a validated topology with the first engine of `chain` that succeeds (see the module comment).
 * @example routeFabric(validateFabricTopology(fatTreeTopology(4)), ['ftree']).engine; // → 'ftree'
 */
export function routeFabric(topology: FabricTopology, chain: readonly RoutingEngine[] = ['minhop']): RoutedFabric {
  recordParameter('topology', topology, { switches: 'array', hosts: 'array', links: 'array' });
  const g = switchGraph(topology);
  const fatTree = detectFatTree(g, topology.switches.map((s) => s.name));
  const failed: { engine: RoutingEngine; reason: string }[] = [];
  for (const engine of chain) {
    if (engine === 'minhop') return done(engine, minHopPorts(g));
    if (engine === 'ftree') {
      if (fatTree.isFatTree) return done(engine, fatTreePorts(g, fatTree));
      failed.push({ engine, reason: `not a fat-tree: ${fatTree.reason}` });
      continue;
    }
    try {
      const fw = upDownRootFirst(topology, g, fatTree);
      const H = g.H;
      const ports = new Int32Array(g.S * H);
      topology.switches.forEach((s, u) => topology.hosts.forEach((h, i) => (ports[u * H + i] = fw[s.name]![h.name]!)));
      return done(engine, ports);
    } catch (e) {
      if (!(e instanceof InvalidParameterError)) throw e;
      failed.push({ engine, reason: e.message });
    }
  }
  return done('minhop', minHopPorts(g));

  function done(engine: RoutingEngine, ports: Int32Array): RoutedFabric {
    let table: Record<string, Record<string, number>> | undefined;
    return {
      engine,
      ports,
      get forwarding() {
        return (table ??= named(topology, ports));
      },
      failed,
      fatTree,
    };
  }
}

/**
 * Path queries on a validated fabric topology: which output ports a packet from host s to host d
 * crosses, read off the forwarding tables (the file's LFTs where it has them, else the floor's
 * min-hop tables that {@link validateFabricTopology} completes them with), with each hop's link rate
 * and, given the SL→VL table, the VL it travels on. The simulator, the broker and the analytic
 * models ask the same question here.
 *
 * @example
 *   const topo = validateFabricTopology(twoSwitchTopology());
 *   pathHops(topo, 'A1', 'Bv', { sl: 0, slToVl: [0] }).map((h) => `${h.node}:${h.port}→${h.to}`)
 *   // → ['A1:1→A', 'A:1→B', 'B:4→Bv'] (each hop also has rateGbps 2.5 and vl 0)
 */
import { InvalidParameterError } from '../../core/errors.js';
import { validateFabricTopology, type FabricTopology, type FabricTopologySpec } from '../topology.js';
import { checkKind, recordParameter } from '../../core/shapes.js';

/** One hop of a path: the output port that sends it and the link it drives. */
export interface PathHop {
  /** The node whose output port sends the hop: the source host first, then each switch on the way. */
  readonly node: string;
  /** That output port (1 for a host). */
  readonly port: number;
  /** The node at the far end of the link (the destination host last). */
  readonly to: string;
  /** The link's data rate, Gb/s. */
  readonly rateGbps: number;
  /**
   * The VL the packet travels on over this hop: slToVl[sl] plus the hop's VL offset (the topology's
   * `virtualLanes` entry of that switch for the destination; 0 on the host's hop). Absent when no
   * SL→VL table was given.
   */
  readonly vl?: number;
}

/** Options of {@link pathHops}. */
export interface PathQueryOptions {
  /** The packets' service level, 0..15 (default 0). */
  readonly sl?: number;
  /** SL → VL (index = SL; 16 entries, or fewer when only low SLs are used). Without it, hops carry no `vl`. */
  readonly slToVl?: readonly number[];
}

interface Hop {
  readonly node: string;
  readonly port: number;
  readonly to: string;
  readonly rateGbps: number;
}

/** Follows the forwarding tables from host `from` to host `to`: the host's own hop first. */
function walk(topology: FabricTopology, from: string, fromField: string, to: string, toField: string): Hop[] {
  const H = topology.hosts.length;
  const toIndex = topology.hosts.findIndex((h) => h.name === to);
  if (!topology.hosts.some((h) => h.name === from)) throw new InvalidParameterError(fromField, 'a host of the topology', from);
  if (toIndex < 0) throw new InvalidParameterError(toField, 'a host of the topology', to);
  const peer = new Map<string, { node: string; rateGbps: number }>();
  for (const l of topology.links) {
    peer.set(`${l.a.node}:${l.a.port}`, { node: l.b.node, rateGbps: l.rateGbps });
    peer.set(`${l.b.node}:${l.b.port}`, { node: l.a.node, rateGbps: l.rateGbps });
  }
  const switchIndex = new Map(topology.switches.map((s, i) => [s.name, i]));
  const first = peer.get(`${from}:1`)!;
  const hops: Hop[] = [{ node: from, port: 1, to: first.node, rateGbps: first.rateGbps }];
  for (let at = first.node; at !== to; ) {
    // A validated topology's tables reach every host without a loop; the bound is a guard only.
    if (hops.length > topology.switches.length + 1) throw new InvalidParameterError('topology.forwarding', `tables that lead from ${from} to ${to}`, hops.map((h) => `${h.node}:${h.port}`).join(' → '));
    const port = topology.forwardingPorts[switchIndex.get(at)! * H + toIndex]!;
    const next = peer.get(`${at}:${port}`)!;
    hops.push({ node: at, port, to: next.node, rateGbps: next.rateGbps });
    at = next.node;
  }
  return hops;
}

/**
 * The hops a packet from host `source` to host `destination` on SL `sl` takes (see the module
 * comment), the source's own link first and the link into the destination last.
 *
 * @throws InvalidParameterError naming `source` or `destination` (not a host of the topology; the
 *   same host twice), `sl` (not an integer 0..15) or `slToVl[sl]` (not a data VL 0..14).
 * @example pathHops(topo, 'node01', 'node05').map((h) => `${h.node}:${h.port}`) // → ['node01:1', 'leaf0:5', 'spine0:2', 'leaf1:1']
 */
export function pathHops(topology: FabricTopology, source: string, destination: string, options: PathQueryOptions = {}): PathHop[] {
  if (source === destination) throw new InvalidParameterError('destination', 'a host other than the source', destination);
  const sl = options.sl ?? 0;
  if (typeof sl !== 'number' || !Number.isInteger(sl) || sl < 0 || sl > 15) throw new InvalidParameterError('sl', 'an integer 0..15', sl);
  const hops = walk(topology, source, 'source', destination, 'destination');
  if (options.slToVl === undefined) return hops;
  const base = options.slToVl[sl];
  if (typeof base !== 'number' || !Number.isInteger(base) || base < 0 || base > 14) throw new InvalidParameterError(`slToVl[${sl}]`, 'a data VL 0..14', base);
  const offsets = topology.virtualLanes;
  return hops.map((h, k) => ({ ...h, vl: base + (k === 0 || offsets === undefined ? 0 : (offsets[h.node]?.[destination] ?? 0)) }));
}

/**
 * The route a packet from host `from` to host `to` takes: the list of `"switch:outPort"` hops read
 * off the forwarding tables (the switch hops of {@link pathHops}).
 *
 * @throws InvalidParameterError if either host is unknown.
 * @example fabricRoute(topo, 'h0', 'h1'); // → ['S:2']
 */
export function fabricRoute(topology: FabricTopology, from: string, to: string): string[] {
  recordParameter('topology', topology, { switches: 'array', hosts: 'array', links: 'array' });
  checkKind('from', from, 'string');
  checkKind('to', to, 'string');
  return walk(topology, from, 'from', to, 'to')
    .slice(1)
    .map((h) => `${h.node}:${h.port}`);
}

/**
 * The floor's default forwarding tables of a topology, whatever tables it gives: among the
 * shortest routes to each host the d-mod-k choice (routing/forwardingTables.ts), what
 * {@link validateFabricTopology} fills in where a topology has no tables. (OpenSM's engines —
 * `minhop`, `updn`, `ftree` — are routing/engines.ts's `routeFabric`.)
 *
 * @throws InvalidParameterError naming the field of a malformed topology.
 * @example dModKForwarding({ ...net, forwarding: lfts }).leaf0.node05 // the shortest route's port, not the LFT's
 */
export function dModKForwarding(spec: FabricTopologySpec): Readonly<Record<string, Readonly<Record<string, number>>>> {
  recordParameter('spec', spec, { switches: 'array', hosts: 'array', links: 'array' });
  const { switches, hosts, links } = spec;
  return validateFabricTopology({ switches, hosts, links }).forwarding;
}

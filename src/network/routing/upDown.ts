/**
 * Up*\/down* routing (Schroeder et al., "Autonet", IEEE JSAC 9(8), 1991), the standard deadlock-free
 * routing of irregular InfiniBand subnets (OpenSM's `updn`), as destination-based forwarding tables.
 *
 * A breadth-first spanning tree from a root switch gives each switch a level; the key of a switch is
 * (level, index) and a link u → v goes *up* when key(v) < key(u), *down* otherwise. A legal route is
 * zero or more up links followed by zero or more down links, so no cycle of channel dependencies
 * closes and the routing is deadlock-free. Per destination switch t:
 * - D(u): the fewest down-only links from u to t (a breadth-first search backwards from t);
 * - a switch with finite D goes down, to a neighbour with D − 1; every other switch goes up, to an
 *   up neighbour v of least cost C(v) (C = D when finite, else 1 + the least C of its up
 *   neighbours; computed in increasing key order, so up neighbours come first).
 * A switch that goes down reaches t down-only, and the up links form an acyclic graph, so every
 * route is up*\/down* and loop-free. Among equal choices the one at index (host index mod choices)
 * is taken, spreading the hosts of one switch over parallel routes.
 *
 * This is the library's one up*\/down* implementation: the orientation ({@link upDownOrientation})
 * and the two phases ({@link upDownCosts}, unit hops or weighted links) are shared by these tables
 * and by the alternative LIDs of multipath.ts, which weight the links an earlier LID uses.
 */
import { InvalidParameterError } from '../../core/errors.js';
import type { FabricPortRef, FabricTopology, FabricTopologySpec } from '../topology.js';
import { recordParameter } from '../../core/shapes.js';

/** A switch-to-switch link end: the neighbour and the local port that reaches it. */
export interface SwitchNeighbour {
  readonly to: number;
  readonly port: number;
}

/**
 * The switch graph as up*\/down* reads it, from a written or a validated topology: neighbours per
 * switch in link order (the order the tables' choices among equal routes follow; switchGraph.ts's
 * graph, of validated topologies, lists ports in port order) and where each host hangs.
 */
export interface UpDownGraph {
  /** adj[u]: switch u's switch neighbours, in the order of the topology's links. */
  readonly adj: readonly (readonly SwitchNeighbour[])[];
  /** hostAt[h]: host h's switch and that switch's port (undefined: not attached to a switch). */
  readonly hostAt: readonly ({ readonly sw: number; readonly port: number } | undefined)[];
}

/** An up*\/down* orientation: each switch's rank (lower = nearer the root), and the switches in rank order. */
export interface UpDownOrientation {
  /** rank[u] = level(u) · S + u, level the breadth-first distance from the root; switches the root does not reach rank after all others. */
  readonly rank: Float64Array;
  /** Switch indices by increasing rank. */
  readonly order: readonly number[];
}

function endOf(end: string | FabricPortRef): { node: string; port: number } {
  if (typeof end !== 'string') return end; // a validated topology's resolved end
  const text = end;
  const colon = text.lastIndexOf(':');
  return colon < 0 ? { node: text, port: 1 } : { node: text.slice(0, colon), port: Number(text.slice(colon + 1)) };
}

/**
 * The {@link UpDownGraph} of a topology (written or validated).
 *
 * @throws InvalidParameterError naming `links[k].a` or `.b` for a link end that is no switch or host of the topology.
 */
export function upDownGraph(topology: FabricTopologySpec | FabricTopology): UpDownGraph {
  const switchIndex = new Map(topology.switches.map((s, k) => [s.name, k]));
  const hostIndex = new Map(topology.hosts.map((h, k) => [h.name, k]));
  const adj: SwitchNeighbour[][] = Array.from({ length: topology.switches.length }, () => []);
  const hostAt: { sw: number; port: number }[] = new Array(topology.hosts.length);
  topology.links.forEach((link, k) => {
    const a = endOf(link.a);
    const b = endOf(link.b);
    const sa = switchIndex.get(a.node);
    const sb = switchIndex.get(b.node);
    for (const [end, field] of [[a, 'a'], [b, 'b']] as const) {
      if (!switchIndex.has(end.node) && !hostIndex.has(end.node)) throw new InvalidParameterError(`links[${k}].${field}`, 'a switch or host of the topology', end.node);
    }
    if (sa !== undefined && sb !== undefined) {
      adj[sa]!.push({ to: sb, port: a.port });
      adj[sb]!.push({ to: sa, port: b.port });
    } else if (sa !== undefined) hostAt[hostIndex.get(b.node)!] = { sw: sa, port: a.port };
    else if (sb !== undefined) hostAt[hostIndex.get(a.node)!] = { sw: sb, port: b.port };
  });
  return { adj, hostAt };
}

/** Breadth-first hop distances from switch `root` over the switch graph (−1: not reached). */
export function bfsLevels(adj: readonly (readonly SwitchNeighbour[])[], root: number): Int32Array {
  const level = new Int32Array(adj.length).fill(-1);
  if (adj.length === 0) return level;
  level[root] = 0;
  const queue = [root];
  for (let i = 0; i < queue.length; i++) {
    for (const { to } of adj[queue[i]!]!) {
      if (level[to]! < 0) {
        level[to] = level[queue[i]!]! + 1;
        queue.push(to);
      }
    }
  }
  return level;
}

/** The up*\/down* orientation of the breadth-first tree from switch `root` (see {@link UpDownOrientation}). */
export function upDownOrientation(adj: readonly (readonly SwitchNeighbour[])[], root: number): UpDownOrientation {
  const S = adj.length;
  const level = bfsLevels(adj, root);
  const rank = Float64Array.from(level, (l, u) => (l >= 0 ? l : S) * S + u);
  const order = [...Array(S).keys()].sort((u, v) => rank[u]! - rank[v]!);
  return { rank, order };
}

/**
 * The two phases of up*\/down* routing towards switch t, in the arrays given (length S each):
 * - down[u]: the least cost of a down-only route from u to t (Infinity: none) — breadth-first
 *   with unit hops when `weight` is null, else Dijkstra over the link weights, `hop[u]` then the
 *   next switch of that route;
 * - cost[u]: down[u] where finite, else the least weight(u, v) + cost[v] over u's up neighbours v
 *   (computed in rank order, so they come first); `hop[u]` the first such v (with weights).
 */
export function upDownCosts(
  adj: readonly (readonly SwitchNeighbour[])[],
  orientation: UpDownOrientation,
  t: number,
  weight: ((u: number, v: number) => number) | null,
  down: Float64Array,
  cost: Float64Array,
  hop: Int32Array,
): void {
  const S = adj.length;
  const { rank, order } = orientation;
  down.fill(Infinity);
  hop.fill(-1);
  down[t] = 0;
  if (weight === null) {
    // Backwards from t: u reaches t down-only through v when u → v is down (rank[v] > rank[u]).
    for (let queue = [t], q = 0; q < queue.length; q++) {
      const v = queue[q]!;
      for (const { to: u } of adj[v]!) if (down[u] === Infinity && rank[v]! > rank[u]!) (down[u] = down[v]! + 1, queue.push(u));
    }
  } else {
    // Dijkstra on the reversed down links (S is small: O(S²)).
    const done = new Uint8Array(S);
    for (;;) {
      let v = -1;
      for (let i = 0; i < S; i++) if (!done[i] && down[i]! < Infinity && (v < 0 || down[i]! < down[v]!)) v = i;
      if (v < 0) break;
      done[v] = 1;
      for (const { to: u } of adj[v]!) {
        if (rank[v]! < rank[u]!) continue; // u → v goes up
        const c = down[v]! + weight(u, v);
        if (c < down[u]!) {
          down[u] = c;
          hop[u] = v;
        }
      }
    }
  }
  // Up phase: in rank order (the root first) each switch that cannot reach t going down climbs to
  // the up neighbour with the cheapest way on.
  for (const u of order) {
    if (down[u]! < Infinity) {
      cost[u] = down[u]!;
      continue;
    }
    let best = Infinity;
    for (const { to: v } of adj[u]!) {
      if (!(rank[v]! < rank[u]!)) continue;
      const c = (weight === null ? 1 : weight(u, v)) + cost[v]!;
      if (c < best) {
        best = c;
        hop[u] = v;
      }
    }
    cost[u] = best;
  }
}

/**
 * Forwarding tables `forwarding[switch][host] = output port` by up*\/down* routing, the root being
 * the topology's first switch.
 *
 * @throws InvalidParameterError naming `topology.hosts` and the host when some switch has no
 *   up*\/down* route to it (the switches are not all connected), or a link naming an unknown node.
 * @example
 *   const net = irregularTopology({ switches: 8, routing: 'shortest' }, new RandomStreams(1).stream('t'));
 *   const fw = upDownForwarding(net); // fw.s0.h0 === 1: h0 hangs on port 1 of s0
 */
export function upDownForwarding(topology: FabricTopologySpec | FabricTopology): Record<string, Record<string, number>> {
  recordParameter('topology', topology, { switches: 'array', hosts: 'array', links: 'array' });
  const N = topology.switches.length;
  const { adj, hostAt } = upDownGraph(topology);
  const orientation = upDownOrientation(adj, 0);
  const rank = orientation.rank;
  const forwarding: Record<string, Record<string, number>> = Object.fromEntries(topology.switches.map((s) => [s.name, {}]));
  const hostsOn: number[][] = Array.from({ length: N }, () => []);
  topology.hosts.forEach((h, k) => {
    if (!hostAt[k]) throw new InvalidParameterError('topology.hosts', 'hosts attached to a switch (up*/down* routes to switches)', h.name);
    hostsOn[hostAt[k].sw]!.push(k);
  });
  const D = new Float64Array(N);
  const C = new Float64Array(N);
  const hop = new Int32Array(N);
  for (let t = 0; t < N; t++) {
    if (hostsOn[t]!.length === 0) continue;
    upDownCosts(adj, orientation, t, null, D, C, hop);
    for (let u = 0; u < N; u++) {
      const name = topology.switches[u]!.name;
      for (const h of hostsOn[t]!) {
        const host = topology.hosts[h]!.name;
        if (u === t) {
          forwarding[name]![host] = hostAt[h]!.port;
          continue;
        }
        if (!(C[u]! < Infinity)) {
          throw new InvalidParameterError('topology.hosts', `a host every switch reaches by up*/down* routes (switch ${name} cannot reach it)`, host);
        }
        const down = D[u]! < Infinity;
        const choices = adj[u]!.filter(({ to: v }) =>
          down ? rank[v]! > rank[u]! && D[v] === D[u]! - 1 : rank[v]! < rank[u]! && C[v] === C[u]! - 1,
        );
        forwarding[name]![host] = choices[h % choices.length]!.port;
      }
    }
  }
  return forwarding;
}

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
 */
import { InvalidParameterError } from '../../core/errors.js';
import type { FabricPortRef, FabricTopology, FabricTopologySpec } from '../topology.js';

/** A switch-to-switch link end: the neighbour and the local port that reaches it. */
interface Neighbour {
  readonly to: number;
  readonly port: number;
}

function endOf(end: string | FabricPortRef): { node: string; port: number } {
  if (typeof end !== 'string') return end; // a validated topology's resolved end
  const text = end;
  const colon = text.lastIndexOf(':');
  return colon < 0 ? { node: text, port: 1 } : { node: text.slice(0, colon), port: Number(text.slice(colon + 1)) };
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
  const switchIndex = new Map(topology.switches.map((s, k) => [s.name, k]));
  const hostIndex = new Map(topology.hosts.map((h, k) => [h.name, k]));
  const N = topology.switches.length;
  const adj: Neighbour[][] = Array.from({ length: N }, () => []);
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
  // Levels by breadth-first search from switch 0; key order = (level, index).
  const level = new Array<number>(N).fill(-1);
  if (N > 0) level[0] = 0;
  for (let queue = N > 0 ? [0] : [], q = 0; q < queue.length; q++) {
    for (const { to } of adj[queue[q]!]!) if (level[to] === -1) (level[to] = level[queue[q]!]! + 1, queue.push(to));
  }
  const order = [...Array(N).keys()].filter((u) => level[u]! >= 0).sort((u, v) => level[u]! - level[v]! || u - v);
  const rank = new Array<number>(N).fill(Infinity);
  order.forEach((u, k) => (rank[u] = k));
  const forwarding: Record<string, Record<string, number>> = Object.fromEntries(topology.switches.map((s) => [s.name, {}]));
  const hostsOn: number[][] = Array.from({ length: N }, () => []);
  topology.hosts.forEach((h, k) => {
    if (!hostAt[k]) throw new InvalidParameterError('topology.hosts', 'hosts attached to a switch (up*/down* routes to switches)', h.name);
    hostsOn[hostAt[k].sw]!.push(k);
  });
  const D = new Array<number>(N);
  const C = new Array<number>(N);
  for (let t = 0; t < N; t++) {
    if (hostsOn[t]!.length === 0) continue;
    D.fill(Infinity);
    D[t] = 0;
    // Backwards from t: u reaches t down-only through v when u → v is down (rank[v] > rank[u]).
    for (let queue = [t], q = 0; q < queue.length; q++) {
      const v = queue[q]!;
      for (const { to: u } of adj[v]!) if (D[u] === Infinity && rank[v]! > rank[u]!) (D[u] = D[v]! + 1, queue.push(u));
    }
    for (const u of order) {
      C[u] = D[u]!;
      if (D[u] === Infinity) for (const { to: v } of adj[u]!) if (rank[v]! < rank[u]! && C[v]! + 1 < C[u]!) C[u] = C[v]! + 1;
    }
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

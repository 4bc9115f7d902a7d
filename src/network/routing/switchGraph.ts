/**
 * The switch graph the routing engines work on, built once from a validated topology: for every
 * switch its linked ports in port order with what each leads to, every host's switch and port, and
 * the hop distances between switches. Indices are those of `topology.switches` and `topology.hosts`.
 */
import type { FabricTopology } from '../topology.js';
import { recordParameter } from '../../core/shapes.js';

/** A validated topology as integer arrays (see the module comment). */
export interface SwitchGraph {
  readonly S: number;
  readonly H: number;
  /** Per switch: its linked port numbers, ascending. */
  readonly ports: readonly Int32Array[];
  /** Per switch, parallel to `ports`: the switch behind the port (≥ 0) or −1 − host index. */
  readonly peer: readonly Int32Array[];
  /** Per switch, parallel to `ports`: the link's data rate, Gb/s. */
  readonly rate: readonly Float64Array[];
  /** The switch a host hangs on, and the switch port it uses. */
  readonly hostSwitch: Int32Array;
  readonly hostPort: Int32Array;
  /** A host's own link rate, Gb/s. */
  readonly hostRate: Float64Array;
  /** Hosts per switch, in host order. */
  readonly hostsAt: readonly (readonly number[])[];
}

/** Builds the {@link SwitchGraph} of a validated topology. */
export function switchGraph(topology: FabricTopology): SwitchGraph {
  recordParameter('topology', topology, { switches: 'array', hosts: 'array', links: 'array' });
  const S = topology.switches.length;
  const H = topology.hosts.length;
  const switchIndex = new Map(topology.switches.map((s, i) => [s.name, i]));
  const hostIndex = new Map(topology.hosts.map((h, i) => [h.name, i]));
  const lists: [number, number, number][][] = Array.from({ length: S }, () => []);
  const hostSwitch = new Int32Array(H);
  const hostPort = new Int32Array(H);
  const hostRate = new Float64Array(H);
  const target = (node: string): number => switchIndex.get(node) ?? -1 - hostIndex.get(node)!;
  for (const l of topology.links) {
    const a = switchIndex.get(l.a.node);
    const b = switchIndex.get(l.b.node);
    if (a !== undefined) lists[a]!.push([l.a.port, target(l.b.node), l.rateGbps]);
    if (b !== undefined) lists[b]!.push([l.b.port, target(l.a.node), l.rateGbps]);
    const host = a === undefined ? l.a.node : b === undefined ? l.b.node : undefined;
    if (host !== undefined) {
      const h = hostIndex.get(host)!;
      const onA = a !== undefined;
      hostSwitch[h] = onA ? a : b!;
      hostPort[h] = onA ? l.a.port : l.b.port;
      hostRate[h] = l.rateGbps;
    }
  }
  for (const list of lists) list.sort((x, y) => x[0] - y[0]);
  const hostsAt: number[][] = Array.from({ length: S }, () => []);
  for (let h = 0; h < H; h++) hostsAt[hostSwitch[h]!]!.push(h);
  return {
    S,
    H,
    ports: lists.map((l) => Int32Array.from(l, (x) => x[0])),
    peer: lists.map((l) => Int32Array.from(l, (x) => x[1])),
    rate: lists.map((l) => Float64Array.from(l, (x) => x[2])),
    hostSwitch,
    hostPort,
    hostRate,
    hostsAt,
  };
}

/** Hop distances over switch-to-switch links from switch `root` (−1: unreachable). */
export function hopsFrom(g: SwitchGraph, root: number, dist = new Int32Array(g.S), queue = new Int32Array(g.S)): Int32Array {
  dist.fill(-1);
  dist[root] = 0;
  queue[0] = root;
  let tail = 1;
  for (let head = 0; head < tail; head++) {
    const u = queue[head]!;
    const peer = g.peer[u]!;
    for (let k = 0; k < peer.length; k++) {
      const v = peer[k]!;
      if (v >= 0 && dist[v] === -1) {
        dist[v] = dist[u]! + 1;
        queue[tail++] = v;
      }
    }
  }
  return dist;
}

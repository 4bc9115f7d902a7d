/**
 * Multipath routing tables, as InfiniBand does it: the subnet manager gives each host port 2^LMC
 * LIDs, and every switch holds one forwarding entry per LID, so LID k of a destination names its own
 * route from every source (the DRB paper (Lugones et al.), §4.1: "a Local Mask Control (LMC) is also specified … thus
 * providing up to 2^LMC possible LIDs to each port … This mask allows the SM to establish several
 * paths between the same pair of nodes").
 *
 * {@link multipathRoutes} computes, on any validated topology, `paths` routes per destination: LID 0
 * is the topology's own forwarding table (with its `virtualLanes`, e.g. a torus's datelines); each
 * further LID is a destination-based route computed over the switch graph so that it avoids, as far
 * as the graph allows, every switch-to-switch link the earlier LIDs of that destination use (the
 * seed searches disjoint paths by depth-first search, §4.1; per-LID tables force a route per
 * destination, so this file uses penalised shortest paths instead: a path reusing a link costs more
 * than any path that does not, and among the others the shortest wins: "shortest paths are
 * selected").
 *
 * Deadlock freedom (the scheme, documented in docs/fabric.md): the alternative LIDs obey the up*∕down*
 * restriction (Schroeder et al., Autonet, 1991) over a breadth-first spanning tree — a route never
 * takes an "up" link after a "down" one — and each alternative LID travels on a VL of its own
 * (offsets above LID 0's; option `escape: 'shared'`: one orientation and one VL for all of them).
 * Any set of up*∕down* routes of one orientation has acyclic channel dependencies, LID 0's class is
 * deadlock-free by itself (dimension order with datelines on a torus), and a packet keeps its LID's
 * class (VL) from source to destination, so the union is deadlock-free. The price: up*∕down* routes may be longer than minimal and crowd near the
 * root; in-order delivery is not kept across LIDs (the seed's receivers number packets to measure
 * disorder, §4.2.3; nothing here reorders).
 *
 * For each source–destination pair the usable paths are the LIDs whose switch-to-switch links are
 * disjoint from those of the LIDs kept before them (LID 0 always kept): a pair may have fewer
 * disjoint paths than LIDs, and {@link MultipathRoutes.disjoint} says how many it has.
 */
import { minOf } from '../../core/arrays.js';
import { InvalidParameterError } from '../../core/errors.js';
import { disjointLids } from './disjointLids.js';
import { namedTables, virtualLaneOffsets } from './forwardingTables.js';
import type { FabricTopology } from '../topology.js';
import { bfsLevels, upDownCosts, upDownGraph, upDownOrientation } from './upDown.js';
import { checkKind, recordParameter } from '../../core/shapes.js';

/** Tables of one LID: `forwarding[switch][host]` output port, `virtualLanes[switch][host]` VL offset. */
export interface LidTables {
  readonly forwarding: Readonly<Record<string, Readonly<Record<string, number>>>>;
  readonly virtualLanes: Readonly<Record<string, Readonly<Record<string, number>>>>;
}

/**
 * Tables of one LID as {@link multipathRoutes} returns them: the arrays the fabric reads, at
 * [s·H + h] (switch and host indices), and the {@link LidTables} views of them keyed by names
 * (built on first read).
 */
export interface LidArrays extends LidTables {
  /** Output port number of switch s towards host h. */
  readonly ports: Int32Array;
  /** VL offset of that hop. */
  readonly vlOffsets: Uint8Array;
}

function lidArrays(topology: FabricTopology, ports: Int32Array, vlOffsets: Uint8Array): LidArrays {
  const forwarding = namedTables(topology.switches, topology.hosts, ports);
  const virtualLanes = namedTables(topology.switches, topology.hosts, vlOffsets);
  return Object.freeze({
    ports,
    vlOffsets,
    get forwarding() {
      return forwarding();
    },
    get virtualLanes() {
      return virtualLanes();
    },
  });
}

/** Options of {@link multipathRoutes}. */
export interface MultipathOptions {
  /**
   * 'per-lid' (default): each alternative LID has its own up*∕down* orientation (rooted as far as
   * possible from the earlier roots) and its own VL — paths − 1 VLs above LID 0's; 'shared': one
   * orientation from the first switch and one VL for all alternatives (fewer VLs, fewer disjoint paths).
   */
  readonly escape?: 'per-lid' | 'shared';
  /**
   * The alternative LIDs' tables given by the caller (LIDs 1, 2, …: forwarding ports and VL offsets by
   * switch and host name, e.g. a mesh's other dimension orders, meshRoutes.ts), in place of the
   * up*∕down* routes; `escape` is then ignored. The caller answers for their deadlock freedom.
   * At most paths − 1 are used; fewer given: fewer LIDs.
   */
  readonly alternatives?: readonly LidTables[];
}

/** What {@link multipathRoutes} returns. */
export interface MultipathRoutes {
  /** One entry per LID offset 0..paths−1 (LMC = ⌈log2 paths⌉). */
  readonly lids: readonly LidArrays[];
  /** The VL offset of the first alternative LID (one above LID 0's largest). */
  readonly escapeVl: number;
  /** VL offsets used by all LIDs: the fabric needs the SL's VL + vlCount − 1 < vls. */
  readonly vlCount: number;
  /**
   * usable[s][d] = the LID offsets whose routes from host s to host d are pairwise link-disjoint
   * (host indices in topology order; LID 0 first, then chosen shortest first). Its length is the
   * pair's number of disjoint paths.
   */
  readonly usable: readonly (readonly (readonly number[])[])[];
  /** Fewest and mean disjoint paths over all pairs of distinct hosts. */
  readonly disjoint: { readonly min: number; readonly mean: number };
}

/**
 * Computes `paths` LIDs per destination (see the module comment): the alternative LIDs by the
 * weighted up*∕down* phases of upDown.ts, a link an earlier LID of the destination uses weighing
 * more than any path that avoids it.
 *
 * Cost: O(paths · H · S²) time for H hosts on S switches (a quadratic Dijkstra per destination and
 * LID) — a few seconds for 256 switches and 4 paths.
 *
 * @throws InvalidParameterError if paths is not an integer in 1..8.
 * @example multipathRoutes(validateFabricTopology(meshTopology(3, 3)), 2).usable[0][8]; // → [0, 1]
 */
export function multipathRoutes(topology: FabricTopology, paths: number, options: MultipathOptions = {}): MultipathRoutes {
  if (typeof paths !== 'number' || !Number.isInteger(paths) || paths < 1 || paths > 8) {
    throw new InvalidParameterError('paths', 'an integer in 1..8', paths);
  }
  const shared = (options.escape ?? 'per-lid') === 'shared';
  if (options.escape !== undefined && options.escape !== 'shared' && options.escape !== 'per-lid') {
    throw new InvalidParameterError('escape', "one of 'per-lid', 'shared'", options.escape);
  }
  const S = topology.switches.length;
  const graph = upDownGraph(topology);
  /** host name → its switch index. */
  const hostAt = new Map(topology.hosts.map((h, d) => [h.name, graph.hostAt[d]!.sw]));
  /** adj[u]: switch u's switch neighbours, by port. */
  const adj = graph.adj.map((list) => [...list].sort((x, y) => x.port - y.port));
  // One up*/down* orientation per alternative LID, each rooted as far as possible from the roots
  // before it (switch 0 first), so the LIDs' routes take different shapes.
  const roots: number[] = [0];
  const levels: Int32Array[] = [bfsLevels(adj, 0)];
  for (let k = 2; k < paths; k++) {
    let best = 0;
    let far = -1;
    for (let u = 0; u < S; u++) {
      const m = minOf(levels.map((l) => l[u]!));
      if (m > far) {
        far = m;
        best = u;
      }
    }
    roots.push(best);
    levels.push(bfsLevels(adj, best));
  }
  const orientations = roots.map((r) => upDownOrientation(adj, r));

  const hosts = topology.hosts.map((h) => h.name);
  const H = hosts.length;
  const zeroVls = virtualLaneOffsets(topology.virtualLanes, topology.switches, topology.hosts);
  let base = 0;
  for (const vl of zeroVls) if (vl > base) base = vl;
  const escapeVl = base + 1;
  /** VL offset of LID k ≥ 1: its own escape VL, or one shared by all (single orientation). */
  const vlOf = (k: number): number => escapeVl + (shared ? 0 : k - 1);
  const lids: LidArrays[] = [lidArrays(topology, topology.forwardingPorts, zeroVls)];
  /** next[k][u·H + d] = next switch (−1: the host itself) of LID k. */
  const next: Int32Array[] = [];
  const portTo = (u: number, v: number): number => adj[u]!.find(({ to }) => to === v)!.port;
  // neighbourOf[u][port]: the switch behind port `port` of switch u (−1: a host or no link).
  const neighbourOf = topology.switches.map((s, u) => {
    const row = new Int32Array(s.ports + 1).fill(-1);
    for (const { port, to } of adj[u]!) row[port] = to;
    return row;
  });
  const nextOf = (ports: Int32Array): Int32Array => {
    const row = new Int32Array(S * H);
    for (let u = 0; u < S; u++) for (let d = 0; d < H; d++) row[u * H + d] = neighbourOf[u]![ports[u * H + d]!] ?? -1;
    return row;
  };
  next.push(nextOf(topology.forwardingPorts));
  if (options.alternatives !== undefined) {
    const given = options.alternatives.slice(0, paths - 1);
    given.forEach((alt, i) => {
      const ports = new Int32Array(S * H);
      topology.switches.forEach((sw, u) =>
        hosts.forEach((h, d) => {
          const port = alt.forwarding[sw.name]?.[h]!;
          if (!Number.isInteger(port) || port < 1 || port > sw.ports) throw new InvalidParameterError(`alternatives[${i}].forwarding.${sw.name}.${h}`, `a port of ${sw.name} (1..${sw.ports})`, port);
          ports[u * H + d] = port;
        }),
      );
      lids.push(lidArrays(topology, ports, virtualLaneOffsets(alt.virtualLanes, topology.switches, topology.hosts)));
      next.push(nextOf(ports));
    });
    return { lids, escapeVl, vlCount: vlCountOf(Uint8Array.from(lids.flatMap((l) => Array.from(l.vlOffsets)))), ...disjointLids(next, hosts, hostAt, S) };
  }
  for (let k = 1; k < paths; k++) next.push(new Int32Array(S * H));

  const P = S + 1;
  const dd = new Float64Array(S);
  const D = new Float64Array(S);
  const hop = new Int32Array(S);
  hosts.forEach((_, d) => {
    const t = graph.hostAt[d]!.sw;
    const used = new Set<number>();
    const mark = (k: number): void => {
      for (let u = 0; u < S; u++) if (u !== t) used.add(u * S + next[k]![u * H + d]!);
    };
    mark(0);
    for (let k = 1; k < paths; k++) {
      const w = (u: number, v: number): number => (used.has(u * S + v) ? P : 1);
      upDownCosts(adj, orientations[shared ? 0 : k - 1]!, t, w, dd, D, hop);
      const row = next[k]!;
      for (let u = 0; u < S; u++) row[u * H + d] = u === t ? -1 : hop[u]!;
      mark(k);
    }
  });
  const hostSwitch = Int32Array.from(graph.hostAt, (a) => a!.sw);
  for (let k = 1; k < paths; k++) {
    const ports = new Int32Array(S * H);
    for (let u = 0; u < S; u++) {
      for (let d = 0; d < H; d++) {
        const i = u * H + d;
        ports[i] = u === hostSwitch[d] ? topology.forwardingPorts[i]! : portTo(u, next[k]![i]!);
      }
    }
    lids.push(lidArrays(topology, ports, new Uint8Array(S * H).fill(vlOf(k))));
  }

  return { lids, escapeVl, vlCount: paths === 1 ? escapeVl : vlOf(paths - 1) + 1, ...disjointLids(next, hosts, hostAt, S) };
}

/** The fabric's compiled routing: forwarding and VL offsets per LID, as typed arrays. */
export interface CompiledRouting {
  /** LIDs per host (1 without multipath). */
  readonly lids: number;
  /** Global out port of switch s for LID offset k of host h: fwd[(k·S + s)·H + h]. */
  readonly fwd: Int32Array;
  /** VL offset of that hop (same index). */
  readonly fwdVl: Uint8Array;
  /** The largest VL offset used, plus one. */
  readonly vlCount: number;
  /** usable[s·H + d] = the LID offsets of the pair's disjoint paths (LID 0 first); empty without multipath (every pair: LID 0). */
  readonly usable: readonly (readonly number[])[];
  /** Fewest and mean disjoint paths over the pairs (1 without multipath). */
  readonly disjoint: { readonly min: number; readonly mean: number };
}

/** Options of the fabric's multipath (buildFabric `multipath`). */
export interface MultipathSpec extends MultipathOptions {
  /** LIDs per host port, 1..8 (the LMC range used). */
  readonly paths: number;
}

/**
 * Compiles a validated topology's routing (and, with `multipath`, its alternative LIDs) into the
 * fabric's arrays; `switchBase[s]` is switch s's first global port (port 1).
 *
 * @throws InvalidParameterError naming `multipath.paths` or `multipath.escape`.
 */
export function compileRouting(topology: FabricTopology, multipath: MultipathSpec | undefined, switchBase: readonly number[]): CompiledRouting {
  recordParameter('topology', topology, { switches: 'array', hosts: 'array', links: 'array' });
  checkKind('switchBase', switchBase, 'array');
  const S = topology.switches.length;
  const H = topology.hosts.length;
  if (multipath === undefined) {
    // One LID: the topology's own tables, without the H² list of usable paths (a k = 32 fat-tree has 67 M pairs).
    const fwdVl = virtualLaneOffsets(topology.virtualLanes, topology.switches, topology.hosts);
    return { lids: 1, fwd: globalPorts(topology.forwardingPorts, switchBase, H), fwdVl, vlCount: vlCountOf(fwdVl), usable: [], disjoint: { min: 1, mean: 1 } };
  }
  let routes: MultipathRoutes;
  try {
    routes = multipathRoutes(topology, multipath.paths, {
      ...(multipath.escape === undefined ? {} : { escape: multipath.escape }),
      ...(multipath.alternatives === undefined ? {} : { alternatives: multipath.alternatives }),
    });
  } catch (e) {
    if (e instanceof InvalidParameterError) throw new InvalidParameterError(`multipath.${e.parameter}`, e.rule, e.value);
    throw e;
  }
  const L = routes.lids.length;
  const fwd = new Int32Array(L * S * H);
  const fwdVl = new Uint8Array(L * S * H);
  routes.lids.forEach((lid, k) => {
    fwd.set(globalPorts(lid.ports, switchBase, H), k * S * H);
    fwdVl.set(lid.vlOffsets, k * S * H);
  });
  return { lids: L, fwd, fwdVl, vlCount: vlCountOf(fwdVl), usable: routes.usable.flat(), disjoint: routes.disjoint };
}

/** Port numbers at [s·H + h] → global port numbers (switch s's port p is switchBase[s] + p − 1). */
function globalPorts(ports: Int32Array, switchBase: readonly number[], H: number): Int32Array {
  const fwd = new Int32Array(ports.length);
  for (let s = 0, i = 0; s < switchBase.length; s++) {
    const base = switchBase[s]! - 1;
    for (let h = 0; h < H; h++, i++) fwd[i] = base + ports[i]!;
  }
  return fwd;
}

/** The largest VL offset used, plus one. */
function vlCountOf(fwdVl: Uint8Array): number {
  let top = 0;
  // (an indexed loop: the array iterator took 4 % of a k = 32 fat-tree's build, 10.5 M entries)
  for (let i = 0; i < fwdVl.length; i++) if (fwdVl[i]! > top) top = fwdVl[i]!;
  return top + 1;
}

/**
 * Fat-tree detection and OpenSM's `ftree` routing engine (opensm doc/current-routing.txt,
 * "Fat-tree Routing Algorithm"; osm_ucast_ftree.c).
 *
 * Detection follows OpenSM's rules for a fat-tree given without a root GUID file: the switches with
 * hosts are the leaves (rank 0 here, counted up from the hosts), every other switch's rank is its
 * hop distance from the nearest leaf; every switch-to-switch link joins adjacent ranks (no link
 * within a rank); the tree has 2..8 ranks; the switches of one rank have the same number of
 * up-going port groups (ports to one remote switch form a group) with the same number of ports in
 * each, and likewise down-going (leaves have none down, the top rank none up); and every top switch
 * reaches every leaf going down. A topology that breaks a rule is "not a fat-tree", with the first
 * rule it breaks.
 *
 * Routing, per destination host in leaf order (OpenSM routes the compute nodes leaf by leaf), as
 * osm_ucast_ftree.c's fabric_route_downgoing_by_going_up / fabric_route_upgoing_by_going_down: from
 * the host's leaf a main path climbs to the top, each step to the upper switch whose down port
 * towards the current one routes the fewest destinations so far (`counter_down`), which gets the
 * down route; every switch below that upper switch without a route yet climbs to it, through the
 * parallel port that routes the fewest destinations up (`counter_up`). So all traffic to one host
 * meets on one top switch's down path, and consecutive hosts of a leaf take different upper
 * switches: on a k-ary n-tree every link carries the same number of destinations. Switches outside
 * the main path's subtree (which carry none of that host's traffic) get a route down if they reach
 * the leaf going down, else up. Every route climbs then descends, so the routing is up*\/down* and
 * free of credit loops, and every route is a shortest path. OpenSM's ftree further orders ports by
 * GUID, handles root and compute-node GUID files and routes switch LIDs; none of that is modelled.
 */
import type { SwitchGraph } from './switchGraph.js';
import { appendAll } from '../../core/arrays.js';
import { checkKind, recordParameter } from '../../core/shapes.js';

/** A fat-tree's shape, or why a topology is not one. */
export interface FatTreeShape {
  readonly isFatTree: boolean;
  /** The first rule broken (empty for a fat-tree). */
  readonly reason: string;
  /** Rank of each switch (0 = leaves; −1 unreachable from a leaf). */
  readonly rank: Int32Array;
  /** Switch ranks (tiers), 0 when there is no switch with hosts. */
  readonly tiers: number;
  /** Per rank: switches. */
  readonly switchesPerRank: readonly number[];
  /**
   * The largest ratio, over the switches below the top, of a switch's down bandwidth (to hosts or
   * lower switches) to its up bandwidth: 1 for a non-blocking tree, 2 for 2:1 oversubscription.
   */
  readonly oversubscription: number;
}

/** Ports of switch u grouped by the remote switch, as counts: up-going and down-going group shapes. */
function groupShape(g: SwitchGraph, rank: Int32Array, u: number, dir: 1 | -1): string {
  const groups = new Map<number, number>();
  const peer = g.peer[u]!;
  for (let k = 0; k < peer.length; k++) {
    const v = peer[k]!;
    if (v >= 0 && rank[v] === rank[u]! + dir) groups.set(v, (groups.get(v) ?? 0) + 1);
  }
  const sizes = [...groups.values()].sort((a, b) => a - b);
  return `${sizes.length} group${sizes.length === 1 ? '' : 's'} of ${sizes.join('/') || '0'} port${sizes.length === 1 && sizes[0] === 1 ? '' : 's'}`;
}

/** Detects a fat-tree (see the module comment). */
export function detectFatTree(g: SwitchGraph, names: readonly string[]): FatTreeShape {
  recordParameter('graph', g, { S: 'number', H: 'number', ports: 'arrayLike', peer: 'arrayLike' });
  checkKind('names', names, 'array');
  const { S } = g;
  const rank = new Int32Array(S).fill(-1);
  const queue: number[] = [];
  for (let u = 0; u < S; u++) if (g.hostsAt[u]!.length > 0) (rank[u] = 0, queue.push(u));
  for (let head = 0; head < queue.length; head++) {
    const u = queue[head]!;
    for (const v of g.peer[u]!) if (v >= 0 && rank[v] === -1) (rank[v] = rank[u]! + 1, queue.push(v));
  }
  let top = -1;
  for (let u = 0; u < S; u++) if (rank[u]! > top) top = rank[u]!;
  const tiers = top + 1;
  const switchesPerRank = Array.from({ length: tiers }, (_, r) => rank.filter((x) => x === r).length);
  const shape = (isFatTree: boolean, reason: string, oversubscription = NaN): FatTreeShape => ({ isFatTree, reason, rank, tiers, switchesPerRank, oversubscription });
  if (tiers === 0) return shape(false, 'no switch has hosts');
  for (let u = 0; u < S; u++) {
    if (rank[u] === -1) return shape(false, `switch ${names[u]} is not connected to a switch with hosts`);
    for (const v of g.peer[u]!) {
      if (v >= 0 && Math.abs(rank[v]! - rank[u]!) !== 1) return shape(false, `switches ${names[u]} and ${names[v]} are linked within rank ${rank[u]} (a fat-tree links adjacent ranks only)`);
    }
  }
  if (tiers < 2 || tiers > 8) return shape(false, `a fat-tree has 2..8 switch ranks, this has ${tiers}`);
  for (const [dir, word] of [[1, 'up'], [-1, 'down']] as const) {
    const seen = new Map<number, [string, number]>();
    for (let u = 0; u < S; u++) {
      if ((dir === 1 && rank[u] === top) || (dir === -1 && rank[u] === 0)) continue;
      const s = groupShape(g, rank, u, dir);
      const first = seen.get(rank[u]!);
      if (first === undefined) seen.set(rank[u]!, [s, u]);
      else if (first[0] !== s) return shape(false, `rank-${rank[u]} switches differ ${word}wards: ${names[first[1]]} has ${first[0]}, ${names[u]} ${s}`);
    }
  }
  // Every top switch reaches every leaf going down.
  const leaves = switchesPerRank[0]!;
  const mark = new Int32Array(S).fill(-1);
  for (let t = 0; t < S; t++) {
    if (rank[t] !== top) continue;
    let reached = 0;
    const q = [t];
    mark[t] = t;
    for (let head = 0; head < q.length; head++) {
      const u = q[head]!;
      if (rank[u] === 0) reached++;
      for (const v of g.peer[u]!) if (v >= 0 && rank[v] === rank[u]! - 1 && mark[v] !== t) (mark[v] = t, q.push(v));
    }
    if (reached !== leaves) return shape(false, `top switch ${names[t]} reaches ${reached} of the ${leaves} leaves going down`);
  }
  let over = 0;
  for (let u = 0; u < S; u++) {
    if (rank[u] === top) continue;
    let up = 0;
    let down = 0;
    const peer = g.peer[u]!;
    for (let k = 0; k < peer.length; k++) {
      const v = peer[k]!;
      if (v >= 0 && rank[v]! > rank[u]!) up += g.rate[u]![k]!;
      else down += g.rate[u]![k]!;
    }
    over = Math.max(over, down / up);
  }
  return shape(true, '', over);
}

/**
 * ftree forwarding for a detected fat-tree: the output port of switch s towards host h at [s·H + h].
 * @param shape what {@link detectFatTree} returned for `g` (isFatTree true).
 */
export function fatTreePorts(g: SwitchGraph, shape: FatTreeShape): Int32Array {
  recordParameter('graph', g, { S: 'number', H: 'number', ports: 'arrayLike', peer: 'arrayLike' });
  recordParameter('shape', shape);
  const { S, H } = g;
  const { rank } = shape;
  const out = new Int32Array(S * H);
  const down = g.peer.map((p) => new Int32Array(p.length));
  const up = g.peer.map((p) => new Int32Array(p.length));
  const routed = new Int32Array(S).fill(-1);
  const ancestor = new Int32Array(S).fill(-1);
  const byRank: number[][] = Array.from({ length: shape.tiers }, () => []);
  for (let u = 0; u < S; u++) byRank[rank[u]!]!.push(u);
  const bottomUp = byRank.flat();
  /** The port index k of switch u towards v with the least count (ties: the lowest port). */
  const leastTowards = (u: number, v: number, count: Int32Array): number => {
    const peer = g.peer[u]!;
    let best = -1;
    for (let k = 0; k < peer.length; k++) if (peer[k] === v && (best < 0 || count[k]! < count[best]!)) best = k;
    return best;
  };
  const set = (u: number, k: number, h: number): void => {
    out[u * H + h] = g.ports[u]![k]!;
    routed[u] = h;
  };
  // Destinations leaf by leaf, in switch order, hosts in order on each.
  const order: number[] = [];
  for (const leaf of byRank[0]!) appendAll(order, g.hostsAt[leaf]!);
  const stack: number[] = [];
  for (const h of order) {
    const leaf = g.hostSwitch[h]!;
    set(leaf, g.ports[leaf]!.indexOf(g.hostPort[h]!), h);
    // The leaf's ancestors: every switch it reaches going up (in a fat-tree, those that reach it going down).
    ancestor[leaf] = h;
    for (const u of bottomUp) {
      if (ancestor[u] !== h) continue;
      for (const v of g.peer[u]!) if (v >= 0 && rank[v]! > rank[u]!) ancestor[v] = h;
    }
    // The main path, up from the leaf: at each switch the upper switch whose down port to it routes
    // the fewest destinations takes this one down (counter_down); the switches below that upper
    // switch that have no route yet climb to it (counter_up) — OpenSM's "route downgoing by going
    // up" and "route upgoing by going down".
    for (let at = leaf; rank[at]! < shape.tiers - 1; ) {
      const peer = g.peer[at]!;
      let next = -1;
      let nextPort = -1;
      for (let k = 0; k < peer.length; k++) {
        const v = peer[k]!;
        if (v < 0 || rank[v]! <= rank[at]! || routed[v] === h) continue;
        const kv = leastTowards(v, at, down[v]!);
        if (next < 0 || down[v]![kv]! < down[next]![nextPort]!) (next = v, (nextPort = kv));
      }
      if (next < 0) break;
      down[next]![nextPort]!++;
      set(next, nextPort, h);
      stack.push(next);
      while (stack.length > 0) {
        const y = stack.pop()!;
        for (const c of g.peer[y]!) {
          if (c < 0 || rank[c]! >= rank[y]! || routed[c] === h) continue;
          const kc = leastTowards(c, y, up[c]!);
          up[c]![kc]!++;
          set(c, kc, h);
          stack.push(c);
        }
      }
      at = next;
    }
    // Switches off the main path's subtree (they carry none of this host's traffic, but every table
    // is complete): from the top down, an ancestor goes down to a routed ancestor, any other up.
    for (let r = shape.tiers - 1; r >= 0; r--) {
      for (const u of byRank[r]!) {
        if (routed[u] === h) continue;
        const peer = g.peer[u]!;
        let best = -1;
        for (let k = 0; k < peer.length; k++) {
          const v = peer[k]!;
          if (v < 0) continue;
          // Down to an ancestor (routed now or later, as ranks go down to the leaf), or up to a routed switch.
          const ok = rank[v]! < rank[u]! ? ancestor[u] === h && ancestor[v] === h : ancestor[u] !== h && routed[v] === h;
          if (ok && best < 0) best = k;
        }
        set(u, best, h);
      }
    }
  }
  return out;
}

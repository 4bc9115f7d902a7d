/**
 * Topologies and request streams for the admission benchmark and the replay of the seed's workload
 * (Alfaro et al., §4): a three-stage fat-tree of 648 nodes
 * from 36-port switches (Gran et al.), and random irregular networks of 8-port switches with 4
 * hosts each and the seed's 10 QoS service levels (its Table 1).
 */
import { seededStream, type RandomStream, type TopologySpec } from '../src/index.js';

/** A topology plus the routes between its hosts. */
export interface Network {
  readonly topology: TopologySpec;
  readonly hosts: number;
  /** A path (link ids) from host s to host d ≠ s; `choice` picks among equal routes. */
  route(s: number, d: number, choice: number): string[];
  /** Link ids of host interfaces (host → switch) and of switch output ports. */
  readonly hostLinks: readonly string[];
  readonly switchLinks: readonly string[];
}

/**
 * Three-stage fat-tree (folded Clos) of 36-port switches: 36 leaves with 18 hosts each (648 hosts)
 * and 18 spines, every leaf linked to every spine. Directed links: host→leaf, leaf→host,
 * leaf→spine, spine→leaf; 2592 in all. Routes: host, leaf, [spine, leaf,] host.
 */
export function fatTree648(bandwidth: number): Network {
  const leaves = 36;
  const perLeaf = 18;
  const spines = 18;
  const links: { id: string; bandwidth: number }[] = [];
  const hostLinks: string[] = [];
  const switchLinks: string[] = [];
  for (let h = 0; h < leaves * perLeaf; h++) {
    const leaf = Math.floor(h / perLeaf);
    links.push({ id: `h${h}-l${leaf}`, bandwidth }, { id: `l${leaf}-h${h}`, bandwidth });
    hostLinks.push(`h${h}-l${leaf}`);
    switchLinks.push(`l${leaf}-h${h}`);
  }
  for (let l = 0; l < leaves; l++) {
    for (let s = 0; s < spines; s++) {
      links.push({ id: `l${l}-s${s}`, bandwidth }, { id: `s${s}-l${l}`, bandwidth });
      switchLinks.push(`l${l}-s${s}`, `s${s}-l${l}`);
    }
  }
  return {
    topology: { links },
    hosts: leaves * perLeaf,
    hostLinks,
    switchLinks,
    route(s, d, choice) {
      const ls = Math.floor(s / perLeaf);
      const ld = Math.floor(d / perLeaf);
      if (ls === ld) return [`h${s}-l${ls}`, `l${ls}-h${d}`];
      const sp = choice % spines;
      return [`h${s}-l${ls}`, `l${ls}-s${sp}`, `s${sp}-l${ld}`, `l${ld}-h${d}`];
    },
  };
}

/**
 * A random irregular network as in the seed's §4.1: `switches` 8-port switches, 4 hosts on each,
 * the other 4 ports linking switches (a random connected 4-regular multigraph-free graph).
 * Routes are shortest paths (BFS, first parent found): the seed does not name its routing (its
 * authors' earlier papers route up/down, whose routes are sometimes longer).
 */
export function irregularNetwork(switches: number, bandwidth: number, rng: RandomStream): Network {
  const hostsPerSwitch = 4;
  const degree = 4;
  let adj: number[][] = [];
  for (let attempt = 0; ; attempt++) {
    if (attempt > 10000) throw new Error('no random regular graph found');
    const stubs: number[] = [];
    for (let s = 0; s < switches; s++) for (let k = 0; k < degree; k++) stubs.push(s);
    for (let k = stubs.length - 1; k > 0; k--) {
      const j = Math.floor(rng.next() * (k + 1));
      [stubs[k], stubs[j]] = [stubs[j]!, stubs[k]!];
    }
    adj = Array.from({ length: switches }, () => []);
    let ok = true;
    for (let k = 0; k < stubs.length; k += 2) {
      const a = stubs[k]!;
      const b = stubs[k + 1]!;
      if (a === b || adj[a]!.includes(b)) {
        ok = false;
        break;
      }
      adj[a]!.push(b);
      adj[b]!.push(a);
    }
    if (!ok) continue;
    const seen = new Set([0]);
    const queue = [0];
    while (queue.length > 0) for (const n of adj[queue.shift()!]!) if (!seen.has(n)) (seen.add(n), queue.push(n));
    if (seen.size === switches) break;
  }
  const links: { id: string; bandwidth: number }[] = [];
  const hostLinks: string[] = [];
  const switchLinks: string[] = [];
  const hosts = switches * hostsPerSwitch;
  for (let h = 0; h < hosts; h++) {
    const s = Math.floor(h / hostsPerSwitch);
    links.push({ id: `h${h}-s${s}`, bandwidth }, { id: `s${s}-h${h}`, bandwidth });
    hostLinks.push(`h${h}-s${s}`);
    switchLinks.push(`s${s}-h${h}`);
  }
  for (let a = 0; a < switches; a++) {
    for (const b of adj[a]!) {
      links.push({ id: `s${a}-s${b}`, bandwidth });
      switchLinks.push(`s${a}-s${b}`);
    }
  }
  // next[a][b]: the neighbour of a on a shortest path to b.
  const next = adj.map((_, a) => {
    const parent = new Array<number>(switches).fill(-1);
    parent[a] = a;
    const queue = [a];
    while (queue.length > 0) {
      const u = queue.shift()!;
      for (const v of adj[u]!) if (parent[v] === -1) (parent[v] = u, queue.push(v));
    }
    return Array.from({ length: switches }, (_, b) => {
      let v = b;
      while (parent[v] !== a && v !== a) v = parent[v]!;
      return v;
    });
  });
  return {
    topology: { links },
    hosts,
    hostLinks,
    switchLinks,
    route(s, d) {
      const a = Math.floor(s / hostsPerSwitch);
      const b = Math.floor(d / hostsPerSwitch);
      const path = [`h${s}-s${a}`];
      for (let u = a; u !== b; ) {
        const v = next[u]![b]!;
        path.push(`s${u}-s${v}`);
        u = v;
      }
      path.push(`s${b}-h${d}`);
      return path;
    },
  };
}

/**
 * The seed's Table 1: per SL, the maximum distance between consecutive entries of the
 * high-priority table and the range of mean bandwidths in Mb/s. The text lost the merged cells of
 * the distance column; they are read as SLs 4–5 at 32 and SLs 6–9 at 64.
 */
export const SEED_SLS: readonly { readonly sl: number; readonly distance: number; readonly min: number; readonly max: number }[] = [
  { sl: 0, distance: 2, min: 0.064, max: 1.55 },
  { sl: 1, distance: 4, min: 0.064, max: 1.55 },
  { sl: 2, distance: 8, min: 0.064, max: 1.55 },
  { sl: 3, distance: 16, min: 0.064, max: 1.55 },
  { sl: 4, distance: 32, min: 0.064, max: 1.55 },
  { sl: 5, distance: 32, min: 1.55, max: 64 },
  { sl: 6, distance: 64, min: 0.008, max: 0.064 },
  { sl: 7, distance: 64, min: 0.064, max: 1.55 },
  { sl: 8, distance: 64, min: 1.55, max: 64 },
  { sl: 9, distance: 64, min: 64, max: 255 },
];

/** A bandwidth uniform in [min, max] Mb/s, to the kb/s, as an exact decimal string. */
export function seedBandwidth(sl: number, rng: RandomStream): string {
  const { min, max } = SEED_SLS[sl]!;
  const kbps = Math.round(min * 1000 + rng.next() * (max - min) * 1000);
  return (kbps / 1000).toFixed(3);
}

export { seededStream };

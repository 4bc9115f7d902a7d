/**
 * The load a routing puts on the links under uniform all-to-all traffic: every host sends at its
 * own link's rate, spread evenly over the H − 1 other hosts, along the routes the tables give. A
 * directed link's load is the traffic routed over it divided by its rate: 1 is a link the traffic
 * just fills, above 1 a link that limits the fabric before the hosts do. Only switch-to-switch
 * links are summarised (host links carry the same load under any routing).
 *
 * Cost: per destination host, one walk from each switch with hosts: O(hosts · switches · hops).
 */
import type { SwitchGraph } from './switchGraph.js';
import { checkKind, recordParameter } from '../../core/shapes.js';

/** Link loads of a routing under uniform all-to-all traffic (see the module comment). */
export interface UniformLinkLoad {
  /** Directed switch-to-switch links. */
  readonly links: number;
  /** The largest and the mean load over those links (a fraction of each link's rate). */
  readonly max: number;
  readonly mean: number;
  /** Where the largest is: `"switch:port"`. */
  readonly maxAt: string;
}

/**
 * @param ports the output port of switch s towards host h at [s·H + h].
 * @param names switch names, for `maxAt`.
 */
export function uniformLinkLoad(g: SwitchGraph, ports: Int32Array, names: readonly string[]): UniformLinkLoad {
  recordParameter('graph', g, { S: 'number', H: 'number', ports: 'arrayLike', peer: 'arrayLike' });
  checkKind('ports', ports, 'arrayLike');
  checkKind('names', names, 'array');
  const { S, H } = g;
  // slot[u][port] = index of that port in g.ports[u].
  const slot = g.ports.map((p) => {
    const m = new Int32Array((p.length > 0 ? p[p.length - 1]! : 0) + 1).fill(-1);
    p.forEach((port, k) => (m[port] = k));
    return m;
  });
  const traffic = g.peer.map((p) => new Float64Array(p.length));
  // Traffic a switch's hosts send to one destination: Σ rate / (H − 1) over its hosts.
  const sending = new Float64Array(S);
  for (let h = 0; h < H; h++) sending[g.hostSwitch[h]!] += g.hostRate[h]! / Math.max(1, H - 1);
  for (let d = 0; d < H; d++) {
    const t = g.hostSwitch[d]!;
    for (let s = 0; s < S; s++) {
      const amount = sending[s]!;
      if (s === t || amount === 0) continue;
      // Tables that loop would not end: a walk stops after S hops (validated tables never loop).
      for (let u = s, hops = 0; u !== t && u >= 0 && hops <= S; hops++) {
        const k = slot[u]![ports[u * H + d]!]!;
        traffic[u]![k] += amount;
        u = g.peer[u]![k]!;
      }
    }
  }
  let links = 0;
  let sum = 0;
  let max = 0;
  let maxAt = '';
  for (let u = 0; u < S; u++) {
    const peer = g.peer[u]!;
    for (let k = 0; k < peer.length; k++) {
      if (peer[k]! < 0) continue;
      const load = traffic[u]![k]! / g.rate[u]![k]!;
      links++;
      sum += load;
      if (load > max) (max = load, (maxAt = `${names[u]}:${g.ports[u]![k]}`));
    }
  }
  return { links, max, mean: links > 0 ? sum / links : 0, maxAt };
}

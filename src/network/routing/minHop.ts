/**
 * OpenSM's default routing engine, `minhop` (opensm doc/current-routing.txt, "Min Hop Algorithm";
 * osm_ucast_mgr.c and osm_switch.c's osm_switch_recommend_path), for the LIDs of the hosts:
 *
 * 1. the min-hop matrix: the fewest switch-to-switch hops from every switch to every host's switch;
 * 2. every switch, for every host LID in order (OpenSM's port order: the hosts in the order the
 *    topology lists them), takes among its ports that lead one hop closer (a linked port whose
 *    neighbour is at min-hop − 1) the one that already routes the fewest LIDs — a counter per port
 *    of the switch, raised by every LID routed through it — ties going to the lowest port number.
 *
 * The counters are per switch, so a switch spreads the LIDs evenly over its equal-hop ports,
 * parallel links included (a two-level fat-tree's leaves send every remote host's LID up a
 * different spine in turn). Like OpenSM's, the balance counts LIDs, not bandwidth: min-hop has no
 * notion of link rate, and a port that trained at a lower rate gets as many LIDs as its parallel
 * ports (`ibqos topology show` lists such links). OpenSM's options `port_shifting`, `scatter_ports`,
 * LMC-aware spreading and the port-GUID routing order file are not modelled (all off by default).
 * Routes are shortest paths and may have credit loops on topologies with cycles (as OpenSM's: use
 * updn there).
 *
 * Cost: one breadth-first search per switch with hosts, then O(switches · hosts · radix).
 */
import { hopsFrom, type SwitchGraph } from './switchGraph.js';
import { recordParameter } from '../../core/shapes.js';

/**
 * Min-hop forwarding: the output port of switch s towards host h at [s·H + h].
 * @throws Error never for a connected graph (a validated topology is connected).
 */
export function minHopPorts(g: SwitchGraph): Int32Array {
  recordParameter('graph', g, { S: 'number', H: 'number', ports: 'arrayLike', peer: 'arrayLike' });
  const { S, H } = g;
  // dist[t·S + u] = hops from switch u to switch t, for switches t with hosts.
  const dist = new Int32Array(S * S).fill(-1);
  const row = new Int32Array(S);
  const queue = new Int32Array(S);
  for (let t = 0; t < S; t++) if (g.hostsAt[t]!.length > 0) dist.set(hopsFrom(g, t, row, queue), t * S);
  const out = new Int32Array(S * H);
  for (let u = 0; u < S; u++) {
    const ports = g.ports[u]!;
    const peer = g.peer[u]!;
    const count = new Int32Array(ports.length);
    for (let h = 0; h < H; h++) {
      const t = g.hostSwitch[h]!;
      if (t === u) {
        out[u * H + h] = g.hostPort[h]!;
        continue;
      }
      const want = dist[t * S + u]! - 1;
      let best = -1;
      for (let k = 0; k < ports.length; k++) {
        const v = peer[k]!;
        if (v >= 0 && dist[t * S + v] === want && (best < 0 || count[k]! < count[best]!)) best = k;
      }
      count[best]!++;
      out[u * H + h] = ports[best]!;
    }
  }
  return out;
}

/**
 * The bound's fabric (fabric-scale-bound-kernel.ts, fabric-scale-bound-packed.ts): the generator's
 * k-ary fat-tree with its own forwarding tables, ports numbered as the fabric numbers them (switch
 * ports in switch order, then one per host), and each flow's path (the link directions it takes,
 * its host's port first) read once from the tables, as the fabric's `flowPaths`. Flow h is host h's,
 * to its partner in derangement.ts's seeded single-cycle permutation (scaleFlows').
 */
import { fatTreeTopology, validateFabricTopology } from '../src/network/index.js';
import { randomDerangement } from './derangement.js';

/** The case's constants: 2 KB packets of 64-byte credit blocks, 8 KB per input buffer, 2.5 Gb/s, 10 ns links, 100 ns switches, send queues of 256. */
export const MTU = 2048;
export const BLOCKS = MTU / 64;
export const BUFFER_BLOCKS = 8192 / 64;
export const RATE = 2.5e9 / 8;
export const T_PACKET = MTU / RATE;
export const DELAY = 10e-9;
export const LATENCY = 100e-9;
export const SEND_QUEUE = 256;

// Event kinds (top 4 bits of a), the argument below.
export const K_SHIFT = 28;
export const ARG = (1 << K_SHIFT) - 1;
export const E_ARRIVE = 0; // packet b's header reaches the input buffer at the far end of link a
export const E_TX_END = 1; // link a's transmission ends
export const E_CREDIT = 2; // BLOCKS credits reach link a's sender
export const E_DELIVER = 3; // packet b's tail reaches its host
export const E_GEN = 4; // host a's source offers a packet

/**
 * Cache-resident work per event (`wN` cases): n rounds of a dependent xorshift on a register, standing
 * for the real simulator's bookkeeping (its ~7,000 instructions per hop against the bound's
 * ~3,000), so that the bound's layout can be timed under the real one's amount of work.
 */
export function spin(x: number, n: number): number {
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
  }
  return x | 0;
}

/** Entries per flow in the paths (a fat-tree's longest path is 6 link directions). */
export const PATH_STRIDE = 8;

export interface BoundFabric {
  readonly H: number;
  /** Link directions (global ports). */
  readonly G: number;
  readonly hostBase: number;
  readonly peer: Int32Array;
  /** paths[h·PATH_STRIDE + hop]: the link direction flow h's packets take at that hop (−1 past the end). */
  readonly paths: Int32Array;
}

export function boundFabric(k: number): BoundFabric {
  const topology = validateFabricTopology(fatTreeTopology(k));
  const H = topology.hosts.length;
  const switchBase: number[] = [];
  let G = 0;
  for (const s of topology.switches) (switchBase.push(G), (G += s.ports));
  const hostBase = G;
  G += H;
  const switchIndex = new Map(topology.switches.map((s, i) => [s.name, i]));
  const hostIndex = new Map(topology.hosts.map((h, i) => [h.name, i]));
  const peer = new Int32Array(G).fill(-1);
  const switchOfPort = new Int32Array(G).fill(-1);
  topology.switches.forEach((s, i) => switchOfPort.fill(i, switchBase[i]!, switchBase[i]! + s.ports));
  const port = (node: string, p: number): number => (switchIndex.has(node) ? switchBase[switchIndex.get(node)!]! + p - 1 : hostBase + hostIndex.get(node)!);
  for (const l of topology.links) {
    const a = port(l.a.node, l.a.port);
    const b = port(l.b.node, l.b.port);
    (peer[a] = b), (peer[b] = a);
  }
  // Per flow (= per source host): the link directions it takes, host port first (the fabric's flowPaths).
  const dest = randomDerangement(H, 12345);
  const paths = new Int32Array(H * PATH_STRIDE).fill(-1);
  const fwd = topology.forwardingPorts;
  for (let h = 0; h < H; h++) {
    let g = hostBase + h;
    paths[h * PATH_STRIDE] = g;
    for (let hop = 1; peer[g]! < hostBase; hop++) {
      const s = switchOfPort[peer[g]!]!;
      g = switchBase[s]! + fwd[s * H + dest[h]!]! - 1;
      if (hop >= PATH_STRIDE) throw new Error(`fabric-scale-bound: flow ${h}'s path is longer than ${PATH_STRIDE - 1} hops`);
      paths[h * PATH_STRIDE + hop] = g;
    }
    if (peer[g] !== hostBase + dest[h]!) throw new Error(`fabric-scale-bound: flow ${h} does not reach host ${dest[h]}`);
  }

  return { H, G, hostBase, peer, paths };
}

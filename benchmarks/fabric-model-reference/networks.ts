/**
 * The networks, traffic patterns and QoS set-ups of the fabric-model reference data (issue 31):
 * each case is a `fabric` scenario's params (buildFabric options without the streams), written
 * out as JSON so that `ibqos sim --scenario` and the analytic model read the very same input.
 *
 * - k-ary n-trees (Petrini & Vanneschi 1997): k^n hosts `h0 … h(k^n−1)`, n levels of k^(n−1)
 *   switches `s{l}_{w}` (level 0 the leaves). Leaf w holds hosts w·k + j on ports 1..k; a switch
 *   of level l < n−1 has its down ports 1..k and up ports k+1..2k; up port k+1+j of (l, w) leads to
 *   (l+1, w with base-k digit l set to j), arriving on that switch's down port 1 + digit l of w.
 *   Top switches have k ports. Forwarding: not written; the simulator's shortest-path tables
 *   (docs/fabric.md, "Building a topology": d-mod-k among equal-cost ports) fill it in.
 * - 8 × 8 mesh and torus: the library's `meshTopology` (dimension-order routing; the torus with
 *   dateline VLs, so it cannot deadlock). Host index = 8·y + x.
 * - Gran et al.'s radix-36 two-level folded Clos (648 hosts): `foldedClosTopology(36)` with Gran's
 *   links (16 Gb/s of data, 4x DDR) and VoQ input buffers (docs/gran.md), uniform traffic only.
 *
 * - Alfaro et al.'s irregular network of 16 switches (64 hosts): `irregularTopology` as the `alfaro`
 *   scenario draws it at seed 1, replication 0 (stream `alfaro/topology`): 8-port switches, 4 hosts
 *   each, a random 4-regular switch graph, up*\/down* routing; 2.5 Gb/s links.
 *
 * Patterns on host indices 0..N−1 (N a power of two): uniform (every packet to a uniformly chosen
 * other host, the fabric's `destination: 'uniform'`), transpose (the library's
 * `permutationDestination`), perfect shuffle (the same), bit complement (d = N − 1 − s, written
 * here: the library has no such pattern). A host that is its own image under a permutation sends
 * nothing.
 */
import { foldedClosTopology, irregularTopology, meshTopology, permutationDestination, RandomStreams, validateFabricTopology, type FabricScenarioParams, type FabricTopologySpec } from '../../src/index.js';

/** Packet size of every flow, bytes (the fabric's default MTU). */
export const PACKET_BYTES = 2048;

/** A network of the study. */
export interface Network {
  readonly name: string;
  readonly topology: FabricTopologySpec;
  /** Data rate of every link, Gb/s. */
  readonly rateGbps: number;
  /** Whether the routing adds a dateline VL (torus): each SL then takes two VLs. */
  readonly dateline: boolean;
  /** Fabric options particular to the network (e.g. VoQ for Gran's switch). */
  readonly extra: Partial<FabricScenarioParams>;
  /** Patterns the network takes. */
  readonly patterns: readonly Pattern[];
}

export type Pattern = 'uniform' | 'transpose' | 'bitcomp' | 'shuffle';
export const PATTERNS: readonly Pattern[] = ['uniform', 'transpose', 'bitcomp', 'shuffle'];

/** One SL (one VL, or two on the torus) or two SLs with a weighted low VLArb table. */
export type SlConfig = '1sl' | '2sl';

/**
 * The k-ary n-tree (see the module comment). Plain JSON, no forwarding tables.
 * @example kAryNTree(4, 2).hosts.length; // → 16
 */
export function kAryNTree(k: number, n: number, rateGbps: number): FabricTopologySpec {
  const perLevel = k ** (n - 1);
  const digit = (w: number, l: number): number => Math.floor(w / k ** l) % k;
  const withDigit = (w: number, l: number, j: number): number => w - digit(w, l) * k ** l + j * k ** l;
  const switches = [];
  for (let l = 0; l < n; l++) for (let w = 0; w < perLevel; w++) switches.push({ name: `s${l}_${w}`, ports: l === n - 1 ? k : 2 * k });
  const hosts = [];
  const links = [];
  for (let w = 0; w < perLevel; w++) {
    for (let j = 0; j < k; j++) {
      hosts.push({ name: `h${w * k + j}` });
      links.push({ a: `h${w * k + j}`, b: `s0_${w}:${j + 1}`, rateGbps });
    }
  }
  for (let l = 0; l + 1 < n; l++) {
    for (let w = 0; w < perLevel; w++) {
      for (let j = 0; j < k; j++) links.push({ a: `s${l}_${w}:${k + 1 + j}`, b: `s${l + 1}_${withDigit(w, l, j)}:${1 + digit(w, l)}`, rateGbps });
    }
  }
  return { switches, hosts, links };
}

const ALL = PATTERNS;
const NO_TRANSPOSE: readonly Pattern[] = ['uniform', 'bitcomp', 'shuffle'];

/** The networks by name, built on demand (the 648-host one is large). */
export function network(name: string): Network {
  const sdr = 2.5;
  switch (name) {
    case '4ary2tree':
      return { name, topology: kAryNTree(4, 2, sdr), rateGbps: sdr, dateline: false, extra: {}, patterns: ALL };
    case '4ary3tree':
      return { name, topology: kAryNTree(4, 3, sdr), rateGbps: sdr, dateline: false, extra: {}, patterns: ALL };
    case '8ary2tree':
      return { name, topology: kAryNTree(8, 2, sdr), rateGbps: sdr, dateline: false, extra: {}, patterns: ALL };
    case '8ary3tree': // 512 = 2^9 hosts: transpose needs an even power of two
      return { name, topology: kAryNTree(8, 3, sdr), rateGbps: sdr, dateline: false, extra: {}, patterns: NO_TRANSPOSE };
    case 'mesh8x8':
      return { name, topology: meshTopology(8, 8, { rateGbps: sdr }), rateGbps: sdr, dateline: false, extra: {}, patterns: ALL };
    case 'torus8x8':
      return { name, topology: meshTopology(8, 8, { rateGbps: sdr, torus: true, datelines: true }), rateGbps: sdr, dateline: true, extra: {}, patterns: ALL };
    case 'gran648': {
      const topology = foldedClosTopology(36, { rateGbps: 16 });
      return { name, topology, rateGbps: 16, dateline: false, extra: { inputQueueing: 'voq' }, patterns: ['uniform'] };
    }
    case 'alfaro16': {
      const topology = irregularTopology({ switches: 16, rateGbps: sdr }, new RandomStreams(1).stream('alfaro/topology', 0));
      return { name, topology, rateGbps: sdr, dateline: false, extra: {}, patterns: ['uniform', 'bitcomp'] };
    }
    default:
      throw new Error(`unknown network ${name}`);
  }
}

/** The destination index of host s under a permutation pattern on n hosts (s itself: no flow). */
export function destinationOf(pattern: Exclude<Pattern, 'uniform'>, s: number, n: number): number {
  if (pattern === 'bitcomp') return n - 1 - s;
  return permutationDestination(pattern === 'shuffle' ? 'perfect-shuffle' : 'transpose', s, n);
}

/** Poisson packet rate (packets/s) of a host offering `load` of its link's data rate. */
export function hostPacketRate(load: number, rateGbps: number): number {
  return (load * rateGbps * 1e9) / (PACKET_BYTES * 8);
}

/**
 * The `fabric` scenario params of one case at a per-host offered load (a fraction of the host
 * link's data rate). 1sl: one flow per sending host, named after it, SL 0. 2sl: two flows per
 * host, `<host>-sl0` and `<host>-sl1`, each half the host's load, same destination; the low VLArb
 * table gives VL of SL 1 three times SL 0's weight (32 : 96 in 64-byte units, one 2 KB packet of
 * SL 0 for three of SL 1), no high table.
 */
export function caseParams(net: Network, pattern: Pattern, sl: SlConfig, load: number): FabricScenarioParams {
  const hosts = net.topology.hosts.map((h) => h.name);
  const n = hosts.length;
  const slCount = sl === '2sl' ? 2 : 1;
  const vlsPerSl = net.dateline ? 2 : 1;
  const vls = slCount * vlsPerSl;
  const rate = hostPacketRate(load, net.rateGbps) / slCount;
  const flows = [];
  for (let s = 0; s < n; s++) {
    const destination = pattern === 'uniform' ? 'uniform' : hosts[destinationOf(pattern, s, n)]!;
    if (destination === hosts[s]) continue;
    for (let q = 0; q < slCount; q++) {
      flows.push({
        name: slCount === 1 ? hosts[s]! : `${hosts[s]}-sl${q}`,
        source: hosts[s]!,
        destination,
        sl: q,
        traffic: { kind: 'poisson' as const, rate },
        packetBytes: PACKET_BYTES,
      });
    }
  }
  const weights = slCount === 1 ? [32] : [32, 96];
  const low = [];
  for (let q = 0; q < slCount; q++) for (let o = 0; o < vlsPerSl; o++) low.push({ vl: q * vlsPerSl + o, weight: weights[q]! });
  const slToVl = Array.from({ length: 16 }, (_, q) => (q < slCount ? q * vlsPerSl : 0));
  return {
    topology: net.topology,
    vls,
    slToVl,
    arbitration: { high: [], low, limitOfHighPriority: 0 },
    mtu: PACKET_BYTES,
    bufferBytes: 8192,
    switchLatencyNs: 100,
    cutThrough: true,
    ...net.extra,
    flows,
  } as FabricScenarioParams;
}

/** Whether the topology's given forwarding equals the one the simulator would compute (so a file may omit it). */
export function forwardingIsComputed(topology: FabricTopologySpec): boolean {
  if ((topology as { virtualLanes?: unknown }).virtualLanes !== undefined) return false; // VL offsets stand on given entries only
  const given = validateFabricTopology(topology).forwardingPorts;
  const { forwarding: _f, ...rest } = topology as FabricTopologySpec & { forwarding?: unknown };
  const computed = validateFabricTopology(rest as FabricTopologySpec).forwardingPorts;
  return given.length === computed.length && given.every((p, i) => p === computed[i]);
}

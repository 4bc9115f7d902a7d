/**
 * The workload of Alfaro et al. (Alfaro et al. §4.2, Table 1):
 * CBR connections of 10 QoS service levels between random hosts of a random irregular network,
 * requested until no more fit, each admitted by the bandwidth broker (link-by-link, 20 % of every
 * link kept for best effort, connections of one SL grouped into one sequence of table entries).
 *
 * Request loop (the seed says only that "many attempts for each SL" were made and that connections
 * were requested "when no more connections can be established"; our reading, see docs/alfaro.md):
 * the SLs still open are requested in turn, 0, 1, …, 9, 0, …; each request draws a source host, a
 * different destination host and a bandwidth uniform in the SL's range (to the kb/s); an SL closes
 * after `attempts` refusals in a row, and the loop ends when every SL is closed. Two other readings
 * are options: `slOrder: 'random'` (each request's SL drawn among the open ones) or 'one-by-one'
 * (all of SL 0's requests until it closes, then SL 1's, …), and
 * `attemptsRule: 'per-sl'` (an SL closes after `attempts` requests in all, admitted or not).
 */
import { InvalidParameterError } from '../../core/errors.js';
import type { RandomStream } from '../../core/random.js';
import { BandwidthBroker } from '../../admission/broker.js';
import { delayBoundBytes } from '../../admission/delay.js';
import { packetFormat, type PacketFormat } from '../../admission/overhead.js';
import type { RejectionReason } from '../../admission/brokerRecords.js';
import type { TopologySpec } from '../../admission/topology.js';
import { validateFabricTopology, type FabricTopology, type FabricTopologySpec } from '../../network/topology.js';
import { recordParameter } from '../../core/shapes.js';

/** One QoS service level of the seed's Table 1. */
export interface AlfaroServiceLevel {
  readonly sl: number;
  /** Maximum distance between consecutive entries of its VL in the high-priority table. */
  readonly distance: number;
  /** Range of the connections' mean (payload) bandwidths, Mb/s. */
  readonly minMbps: number;
  readonly maxMbps: number;
}

/**
 * The seed's Table 1. Its text lost the merged cells of the distance column; they are read as SLs
 * 4–5 at distance 32 and SLs 6–9 at 64 (the only reading where every SL has a distance).
 */
export const ALFARO_SERVICE_LEVELS: readonly AlfaroServiceLevel[] = [
  { sl: 0, distance: 2, minMbps: 0.064, maxMbps: 1.55 },
  { sl: 1, distance: 4, minMbps: 0.064, maxMbps: 1.55 },
  { sl: 2, distance: 8, minMbps: 0.064, maxMbps: 1.55 },
  { sl: 3, distance: 16, minMbps: 0.064, maxMbps: 1.55 },
  { sl: 4, distance: 32, minMbps: 0.064, maxMbps: 1.55 },
  { sl: 5, distance: 32, minMbps: 1.55, maxMbps: 64 },
  { sl: 6, distance: 64, minMbps: 0.008, maxMbps: 0.064 },
  { sl: 7, distance: 64, minMbps: 0.064, maxMbps: 1.55 },
  { sl: 8, distance: 64, minMbps: 1.55, maxMbps: 64 },
  { sl: 9, distance: 64, minMbps: 64, maxMbps: 255 },
];

/** The share of every link kept for best-effort traffic (seed §4.2: "we have reserved 20 %"). */
export const ALFARO_BEST_EFFORT_RESERVE = 0.2;

/** An admitted connection. */
export interface AlfaroConnection {
  readonly id: number;
  readonly sl: number;
  readonly source: string;
  readonly destination: string;
  /** Mean payload bandwidth, Mb/s. */
  readonly mbps: number;
  /** The distance its sequences were asked for (Table 1). */
  readonly distance: number;
  /** Output ports on its path, "node:port", the source's host port first. */
  readonly path: readonly string[];
  /**
   * The broker's end-to-end delay bound, seconds: per output port of the path, the wait B(d) of a
   * packet at the head of its VL (delay.ts, with d its distance, the wire packet as MTU and no
   * LimitOfHighPriority), its own transmission and the link's propagation; plus the switch latency
   * of every switch crossed.
   */
  readonly deadline: number;
}

/** Options of {@link admitAlfaroWorkload}. */
export interface AlfaroWorkloadOptions {
  /** The network (an irregular topology with up*\/down* forwarding, or any fabric topology, as written or validated). */
  readonly topology: FabricTopologySpec | FabricTopology;
  /** Payload bytes per packet, 256..4096. */
  readonly packetBytes: number;
  /** Refusals in a row after which an SL is closed (or, with `attemptsRule: 'per-sl'`, requests in all), ≥ 1. */
  readonly attempts: number;
  /**
   * What `attempts` counts: 'in-a-row' (refusals in a row close an SL; default) or 'per-sl' (an SL
   * closes after `attempts` requests, admitted or refused: a fixed number of attempts for each SL).
   */
  readonly attemptsRule?: 'in-a-row' | 'per-sl';
  /** Count the packet headers (26 bytes) in the reservations (default true). */
  readonly overhead?: boolean;
  /** Header bytes counted instead of 26 (a reading of the seed's simulator; default: IBA's 26). */
  readonly headerBytes?: number;
  /** Draws host pairs and bandwidths. */
  readonly rng: RandomStream;
  /** Switch latency added per switch to the deadlines, ns (default 100, the fabric's). */
  readonly switchLatencyNs?: number;
  /**
   * The order of the SLs' requests: 'in-turn' (0, 1, …, 9, 0, …; default) or 'random' (each request
   * of an SL drawn uniformly among the open ones; one more draw per request) or 'one-by-one' (SL 0
   * until it closes, then SL 1, …: "many attempts for each SL" read as one SL after the other).
   */
  readonly slOrder?: 'in-turn' | 'random' | 'one-by-one';
}

/** What the admission phase established. */
export interface AlfaroAdmission {
  readonly connections: readonly AlfaroConnection[];
  readonly format: PacketFormat;
  /** Requests made, and refusals by reason. */
  readonly requests: number;
  readonly refusals: Readonly<Record<RejectionReason, number>>;
  /** Mean payload reservation over host interfaces (host → switch) and switch output ports, Mb/s. */
  readonly hostReservationMbps: number;
  readonly switchReservationMbps: number;
  /** The same over the link bandwidth: the seed's "utilization" of Table 2 (a fraction). */
  readonly hostUtilization: number;
  readonly switchUtilization: number;
  /**
   * Reserved bandwidth with the headers (payload · (S + h)/S, what the broker holds against the 80 %
   * cap), over the link bandwidth, mean of host interfaces and of switch output ports: the reading of
   * the seed's "utilization" its own Table 2 supports (docs/alfaro.md, "What the seed's utilisation counts").
   */
  readonly hostWireUtilization: number;
  readonly switchWireUtilization: number;
  /** The same in Mb/s: the seed's "Av. reservation" read with the headers. */
  readonly hostWireReservationMbps: number;
  readonly switchWireReservationMbps: number;
  /** Connections per SL 0..9. */
  readonly connectionsPerSl: readonly number[];
  /** The broker, holding the reservations and the filled-in tables. */
  readonly broker: BandwidthBroker;
  /** The network as given and as validated. */
  readonly topology: FabricTopologySpec | FabricTopology;
  readonly fabric: FabricTopology;
}

function positiveInteger(name: string, value: unknown, rule: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) throw new InvalidParameterError(name, rule, value);
  return value;
}

/**
 * Requests the seed's workload on a network until every SL has been refused `attempts` times in
 * a row, and returns what was established.
 *
 * @throws InvalidParameterError for `packetBytes` outside 256..4096, `attempts` ≤ 0 or a topology
 *   the fabric refuses (e.g. forwarding that does not reach a host).
 */
export function admitAlfaroWorkload(options: AlfaroWorkloadOptions): AlfaroAdmission {
  recordParameter('options', options);
  const attempts = positiveInteger('attempts', options.attempts, 'an integer >= 1 (refusals in a row that close an SL)');
  const format = packetFormat(
    options.headerBytes === undefined ? { payloadBytes: options.packetBytes } : { payloadBytes: options.packetBytes, headerBytes: options.headerBytes },
    'packetBytes',
  );
  const fabric = validateFabricTopology(options.topology);
  const overhead = options.overhead ?? true;
  const switchLatency = (options.switchLatencyNs ?? 100) * 1e-9;
  const rng = options.rng;
  // One admission link per transmitting port, named "node:port"; all links of one rate.
  const ports: { id: string; mbps: number; host: boolean; delayNs: number }[] = [];
  const hostNames = new Set(fabric.hosts.map((h) => h.name));
  for (const l of fabric.links) {
    for (const end of [l.a, l.b]) ports.push({ id: `${end.node}:${end.port}`, mbps: l.rateGbps * 1000, host: hostNames.has(end.node), delayNs: l.delayNs });
  }
  const portIndex = new Map(ports.map((p, k) => [p.id, k]));
  // Bandwidths in kb/s: requests are whole kb/s, so the broker parses small integers.
  const topology: TopologySpec = {
    links: ports.map((p) => ({ id: p.id, bandwidth: p.mbps * 1000 })),
    bestEffortReserve: ALFARO_BEST_EFFORT_RESERVE,
    bandwidthUnit: 'kb/s',
    arbitration: { mtu: format.wireBytes },
    ...(overhead ? { packet: { payloadBytes: format.payloadBytes, headerBytes: format.headerBytes } } : {}),
  };
  const broker = new BandwidthBroker(topology);
  const hosts = fabric.hosts.map((h) => h.name);
  const switchIndex = new Map(fabric.switches.map((s, i) => [s.name, i]));
  const peer = new Map<string, string>();
  for (const l of fabric.links) {
    peer.set(`${l.a.node}:${l.a.port}`, l.b.node);
    peer.set(`${l.b.node}:${l.b.port}`, l.a.node);
  }
  // The output ports from host s to host d (the forwarding tables'; cached per pair).
  const routes = new Map<number, string[]>();
  const route = (s: number, d: number): string[] => {
    let path = routes.get(s * hosts.length + d);
    if (!path) {
      path = [`${hosts[s]}:1`];
      for (let at = peer.get(path[0]!)!; at !== hosts[d]; at = peer.get(path[path.length - 1]!)!) path.push(`${at}:${fabric.forwardingPorts[switchIndex.get(at)! * hosts.length + d]!}`);
      routes.set(s * hosts.length + d, path);
    }
    return path;
  };
  const boundBytes = new Map<number, number>();
  const bound = (d: number) => boundBytes.get(d) ?? boundBytes.set(d, delayBoundBytes({ distance: d, mtu: format.wireBytes, limitOfHighPriority: 255 })).get(d)!;
  const connections: AlfaroConnection[] = [];
  const refusals: Record<RejectionReason, number> = { 'link-capacity': 0, 'sl-capacity': 0, 'arbitration-table': 0, delay: 0 };
  const failures = new Array<number>(ALFARO_SERVICE_LEVELS.length).fill(0);
  const payload = new Float64Array(ports.length);
  let open = ALFARO_SERVICE_LEVELS.length;
  let requests = 0;
  const slOrder = options.slOrder ?? 'in-turn';
  if (slOrder !== 'in-turn' && slOrder !== 'random' && slOrder !== 'one-by-one') throw new InvalidParameterError('slOrder', "'in-turn', 'random' or 'one-by-one'", slOrder);
  const attemptsRule = options.attemptsRule ?? 'in-a-row';
  if (attemptsRule !== 'in-a-row' && attemptsRule !== 'per-sl') throw new InvalidParameterError('attemptsRule', "'in-a-row' or 'per-sl'", attemptsRule);
  const perSl = attemptsRule === 'per-sl';
  const L = ALFARO_SERVICE_LEVELS.length;
  for (let turn = 0; open > 0; turn++) {
    const k = slOrder === 'in-turn' ? turn % L : slOrder === 'random' ? Math.floor(rng.next() * L) : L - open;
    if (failures[k]! >= attempts) continue;
    const level = ALFARO_SERVICE_LEVELS[k]!;
    const s = Math.floor(rng.next() * hosts.length);
    let d = Math.floor(rng.next() * (hosts.length - 1));
    if (d >= s) d++;
    const kbps = Math.round(level.minMbps * 1000 + rng.next() * (level.maxMbps - level.minMbps) * 1000);
    const path = route(s, d);
    const id = requests++;
    const verdict = broker.admit({ id, path, sl: level.sl, bandwidth: kbps, distance: level.distance });
    // failures[k] counts refusals in a row ('in-a-row') or every request of the SL ('per-sl').
    if (!verdict.admitted) refusals[verdict.reason!]++;
    if (perSl || !verdict.admitted) {
      if (++failures[k]! >= attempts) open--;
      if (!verdict.admitted) continue;
    } else failures[k] = 0;
    const mbps = kbps / 1000;
    let deadline = (path.length - 1) * switchLatency;
    for (const id of path) {
      const p = ports[portIndex.get(id)!]!;
      payload[portIndex.get(id)!] += mbps;
      const bytesPerSecond = (p.mbps * 1e6) / 8;
      deadline += (bound(level.distance) + format.wireBytes) / bytesPerSecond + p.delayNs * 1e-9;
    }
    connections.push({ id, sl: level.sl, source: hosts[s]!, destination: hosts[d]!, mbps, distance: level.distance, path, deadline });
  }
  const connectionsPerSl = ALFARO_SERVICE_LEVELS.map((l) => connections.filter((c) => c.sl === l.sl).length);
  const mean = (host: boolean, f: (k: number) => number) => {
    let sum = 0;
    let n = 0;
    ports.forEach((p, k) => {
      if (p.host === host) (sum += f(k), n++);
    });
    return n > 0 ? sum / n : 0;
  };
  const links = broker.links();
  return {
    connections,
    format,
    requests,
    refusals,
    hostReservationMbps: mean(true, (k) => payload[k]!),
    switchReservationMbps: mean(false, (k) => payload[k]!),
    hostUtilization: mean(true, (k) => payload[k]! / ports[k]!.mbps),
    switchUtilization: mean(false, (k) => payload[k]! / ports[k]!.mbps),
    hostWireUtilization: mean(true, (k) => links[k]!.utilization),
    switchWireUtilization: mean(false, (k) => links[k]!.utilization),
    hostWireReservationMbps: mean(true, (k) => links[k]!.utilization * ports[k]!.mbps),
    switchWireReservationMbps: mean(false, (k) => links[k]!.utilization * ports[k]!.mbps),
    connectionsPerSl,
    broker,
    topology: options.topology,
    fabric,
  };
}

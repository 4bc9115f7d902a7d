/**
 * The built-in scenario `ibcc-fat-tree`: Gran et al. ("Exploring the scope of the InfiniBand
 * congestion control mechanism"), its 648-node fat-tree study. The two-level folded Clos of radix
 * k (36 → 648 hosts; {@link foldedClosTopology}), 4x DDR links (20 Gb/s signalling, 8b/10b: 16 Gb/s
 * of data), MTU 2048, messages of two packets, hosts injecting at most 13.5 Gb/s and receiving at
 * most 13.6 Gb/s (the adapters the paper's simulator was tuned against, §V-A and its footnotes 5–6),
 * switches with virtual output queues, V/C/B traffic with hotspots ({@link GranTraffic}) and IB CC
 * with Table I's parameters at the QP (source-destination) level ({@link IbCcQpTable}).
 *
 * What the paper leaves open and this scenario chooses (docs/gran.md discusses each):
 * - The VL buffer size (`bufferBytes`, default 8192 = four MTU packets per VL, the fabric's default),
 *   the cable delay (`delayNs`, default 10) and the switch latency (`switchLatencyNs`, default 100).
 * - The CCT: IRD[i] = i (the library's linear table, {@link defaultCongestionControlTable}): a pair at
 *   CCTI i is limited to B/(1 + i); at the limit 127, B/128 = 0.125 Gb/s, below the fair share of a
 *   hotspot among its 65 contributors (13.6/65 = 0.21 Gb/s) as the paper's "CCT values increased to
 *   reflect the larger number of possible contributors" asks.
 * - The threshold for a VoQ switch: a port-VL's occupancy is the bytes waiting for that output and
 *   VL in all the switch's input VoQs (the output's own queue, spread over the inputs); weight 15 is
 *   1/16 of one input VL buffer (the library's mapping, {@link thresholdOccupancy}).
 * - Victim_Mask on the switch ports facing hosts, as the paper's footnote 2 describes.
 *
 * Metrics (Gb/s): `hotspotReceiveGbps` (per hotspot), `nonHotspotReceiveGbps` (per other host),
 * `averageReceiveGbps` (per host), `totalThroughputGbps` (the whole network's receive rate), plus
 * `becnsPerSecond`.
 */
import { IbCcQpTable } from '../../congestion/ibccQp.js';
import { InvalidParameterError } from '../../core/errors.js';
import { integerAtLeast, knownKeys, numberInRange, oneOf, plainObject, positiveRate } from '../../core/guards.js';
import type { RandomStreams } from '../../sim/random/streams.js';
import { registerScenario, type ReplicationContext, type ReplicationOutput } from '../../sim/scenarios/registry.js';
import { buildFabric } from '../../sim/fabric/build.js';
import type { Fabric } from '../../sim/fabric/fabric.js';
import { checkRadix, foldedClosHosts, foldedClosTopology } from '../../network/generators/foldedClos.js';
import { GranRole, GranTraffic } from './granTraffic.js';
import { linkRateGbps } from '../../network/topology.js';
import { checkKind, recordParameter } from '../../core/shapes.js';
import { runInSteps } from '../../sim/fabric/runSteps.js';

/** Parameters of `ibcc-fat-tree` (all optional; defaults are Gran et al.'s set-up, §IV–V). */
export interface IbccFatTreeParams {
  /** Switch radix k, even, 4..64 (default 36: 648 hosts). */
  readonly radix: number;
  /** Fractions of the hosts that are V, C and B nodes; they add up to 1 (default 0.2, 0.8, 0). */
  readonly victims: number;
  readonly contributors: number;
  readonly bNodes: number;
  /** Percentage of a B node's traffic to its hotspot, 0..100 (default 0). */
  readonly p: number;
  /** Number of hotspots, 0..hosts (default 8; 0: the paper's "no hotspots" runs). */
  readonly hotspots: number;
  /** Hotspot lifetime in ms (> 0; default Infinity: the hotspots never move). */
  readonly hotspotLifetimeMs: number;
  /** IB CC on or off (default 'on'). */
  readonly cc: 'on' | 'off';
  /** Data rate of every link, Gb/s (default 16: 4x DDR after 8b/10b). */
  readonly linkGbps: number;
  /** Host injection cap, Gb/s (default 13.5). */
  readonly injectionGbps: number;
  /** Host receive (sink) cap, Gb/s (default 13.6). */
  readonly receiveGbps: number;
  /** Input buffer per VL, bytes (default 8192). */
  readonly bufferBytes: number;
  /** Switch input queueing (default 'voq', the paper's model). */
  readonly inputQueueing: 'fifo' | 'voq';
  /** IB CC Threshold weight 0..15 (default 15, Table I). */
  readonly threshold: number;
  /** Cable propagation delay, ns (default 10). */
  readonly delayNs: number;
  /** Switch latency, ns (default 100). */
  readonly switchLatencyNs: number;
}

const DEFAULTS: IbccFatTreeParams = {
  radix: 36,
  victims: 0.2,
  contributors: 0.8,
  bNodes: 0,
  p: 0,
  hotspots: 8,
  hotspotLifetimeMs: Infinity,
  cc: 'on',
  linkGbps: 16,
  injectionGbps: 13.5,
  receiveGbps: 13.6,
  bufferBytes: 8192,
  inputQueueing: 'voq',
  threshold: 15,
  delayNs: 10,
  switchLatencyNs: 100,
};

const MTU = 2048;
const MESSAGE_PACKETS = 2;

/**
 * Validates `ibcc-fat-tree` params and fills in defaults.
 * @throws InvalidParameterError naming the parameter: fractions that do not add up to 1, p outside
 *   0..100, more hotspots than hosts, a radix that is odd or under 4, …
 * @example parseIbccFatTree({ radix: 8 }).hotspots; // → 8
 */
export function parseIbccFatTree(params: unknown): IbccFatTreeParams {
  const o = params === undefined ? {} : plainObject('params', params);
  knownKeys('params', o, Object.keys(DEFAULTS));
  const v = { ...DEFAULTS, ...o } as Record<string, unknown>;
  const radix = checkRadix('radix', v.radix);
  const victims = numberInRange('victims', v.victims, 0, 1);
  const contributors = numberInRange('contributors', v.contributors, 0, 1);
  const bNodes = numberInRange('bNodes', v.bNodes, 0, 1);
  const sum = victims + contributors + bNodes;
  if (Math.abs(sum - 1) > 1e-9) {
    throw new InvalidParameterError('victims', `fractions victims + contributors + bNodes that add up to 1 (they add up to ${sum})`, victims);
  }
  const hosts = foldedClosHosts(radix);
  const hotspots = integerAtLeast('hotspots', v.hotspots, 0);
  if (hotspots > hosts) throw new InvalidParameterError('hotspots', `an integer in 0..${hosts} (the hosts of radix ${radix})`, hotspots);
  const lifetime = v.hotspotLifetimeMs;
  if (lifetime !== Infinity) positiveRate('hotspotLifetimeMs', lifetime);
  const linkGbps = linkRateGbps('linkGbps', v.linkGbps);
  // The fabric's time advances packet by packet: hotspots that moved before one MTU packet could
  // cross a link would move between packets, and (at 1e-8 ms) the run would draw hotspot sets for
  // ever instead of advancing (issue 33). One MTU's transmission time is the shortest lifetime.
  const shortestMs = (MTU * 8) / (linkGbps * 1e9) * 1e3;
  if (lifetime !== Infinity && (lifetime as number) < shortestMs) {
    throw new InvalidParameterError(
      'hotspotLifetimeMs',
      `Infinity or at least ${Number(shortestMs.toPrecision(6))} ms, one ${MTU}-byte packet's transmission time at linkGbps = ${linkGbps} (the fabric advances packet by packet; a shorter lifetime would move the hotspots between packets)`,
      lifetime,
    );
  }
  const injectionGbps = linkRateGbps('injectionGbps', v.injectionGbps);
  if (injectionGbps > linkGbps) throw new InvalidParameterError('injectionGbps', `a rate in (0, linkGbps = ${linkGbps}] Gb/s`, injectionGbps);
  const bufferBytes = integerAtLeast('bufferBytes', v.bufferBytes, MTU);
  const threshold = integerAtLeast('threshold', v.threshold, 0);
  if (threshold > 15) throw new InvalidParameterError('threshold', 'an integer in 0..15', threshold);
  return {
    radix,
    victims,
    contributors,
    bNodes,
    p: numberInRange('p', v.p, 0, 100),
    hotspots,
    hotspotLifetimeMs: lifetime as number,
    cc: oneOf('cc', v.cc, ['on', 'off'] as const),
    linkGbps,
    injectionGbps,
    receiveGbps: linkRateGbps('receiveGbps', v.receiveGbps),
    bufferBytes,
    inputQueueing: oneOf('inputQueueing', v.inputQueueing, ['fifo', 'voq'] as const),
    threshold,
    delayNs: numberInRange('delayNs', v.delayNs, 0, 1e9),
    switchLatencyNs: numberInRange('switchLatencyNs', v.switchLatencyNs, 0, 1e9),
  };
}

/**
 * The traffic of one replication: roles dealt at random (stream 'gran:roles'): the first
 * round(bNodes·H) hosts of a random permutation are B nodes, the next round(contributors·H) C
 * nodes, the rest V nodes; contributors are dealt into hotspot subsets in that random order.
 */
export function ibccFatTreeTraffic(p: IbccFatTreeParams, streams: RandomStreams, replication: number): GranTraffic {
  recordParameter('params', p);
  recordParameter('streams', streams, { stream: 'function' });
  checkKind('replication', replication, 'number');
  const H = foldedClosHosts(p.radix);
  const roles = new Uint8Array(H);
  const order = Array.from({ length: H }, (_, h) => h);
  const shuffle = streams.stream('gran:roles', replication);
  for (let i = H - 1; i > 0; i--) {
    const j = Math.floor(shuffle.next() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const nB = Math.round(p.bNodes * H);
  const nC = Math.min(H - nB, Math.round(p.contributors * H));
  order.forEach((h, i) => (roles[h] = i < nB ? GranRole.B : i < nB + nC ? GranRole.C : GranRole.V));
  const contributors = order.slice(0, nB + nC);
  const linkRate = (p.linkGbps * 1e9) / 8;
  return new GranTraffic({
    roles,
    contributors,
    p: p.p / 100,
    hotspots: p.hotspots,
    lifetime: p.hotspotLifetimeMs === Infinity ? Infinity : p.hotspotLifetimeMs * 1e-3,
    injectionRate: (p.injectionGbps * 1e9) / 8,
    linkRate,
    packetBytes: MTU,
    messagePackets: MESSAGE_PACKETS,
    cc: p.cc === 'on' ? new IbCcQpTable({ hosts: H }) : null,
    hotspotStream: streams.stream('gran:hotspots', replication),
    hostStreams: Array.from({ length: H }, (_, h) => streams.stream(`gran:host${h}`, replication)),
  });
}

/** The fabric of one replication and its traffic. */
export function ibccFatTreeFabric(p: IbccFatTreeParams, streams: RandomStreams, replication = 0): { fabric: Fabric; traffic: GranTraffic } {
  recordParameter('params', p);
  recordParameter('streams', streams, { stream: 'function' });
  const traffic = ibccFatTreeTraffic(p, streams, replication);
  const fabric = buildFabric({
    topology: foldedClosTopology(p.radix, { rateGbps: p.linkGbps, delayNs: p.delayNs }),
    flows: [],
    hostTraffic: traffic,
    vls: 1,
    mtu: MTU,
    bufferBytes: p.bufferBytes,
    switchLatencyNs: p.switchLatencyNs,
    inputQueueing: p.inputQueueing,
    hostInjectionGbps: p.injectionGbps,
    hostReceiveGbps: p.receiveGbps,
    marking: p.cc === 'on' ? { kind: 'ibcc', threshold: p.threshold, markingRate: 0, packetSize: 0, victimMaskOnHostPorts: true } : { kind: 'none' },
    streams,
    replication,
  });
  return { fabric, traffic };
}

/** One replication of `ibcc-fat-tree` (see the module comment for the metrics). */
export function replicateIbccFatTree(params: IbccFatTreeParams, context: ReplicationContext): ReplicationOutput {
  recordParameter('params', params);
  recordParameter('context', context, { streams: 'object', replication: 'number' });
  const { fabric, traffic } = ibccFatTreeFabric(params, context.streams, context.replication);
  const end = context.warmup + context.length.until!;
  runInSteps(fabric, end, context.warmup, context.onProgress);
  const m = fabric.measurements();
  const r = traffic.receiveRates(end);
  return {
    metrics: {
      hotspotReceiveGbps: params.hotspots === 0 ? 0 : r.hotspot,
      nonHotspotReceiveGbps: r.nonHotspot,
      averageReceiveGbps: r.average,
      totalThroughputGbps: r.total,
      packetHops: m.packetHops,
    },
    simulatedTime: m.duration,
    events: m.events,
  };
}

registerScenario<IbccFatTreeParams>({
  name: 'ibcc-fat-tree',
  description:
    "Gran et al.: IB CC in the 648-node fat-tree (two-level folded Clos of radix 36), V/C/B nodes, hotspots; receive rates of hotspots, non-hotspots, per host, and total (Gb/s). Defaults: the paper's set-up and window, 0.1 s measured from t = 0 (\"during a simulated timeslot of 0.1 s\", §V-C) — with CC about 50 CPU-s per replication on the 648 hosts (2026-11-27, a shared 2-core machine), so its 10 replications take several CPU-minutes; for a short look give --until-us 15000 --warmup-us 5000 (that window measures CC's transient, docs/gran.md)",
  parse: parseIbccFatTree,
  replicate: replicateIbccFatTree,
  lengths: ['until'],
  // Gran et al. §V-C: "during a simulated timeslot of 0.1 s", measured from the start (no warm-up named).
  defaultLength: { until: 0.1 },
  defaultWarmup: 0,
  timeUnit: 's',
  metricUnits: 'hotspotReceiveGbps Gb/s, nonHotspotReceiveGbps Gb/s, averageReceiveGbps Gb/s, totalThroughputGbps Gb/s, packetHops packets',
  cliOptions: [
    { flag: '--radix <k>', param: 'radix', kind: 'integer', description: 'switch radix, even, 4..64 (ibcc-fat-tree; default 36: 648 hosts)' },
    { flag: '--victims <fraction>', param: 'victims', kind: 'number', description: 'fraction of V nodes (ibcc-fat-tree; default 0.2)' },
    { flag: '--contributors <fraction>', param: 'contributors', kind: 'number', description: 'fraction of C nodes (ibcc-fat-tree; default 0.8)' },
    { flag: '--b-nodes <fraction>', param: 'bNodes', kind: 'number', description: 'fraction of B nodes (ibcc-fat-tree; default 0)' },
    { flag: '--p <percent>', param: 'p', kind: 'number', description: "percentage of a B node's traffic to its hotspot, 0..100 (ibcc-fat-tree; default 0)" },
    { flag: '--hotspots <n>', param: 'hotspots', kind: 'integer', description: 'number of hotspots (ibcc-fat-tree; default 8; 0: no hotspots)' },
    { flag: '--hotspot-lifetime-ms <ms>', param: 'hotspotLifetimeMs', kind: 'number', description: 'hotspots move every this many ms (ibcc-fat-tree; default: never)' },
    { flag: '--cc <on|off>', param: 'cc', kind: 'string', description: 'IB CC on or off (ibcc-fat-tree; default on)' },
    { flag: '--input-queueing <fifo|voq>', param: 'inputQueueing', kind: 'string', description: 'switch input buffers (ibcc-fat-tree; default voq)' },
  ],
});

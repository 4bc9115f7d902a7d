/**
 * The built-in scenario `drb` (the DRB paper (Lugones et al.), Lugones et al., §5): a 2-D torus or mesh of InfiniBand
 * switches, one host per switch, a traffic pattern at an offered load per node, routed statically
 * (dimension order) or by Dynamic Routing Balancing over up to four disjoint paths, with or without
 * InfiniBand CC throttling.
 *
 *     ibqos sim --scenario drb --topology torus --size 8x8 --routing drb --cc none --load 200,600,1000
 *
 * Set-up (each choice beside the seed's sentence; docs/fabric.md lists the differences):
 * - links 2.5 Gb/s ("Maximum achievable BW for a single IBA link is 2,5Gbps"), 2048-byte packets;
 *   VL buffers of `bufferPackets` packets (the seed gives no size: default 4);
 * - marking: IB CC FECN at 80 % of the port's VL buffer ("Switch threshold is set at 80% of port
 *   buffer size"), every packet while over it ("switches will mark all packets belonging to the
 *   virtual-channel buffer that exceeded the threshold");
 * - `cc: 'ibcc'`: the specification's CCT source (one CCTI step per BECN, a linear IRD table, CCTI
 *   timer 100 µs — "timer expiration is set at 100 us, for both"); `cc: 'ibcc-drb-paper'`: the seed's
 *   variant ("Injection Rate Delay … is incremented in 5 µs, each time that 10 congestion
 *   notifications are received"): one step per 10 BECNs, each step 5 µs more inter-packet delay;
 * - `cc: 'ibcc-drb-paper'` recovers one step per timer period without a BECN (§3: "Whenever the timer
 *   expires, if no congestion notifications are received injection is gradually recovered";
 *   `ccRecovery: 'timer'`: at every expiry);
 * - `routing: 'drb'`: up to `paths` (4) disjoint LIDs per pair, the shortest first, among the
 *   mesh's or torus's dimension orders (network/routing/meshRoutes.ts; `alternatives: 'up-down'`:
 *   up*∕down* LIDs, multipath.ts); one new path per 10 notifications, closing after a quiet 100 µs
 *   timer period (congestion/drb.ts);
 * - arrivals Poisson at `load` Mb/s per node (the seed does not name the process), messages of
 *   `messagePackets` packets (default 1) back to back; send queues
 *   unbounded (latency counts the wait at the source, as the seed's: "time spent in message
 *   delivery from its generation").
 *
 * Metrics: `latencyUs` (mean over delivered packets, hot-spot flows included), `throughputMbps`
 * (received per sending node of the pattern; the hot-spot flows not counted), `offeredMbps`
 * (offered per sending node of the pattern), `hotSpotThroughputMbps` (received per hot-spot flow),
 * `linkUtilization` (mean, max, and per switch-to-switch port), `openPaths` (mean open paths per
 * flow in each of `samples` equal intervals of the run), `throttleLevel` and `throttleLevelMax`
 * (mean and largest CCTI of the IB CC flows at the end of each interval; 0 without CC),
 * `peakLinkMbps` (the busiest link's throughput in each interval — its busy time in the interval ×
 * the link rate, so never above the rate: the seed's Fig. 10),
 * `disjointPaths` (fewest and mean usable paths of the flows: fewer than `paths` where the topology
 * has no more).
 */
import { maxOf } from '../../core/arrays.js';
import { InvalidParameterError } from '../../core/errors.js';
import { integerAtLeast, knownKeys, numberInRange, oneOf, plainObject } from '../../core/guards.js';
import { registerScenario, type ReplicationContext, type ReplicationOutput } from '../../sim/scenarios/registry.js';
import type { RandomStreams } from '../../sim/random/streams.js';
import { checkPermutationNodes, permutationDestination, PERMUTATION_PATTERNS, type PermutationPattern } from '../../sim/traffic/patterns.js';
import { buildFabric } from '../../sim/fabric/build.js';
import type { FlowSpec, RateControlSpec } from '../../sim/fabric/buildFlows.js';
import type { Fabric } from '../../sim/fabric/fabric.js';
import { meshTopology } from '../../network/generators/generators.js';
import { alternativeOrders, meshDimensionOrderLids } from '../../network/routing/meshRoutes.js';

/** Traffic patterns of the scenario: the permutations, or uniformly random destinations. */
export const DRB_PATTERNS = [...PERMUTATION_PATTERNS, 'uniform'] as const;
/** Congestion control choices. */
export const DRB_CC = ['none', 'ibcc', 'ibcc-drb-paper'] as const;

/** Parameters of `drb` (all optional; defaults below). */
export interface DrbScenarioParams {
  /** 'torus' (default) or 'mesh'. */
  readonly topology: 'torus' | 'mesh';
  /** Switches as 'WxH' (default '8x8': the seed's 64-node torus; its 32-node mesh: '4x8', docs/drb.md). */
  readonly size: string;
  /** 'static' (dimension order; default) or 'drb'. */
  readonly routing: 'static' | 'drb';
  readonly cc: (typeof DRB_CC)[number];
  /** Default 'perfect-shuffle' (the seed's workload). */
  readonly pattern: (typeof DRB_PATTERNS)[number];
  /** Offered load per node, Mb/s, in (0, link rate] (default 400). */
  readonly load: number;
  /** Paths per destination for DRB, 1..8 (default 4: "a maximum of four alternative disjoint paths"). */
  readonly paths: number;
  /** Input buffer per VL in packets (default 4). */
  readonly bufferPackets: number;
  /** Intervals of the open-path and peak-link time series (default 10). */
  readonly samples: number;
  /** Hot spot: from this time (µs after the warm-up's start, i.e. simulated time) the hot-spot flows start (default: none). */
  readonly hotSpotAtUs: number | null;
  /**
   * Hot-spot destination node indices, taken in turn by the sources (default: none given — source
   * (x, 0) sends to ((x + W/2) mod W, ⌊H/2⌋), so under dimension order the hot-spot flows share the
   * +x links of row 0: a hot spot "in links", as the seed's Fig. 10 has it).
   */
  readonly hotSpotNodes: readonly number[];
  /** Number of hot-spot flows (default 4), from nodes 0, 1, … (row 0 first). */
  readonly hotSpotSources: number;
  /** Load of each hot-spot flow, Mb/s (default 750: the seed's "(750 Mbps)"). */
  readonly hotSpotLoad: number;
  /**
   * What the 80 % threshold is compared with: 'input' (default; the seed: "switches will mark all
   * packets belonging to the virtual-channel buffer that exceeded the threshold value") or 'output'
   * (the IB CC specification's port-VL occupancy, roots only).
   */
  readonly markingOccupancy: 'input' | 'output';
  /**
   * VLs of the alternative paths (multipath.ts): 'per-lid' (default: one VL and up*∕down*
   * orientation each, paths − 1 VLs) or 'shared' (one VL for all). Every VL has its own buffer of
   * `bufferPackets`, so 'per-lid' also gives DRB more buffer space per port than static routing.
   */
  readonly escape: 'per-lid' | 'shared';
  /**
   * What IB CC's timer does at each expiry: 'quiet' (lower the throttle level only when no BECN
   * arrived in the period: the seed's §3, "Whenever the timer expires, if no congestion notifications
   * are received injection is gradually recovered") or 'timer' (lower it at every expiry, the timer
   * running freely). Default: 'quiet' with `cc: 'ibcc-drb-paper'`, 'timer' with `cc: 'ibcc'`.
   */
  readonly ccRecovery: 'quiet' | 'timer' | null;
  /**
   * How the alternative LIDs are routed: 'dimension-order' (default: the other dimension orders of the
   * mesh or torus, Y then X and on a torus the long way round, each on VLs of its own — the seed's
   * "virtual channels in order to avoid Deadlock", §4.2.2; up to 4 disjoint paths on the torus, 2 on
   * the mesh; meshRoutes.ts) or 'up-down' (up*∕down* routes over spanning trees, multipath.ts: about
   * 2 usable paths per pair).
   */
  readonly alternatives: 'dimension-order' | 'up-down';
  /**
   * Mean packets per message, ≥ 1 (default 1: a message is one packet). The seed's senders split each
   * message "in several packets according with the MTU" (§4.2.3) and give no message size; m > 1
   * sends messages at Poisson epochs, each of a geometric number of packets with mean m, back to back
   * (GE arrivals with Ca² = 2m − 1, the offered load unchanged).
   */
  readonly messagePackets: number;
  /**
   * Which packets an input VL buffer over the threshold marks: 'departing' (each packet leaving while
   * the buffer is over it) or 'buffer' (when an arrival finds the buffer at or over it, every packet
   * then in the buffer: §4.1, "switches will mark all packets belonging to the virtual-channel buffer
   * that exceeded the threshold value"). Only with `markingOccupancy: 'input'`.
   */
  readonly markingScope: 'departing' | 'buffer';
}

const DEFAULTS: DrbScenarioParams = {
  topology: 'torus',
  size: '8x8',
  routing: 'static',
  cc: 'none',
  pattern: 'perfect-shuffle',
  load: 400,
  paths: 4,
  bufferPackets: 4,
  samples: 10,
  hotSpotAtUs: null,
  hotSpotNodes: [],
  hotSpotSources: 4,
  hotSpotLoad: 750,
  markingOccupancy: 'input',
  escape: 'per-lid',
  ccRecovery: null,
  alternatives: 'dimension-order',
  messagePackets: 1,
  markingScope: 'departing',
};

/** Link rate (Gb/s), packet size (bytes), the seed's timer and marking threshold. */
const LINK_GBPS = 2.5;
const PACKET_BYTES = 2048;
const TIMER_US = 100;
const THRESHOLD_FRACTION = 0.8;

function parseSize(size: unknown, torus: boolean): [number, number] {
  const m = typeof size === 'string' ? /^([0-9]+)x([0-9]+)$/.exec(size) : null;
  const lo = torus ? 3 : 1;
  if (m === null || Number(m[1]) < lo || Number(m[2]) < lo || Number(m[1]) * Number(m[2]) < 2 || Number(m[1]) * Number(m[2]) > 256) {
    throw new InvalidParameterError('size', `'WxH' with integers W, H >= ${lo} and 2..256 switches (the multipath tables cost O(paths · n³) to build)`, size);
  }
  return [Number(m[1]), Number(m[2])];
}

/**
 * Validates `drb` params and fills in defaults.
 * @throws InvalidParameterError naming the parameter (a load above the link rate, a permutation
 *   pattern on a node count it cannot use, …).
 * @example parseDrbScenario({ routing: 'drb' }).paths; // → 4
 */
export function parseDrbScenario(params: unknown): DrbScenarioParams {
  const p = plainObject('params', params ?? {});
  knownKeys('params', p, Object.keys(DEFAULTS));
  const topology = p.topology === undefined ? DEFAULTS.topology : oneOf('topology', p.topology, ['torus', 'mesh'] as const);
  const size = p.size === undefined ? DEFAULTS.size : (p.size as string);
  const [w, h] = parseSize(size, topology === 'torus');
  const routing = p.routing === undefined ? DEFAULTS.routing : oneOf('routing', p.routing, ['static', 'drb'] as const);
  const cc = p.cc === undefined ? DEFAULTS.cc : oneOf('cc', p.cc, DRB_CC);
  const pattern = p.pattern === undefined ? DEFAULTS.pattern : oneOf('pattern', p.pattern, DRB_PATTERNS);
  if (pattern !== 'uniform') checkPermutationNodes(pattern, w * h, 'size');
  if (pattern === 'uniform' && routing === 'drb') {
    throw new InvalidParameterError('pattern', "a permutation pattern with routing 'drb' (DRB keeps its paths per source–destination pair; 'uniform' has none)", pattern);
  }
  const linkMbps = LINK_GBPS * 1000;
  const load = p.load === undefined ? DEFAULTS.load : numberInRange('load', p.load, 0, linkMbps);
  if (!(load > 0)) throw new InvalidParameterError('load', `a load in (0, ${linkMbps}] Mb/s per node (the link rate)`, load);
  const paths = p.paths === undefined ? DEFAULTS.paths : integerAtLeast('paths', p.paths, 1);
  if (paths > 8) throw new InvalidParameterError('paths', 'an integer in 1..8', paths);
  const bufferPackets = p.bufferPackets === undefined ? DEFAULTS.bufferPackets : integerAtLeast('bufferPackets', p.bufferPackets, 1);
  const samples = p.samples === undefined ? DEFAULTS.samples : integerAtLeast('samples', p.samples, 1);
  if (samples > 1000) throw new InvalidParameterError('samples', 'an integer in 1..1000', samples);
  const hotSpotAtUs = p.hotSpotAtUs === undefined || p.hotSpotAtUs === null ? null : numberInRange('hotSpotAtUs', p.hotSpotAtUs, 0, 1e12);
  const nodes = w * h;
  let hotSpotNodes: number[] = [];
  if (p.hotSpotNodes !== undefined) {
    if (!Array.isArray(p.hotSpotNodes)) throw new InvalidParameterError('hotSpotNodes', 'an array of node indices', p.hotSpotNodes);
    hotSpotNodes = p.hotSpotNodes.map((n: unknown, i: number) => {
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n >= nodes) throw new InvalidParameterError(`hotSpotNodes[${i}]`, `a node index in 0..${nodes - 1}`, n);
      return n;
    });
  }
  const hotSpotSources = p.hotSpotSources === undefined ? DEFAULTS.hotSpotSources : integerAtLeast('hotSpotSources', p.hotSpotSources, 1);
  if (hotSpotSources > nodes) throw new InvalidParameterError('hotSpotSources', `an integer in 1..${nodes} (the node count)`, hotSpotSources);
  const hotSpotLoad = p.hotSpotLoad === undefined ? DEFAULTS.hotSpotLoad : numberInRange('hotSpotLoad', p.hotSpotLoad, 0, linkMbps);
  const markingOccupancy = p.markingOccupancy === undefined ? DEFAULTS.markingOccupancy : oneOf('markingOccupancy', p.markingOccupancy, ['input', 'output'] as const);
  const escape = p.escape === undefined ? DEFAULTS.escape : oneOf('escape', p.escape, ['per-lid', 'shared'] as const);
  const ccRecovery = p.ccRecovery === undefined || p.ccRecovery === null ? null : oneOf('ccRecovery', p.ccRecovery, ['quiet', 'timer'] as const);
  const alternatives = p.alternatives === undefined ? DEFAULTS.alternatives : oneOf('alternatives', p.alternatives, ['dimension-order', 'up-down'] as const);
  const messagePackets = p.messagePackets === undefined ? DEFAULTS.messagePackets : numberInRange('messagePackets', p.messagePackets, 1, 1e6);
  const markingScope = p.markingScope === undefined ? DEFAULTS.markingScope : oneOf('markingScope', p.markingScope, ['departing', 'buffer'] as const);
  if (markingScope === 'buffer' && markingOccupancy !== 'input') throw new InvalidParameterError('markingScope', "'departing' unless markingOccupancy is 'input'", markingScope);
  return { topology, size, routing, cc, pattern, load, paths, bufferPackets, samples, hotSpotAtUs, hotSpotNodes, hotSpotSources, hotSpotLoad, markingOccupancy, escape, ccRecovery, alternatives, messagePackets, markingScope };
}

/** Node index i = y·W + x ↔ host `h{x}_{y}`. */
const hostName = (i: number, w: number): string => `h${i % w}_${Math.floor(i / w)}`;

function rateControl(cc: DrbScenarioParams['cc'], recovery: DrbScenarioParams['ccRecovery']): RateControlSpec | undefined {
  if (cc === 'none') return undefined;
  const rMax = (LINK_GBPS * 1e9) / 8 / PACKET_BYTES;
  if (cc === 'ibcc') return { kind: 'ibcc', timerUs: TIMER_US, recovery: recovery ?? 'timer' };
  // 5 µs more between packets per step: rate 1/(1/B + k·5 µs) = B/(1 + k·5 µs·B), so IRD_k = k·5 µs·B.
  return { kind: 'ibcc', timerUs: TIMER_US, becnsPerIncrease: 10, table: Array.from({ length: 128 }, (_, k) => k * 5e-6 * rMax), recovery: recovery ?? 'quiet' };
}

/**
 * The fabric of `drb` for validated params (before any run).
 * @example drbFabric(parseDrbScenario({ size: '4x4' })).run(1e-3);
 */
export function drbFabric(params: DrbScenarioParams, streams?: RandomStreams, replication = 0): Fabric {
  const p = params;
  const [w, h] = parseSize(p.size, p.topology === 'torus');
  const n = w * h;
  const torus = p.topology === 'torus';
  const packetsPerSecond = (mbps: number): number => (mbps * 1e6) / 8 / PACKET_BYTES;
  const drb = p.routing === 'drb';
  const arrivals = (mbps: number): FlowSpec['traffic'] =>
    p.messagePackets === 1 ? { kind: 'poisson', rate: packetsPerSecond(mbps) } : { kind: 'ge', rate: packetsPerSecond(mbps), ca2: 2 * p.messagePackets - 1 };
  const flows: FlowSpec[] = [];
  for (let s = 0; s < n; s++) {
    const d = p.pattern === 'uniform' ? -1 : permutationDestination(p.pattern as PermutationPattern, s, n);
    if (d === s) continue;
    const rc = rateControl(p.cc, p.ccRecovery);
    flows.push({
      name: `n${s}`,
      source: hostName(s, w),
      destination: d < 0 ? 'uniform' : hostName(d, w),
      traffic: arrivals(p.load),
      ...(rc === undefined ? {} : { rateControl: rc }),
      ...(drb ? { pathSelection: { kind: 'drb', maxPaths: p.paths, timerUs: TIMER_US, notificationsPerPath: 10 } } : {}),
    });
  }
  if (p.hotSpotAtUs !== null) {
    for (let k = 0; k < p.hotSpotSources; k++) {
      const s = k;
      const d = p.hotSpotNodes.length > 0 ? p.hotSpotNodes[k % p.hotSpotNodes.length]! : Math.floor(h / 2) * w + ((s % w) + Math.floor(w / 2)) % w;
      if (d === s) continue;
      flows.push({
        name: `hot${k}`,
        source: hostName(s, w),
        destination: hostName(d, w),
        traffic: arrivals(p.hotSpotLoad),
        startUs: p.hotSpotAtUs,
        ...(p.cc === 'none' ? {} : { rateControl: rateControl(p.cc, p.ccRecovery)! }),
        ...(drb ? { pathSelection: { kind: 'drb', maxPaths: p.paths, timerUs: TIMER_US, notificationsPerPath: 10 } } : {}),
      });
    }
  }
  const marked = drb || p.cc !== 'none';
  const topology = meshTopology(w, h, { torus, datelines: torus, rateGbps: LINK_GBPS });
  const orders = p.alternatives === 'dimension-order';
  // Dimension order needs 2 VLs on a torus (datelines), 1 on a mesh; DRB adds its alternatives':
  // as many again for the Y-then-X orders (meshRoutes.ts), or one per up*/down* LID (one for all
  // when shared). With the dimension orders every LID the SM can give (LMC 3: 8) is routed, and
  // each pair's DRB source takes the first `paths` of its disjoint ones.
  const perClass = torus ? 2 : 1;
  const lids = orders ? 1 + alternativeOrders(torus).length : p.paths;
  const extraVls = !drb ? 0 : orders ? perClass : p.escape === 'shared' ? 1 : p.paths - 1;
  return buildFabric({
    topology,
    vls: perClass + extraVls,
    mtu: PACKET_BYTES,
    bufferBytes: p.bufferPackets * PACKET_BYTES,
    ...(drb
      ? { multipath: orders ? { paths: lids, alternatives: meshDimensionOrderLids(w, h, torus) } : { paths: p.paths, escape: p.escape } }
      : {}),
    marking: marked ? { kind: 'ibcc', threshold: 15, thresholdFraction: THRESHOLD_FRACTION, occupancy: p.markingOccupancy, ...(p.markingScope === 'buffer' ? { scope: 'buffer' as const } : {}) } : { kind: 'none' },
    deadlockUs: 1000,
    latencyHistogram: { hiUs: 10000, bins: 10 },
    flows,
    ...(streams === undefined ? {} : { streams }),
    replication,
  });
}

/** One replication of `drb` (metrics: see the module comment). */
export function replicateDrbScenario(params: DrbScenarioParams, context: ReplicationContext): ReplicationOutput {
  const fabric = drbFabric(params, context.streams, context.replication);
  const until = context.length.until!;
  const end = context.warmup + until;
  const openPaths: number[] = [];
  const throttleLevel: number[] = [];
  const throttleLevelMax: number[] = [];
  const peakLinkMbps: number[] = [];
  fabric.run(context.warmup, context.warmup);
  const switchPort = (name: string): boolean => /^s[0-9]+_[0-9]+:[2-5]$/.test(name);
  // The busiest link of each interval by its transmitter's busy time in the interval (a packet
  // crossing the interval's end counts for the part sent in it), × the link rate: at most the rate.
  // The statistics reset at the warm-up's end runs with the next events: the busy time counted from
  // it starts at minus the transmissions then in progress still to come.
  let lastBusy = new Map(Array.from(fabric.busyTimes(), ([name, b]) => [name, -b.ahead]));
  for (let k = 1; k <= params.samples; k++) {
    const t = context.warmup + (until * k) / params.samples;
    fabric.run(t, context.warmup);
    const busy = new Map(Array.from(fabric.busyTimes(), ([name, b]) => [name, b.counted - b.ahead]));
    let peak = 0;
    for (const [name, b] of busy) if (switchPort(name)) peak = Math.max(peak, b - lastBusy.get(name)!);
    lastBusy = busy;
    peakLinkMbps.push((peak / (until / params.samples)) * LINK_GBPS * 1e3);
    const open = fabric.openPaths();
    openPaths.push(open.length > 0 ? open.reduce((a, b) => a + b, 0) / open.length : 1);
    const levels = fabric.throttleLevels();
    throttleLevel.push(levels.length > 0 ? levels.reduce((a, b) => a + b, 0) / levels.length : 0);
    throttleLevelMax.push(maxOf([0, ...levels]));
  }
  void end;
  const m = fabric.measurements();
  // Latency over every delivered packet; received and offered load per node over the pattern's
  // senders only, the hot-spot flows reported apart (per flow).
  let delivered = 0;
  let latencySum = 0;
  const load = { base: { bits: 0, offered: 0, flows: 0 }, hot: { bits: 0, offered: 0, flows: 0 } };
  for (const f of m.flows) {
    delivered += f.delivered;
    if (f.delivered > 0) latencySum += f.meanLatencyUs * f.delivered;
    const into = f.name.startsWith('hot') ? load.hot : load.base;
    into.bits += f.throughputGbps * 1e3;
    into.offered += (f.offered * PACKET_BYTES * 8) / m.duration / 1e6;
    into.flows++;
  }
  const links = m.ports.filter((q) => switchPort(q.name));
  const utilization = Object.fromEntries(links.map((q) => [q.name, q.utilization]));
  const u = links.map((q) => q.utilization);
  const disjoint = fabric.disjointPaths();
  return {
    metrics: {
      latencyUs: delivered > 0 ? latencySum / delivered : 0,
      throughputMbps: load.base.bits / load.base.flows,
      offeredMbps: load.base.offered / load.base.flows,
      hotSpotThroughputMbps: load.hot.flows > 0 ? load.hot.bits / load.hot.flows : 0,
      linkUtilization: { mean: u.reduce((a, b) => a + b, 0) / Math.max(1, u.length), max: maxOf([0, ...u]), perLink: utilization },
      openPaths,
      throttleLevel,
      throttleLevelMax,
      peakLinkMbps,
      disjointPaths: disjoint,
    },
    simulatedTime: m.duration,
    events: m.events,
  };
}

registerScenario<DrbScenarioParams>({
  name: 'drb',
  description: 'the DRB paper (Lugones et al.): torus/mesh, perfect shuffle (or other patterns) at a load per node, static routing or DRB multipath, with or without IB CC; latency µs, received/offered Mb/s per node, link utilisation, open paths over time',
  parse: parseDrbScenario,
  replicate: replicateDrbScenario,
  lengths: ['until'],
  defaultLength: { until: 0.005 },
  timeUnit: 's',
  metricUnits: 'latencyUs µs, throughputMbps and offeredMbps Mb/s per sending node of the pattern, hotSpotThroughputMbps Mb/s per hot-spot flow, throttleLevel and throttleLevelMax CCTI, linkUtilization a fraction of the time, openPaths paths per flow, peakLinkMbps Mb/s',
  cliOptions: [
    { flag: '--topology <kind>', param: 'topology', kind: 'string', description: 'torus|mesh (drb; default torus)' },
    { flag: '--size <WxH>', param: 'size', kind: 'string', description: "switches as WxH (drb; default 8x8; the seed's mesh of 32: 4x8, see docs/drb.md)" },
    { flag: '--routing <kind>', param: 'routing', kind: 'string', description: 'static|drb (drb; default static)' },
    { flag: '--cc <kind>', param: 'cc', kind: 'string', description: `${DRB_CC.join('|')} (drb; default none)` },
    { flag: '--pattern <name>', param: 'pattern', kind: 'string', description: `${DRB_PATTERNS.join('|')} (drb; default perfect-shuffle)` },
    { flag: '--load <mbps>', param: 'load', kind: 'number', description: 'offered load per node in Mb/s, up to the link rate 2500; a list sweeps it (drb; default 400)' },
    { flag: '--paths <n>', param: 'paths', kind: 'integer', description: 'DRB paths per destination, 1..8 (drb; default 4)' },
    { flag: '--buffer-packets <n>', param: 'bufferPackets', kind: 'integer', description: 'input buffer per VL in packets (congestion-spreading default 16; drb default 4)' },
    { flag: '--marking-occupancy <basis>', param: 'markingOccupancy', kind: 'string', description: "input|output: the occupancy the 80 % threshold is compared with (drb; default input, the seed's reading)" },
    { flag: '--escape <kind>', param: 'escape', kind: 'string', description: "per-lid|shared: a VL per alternative path, or one for all (drb; default per-lid)" },
    { flag: '--alternatives <kind>', param: 'alternatives', kind: 'string', description: "dimension-order|up-down: how DRB's alternative LIDs are routed (drb; default dimension-order: YX and the long ways round, VLs of their own)" },
    { flag: '--marking-scope <which>', param: 'markingScope', kind: 'string', description: "departing|buffer: an input VL buffer over the threshold marks the packets leaving it, or every packet in it (drb; default departing)" },
    { flag: '--message-packets <m>', param: 'messagePackets', kind: 'number', description: 'mean packets per message, sent back to back (drb; default 1)' },
    { flag: '--cc-recovery <rule>', param: 'ccRecovery', kind: 'string', description: "quiet|timer: IB CC's timer lowers the throttle level only after a period without BECN, or at every expiry (drb; default quiet with ibcc-drb-paper, timer with ibcc)" },
    { flag: '--hot-spot-at-us <t>', param: 'hotSpotAtUs', kind: 'number', description: 'start of the hot-spot flows, µs of simulated time (drb; default none)' },
    { flag: '--hot-spot-sources <n>', param: 'hotSpotSources', kind: 'integer', description: 'hot-spot flows, from nodes 0, 1, … (drb; default 4)' },
    { flag: '--hot-spot-load <mbps>', param: 'hotSpotLoad', kind: 'number', description: 'load of each hot-spot flow, Mb/s (drb; default 750)' },
  ],
});

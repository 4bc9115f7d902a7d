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
 * the link rate, so never above the rate: the seed's Fig. 10), `hotSpotPeakLinkMbps` (the busiest
 * link's mean throughput from the hot spot's start — the window's start if earlier, or without a hot
 * spot — to the window's end: the seed's Fig. 10 read over the whole hot spot, its points being
 * averages over intervals of seconds; 0 if the hot spot starts after the window),
 * `disjointPaths` (fewest and mean usable paths of the flows: fewer than `paths` where the topology
 * has no more).
 */
import { maxOf } from '../../core/arrays.js';
import { registerScenario, type ReplicationContext, type ReplicationOutput } from '../../sim/scenarios/registry.js';
import type { RandomStreams } from '../../sim/random/streams.js';
import { permutationDestination, type PermutationPattern } from '../../sim/traffic/patterns.js';
import { buildFabric } from '../../sim/fabric/build.js';
import type { FlowSpec, RateControlSpec } from '../../sim/fabric/buildFlows.js';
import type { Fabric } from '../../sim/fabric/fabric.js';
import { meshTopology } from '../../network/generators/generators.js';
import { alternativeOrders, meshDimensionOrderLids } from '../../network/routing/meshRoutes.js';
import { DRB_CLI_OPTIONS, hotSpotDestination, LINK_GBPS, PACKET_BYTES, parseDrbScenario, parseSize, THRESHOLD_FRACTION, TIMER_US, type DrbScenarioParams } from './drbParams.js';
import { recordParameter } from '../../core/shapes.js';

export { DRB_CC, DRB_PATTERNS, hotSpotDestination, parseDrbScenario, type DrbScenarioParams } from './drbParams.js';

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
  recordParameter('params', params);
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
      ...(drb ? { pathSelection: { kind: 'drb', maxPaths: p.paths, timerUs: TIMER_US, notificationsPerPath: 10, decay: p.drbDecay, share: p.drbShare } } : {}),
    });
  }
  if (p.hotSpotAtUs !== null) {
    for (let k = 0; k < p.hotSpotSources; k++) {
      const s = k;
      const d = hotSpotDestination(p, k);
      if (d === s) continue;
      flows.push({
        name: `hot${k}`,
        source: hostName(s, w),
        destination: hostName(d, w),
        traffic: arrivals(p.hotSpotLoad),
        startUs: p.hotSpotAtUs,
        ...(p.cc === 'none' ? {} : { rateControl: rateControl(p.cc, p.ccRecovery)! }),
        ...(drb ? { pathSelection: { kind: 'drb', maxPaths: p.paths, timerUs: TIMER_US, notificationsPerPath: 10, decay: p.drbDecay, share: p.drbShare } } : {}),
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
  recordParameter('params', params);
  recordParameter('context', context, { streams: 'object', replication: 'number' });
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
  // The busiest link over the whole hot spot: busy times from its start (the window's if earlier).
  const hotFrom = Math.max(context.warmup, params.hotSpotAtUs === null ? 0 : params.hotSpotAtUs * 1e-6);
  let hotBase = hotFrom <= context.warmup ? lastBusy : null;
  const busyNow = () => new Map(Array.from(fabric.busyTimes(), ([name, b]) => [name, b.counted - b.ahead]));
  for (let k = 1; k <= params.samples; k++) {
    const t = context.warmup + (until * k) / params.samples;
    if (hotBase === null && hotFrom < t) {
      fabric.run(hotFrom, context.warmup);
      hotBase = busyNow();
    }
    fabric.run(t, context.warmup);
    context.onProgress?.(t / end);
    const busy = busyNow();
    if (hotBase === null && hotFrom === t) hotBase = busy;
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
  let hotPeak = 0;
  if (hotBase !== null && hotFrom < end) for (const [name, b] of lastBusy) if (switchPort(name)) hotPeak = Math.max(hotPeak, b - hotBase.get(name)!);
  const hotSpotPeakLinkMbps = hotFrom < end ? (hotPeak / (end - hotFrom)) * LINK_GBPS * 1e3 : 0;
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
      hotSpotPeakLinkMbps,
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
  metricUnits: 'latencyUs µs, throughputMbps and offeredMbps Mb/s per sending node of the pattern, hotSpotThroughputMbps Mb/s per hot-spot flow, throttleLevel and throttleLevelMax CCTI, linkUtilization a fraction of the time, openPaths paths per flow, peakLinkMbps and hotSpotPeakLinkMbps Mb/s',
  cliOptions: DRB_CLI_OPTIONS,
});

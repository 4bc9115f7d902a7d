/**
 * The built-in scenario `congestion-spreading` (thesis ch. 3, §3.4, Fig. 3.1): switches A and B
 * joined by one link; the local flow B1→Bc, the remote flow A1→Bc and the victim flow Av→Bv across
 * the inter-switch link. Two service levels: high (SL 1 → VL 1, high arbitration table) and low
 * (SL 0 → VL 0, low table); the high SL was granted twice the low SL's bandwidth at admission, so
 * every output port is programmed with VL 1 : VL 0 = 2 : 1 (LimitOfHighPriority 1 = 4096 bytes =
 * two 2 KB packets before a low-priority packet may go). By default (`classes: 'both'`) the local
 * and the remote flow each carry a high class (the thesis's r2) and a low class (r1); the victim is
 * low priority and uncontrolled.
 *
 * Local and remote are greedy (saturated); the victim offers Poisson traffic at `victimLoad` of the
 * link rate into a 64-packet send queue. Without rate control the remote flow's low-priority
 * packets, stuck at B's inter-switch input buffer behind Bc's congestion, hold the victim's packets
 * in the same FIFO (head-of-line blocking): the victim's throughput collapses to the remote low
 * class's share at Bc.
 *
 * Rate control (docs/models.md §10): `pipd`, `fimd`, `lipd`, `aimd` respond to the thesis's ECN marks
 * (cnt1/cnt2 per output link, §3.3.1) echoed in ACKs; `ibcc` to IB CC FECN/BECN marking with the CCT source. The
 * response functions' rates are in 64-byte blocks per second (R_max = 4 882 812.5 at 2.5 Gb/s; the
 * reading of the thesis's averages in docs/fabric.md); as in the thesis R_min = R_max/128 for the
 * high class and R_max/256 for the low, m = n = 4, sources start at R_min. Parameters and their
 * defaults: congestionSpreadingParams.ts.
 */
import { registerScenario, type ReplicationContext, type ReplicationOutput } from '../../sim/scenarios/registry.js';
import type { RandomStreams } from '../../sim/random/streams.js';
import { buildFabric } from '../../sim/fabric/build.js';
import type { FlowSpec, RateControlSpec } from '../../sim/fabric/buildFlows.js';
import type { MarkingSpec } from '../../sim/fabric/switch/marking.js';
import type { Fabric } from '../../sim/fabric/fabric.js';
import { twoSwitchTopology } from '../../network/generators/generators.js';
import {
  BUFFER_SHARINGS,
  CLASS_READINGS,
  MARKING_BUFFERS,
  MARKING_COUNTERS,
  MARKING_OUTPUTS,
  RATE_CONTROLS,
  parseCongestionSpreading,
  type CongestionSpreadingParams,
  type RateControlName,
} from './congestionSpreadingParams.js';
import { recordParameter } from '../../core/shapes.js';
import { runInSteps } from '../../sim/fabric/runSteps.js';

/** Bytes in the unit the scenario reports rates in: 64-byte blocks per second (docs/fabric.md § the rate unit). */
export const REPORT_UNIT_BYTES = 64;

/** The three flows, in report order. */
export const CONGESTION_SPREADING_FLOWS = ['local', 'remote', 'victim'] as const;

/** The thesis's four rate cells (Tables 3.2–3.3): B r2, B r1, A r2, A r1 as classes of the local and remote flows. */
export const CONGESTION_SPREADING_CLASSES = ['localHigh', 'localLow', 'remoteHigh', 'remoteLow'] as const;

/** R_max in the response functions' unit: the link rate in rate units per second. */
export function congestionSpreadingRateMax(p: CongestionSpreadingParams): number {
  recordParameter('params', p, { linkGbps: 'number', rateUnitBytes: 'number' });
  return (p.linkGbps * 1e9) / 8 / p.rateUnitBytes;
}

/**
 * A class's rate control: R_min = R_max/128 for the high-priority class and R_max/256 for the low,
 * m = n = 4 (thesis §3.4); LIPD with PIPD's R_min; AIMD α = R_min, β = 1/2 (the project's choice;
 * the thesis runs no AIMD).
 */
function rateControlSpec(name: RateControlName, p: CongestionSpreadingParams, highPriority: boolean): RateControlSpec {
  const rMin = congestionSpreadingRateMax(p) / (highPriority ? p.rateMinHighDivisor : 256);
  const common = { rMin, unitBytes: p.rateUnitBytes, start: p.startRate === 'min' ? 'rMin' : 'rMax', gap: p.rateGap } as const;
  switch (name) {
    case 'none':
      return { kind: 'none' };
    case 'pipd':
      return { kind: 'pipd', ...common, m: 4 };
    case 'fimd':
      return { kind: 'fimd', ...common, n: 4 };
    case 'lipd':
      return { kind: 'lipd', ...common };
    case 'aimd':
      return { kind: 'aimd', ...common, alpha: rMin, beta: 0.5 };
    case 'ibcc':
      return { kind: 'ibcc' };
  }
}

/** The flows of the scenario, in fabric order: the classes of local and remote, then the victim. */
function flows(p: CongestionSpreadingParams): FlowSpec[] {
  const rMaxPackets = (p.linkGbps * 1e9) / 8 / p.packetBytes;
  const window = p.windowPackets === Infinity ? {} : { windowPackets: p.windowPackets };
  const cls = (name: string, source: string, high: boolean): FlowSpec => {
    const law = high ? p.rateControlHigh : p.rateControlLow;
    return { name, source, destination: 'Bc', sl: high ? 1 : 0, rateControl: rateControlSpec(law, p, high), ...(law === 'none' ? {} : window) };
  };
  const victimLaw = p.controlVictim ? p.rateControlLow : 'none';
  const victim: FlowSpec = {
    name: 'victim',
    source: 'Av',
    destination: 'Bv',
    sl: p.victimSl,
    traffic: { kind: 'poisson', rate: p.victimLoad * rMaxPackets },
    sendQueuePackets: 64,
    rateControl: rateControlSpec(victimLaw, p, false),
    ...(victimLaw === 'none' ? {} : window),
  };
  return p.classes === 'both'
    ? [cls('localHigh', 'B1', true), cls('localLow', 'B1', false), cls('remoteHigh', 'A1', true), cls('remoteLow', 'A1', false), victim]
    : [cls('local', 'B1', true), cls('remote', 'A1', false), victim];
}

/**
 * The fabric of `congestion-spreading` for validated params (before any run): what each replication
 * runs, exposed for benchmarks and studies that want the fabric itself.
 *
 * @example congestionSpreadingFabric(parseCongestionSpreading({ rateControl: 'fimd' })).run(0.01);
 */
export function congestionSpreadingFabric(params: CongestionSpreadingParams, streams?: RandomStreams, replication = 0): Fabric {
  recordParameter('params', params);
  const p = params;
  const laws = [p.rateControlHigh, p.rateControlLow];
  const marking: MarkingSpec = laws.includes('ibcc')
    ? { kind: 'ibcc', threshold: p.ibccThreshold }
    : laws.every((l) => l === 'none')
      ? { kind: 'none' }
      : { kind: 'ecn', outputs: p.markingOutputs, perVl: p.markingCounters === 'per-vl', buffer: p.markingBuffer };
  return buildFabric({
    topology: twoSwitchTopology({ rateGbps: p.linkGbps }),
    vls: 2,
    mtu: Math.max(256, p.packetBytes),
    bufferBytes: p.bufferPackets * p.packetBytes,
    inputBufferSharing: p.bufferSharing,
    ...(p.receiveGbps === Infinity ? {} : { hostReceiveGbps: p.receiveGbps }),
    arbitration: { high: [{ vl: 1, weight: Math.ceil((2 * p.packetBytes) / 64) }], low: [{ vl: 0, weight: Math.ceil(p.packetBytes / 64) }], limitOfHighPriority: 1 },
    marking,
    ackBytes: p.ackBytes,
    ...(streams === undefined ? {} : { streams }),
    replication,
    flows: flows(p),
  });
}

/**
 * One replication of `congestion-spreading`. Per flow (keyed `local`, `remote`, `victim`; the local
 * and remote flows summed over their classes): `throughput` (delivered Gb/s), `offered` (Gb/s that
 * entered the send queue; a greedy source offers one packet per packet sent), `latency` (mean µs
 * from creation to delivery, send-queue wait included), `injectionRate` (time-average rate limit in
 * 64-byte blocks per second, whatever `rateUnitBytes` the laws work in; the link rate for an
 * uncontrolled flow) and
 * `markedFraction` (delivered packets carrying a mark). `classRate`: the injection rate of each
 * class, keyed as {@link CONGESTION_SPREADING_CLASSES} (with `classes: 'split'` only `localHigh` =
 * local and `remoteLow` = remote): the thesis's B r2, B r1, A r2, A r1. `classMarkedFraction`: the
 * same classes' delivered packets carrying a mark (what a class's average rate follows: docs/fabric.md).
 *
 * @example
 * const out = replicateCongestionSpreading(parseCongestionSpreading({}), {
 *   streams: new RandomStreams(1), replication: 0, length: { until: 0.01 }, warmup: 0.001 });
 * out.metrics.throughput.local; // ≈ 1.25 (half of 2.5 Gb/s: Bc is shared by four classes, 2 : 1 by priority)
 */
export function replicateCongestionSpreading(params: CongestionSpreadingParams, context: ReplicationContext): ReplicationOutput {
  recordParameter('params', params);
  recordParameter('context', context, { streams: 'object', replication: 'number' });
  const p = params;
  // Rates are reported in 64-byte blocks per second whatever unit the response functions work in.
  const toUnit = p.packetBytes / REPORT_UNIT_BYTES;
  const rMax = (p.linkGbps * 1e9) / 8 / REPORT_UNIT_BYTES;
  const fabric = congestionSpreadingFabric(p, context.streams, context.replication);
  runInSteps(fabric, context.warmup + context.length.until!, context.warmup, context.onProgress);
  const m = fabric.measurements();
  const byName = new Map(m.flows.map((f) => [f.name, f]));
  // A flow's classes: `local` = localHigh + localLow (classes 'both') or `local` itself ('split').
  const members = (flow: string) => m.flows.filter((f) => f.name === flow || f.name === `${flow}High` || f.name === `${flow}Low`);
  const rateOf = (f: (typeof m.flows)[number]): number => (Number.isFinite(f.meanInjectionRate) ? f.meanInjectionRate * toUnit : rMax);
  const sum = (flow: string, pick: (f: (typeof m.flows)[number]) => number): number => members(flow).reduce((a, f) => a + pick(f), 0);
  const per = (pick: (flow: string) => number): Record<string, number> => Object.fromEntries(CONGESTION_SPREADING_FLOWS.map((flow) => [flow, pick(flow)]));
  const gbps = (packets: number): number => (m.duration > 0 ? (packets * p.packetBytes * 8) / m.duration / 1e9 : 0);
  const classRate: Record<string, number> = {};
  const classMarked: Record<string, number> = {};
  for (const key of CONGESTION_SPREADING_CLASSES) {
    const f = byName.get(key) ?? (p.classes === 'split' ? byName.get(key === 'localHigh' ? 'local' : key === 'remoteLow' ? 'remote' : '') : undefined);
    if (f !== undefined) {
      classRate[key] = rateOf(f);
      classMarked[key] = f.delivered > 0 ? f.marked / f.delivered : 0;
    }
  }
  return {
    metrics: {
      throughput: per((flow) => sum(flow, (f) => f.throughputGbps)),
      offered: per((flow) => gbps(sum(flow, (f) => f.offered))),
      latency: per((flow) => {
        const n = sum(flow, (f) => f.delivered);
        return n > 0 ? sum(flow, (f) => (f.delivered > 0 ? f.meanLatencyUs * f.delivered : 0)) / n : NaN;
      }),
      injectionRate: per((flow) => sum(flow, rateOf)),
      markedFraction: per((flow) => {
        const n = sum(flow, (f) => f.delivered);
        return n > 0 ? sum(flow, (f) => f.marked) / n : 0;
      }),
      classRate,
      classMarkedFraction: classMarked,
    },
    simulatedTime: m.duration,
    events: m.events,
  };
}

registerScenario<CongestionSpreadingParams>({
  name: 'congestion-spreading',
  description:
    "thesis Fig. 3.1: two switches; local B1→Bc and remote A1→Bc each carry a high and a low class, victim Av→Bv (low, uncontrolled unless --control-victim); per flow throughput, offered, latency, injection rate (Gb/s, Gb/s, µs, 64-byte blocks/s)",
  parse: parseCongestionSpreading,
  replicate: replicateCongestionSpreading,
  lengths: ['until'],
  defaultLength: { until: 0.05 },
  maxLength: { until: 10 },
  timeUnit: 's',
  metricUnits:
    'throughput and offered Gb/s, latency µs, injectionRate and classRate 64-byte blocks/s, markedFraction and classMarkedFraction a fraction of the packets',
  cliOptions: [
    { flag: '--rate-control <name>', param: 'rateControl', kind: 'string', description: `source response of the controlled flows: ${RATE_CONTROLS.join('|')} (congestion-spreading; default none)` },
    { flag: '--rate-control-high <name>', param: 'rateControlHigh', kind: 'string', description: 'response of the high-priority class r2 (congestion-spreading; default: --rate-control)' },
    {
      flag: '--rate-control-low <name>',
      param: 'rateControlLow',
      kind: 'string',
      description: 'response of the low-priority class r1 (congestion-spreading; default: --rate-control; thesis Table 3.3: --rate-control pipd --rate-control-low fimd)',
    },
    { flag: '--control-victim', param: 'controlVictim', kind: 'flag', description: 'put the victim under the low-priority response too (congestion-spreading; default: uncontrolled, as in the thesis)' },
    { flag: '--classes <reading>', param: 'classes', kind: 'string', description: `${CLASS_READINGS.join('|')}: local and remote each carry both SLs, or local high and remote low (congestion-spreading; default both)` },
    { flag: '--victim-sl <0|1>', param: 'victimSl', kind: 'integer', description: "the victim's service level: 0 low priority (VL 0), 1 high (VL 1) (congestion-spreading; default 0)" },
    {
      flag: '--rate-min-high-divisor <d>',
      param: 'rateMinHighDivisor',
      kind: 'integer',
      description: "R_min of the high-priority class = R_max / d (congestion-spreading; default 128, thesis §3.4; 256 reads Table 3.3's 'R_min = R_max/256' as both classes')",
    },
    { flag: '--victim-load <fraction>', param: 'victimLoad', kind: 'number', description: "victim's offered load, fraction of the link rate (congestion-spreading; default 0.4)" },
    { flag: '--link-gbps <rate>', param: 'linkGbps', kind: 'number', description: 'link data rate in Gb/s (congestion-spreading; default 2.5)' },
    { flag: '--buffer-packets <n>', param: 'bufferPackets', kind: 'integer', description: 'input buffer per VL in packets (congestion-spreading; default 4)' },
    {
      flag: '--buffer-sharing <how>',
      param: 'bufferSharing',
      kind: 'string',
      description: `${BUFFER_SHARINGS.join('|')}: each VL its own buffer, or a port's VL buffers pooled, any VL taking any free block (congestion-spreading; default per-vl)`,
    },
    { flag: '--rate-unit-bytes <b>', param: 'rateUnitBytes', kind: 'integer', description: 'bytes per unit of the response functions\' rates, R_min and R_max (congestion-spreading; default 64; 2048 = packets/s; 1000000 = MB/s, where PIPD increases gradually; any integer up to 10^9; rates are reported in 64-byte blocks/s either way)' },
    { flag: '--start-rate <min|max>', param: 'startRate', kind: 'string', description: 'controlled sources start at R_min or R_max (congestion-spreading; default min)' },
    { flag: '--window-packets <n>', param: 'windowPackets', kind: 'capacity', description: 'unacknowledged packets a controlled flow may have out, or inf (congestion-spreading; default inf)' },
    {
      flag: '--rate-gap <rule>',
      param: 'rateGap',
      kind: 'string',
      description: "rescale|shorten|fixed|restart: what a rate change does to the gap before a controlled flow's next packet (congestion-spreading; default rescale: any change rescales the rest of it, so a source injects at its rate r)",
    },
    { flag: '--marking-outputs <which>', param: 'markingOutputs', kind: 'string', description: `${MARKING_OUTPUTS.join('|')}: a full buffer arms the output its head waits for, or every output a packet in it waits for (congestion-spreading; default congested)` },
    { flag: '--marking-counters <where>', param: 'markingCounters', kind: 'string', description: `${MARKING_COUNTERS.join('|')}: ECN counters per output link for all VLs, or per output link and VL (congestion-spreading; default shared)` },
    {
      flag: '--marking-buffer <which>',
      param: 'markingBuffer',
      kind: 'string',
      description: `${MARKING_BUFFERS.join('|')}: ECN arms when an input buffer becomes full, or when the packets waiting for an output fill a buffer of that size (congestion-spreading; default input)`,
    },
    { flag: '--ack-bytes <b>', param: 'ackBytes', kind: 'integer', description: 'ACK size in bytes, its transmission time added to the way back; 0 = out of band (congestion-spreading; default 30)' },
    { flag: '--receive-gbps <rate>', param: 'receiveGbps', kind: 'number', description: "every host's sink rate in Gb/s, Bv's too (congestion-spreading; default: none, a host takes each packet as it arrives)" },
    { flag: '--ibcc-threshold <w>', param: 'ibccThreshold', kind: 'integer', description: 'IB CC threshold weight 0..15 (congestion-spreading; default 4)' },
  ],
});

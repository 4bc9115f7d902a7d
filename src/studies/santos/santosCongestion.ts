/**
 * The built-in scenario `santos-congestion`: the congestion-spreading set-up of Santos, Turner and
 * Janakiraman ("End-to-End Congestion Control for InfiniBand", INFOCOM 2003), as the seed's notes
 * describe it, to check their claim "LIPD can give highest utilisation but FIMD can adapt to changes
 * faster" on their own set-up rather than on the thesis's.
 *
 * From the notes: switch A has a flow to switch B's port 1, which is oversubscribed (here the remote
 * flow A1→Bc shares Bc with the local flow B1→Bc), and another flow to B's port 2, its only user
 * (the victim Av→Bv); input buffering makes the victim wait behind the backlog on the A–B link.
 * Marking: a buffer becoming full arms every output a packet in it waits for ("any output link that
 * is the destination for at least one packet is classified as a congested link"; one VL, so one
 * counter pair per output). Every source is greedy and runs the same response function (an end
 * node cannot know it is a victim).
 *
 * What the notes do not give, and the readings taken (docs/fabric.md § Santos et al.'s scenario):
 * one service level and VL (the notes name none); R_min = R_max/256 (the thesis's low-priority
 * value); rates in packets per second (FIMD, LIPD and AIMD with α = R_min are scale-free, so the
 * unit changes no run); sources start at R_max; buffers of 4 packets of 2 KB; 2.5 Gb/s links.
 */
import { integerAtLeast, knownKeys, oneOf, plainObject, positiveRate } from '../../core/guards.js';
import { InvalidParameterError } from '../../core/errors.js';
import { registerScenario, type ReplicationContext, type ReplicationOutput } from '../../sim/scenarios/registry.js';
import { buildFabric } from '../../sim/fabric/build.js';
import type { RateControlSpec } from '../../sim/fabric/buildFlows.js';
import { twoSwitchTopology } from '../../network/generators/generators.js';
import { linkRateGbps } from '../../network/topology.js';
import { recordParameter } from '../../core/shapes.js';
import { runInSteps } from '../../sim/fabric/runSteps.js';

/** The response functions `santos-congestion` runs (Santos et al. compare FIMD, LIPD and AIMD). */
export const SANTOS_RATE_CONTROLS = ['none', 'fimd', 'lipd', 'aimd', 'pipd'] as const;

/** Parameters of `santos-congestion` (all optional; defaults below). */
export interface SantosCongestionParams {
  /** The response function of every source (default 'none'). */
  readonly rateControl: (typeof SANTOS_RATE_CONTROLS)[number];
  /** R_max / R_min (default 256). */
  readonly rateRange: number;
  /** Where the sources start: 'max' (default) or 'min'. */
  readonly startRate: 'min' | 'max';
  /** Input buffer per port, packets (default 4). */
  readonly bufferPackets: number;
  /** Link data rate, Gb/s (default 2.5). */
  readonly linkGbps: number;
  /** Packet size = MTU, bytes (default 2048). */
  readonly packetBytes: number;
}

const DEFAULTS: SantosCongestionParams = { rateControl: 'none', rateRange: 256, startRate: 'max', bufferPackets: 4, linkGbps: 2.5, packetBytes: 2048 };

/**
 * Validates `santos-congestion` params and fills in defaults.
 * @throws InvalidParameterError naming the parameter.
 * @example parseSantosCongestion({ rateControl: 'lipd' }).rateRange; // → 256
 */
export function parseSantosCongestion(params: unknown): SantosCongestionParams {
  const p = plainObject('params', params ?? {});
  knownKeys('params', p, Object.keys(DEFAULTS));
  const rateRange = p.rateRange === undefined ? DEFAULTS.rateRange : positiveRate('rateRange', p.rateRange);
  if (!(rateRange > 1)) throw new InvalidParameterError('rateRange', 'a number > 1 (R_max / R_min)', rateRange);
  const packetBytes = p.packetBytes === undefined ? DEFAULTS.packetBytes : integerAtLeast('packetBytes', p.packetBytes, 256);
  if (packetBytes > 4096) throw new InvalidParameterError('packetBytes', 'an integer in 256..4096', packetBytes);
  return {
    rateControl: p.rateControl === undefined ? DEFAULTS.rateControl : oneOf('rateControl', p.rateControl, SANTOS_RATE_CONTROLS),
    rateRange,
    startRate: p.startRate === undefined ? DEFAULTS.startRate : oneOf('startRate', p.startRate, ['min', 'max'] as const),
    bufferPackets: p.bufferPackets === undefined ? DEFAULTS.bufferPackets : integerAtLeast('bufferPackets', p.bufferPackets, 1),
    linkGbps: p.linkGbps === undefined ? DEFAULTS.linkGbps : linkRateGbps('linkGbps', p.linkGbps),
    packetBytes,
  };
}

function sourceControl(p: SantosCongestionParams): RateControlSpec {
  const rMin = (p.linkGbps * 1e9) / 8 / p.packetBytes / p.rateRange;
  const start = p.startRate === 'min' ? 'rMin' : 'rMax';
  switch (p.rateControl) {
    case 'none':
      return { kind: 'none' };
    case 'fimd':
      return { kind: 'fimd', rMin, n: 4, start };
    case 'lipd':
      return { kind: 'lipd', rMin, start };
    case 'aimd':
      return { kind: 'aimd', rMin, alpha: rMin, beta: 0.5, start };
    case 'pipd':
      return { kind: 'pipd', rMin, m: 4, start };
  }
}

const FLOWS = ['local', 'remote', 'victim'] as const;

/**
 * One replication of `santos-congestion`: `throughput` per flow and in `total` (Gb/s),
 * `utilization` of the `root` link (B→Bc) and of the `interSwitch` link (A→B), `injectionRate` per
 * flow (time-average rate limit, 64-byte blocks/s; the link rate when uncontrolled).
 */
export function replicateSantosCongestion(params: SantosCongestionParams, context: ReplicationContext): ReplicationOutput {
  recordParameter('params', params);
  recordParameter('context', context, { streams: 'object', replication: 'number' });
  const p = params;
  const rc = sourceControl(p);
  const fabric = buildFabric({
    topology: twoSwitchTopology({ rateGbps: p.linkGbps }),
    vls: 1,
    mtu: p.packetBytes,
    bufferBytes: p.bufferPackets * p.packetBytes,
    marking: rc.kind === 'none' ? { kind: 'none' } : { kind: 'ecn', outputs: 'waited-for' },
    streams: context.streams,
    replication: context.replication,
    flows: [
      { name: 'local', source: 'B1', destination: 'Bc', rateControl: rc },
      { name: 'remote', source: 'A1', destination: 'Bc', rateControl: rc },
      { name: 'victim', source: 'Av', destination: 'Bv', rateControl: rc },
    ],
  });
  runInSteps(fabric, context.warmup + context.length.until!, context.warmup, context.onProgress);
  const m = fabric.measurements();
  // Rates reported in 64-byte blocks per second, as congestion-spreading reports them.
  const toBlocks = p.packetBytes / 64;
  const rMax = (p.linkGbps * 1e9) / 8 / 64;
  const port = (name: string): number => m.ports.find((q) => q.name === name)!.utilization;
  const throughput: Record<string, number> = Object.fromEntries(FLOWS.map((f, i) => [f, m.flows[i]!.throughputGbps]));
  throughput.total = m.flows.reduce((a, f) => a + f.throughputGbps, 0);
  return {
    metrics: {
      throughput,
      utilization: { root: port('B:3'), interSwitch: port('A:1') },
      injectionRate: Object.fromEntries(FLOWS.map((f, i) => [f, Number.isFinite(m.flows[i]!.meanInjectionRate) ? m.flows[i]!.meanInjectionRate * toBlocks : rMax])),
    },
    simulatedTime: m.duration,
    events: m.events,
  };
}

registerScenario<SantosCongestionParams>({
  name: 'santos-congestion',
  description:
    "Santos et al.'s congestion spreading (seed notes): two switches, local B1→Bc and remote A1→Bc oversubscribe Bc, victim Av→Bv; one VL, every greedy source under the same response; throughput, link utilisation, injection rate",
  parse: parseSantosCongestion,
  replicate: replicateSantosCongestion,
  lengths: ['until'],
  defaultLength: { until: 0.05 },
  timeUnit: 's',
  metricUnits: 'throughput Gb/s, utilization a fraction of the time, injectionRate 64-byte blocks/s',
  cliOptions: [
    { flag: '--rate-control <name>', param: 'rateControl', kind: 'string', description: `source response: ${SANTOS_RATE_CONTROLS.join('|')}` },
    { flag: '--rate-range <ratio>', param: 'rateRange', kind: 'number', description: 'R_max / R_min (santos-congestion; default 256)' },
    { flag: '--start-rate <min|max>', param: 'startRate', kind: 'string', description: 'sources start at R_min or R_max' },
    { flag: '--buffer-packets <n>', param: 'bufferPackets', kind: 'integer', description: 'input buffer per VL in packets' },
    { flag: '--link-gbps <rate>', param: 'linkGbps', kind: 'number', description: 'link data rate in Gb/s' },
  ],
});

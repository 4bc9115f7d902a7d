/**
 * The built-in scenario `congestion-spreading` (thesis Fig. 3.1, ch. 3): switches A and B joined by
 * one link; local flow B1→Bc, remote flow A1→Bc, victim flow Av→Bv across the inter-switch link.
 * Two service levels: the local flow is high priority (SL 1 → VL 1, high arbitration table), the
 * remote and victim flows low priority (SL 0 → VL 0, low table); the high SL was granted twice the
 * low SL's bandwidth at admission, so every output port is programmed with VL 1 : VL 0 = 2 : 1
 * (high table VL 1, low table VL 0, LimitOfHighPriority 1 = 4096 bytes = two 2 KB packets before a
 * low-priority packet may go).
 *
 * Local and remote are greedy (saturated); the victim offers Poisson traffic at `victimLoad` of the
 * link rate into a 64-packet send queue. Without rate control the remote flow's packets, stuck at
 * B's inter-switch input buffer behind Bc's congestion, hold the victim's packets in the same FIFO
 * (head-of-line blocking): the victim's throughput collapses to the remote flow's share at Bc.
 *
 * Rate control (docs/models.md §10): `pipd`, `fimd`, `lipd`, `aimd` respond to the thesis's ECN marks
 * (cnt1/cnt2, §3.3.1) echoed in ACKs; `ibcc` to IB CC FECN/BECN marking with the CCT source. Rates
 * in MTU packets per second, R_max = the link rate (152 588 packets/s at 2.5 Gb/s and 2048 bytes);
 * as in the thesis R_min = R_max/128 for the high-priority flow and R_max/256 for the low, m = n = 4;
 * LIPD R_min as PIPD; AIMD α = R_min, β = 1/2.
 */
import { InvalidParameterError } from '../../core/errors.js';
import { knownKeys, numberInRange, oneOf, plainObject, positiveRate, integerAtLeast } from '../../core/guards.js';
import { registerScenario, type ReplicationContext, type ReplicationOutput } from '../scenarios/registry.js';
import type { RandomStreams } from '../random/streams.js';
import { buildFabric } from './build.js';
import type { RateControlSpec } from './buildFlows.js';
import type { MarkingSpec } from './marking.js';
import type { Fabric } from './fabric.js';
import { twoSwitchTopology } from './generators.js';

/** The rate-control choices of the scenario. */
export const RATE_CONTROLS = ['none', 'pipd', 'fimd', 'lipd', 'aimd', 'ibcc'] as const;
/** One of {@link RATE_CONTROLS}. */
export type RateControlName = (typeof RATE_CONTROLS)[number];

/** Parameters of `congestion-spreading` (all optional; defaults below). */
export interface CongestionSpreadingParams {
  /** Source response: 'none' (default), 'pipd', 'fimd', 'lipd', 'aimd', 'ibcc'. */
  readonly rateControl: RateControlName;
  /**
   * Response of the low-priority flows when it should differ from the high-priority one (the thesis's
   * Table 3.3 runs PIPD on the high flow and FIMD on the low); default: `rateControl`. Must be an
   * ECN law when `rateControl` is one, and 'ibcc' only with 'ibcc'.
   */
  readonly lowPriorityRateControl: RateControlName;
  /** Victim's offered load as a fraction of the link rate, in (0, 1] (default 0.4). */
  readonly victimLoad: number;
  /** Link data rate, Gb/s (default 2.5). */
  readonly linkGbps: number;
  /** Packet size = MTU, bytes (default 2048). */
  readonly packetBytes: number;
  /**
   * Input buffer per VL, in packets (default 16). The thesis's Table 3.1 was lost in the text; docs/models.md
   * §11 reads "about 4 packets of 2 KB per port". With 4 the bang-bang PIPD of the thesis's scale
   * floods the buffers (docs/fabric.md shows both).
   */
  readonly bufferPackets: number;
  /**
   * IB CC threshold weight 0..15 (default 4: the port-VL is congested when 3/4 of one VL buffer,
   * 12 packets of 16, wait for it in the switch).
   */
  readonly ibccThreshold: number;
}

const DEFAULTS: CongestionSpreadingParams = {
  rateControl: 'none',
  lowPriorityRateControl: 'none',
  victimLoad: 0.4,
  linkGbps: 2.5,
  packetBytes: 2048,
  bufferPackets: 16,
  ibccThreshold: 4,
};

/** The three flows, in report order. */
export const CONGESTION_SPREADING_FLOWS = ['local', 'remote', 'victim'] as const;

/**
 * Validates `congestion-spreading` params and fills in defaults.
 * @throws InvalidParameterError naming the parameter.
 * @example parseCongestionSpreading({ rateControl: 'pipd' }).victimLoad; // → 0.4
 */
export function parseCongestionSpreading(params: unknown): CongestionSpreadingParams {
  const p = plainObject('params', params ?? {});
  knownKeys('params', p, Object.keys(DEFAULTS));
  const rateControl = p.rateControl === undefined ? 'none' : oneOf('rateControl', p.rateControl, RATE_CONTROLS);
  const low = p.lowPriorityRateControl === undefined ? rateControl : oneOf('lowPriorityRateControl', p.lowPriorityRateControl, RATE_CONTROLS);
  const ecn = (r: RateControlName): boolean => r !== 'none' && r !== 'ibcc';
  if ((rateControl === 'ibcc') !== (low === 'ibcc') || (ecn(rateControl) && low === 'none') || (rateControl === 'none' && low !== 'none')) {
    throw new InvalidParameterError('lowPriorityRateControl', `a law using the same marking as rateControl '${rateControl}'`, low);
  }
  const victimLoad = p.victimLoad === undefined ? DEFAULTS.victimLoad : numberInRange('victimLoad', p.victimLoad, 0, 1);
  if (victimLoad === 0) throw new InvalidParameterError('victimLoad', 'a number in (0, 1]', victimLoad);
  const linkGbps = p.linkGbps === undefined ? DEFAULTS.linkGbps : positiveRate('linkGbps', p.linkGbps);
  const packetBytes = p.packetBytes === undefined ? DEFAULTS.packetBytes : integerAtLeast('packetBytes', p.packetBytes, 256);
  if (packetBytes > 4096) throw new InvalidParameterError('packetBytes', 'an integer in 256..4096', packetBytes);
  const bufferPackets = p.bufferPackets === undefined ? DEFAULTS.bufferPackets : integerAtLeast('bufferPackets', p.bufferPackets, 1);
  const ibccThreshold = p.ibccThreshold === undefined ? DEFAULTS.ibccThreshold : integerAtLeast('ibccThreshold', p.ibccThreshold, 0);
  if (ibccThreshold > 15) throw new InvalidParameterError('ibccThreshold', 'an integer in 0..15', ibccThreshold);
  return { rateControl, lowPriorityRateControl: low, victimLoad, linkGbps, packetBytes, bufferPackets, ibccThreshold };
}

function rateControlSpec(name: RateControlName, rMax: number, highPriority: boolean): RateControlSpec {
  const rMin = highPriority ? rMax / 128 : rMax / 256;
  switch (name) {
    case 'none':
      return { kind: 'none' };
    case 'pipd':
      return { kind: 'pipd', rMin, m: 4 };
    case 'fimd':
      return { kind: 'fimd', rMin, n: 4 };
    case 'lipd':
      return { kind: 'lipd', rMin };
    case 'aimd':
      return { kind: 'aimd', rMin, alpha: rMin, beta: 0.5 };
    case 'ibcc':
      return { kind: 'ibcc' };
  }
}

/**
 * The fabric of `congestion-spreading` for validated params (before any run): what each replication
 * runs, exposed for benchmarks and studies that want the fabric itself.
 *
 * @example congestionSpreadingFabric(parseCongestionSpreading({ rateControl: 'fimd' })).run(0.01);
 */
export function congestionSpreadingFabric(params: CongestionSpreadingParams, streams?: RandomStreams, replication = 0): Fabric {
  const p = params;
  const rMax = (p.linkGbps * 1e9) / 8 / p.packetBytes;
  const marking: MarkingSpec =
    p.rateControl === 'none' ? { kind: 'none' } : p.rateControl === 'ibcc' ? { kind: 'ibcc', threshold: p.ibccThreshold } : { kind: 'ecn' };
  return buildFabric({
    topology: twoSwitchTopology({ rateGbps: p.linkGbps }),
    vls: 2,
    mtu: Math.max(256, p.packetBytes),
    bufferBytes: p.bufferPackets * p.packetBytes,
    arbitration: { high: [{ vl: 1, weight: Math.ceil((2 * p.packetBytes) / 64) }], low: [{ vl: 0, weight: Math.ceil(p.packetBytes / 64) }], limitOfHighPriority: 1 },
    marking,
    ...(streams === undefined ? {} : { streams }),
    replication,
    flows: [
      { name: 'local', source: 'B1', destination: 'Bc', sl: 1, rateControl: rateControlSpec(p.rateControl, rMax, true) },
      { name: 'remote', source: 'A1', destination: 'Bc', sl: 0, rateControl: rateControlSpec(p.lowPriorityRateControl, rMax, false) },
      {
        name: 'victim',
        source: 'Av',
        destination: 'Bv',
        sl: 0,
        traffic: { kind: 'poisson', rate: p.victimLoad * rMax },
        sendQueuePackets: 64,
        rateControl: rateControlSpec(p.lowPriorityRateControl, rMax, false),
      },
    ],
  });
}

/**
 * One replication of `congestion-spreading`: per flow (keyed `local`, `remote`, `victim`)
 * `throughput` (delivered Gb/s), `latency` (mean µs from creation to delivery, send-queue wait
 * included), `injectionRate` (time-average rate limit, packets/s; the link rate under 'none') and
 * `markedFraction` (delivered packets carrying a mark).
 *
 * @example
 * const out = replicateCongestionSpreading(parseCongestionSpreading({}), {
 *   streams: new RandomStreams(1), replication: 0, length: { until: 0.01 }, warmup: 0.001 });
 * out.metrics.throughput.local; // ≈ 1.67 (two thirds of 2.5 Gb/s)
 */
export function replicateCongestionSpreading(params: CongestionSpreadingParams, context: ReplicationContext): ReplicationOutput {
  const rMax = (params.linkGbps * 1e9) / 8 / params.packetBytes;
  const fabric = congestionSpreadingFabric(params, context.streams, context.replication);
  const until = context.length.until!;
  fabric.run(context.warmup + until, context.warmup);
  const m = fabric.measurements();
  const per = (pick: (i: number) => number): Record<string, number> =>
    Object.fromEntries(CONGESTION_SPREADING_FLOWS.map((name, i) => [name, pick(i)]));
  return {
    metrics: {
      throughput: per((i) => m.flows[i]!.throughputGbps),
      latency: per((i) => m.flows[i]!.meanLatencyUs),
      injectionRate: per((i) => (Number.isFinite(m.flows[i]!.meanInjectionRate) ? m.flows[i]!.meanInjectionRate : rMax)),
      markedFraction: per((i) => (m.flows[i]!.delivered > 0 ? m.flows[i]!.marked / m.flows[i]!.delivered : 0)),
    },
    simulatedTime: m.duration,
    events: m.events,
  };
}

registerScenario<CongestionSpreadingParams>({
  name: 'congestion-spreading',
  description:
    'thesis Fig. 3.1: two switches, local B1→Bc (high priority), remote A1→Bc and victim Av→Bv (low); throughput, latency, injection rate per flow (Gb/s, µs, packets/s)',
  parse: parseCongestionSpreading,
  replicate: replicateCongestionSpreading,
  lengths: ['until'],
  defaultLength: { until: 0.05 },
  maxLength: { until: 10 },
  timeUnit: 's',
  metricUnits: 'throughput Gb/s, latency µs, injectionRate packets/s, markedFraction a fraction of the packets',
  cliOptions: [
    { flag: '--rate-control <name>', param: 'rateControl', kind: 'string', description: `source response: ${RATE_CONTROLS.join('|')} (congestion-spreading; default none)` },
    {
      flag: '--low-priority-rate-control <name>',
      param: 'lowPriorityRateControl',
      kind: 'string',
      description: 'response of the low-priority flows if different (congestion-spreading; default: --rate-control; thesis Table 3.3: --rate-control pipd --low-priority-rate-control fimd)',
    },
    { flag: '--victim-load <fraction>', param: 'victimLoad', kind: 'number', description: "victim's offered load, fraction of the link rate (congestion-spreading; default 0.4)" },
    { flag: '--link-gbps <rate>', param: 'linkGbps', kind: 'number', description: 'link data rate in Gb/s (congestion-spreading; default 2.5)' },
    { flag: '--buffer-packets <n>', param: 'bufferPackets', kind: 'integer', description: 'input buffer per VL in packets (congestion-spreading; default 16)' },
    { flag: '--ibcc-threshold <w>', param: 'ibccThreshold', kind: 'integer', description: 'IB CC threshold weight 0..15 (congestion-spreading; default 4)' },
  ],
});

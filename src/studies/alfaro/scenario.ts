/**
 * The scenario `alfaro`: Alfaro et al.'s study of the packet size (seed
 * alfaro-packet-size-qos-arbitration-tables.txt §4) — a random irregular network of 8-port
 * switches routed up*\/down*, the seed's Table 1 workload admitted by the bandwidth broker with the
 * packet headers counted, and (with `carry`) the admitted connections carried by the fabric as CBR
 * flows through the filled-in arbitration tables (carry.ts).
 *
 *     ibqos sim --scenario alfaro --switches 16 --packet-bytes 256,1024,2048,4096 --attempts 1000 --seed 1
 *
 * Streams: 'alfaro/topology' draws the network, 'alfaro/requests' the requests, 'alfaro/phases'
 * the CBR phases; replication r uses replication r of each (so each replication is a new network).
 */
import { InvalidParameterError } from '../../core/errors.js';
import { knownKeys, plainObject } from '../../core/guards.js';
import { MAX_HEADER_BYTES, MAX_PAYLOAD_BYTES, MIN_PAYLOAD_BYTES } from '../../admission/overhead.js';
import { irregularTopology, IRREGULAR_MAX_SWITCHES, IRREGULAR_MIN_SWITCHES } from '../../network/generators/irregular.js';
import { registerScenario, type ReplicationContext, type ReplicationOutput } from '../../sim/scenarios/registry.js';
import type { MetricTree } from '../../sim/stats/intervals.js';
import { carryAlfaroConnections } from './carry.js';
import { admitAlfaroWorkload, ALFARO_SERVICE_LEVELS } from './workload.js';
import { recordParameter } from '../../core/shapes.js';

/** Params of the `alfaro` scenario (defaults in brackets). */
export interface AlfaroParams {
  /** Switches of the random network, 8..64 [16, the seed's results]. */
  readonly switches: number;
  /** Payload bytes per packet, 256..4096 [2048]. */
  readonly packetBytes: number;
  /** Refusals in a row that close an SL (with attemptsRule 'per-sl': requests per SL), ≥ 1 [1000]. */
  readonly attempts: number;
  /** What `attempts` counts: 'in-a-row' [the default] or 'per-sl' (a fixed number of requests per SL). */
  readonly attemptsRule: 'in-a-row' | 'per-sl';
  /** Count the header bytes in reservations and on the wire [true]. */
  readonly overhead: boolean;
  /** Header bytes per packet, 0..126 [26: LRH + BTH + ICRC + VCRC] (for readings of the seed's simulator). */
  readonly headerBytes: number;
  /** 'up-down' [the default] or 'shortest'. */
  readonly routing: 'up-down' | 'shortest';
  /** Order of the SLs' requests: 'in-turn' [the default], 'random' or 'one-by-one' (each SL until it closes). */
  readonly slOrder: 'in-turn' | 'random' | 'one-by-one';
  /** Carry the admitted connections in the fabric [false: admission only]. */
  readonly carry: boolean;
  /** Switch output VL buffers of 4 packets besides the input ones [true: the seed's §4.1]. */
  readonly outputBuffers: boolean;
  /** Switch input VL buffers: 'fifo' [the seed's] or 'voq' (one queue per output). */
  readonly inputQueueing: 'fifo' | 'voq';
  /** Crossbar rate over the link rate, with output buffers, 1..16 [2: our reading, docs/alfaro.md]. */
  readonly crossbarSpeedup: number;
  /** How a host's connections share each VL: 'vl-fifo' [generation order] or 'flow-round-robin' (the earlier reading). */
  readonly hostQueueing: 'vl-fifo' | 'flow-round-robin';
}

const DEFAULTS: AlfaroParams = { switches: 16, packetBytes: 2048, attempts: 1000, attemptsRule: 'in-a-row', overhead: true, headerBytes: 26, routing: 'up-down', slOrder: 'in-turn', carry: false, outputBuffers: true, inputQueueing: 'fifo', crossbarSpeedup: 2, hostQueueing: 'vl-fifo' };

/**
 * Checks `alfaro` params and fills in the defaults.
 * @throws InvalidParameterError naming the param: switches outside 8..64, packetBytes outside
 *   256..4096, attempts ≤ 0, a routing other than 'up-down' or 'shortest', unknown keys.
 * @example parseAlfaroParams({ packetBytes: 256 }).attempts // → 1000
 */
export function parseAlfaroParams(params: unknown): AlfaroParams {
  const p = plainObject('params', params ?? {});
  knownKeys('params', p, Object.keys(DEFAULTS));
  const merged: Record<string, unknown> = { ...DEFAULTS, ...p };
  // The command line gives --overhead on|off.
  if (merged.overhead === 'on' || merged.overhead === 'off') merged.overhead = merged.overhead === 'on';
  if (merged.outputBuffers === 'on' || merged.outputBuffers === 'off') merged.outputBuffers = merged.outputBuffers === 'on';
  const out = merged as unknown as AlfaroParams;
  const int = (name: keyof AlfaroParams, lo: number, hi: number, rule: string) => {
    const v = out[name];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < lo || v > hi) throw new InvalidParameterError(name, rule, v);
  };
  int('switches', IRREGULAR_MIN_SWITCHES, IRREGULAR_MAX_SWITCHES, `an integer ${IRREGULAR_MIN_SWITCHES}..${IRREGULAR_MAX_SWITCHES} (the seed's network sizes)`);
  int('packetBytes', MIN_PAYLOAD_BYTES, MAX_PAYLOAD_BYTES, `an integer number of bytes in ${MIN_PAYLOAD_BYTES}..${MAX_PAYLOAD_BYTES} (InfiniBand's MTUs)`);
  int('attempts', 1, Number.MAX_SAFE_INTEGER, 'an integer >= 1 (refusals in a row that close an SL)');
  int('headerBytes', 0, MAX_HEADER_BYTES, `an integer number of bytes in 0..${MAX_HEADER_BYTES}`);
  if (typeof out.overhead !== 'boolean') throw new InvalidParameterError('overhead', "true or false ('on' or 'off')", out.overhead);
  if (typeof out.carry !== 'boolean') throw new InvalidParameterError('carry', 'true or false', out.carry);
  if (typeof out.outputBuffers !== 'boolean') throw new InvalidParameterError('outputBuffers', "true or false ('on' or 'off')", out.outputBuffers);
  if (out.inputQueueing !== 'fifo' && out.inputQueueing !== 'voq') throw new InvalidParameterError('inputQueueing', "'fifo' or 'voq'", out.inputQueueing);
  const speedup = out.crossbarSpeedup;
  if (typeof speedup !== 'number' || !(speedup >= 1 && speedup <= 16)) throw new InvalidParameterError('crossbarSpeedup', 'a number in 1..16 (crossbar rate over the link rate)', speedup);
  if (!out.outputBuffers && speedup !== 1 && p.crossbarSpeedup !== undefined) {
    throw new InvalidParameterError('crossbarSpeedup', "1 with --output-buffers off (a faster crossbar needs output buffers)", speedup);
  }
  if (out.hostQueueing !== 'vl-fifo' && out.hostQueueing !== 'flow-round-robin') throw new InvalidParameterError('hostQueueing', "'vl-fifo' or 'flow-round-robin'", out.hostQueueing);
  if (out.routing !== 'up-down' && out.routing !== 'shortest') throw new InvalidParameterError('routing', "'up-down' or 'shortest'", out.routing);
  if (out.slOrder !== 'in-turn' && out.slOrder !== 'random' && out.slOrder !== 'one-by-one') throw new InvalidParameterError('slOrder', "'in-turn', 'random' or 'one-by-one'", out.slOrder);
  if (out.attemptsRule !== 'in-a-row' && out.attemptsRule !== 'per-sl') throw new InvalidParameterError('attemptsRule', "'in-a-row' or 'per-sl'", out.attemptsRule);
  return out;
}

/** One replication: a new network, the workload admitted, and with `carry` the fabric run. */
export function replicateAlfaro(params: AlfaroParams, context: ReplicationContext): ReplicationOutput {
  recordParameter('params', params);
  recordParameter('context', context, { streams: 'object', replication: 'number' });
  const { streams, replication } = context;
  const topology = irregularTopology({ switches: params.switches, routing: params.routing }, streams.stream('alfaro/topology', replication));
  const admission = admitAlfaroWorkload({
    topology,
    packetBytes: params.packetBytes,
    attempts: params.attempts,
    overhead: params.overhead,
    headerBytes: params.headerBytes,
    slOrder: params.slOrder,
    attemptsRule: params.attemptsRule,
    rng: streams.stream('alfaro/requests', replication),
  });
  const metrics: Record<string, MetricTree> = {
    connections: admission.connections.length,
    requests: admission.requests,
    hostUtilization: admission.hostUtilization,
    switchUtilization: admission.switchUtilization,
    hostReservation: admission.hostReservationMbps,
    switchReservation: admission.switchReservationMbps,
    hostWireUtilization: admission.hostWireUtilization,
    switchWireUtilization: admission.switchWireUtilization,
    hostWireReservation: admission.hostWireReservationMbps,
    switchWireReservation: admission.switchWireReservationMbps,
    connectionsPerSl: Object.fromEntries(ALFARO_SERVICE_LEVELS.map((l, k) => [String(l.sl), admission.connectionsPerSl[k]!])),
  };
  if (!params.carry) return { metrics, simulatedTime: 0, events: 0 };
  const carried = carryAlfaroConnections(admission, {
    until: context.length.until!,
    warmup: context.warmup,
    streams,
    replication,
    overhead: params.overhead,
    outputBuffers: params.outputBuffers,
    inputQueueing: params.inputQueueing,
    hostQueueing: params.hostQueueing,
    ...(params.outputBuffers ? { crossbarSpeedup: params.crossbarSpeedup } : {}),
  });
  return { metrics: { ...metrics, ...carried.metrics }, simulatedTime: carried.simulatedTime, events: carried.events };
}

registerScenario<AlfaroParams>({
  name: 'alfaro',
  description: "Alfaro et al.'s packet-size study: random irregular network (8-port switches, up*/down*), Table 1 SLs admitted with packet overhead; --carry runs them in the fabric",
  parse: parseAlfaroParams,
  replicate: replicateAlfaro,
  lengths: ['until'],
  defaultLength: { until: 0.001 },
  timeUnit: 's',
  metricUnits:
    'connections and requests counts; utilizations fractions of the link rate (host/switchUtilization payload; host/switchWireUtilization with headers, the reading Table 2 of the seed supports); reservations Mb/s (payload; *WireReservation with headers); with --carry injected/delivered traffic fractions of the link rate per host, deadline shares fractions of the packets, jitter fractions of the packets per interval',
  cliOptions: [
    { flag: '--switches <n>', param: 'switches', kind: 'integer', description: 'switches of the random irregular network, 8..64 (alfaro; default 16)' },
    { flag: '--packet-bytes <bytes>', param: 'packetBytes', kind: 'integer', description: 'payload bytes per packet, 256..4096; a list sweeps (alfaro; default 2048)' },
    { flag: '--attempts <n>', param: 'attempts', kind: 'integer', description: 'refusals in a row that close an SL, or requests per SL with --attempts-rule per-sl (alfaro; default 1000)' },
    { flag: '--attempts-rule <rule>', param: 'attemptsRule', kind: 'string', description: 'in-a-row|per-sl: what --attempts counts (alfaro; default in-a-row)' },
    { flag: '--routing <name>', param: 'routing', kind: 'string', description: 'up-down|shortest (alfaro; default up-down)' },
    { flag: '--sl-order <order>', param: 'slOrder', kind: 'string', description: 'in-turn|random|one-by-one: the order of the SLs requests (alfaro; default in-turn)' },
    { flag: '--overhead <on|off>', param: 'overhead', kind: 'string', description: 'count the packet headers in reservations and on the wire (alfaro; default on)' },
    { flag: '--header-bytes <bytes>', param: 'headerBytes', kind: 'integer', description: 'header and CRC bytes per packet, 0..126 (alfaro; default 26 = LRH 8 + BTH 12 + ICRC 4 + VCRC 2)' },
    { flag: '--output-buffers <on|off>', param: 'outputBuffers', kind: 'string', description: 'switch output VL buffers of 4 packets besides the input ones (alfaro --carry; default on)' },
    { flag: '--input-queueing <fifo|voq>', param: 'inputQueueing', kind: 'string', description: 'switch input VL buffers (alfaro --carry; default fifo)' },
    { flag: '--crossbar-speedup <x>', param: 'crossbarSpeedup', kind: 'number', description: 'crossbar rate over the link rate, 1..16, with output buffers (alfaro --carry; default 2)' },
    { flag: '--host-queueing <order>', param: 'hostQueueing', kind: 'string', description: 'vl-fifo|flow-round-robin: how a host interface serves the connections of one VL (alfaro --carry; default vl-fifo)' },
    { flag: '--carry', param: 'carry', kind: 'flag', description: 'carry the admitted connections in the fabric for --until seconds (alfaro)' },
  ],
});

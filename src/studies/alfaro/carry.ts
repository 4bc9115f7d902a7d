/**
 * Carrying Alfaro et al.'s admitted connections in the fabric (seed
 * alfaro-packet-size-qos-arbitration-tables.txt §4.1, §4.3): every connection a CBR flow of its SL
 * (SL i on VL i, 10 data VLs), packets of the workload's payload plus the 26 header bytes, every
 * output port — switches and host interfaces — programmed with the high-priority table the broker
 * filled in for it, input and output buffers of 4 whole packets per VL, a multiplexed crossbar (one
 * transfer per input port at a time) twice as fast as the links (our reading: docs/alfaro.md),
 * virtual cut-through, and each host VL one FIFO (its connections' packets leave in the order they
 * were generated). Each departure from the seed's set-up can be switched (options).
 *
 * Recorded per connection over the steady state (after the warm-up): the packets delivered, the
 * shares within D, D/10 and D/100 of its deadline D (the broker's bound, workload.ts), the largest
 * delay over D, and the jitter — the gap between consecutive arrivals minus the connection's
 * inter-arrival time (IAT) — in seven intervals of the IAT (our reading of the seed's Fig. 4, whose
 * axis the text lost): < −IAT, [−IAT, −IAT/2), [−IAT/2, −IAT/4), [−IAT/4, IAT/4] (central),
 * (IAT/4, IAT/2], (IAT/2, IAT], > IAT. Results are summed per SL.
 *
 * Each flow starts at a uniform random phase of its IAT (stream 'alfaro/phases'): the seed does not
 * say how its sources were aligned, and starting them together would make one burst of every
 * connection at time 0.
 */
import type { VlArbiterConfig } from '../../admission/arbiter.js';
import { delayBoundBytes } from '../../admission/delay.js';
import type { RandomStreams } from '../../sim/random/streams.js';
import { buildFabric } from '../../sim/fabric/build.js';
import { CREDIT_BLOCK_BYTES } from '../../sim/fabric/compiled.js';
import type { FlowSpec } from '../../sim/fabric/buildFlows.js';
import type { MetricTree } from '../../sim/stats/intervals.js';
import { ALFARO_SERVICE_LEVELS, type AlfaroAdmission } from './workload.js';
import { recordParameter } from '../../core/shapes.js';

/** The jitter intervals' edges, in IATs (seven intervals; the central one is [−1/4, 1/4]). */
export const ALFARO_JITTER_EDGES = [-1, -0.5, -0.25, 0.25, 0.5, 1] as const;
/** Labels of the seven jitter intervals. */
export const ALFARO_JITTER_LABELS = ['<-IAT', '-IAT..-IAT/2', '-IAT/2..-IAT/4', '-IAT/4..IAT/4', 'IAT/4..IAT/2', 'IAT/2..IAT', '>IAT'] as const;

/** Options of {@link carryAlfaroConnections}. */
export interface AlfaroCarryOptions {
  /** Measured simulated time after the warm-up, seconds. */
  readonly until: number;
  readonly warmup: number;
  readonly streams: RandomStreams;
  readonly replication: number;
  /** Headers on the wire (default true; must match the admission's). */
  readonly overhead?: boolean;
  /** Switch latency, ns (default 100; must match the workload's deadlines). */
  readonly switchLatencyNs?: number;
  /** Switch input queueing (default 'fifo', one FIFO per input VL buffer; 'voq': one queue per output). */
  readonly inputQueueing?: 'fifo' | 'voq';
  /** Output buffers of 4 whole packets per VL besides the input buffers (default true: the seed's switch, §4.1). */
  readonly outputBuffers?: boolean;
  /** Crossbar rate over the link rate, with output buffers (default 2: our reading, docs/alfaro.md). */
  readonly crossbarSpeedup?: number;
  /**
   * How a host's connections share each VL of its interface (default 'vl-fifo': the packets of an SL
   * leave in the order they were generated; 'flow-round-robin': the fabric's one round-robin pointer
   * over the host's flows, the earlier reading). docs/alfaro.md, "Deadlines in the fabric".
   */
  readonly hostQueueing?: 'vl-fifo' | 'flow-round-robin';
  /** CBR phases: 'random' (default; uniform over each IAT) or 'aligned' (every source starts at 0). */
  readonly phases?: 'random' | 'aligned';
}

/** Per-connection observations of one carried run. */
export interface AlfaroCarryResult {
  readonly metrics: Record<string, MetricTree>;
  readonly simulatedTime: number;
  readonly events: number;
  /** Per connection (index as in the admission): packets delivered in the steady state. */
  readonly delivered: Float64Array;
  /** Per connection: the largest delay over its deadline (0 when nothing was delivered). */
  readonly worstDelayOverDeadline: Float64Array;
  /**
   * With output buffers, per SL (= VL): the longest wait of a head packet of a switch output VL
   * buffer, ready with credits, before it started, over the broker's bound B(d)/rate for the SL's
   * distance d (docs/admission.md) — the delay the broker's tables bound, at every switch output
   * port, over the whole run (warm-up included). Null without output buffers.
   */
  readonly worstReadyWaitOverBound: Record<string, number> | null;
  /**
   * With `hostQueueing: 'vl-fifo'`, per SL: the same ready-head wait over B(d)/rate at every host
   * interface (the head of the VL's FIFO, ready with credits, until it starts). Null otherwise.
   */
  readonly worstHostReadyWaitOverBound: Record<string, number> | null;
}

/**
 * Runs the admitted connections in the fabric for `warmup + until` seconds and measures the
 * steady state.
 */
export function carryAlfaroConnections(admission: AlfaroAdmission, options: AlfaroCarryOptions): AlfaroCarryResult {
  recordParameter('admission', admission, { connections: 'array', format: 'object' });
  recordParameter('options', options);
  const { connections, format, broker, fabric: topology } = admission;
  const spec = admission.topology;
  const overhead = options.overhead ?? true;
  const wire = overhead ? format.wireBytes : format.payloadBytes;
  const phases = options.streams.stream('alfaro/phases', options.replication);
  const aligned = (options.phases ?? 'random') === 'aligned';
  const iat = connections.map((c) => (format.payloadBytes * 8) / (c.mbps * 1e6));
  const flows: FlowSpec[] = connections.map((c, k) => ({
    name: `c${c.id}`,
    source: c.source,
    destination: c.destination,
    sl: c.sl,
    traffic: { kind: 'cbr', rate: 1 / iat[k]!, phase: aligned ? 0 : phases.next() * iat[k]! },
    packetBytes: format.payloadBytes,
  }));
  // Every port's tables as the broker filled them in; ports are named as the fabric names them
  // (a host's only port by the host's name).
  const hostNames = new Set(topology.hosts.map((h) => h.name));
  const portArbitration: Record<string, VlArbiterConfig> = {};
  for (const t of broker.tablesState()) {
    const [node] = t.link.split(':');
    portArbitration[hostNames.has(node!) ? node! : t.link] = { high: t.high, low: t.low, limitOfHighPriority: t.limitOfHighPriority };
  }
  const N = connections.length;
  const delivered = new Float64Array(N);
  const worst = new Float64Array(N);
  const within = [new Float64Array(N), new Float64Array(N), new Float64Array(N)];
  const lastArrival = new Float64Array(N).fill(NaN);
  const jitter = Array.from({ length: 7 }, () => new Float64Array(N));
  let measuring = options.warmup === 0;
  let payloadDelivered = 0;
  const fabric = buildFabric({
    topology: spec,
    flows,
    vls: ALFARO_SERVICE_LEVELS.length,
    mtu: format.payloadBytes,
    packetHeaderBytes: wire - format.payloadBytes,
    // Four whole packets per VL, in the 64-byte credit blocks the buffers are counted in.
    bufferBytes: 4 * Math.ceil(wire / CREDIT_BLOCK_BYTES) * CREDIT_BLOCK_BYTES,
    ...(options.outputBuffers === false
      ? {}
      : { outputBufferBytes: 4 * Math.ceil(wire / CREDIT_BLOCK_BYTES) * CREDIT_BLOCK_BYTES, crossbarSpeedup: options.crossbarSpeedup ?? 2 }),
    ...(options.switchLatencyNs === undefined ? {} : { switchLatencyNs: options.switchLatencyNs }),
    ...(options.inputQueueing === undefined ? {} : { inputQueueing: options.inputQueueing }),
    hostQueueing: options.hostQueueing ?? 'vl-fifo',
    slToVl: Array.from({ length: 16 }, (_, sl) => (sl < ALFARO_SERVICE_LEVELS.length ? sl : 0)),
    portArbitration,
    latencyHistogram: { hiUs: 1, bins: 1 },
    streams: options.streams,
    replication: options.replication,
    onDeliver(flow: number, created: number, now: number) {
      const last = lastArrival[flow]!;
      lastArrival[flow] = now;
      if (!measuring) return;
      const c = connections[flow]!;
      const delay = now - created;
      delivered[flow]!++;
      payloadDelivered += format.payloadBytes;
      const ratio = delay / c.deadline;
      if (ratio > worst[flow]!) worst[flow] = ratio;
      if (ratio <= 1) within[0]![flow]!++;
      if (ratio <= 0.1) within[1]![flow]!++;
      if (ratio <= 0.01) within[2]![flow]!++;
      if (!Number.isNaN(last)) {
        const x = (now - last - iat[flow]!) / iat[flow]!;
        let bin = 0;
        while (bin < ALFARO_JITTER_EDGES.length && !(x < ALFARO_JITTER_EDGES[bin]! || (bin === 3 && x <= 0.25))) bin++;
        jitter[bin]![flow]!++;
      }
    },
  });
  if (options.warmup > 0) {
    fabric.run(options.warmup);
    measuring = true;
  }
  fabric.run(options.warmup + options.until, options.warmup);
  const m = fabric.measurements();
  const hosts = topology.hosts.length;
  const linkBytesPerSecond = (topology.links[0]!.rateGbps * 1e9) / 8;
  // The longest ready-head wait per SL over the broker's B(d)/rate. Every link of the seed's network
  // has the same rate (irregular.ts).
  const overBound = (waits: readonly { vl: number; seconds: number }[] | null): Record<string, number> | null => {
    if (waits === null) return null;
    const out: Record<string, number> = {};
    for (const l of ALFARO_SERVICE_LEVELS) out[String(l.sl)] = 0;
    for (const w of waits) {
      const level = ALFARO_SERVICE_LEVELS[w.vl];
      if (level === undefined) continue;
      const bound = delayBoundBytes({ distance: level.distance, mtu: wire, limitOfHighPriority: 255 }) / linkBytesPerSecond;
      out[String(level.sl)] = Math.max(out[String(level.sl)]!, w.seconds / bound);
    }
    return out;
  };
  const worstReadyWaitOverBound = overBound(fabric.outputReadyWaits());
  const worstHostReadyWaitOverBound = overBound(fabric.hostReadyWaits());
  let offered = 0;
  for (const c of connections) offered += (c.mbps * 1e6) / 8;
  const perSl = (values: Float64Array) => {
    const out: Record<string, number> = {};
    for (const l of ALFARO_SERVICE_LEVELS) out[String(l.sl)] = 0;
    connections.forEach((c, k) => (out[String(c.sl)]! += values[k]!));
    return out;
  };
  const packets = perSl(delivered);
  const share = (counts: Float64Array) => {
    const s = perSl(counts);
    return Object.fromEntries(Object.entries(s).map(([sl, n]) => [sl, packets[sl]! > 0 ? n / packets[sl]! : 1]));
  };
  const worstPerSl: Record<string, number> = {};
  connections.forEach((c, k) => (worstPerSl[String(c.sl)] = Math.max(worstPerSl[String(c.sl)] ?? 0, worst[k]!)));
  const jitterPerSl: Record<string, Record<string, number>> = {};
  for (const l of ALFARO_SERVICE_LEVELS) {
    const sl = String(l.sl);
    const counts = jitter.map((j) => perSl(j)[sl]!);
    const total = counts.reduce((a, b) => a + b, 0);
    jitterPerSl[sl] = Object.fromEntries(ALFARO_JITTER_LABELS.map((label, b) => [label, total > 0 ? counts[b]! / total : 0]));
  }
  return {
    metrics: {
      injectedTraffic: offered / hosts / linkBytesPerSecond,
      deliveredTraffic: payloadDelivered / options.until / hosts / linkBytesPerSecond,
      packetsDelivered: packets,
      withinDeadline: share(within[0]!),
      withinDeadline10: share(within[1]!),
      withinDeadline100: share(within[2]!),
      worstDelayOverDeadline: worstPerSl,
      jitter: jitterPerSl,
    },
    simulatedTime: options.until,
    events: m.events,
    delivered,
    worstDelayOverDeadline: worst,
    worstReadyWaitOverBound,
    worstHostReadyWaitOverBound,
  };
}

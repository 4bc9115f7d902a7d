/**
 * The golden runs of the Gran et al. fabric path (issue 16's speed work): the `ibcc-fat-tree`
 * scenario at radix 8 (32 hosts) — VoQ and FIFO switches, host injection and receive caps, host
 * traffic with per-QP IB CC, hotspots fixed and moving — whose figures must stay equal to the last
 * digit when the per-packet code is made faster. runs.ts covers flows, FIFO buffers and unlimited
 * sinks; these cover what it does not. Shared by make_gran_golden.ts (writes gran-golden.json) and
 * granGolden.test.ts (re-runs and compares).
 */
import { ibccFatTreeFabric, parseIbccFatTree } from '../../../../src/studies/index.js';
import { RandomStreams } from '../../../../src/sim/random/streams.js';

/** What one golden run records: every figure of the run's measurements and its traffic's. */
export interface GranGoldenRun {
  readonly packetHops: number;
  readonly events: number;
  readonly receiveGbps: { readonly hotspot: number | null; readonly nonHotspot: number; readonly average: number; readonly total: number };
  /** Bytes received per host in the window. */
  readonly received: readonly number[];
  readonly becns: number | null;
  readonly ports: readonly { readonly packets: number; readonly utilization: number; readonly creditStallTime: number; readonly marks: number }[];
  readonly buffers: readonly { readonly meanOccupancy: number; readonly maxOccupancy: number }[];
}

const CASES: Record<string, object> = {
  'k=8 CC on, 8 hotspots': { radix: 8 },
  'k=8 CC on, no hotspots': { radix: 8, hotspots: 0 },
  'k=8 CC off, 8 hotspots': { radix: 8, cc: 'off' },
  'k=8 B nodes p = 50 %, hotspots moving every 0.4 ms': { radix: 8, victims: 0.2, contributors: 0, bNodes: 0.8, p: 50, hotspotLifetimeMs: 0.4 },
  'k=8 FIFO input buffers': { radix: 8, inputQueueing: 'fifo' },
  'k=8 one-packet buffers, no delays': { radix: 8, bufferBytes: 2048, delayNs: 0, switchLatencyNs: 0 },
};

/** Every Gran golden run by name: 0.5 ms warm-up, then 1.5 ms measured in three calls of run. */
export function granGoldenRuns(): Record<string, GranGoldenRun> {
  const out: Record<string, GranGoldenRun> = {};
  for (const [name, params] of Object.entries(CASES)) {
    const { fabric, traffic } = ibccFatTreeFabric(parseIbccFatTree(params), new RandomStreams(7), 0);
    const warm = 5e-4;
    const end = 2e-3;
    fabric.run(warm / 2, warm);
    fabric.run(warm + (end - warm) / 3);
    fabric.run(end);
    const m = fabric.measurements();
    const r = traffic.receiveRates(end);
    out[name] = {
      packetHops: m.packetHops,
      events: m.events,
      receiveGbps: { hotspot: Number.isNaN(r.hotspot) ? null : r.hotspot, nonHotspot: r.nonHotspot, average: r.average, total: r.total },
      received: Array.from(traffic.received),
      // The IB CC table's BECN count (its config is private to the traffic; read for the record only).
      becns: (traffic as unknown as { cfg: { cc: { becns: number } | null } }).cfg.cc?.becns ?? null,
      ports: m.ports.map((p) => ({ packets: p.packets, utilization: p.utilization, creditStallTime: p.creditStallTime, marks: p.marks })),
      buffers: m.buffers.map((b) => ({ meanOccupancy: b.meanOccupancy, maxOccupancy: b.maxOccupancy })),
    };
  }
  return out;
}

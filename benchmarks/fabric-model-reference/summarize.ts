/**
 * Summaries of replication records for the fixture files: every figure as [mean, 95 % Student-t
 * half-width] over the replications (the run layer's `confidenceInterval`), rounded to 5
 * significant digits to keep the files small. A port or buffer absent from a replication (it sent
 * nothing there) counts as 0 in it.
 */
import { confidenceInterval } from '../../src/index.js';
import type { ReplicationRecord } from './replicate.js';

/** 5 significant digits (the intervals are far wider than that). */
export function round5(x: number): number {
  return x === 0 || !Number.isFinite(x) ? x : Number(x.toPrecision(5));
}

function interval(values: readonly number[]): [number, number] {
  const ci = confidenceInterval(values, 0.95);
  return [round5(ci.mean), round5(ci.halfWidth)];
}

/** Column-wise intervals of a keyed table of number rows: key → [m0, hw0, m1, hw1, …]. */
function table(records: readonly Record<string, readonly number[]>[], width: number): Record<string, number[]> {
  const keys = new Set<string>();
  for (const r of records) for (const k of Object.keys(r)) keys.add(k);
  const out: Record<string, number[]> = {};
  for (const k of [...keys].sort(natural)) {
    const row: number[] = [];
    for (let c = 0; c < width; c++) row.push(...interval(records.map((r) => r[k]?.[c] ?? 0)));
    out[k] = row;
  }
  return out;
}

/** Natural order of names with numbers (h2 before h10). */
export function natural(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}

/** A point's summary (see the fixture README for the columns). */
export interface PointSummary {
  readonly replications: number;
  /** Per flow: [throughput Gb/s, hw, latency µs, hw, delivered ÷ offered, hw]. */
  readonly flows: Record<string, number[]>;
  /** Per port: [utilization, hw, creditStall, hw, VL 0 Gb/s, hw, VL 1 Gb/s, hw, …]. */
  readonly ports: Record<string, number[]>;
  /** Per switch input VL buffer "switch:port/vl": [mean packets held, hw]. */
  readonly buffers?: Record<string, number[]>;
  /** Flows whose latency half-width is at most 2 % of the mean, of all flows that delivered. */
  readonly latencyQualified: readonly [number, number];
  /** CPU ms per replication [mean, min, max] and wall ms [mean]; packet-hops per replication. */
  readonly cost: { readonly cpuMsPerReplication: readonly number[]; readonly wallMsPerReplication: number; readonly packetHopsPerReplication: number };
}

/** Summarises the records of one point. `withBuffers` false leaves buffer occupancies out (large networks). */
export function summarizePoint(records: readonly ReplicationRecord[], vls: number, withBuffers: boolean): PointSummary {
  const flows = table(
    records.map((r) => Object.fromEntries(Object.entries(r.flows).map(([k, f]) => [k, [f[0], f[1], f[3] > 0 ? f[2] / f[3] : 1]]))),
    3,
  );
  const ports = table(
    records.map((r) => r.ports),
    2 + vls,
  );
  let qualified = 0;
  let delivering = 0;
  for (const row of Object.values(flows)) {
    if (!(row[2]! > 0)) continue;
    delivering++;
    if (row[3]! <= 0.02 * row[2]!) qualified++;
  }
  const cpu = records.map((r) => r.cpuMs);
  const summary: PointSummary = {
    replications: records.length,
    flows,
    ports,
    latencyQualified: [qualified, delivering],
    cost: {
      cpuMsPerReplication: [Math.round(mean(cpu)), Math.round(Math.min(...cpu)), Math.round(Math.max(...cpu))],
      wallMsPerReplication: Math.round(mean(records.map((r) => r.wallMs))),
      packetHopsPerReplication: Math.round(mean(records.map((r) => r.packetHops))),
    },
  };
  if (!withBuffers) return summary;
  return { ...summary, buffers: table(records.map((r) => Object.fromEntries(Object.entries(r.buffers).map(([k, v]) => [k, [v]]))), 1) };
}

function mean(xs: readonly number[]): number {
  return xs.reduce((a, b) => a + b, 0) / xs.length;
}

/** Aggregate delivered ÷ offered and the smallest per-flow ratio (flows with offered > 0) of one record. */
export function acceptance(r: ReplicationRecord): { ratio: number; minFlowRatio: number } {
  let delivered = 0;
  let offered = 0;
  let minFlowRatio = Infinity;
  for (const f of Object.values(r.flows)) {
    delivered += f[2];
    offered += f[3];
    if (f[3] > 0) minFlowRatio = Math.min(minFlowRatio, f[2] / f[3]);
  }
  return { ratio: offered > 0 ? delivered / offered : 1, minFlowRatio };
}

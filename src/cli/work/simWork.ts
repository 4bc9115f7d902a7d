/**
 * The up-front estimate of an `ibqos sim` run (issue 33; the others are in src/cli/work/workEstimate.ts):
 * - a scenario run by arrivals (`--jobs`): arrivals = (jobs + warm-up) × replications × points;
 * - a fabric scenario (params with a topology and flows, e.g. an imported cluster): packets offered =
 *   Σ over flows of the flow's packet rate × (until + warm-up) × replications × points (a flow
 *   without a rate, or saturated, at the fastest link's rate in MTU packets: an upper bound);
 * - any other scenario run by time: none (its traffic is built inside the scenario).
 */
import { FABRIC_DEFAULT_RATE_GBPS } from '../../network/topology.js';
import type { WorkEstimate } from './progress.js';
import { maxOf } from '../../core/arrays.js';

/**
 * Customers per second of the queue simulators on one core: benchmarks/README.md gives about 5
 * million for GE/GE/1/N; 2 million leaves room for slower scenarios.
 */
const ARRIVALS_PER_SECOND = 2e6;
/** From this many arrivals (≈ 50 s at the rate above) `ibqos sim` says its work up front. */
export const LARGE_ARRIVALS = 1e8;

/**
 * Packets per second of the fabric simulator on one core: benchmarks/README.md measures 1–2.5 M
 * packet-hops per second; with 2–4 hops a packet, about 5·10^5 packets per second.
 */
const PACKETS_PER_SECOND = 5e5;
/** From this many packets (≈ 20 s at the rate above) `ibqos sim` says its work up front. */
export const LARGE_PACKETS = 1e7;

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined);

/** A flow's packets per second from its traffic spec; undefined when it has none that says. */
function flowPacketRate(traffic: unknown): number | undefined {
  if (typeof traffic !== 'object' || traffic === null) return undefined;
  const t = traffic as Record<string, unknown>;
  if (t.kind === 'onoff') {
    const peak = num(t.peakRate);
    const on = num(t.meanOn);
    const off = num(t.meanOff);
    return peak !== undefined && on !== undefined && off !== undefined && on + off > 0 ? (peak * on) / (on + off) : undefined;
  }
  return num(t.rate);
}

/** Packets per second offered by a fabric scenario's flows, or undefined when the params hold no topology and flows. */
function fabricPacketRate(params: Readonly<Record<string, unknown>>): number | undefined {
  const { topology, flows } = params;
  if (typeof topology !== 'object' || topology === null || !Array.isArray(flows)) return undefined;
  const mtu = num(params.mtu) ?? 2048;
  const links = (topology as { links?: unknown }).links;
  const fastest = Array.isArray(links) ? Math.max(FABRIC_DEFAULT_RATE_GBPS, maxOf(links.map((l) => num((l as { rateGbps?: unknown })?.rateGbps) ?? 0))) : FABRIC_DEFAULT_RATE_GBPS;
  const linkPps = (fastest * 1e9) / 8 / mtu;
  let pps = 0;
  for (const f of flows) pps += flowPacketRate((f as { traffic?: unknown })?.traffic) ?? linkPps;
  return pps;
}

/** What `ibqos sim` is about to run: the points' params, the run length per replication, the replications. */
export interface SimWorkInput {
  readonly points: readonly Readonly<Record<string, unknown>>[];
  readonly jobs?: number;
  readonly until?: number;
  readonly warmup?: number;
  readonly replications: number;
}

/** The work of an `ibqos sim` run, or undefined when it cannot be told cheaply (a time-run scenario without a topology in its params). */
export function simWork(input: SimWorkInput): WorkEstimate | undefined {
  const { points, replications } = input;
  const jobs = num(input.jobs);
  const per = `${replications} replication${replications === 1 ? '' : 's'}${points.length > 1 ? ` × ${points.length} points` : ''}`;
  if (jobs !== undefined) {
    const warmup = num(input.warmup) ?? 0.1 * jobs;
    return { amount: (jobs + warmup) * replications * points.length, unit: 'arrivals to simulate', detail: `${jobs + warmup} per replication × ${per}`, perSecond: ARRIVALS_PER_SECOND };
  }
  const until = num(input.until);
  if (until === undefined) return undefined;
  const length = until + (num(input.warmup) ?? 0.1 * until);
  let packets = 0;
  for (const p of points) {
    const pps = fabricPacketRate(p);
    if (pps === undefined) return undefined;
    packets += pps * length * replications;
  }
  const flows = Array.isArray(points[0]?.flows) ? (points[0].flows as unknown[]).length : 0;
  return { amount: packets, unit: 'packets to simulate', detail: `${flows} flows for ${(length * 1e6).toPrecision(3)} µs each × ${per}`, perSecond: PACKETS_PER_SECOND };
}

/**
 * One replication of a `fabric` scenario, exactly as the scenario runs it (`buildFabric` with
 * `new RandomStreams(seed)` and the replication index, `run(warmup + until, warmup)`), so its
 * throughput, latency, utilization and creditStall are those `ibqos sim --scenario FILE --seed S`
 * prints for replication r; it also keeps what the scenario's metrics leave out: per port and VL
 * the data rate sent (for each SL's share of a link), per input VL buffer the mean occupancy, the
 * packets offered and delivered per flow, and the replication's CPU and wall time.
 */
import { buildFabric, RandomStreams, type FabricScenarioParams } from '../../src/index.js';

/** What one replication measured (after the warm-up). Times in s, rates in Gb/s, latency in µs. */
export interface ReplicationRecord {
  readonly seed: number;
  readonly replication: number;
  readonly untilS: number;
  readonly warmupS: number;
  readonly cpuMs: number;
  readonly wallMs: number;
  readonly packetHops: number;
  readonly events: number;
  /** Per flow: [throughput Gb/s, mean latency µs (0 if none delivered), delivered, offered]. */
  readonly flows: Record<string, readonly [number, number, number, number]>;
  /** Per transmitting port: [utilization, creditStall fraction, Gb/s on VL 0, on VL 1, …]. */
  readonly ports: Record<string, readonly number[]>;
  /** Per switch input VL buffer "switch:port/vl": mean packets held. */
  readonly buffers: Record<string, number>;
}

/** Runs replication `replication` of `params` with `seed` for `untilS` s after `warmupS` s. */
export function replicate(params: FabricScenarioParams, seed: number, replication: number, untilS: number, warmupS: number): ReplicationRecord {
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  const fabric = buildFabric({ ...params, streams: new RandomStreams(seed), replication });
  fabric.run(warmupS + untilS, warmupS);
  const m = fabric.measurements();
  const cpu = process.cpuUsage(cpu0);
  const wallMs = performance.now() - wall0;
  const flows: Record<string, readonly [number, number, number, number]> = {};
  for (const f of m.flows) flows[f.name] = [f.throughputGbps, f.delivered > 0 ? f.meanLatencyUs : 0, f.delivered, f.offered];
  const bits = (params.mtu ?? 2048) * 8;
  const ports: Record<string, readonly number[]> = {};
  for (const p of m.ports) {
    if (!(p.packets > 0 || p.creditStallTime > 0)) continue;
    const stall = m.duration > 0 ? p.creditStallTime / m.duration : 0;
    ports[p.name] = [p.utilization, stall, ...p.packetsPerVl.map((n) => (n * bits) / m.duration / 1e9)];
  }
  const buffers: Record<string, number> = {};
  for (const b of m.buffers) if (b.meanOccupancy > 0) buffers[`${b.name}/${b.vl}`] = b.meanOccupancy;
  return {
    seed,
    replication,
    untilS,
    warmupS,
    cpuMs: (cpu.user + cpu.system) / 1000,
    wallMs,
    packetHops: m.packetHops,
    events: m.events,
    flows,
    ports,
    buffers,
  };
}

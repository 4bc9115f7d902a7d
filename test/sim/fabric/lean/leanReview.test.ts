/**
 * Review R44lean (session 27): the lean engine against the standard engine on scenarios the helper's
 * own tests do not cover — other topologies of the generators (mesh, torus, k-ary n-trees, the
 * irregular network, an imported cluster with mixed link rates), constant and Poisson traffic,
 * small buffers, headers, zero delays and latencies, far-future events (slow links, long wires),
 * start and stop times, VL numbers other than 0 — comparing every figure both report: packet-hops,
 * per flow delivered, offered, source drops, throughput and mean latency (identical), per port the
 * credit-stall time (identical) and utilization (to 1e-12: the lean engine sums bytes / rate). The
 * reference is the standard engine run here on the same options (never a value taken from the lean one).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  buildFabric,
  fatTreeTopology,
  importCluster,
  irregularTopology,
  meshTopology,
  RandomStreams,
  singleSwitchTopology,
  twoSwitchTopology,
  type FabricOptions,
  type FabricTopologySpec,
} from '../../../../src/index.js';
import { buildLeanFabric } from '../../../../src/sim/fabric/lean/index.js';

/** The k-ary n-tree of benchmarks/fabric-model-reference/networks.ts (copied: benchmarks are not imported by tests). */
function kAryNTree(k: number, n: number, rateGbps: number): FabricTopologySpec {
  const perLevel = k ** (n - 1);
  const digit = (w: number, l: number): number => Math.floor(w / k ** l) % k;
  const withDigit = (w: number, l: number, j: number): number => w - digit(w, l) * k ** l + j * k ** l;
  const switches = [];
  for (let l = 0; l < n; l++) for (let w = 0; w < perLevel; w++) switches.push({ name: `s${l}_${w}`, ports: l === n - 1 ? k : 2 * k });
  const hosts = [];
  const links = [];
  for (let w = 0; w < perLevel; w++) {
    for (let j = 0; j < k; j++) {
      hosts.push({ name: `h${w * k + j}` });
      links.push({ a: `h${w * k + j}`, b: `s0_${w}:${j + 1}`, rateGbps });
    }
  }
  for (let l = 0; l + 1 < n; l++) {
    for (let w = 0; w < perLevel; w++) {
      for (let j = 0; j < k; j++) links.push({ a: `s${l}_${w}:${k + 1 + j}`, b: `s${l + 1}_${withDigit(w, l, j)}:${1 + digit(w, l)}`, rateGbps });
    }
  }
  return { switches, hosts, links };
}

/** Host i → host n − 1 − i (bit complement on a power of two), Poisson at `load` of `rateGbps` in `bytes`-byte packets. */
function bitcomp(names: readonly string[], load: number, rateGbps: number, bytes = 2048, extra: Record<string, unknown> = {}): FabricOptions['flows'] {
  const rate = (load * rateGbps * 1e9) / 8 / bytes;
  return names.map((n, i) => ({ name: n, source: n, destination: names[names.length - 1 - i]!, traffic: { kind: 'poisson' as const, rate }, packetBytes: bytes, ...extra }));
}

/** Runs both engines to `untilUs` after `warmUs` (in `steps` equal calls); expects every common figure equal. */
function expectSameRun(options: FabricOptions, untilUs: number, warmUs: number, steps = 1) {
  const standard = buildFabric(options);
  const lean = buildLeanFabric(options);
  for (let i = 1; i <= steps; i++) {
    standard.run((untilUs * 1e-6 * i) / steps, warmUs * 1e-6);
    lean.run((untilUs * 1e-6 * i) / steps, warmUs * 1e-6);
  }
  const s = standard.measurements();
  const l = lean.measurements();
  expect(l.duration).toBe(s.duration);
  expect(l.packetHops).toBe(s.packetHops);
  const flow = (f: (typeof s.flows)[number] | (typeof l.flows)[number]) => [f.name, f.delivered, f.offered, f.sourceDrops, f.throughputGbps, f.meanLatencyUs];
  expect(l.flows.map(flow)).toEqual(s.flows.map(flow));
  expect(l.ports.map((p) => [p.name, p.creditStallTime])).toEqual(s.ports.map((p) => [p.name, p.creditStallTime]));
  expect(l.ports.map((p) => p.name)).toEqual(s.ports.map((p) => p.name));
  s.ports.forEach((p, i) => expect([p.name, Math.abs(l.ports[i]!.utilization - p.utilization) < 1e-12]).toEqual([p.name, true]));
  return s;
}

const fixture = (name: string): string => readFileSync(join(import.meta.dirname, '../../../fixtures/import', name), 'utf8');

describe('R44lean: the lean engine equals the standard engine on other fabrics', () => {
  it('4 × 4 mesh (dimension-order tables given), bit complement at 90 % with one-MTU buffers and short send queues', () => {
    const topology = meshTopology(4, 4);
    const names = topology.hosts.map((h) => h.name);
    const s = expectSameRun({ topology, seed: 5, bufferBytes: 2048, flows: bitcomp(names, 0.9, 2.5, 2048, { sendQueuePackets: 3 }) }, 3000, 200);
    expect(s.ports.some((p) => p.creditStallTime > 0)).toBe(true);
    expect(s.flows.some((f) => f.sourceDrops > 0)).toBe(true);
  });

  it('4 × 4 torus without datelines at full load (may deadlock: both alike)', () => {
    const topology = meshTopology(4, 4, { torus: true });
    const names = topology.hosts.map((h) => h.name);
    const flows = names.map((n, i) => ({ name: n, source: n, destination: names[(i + 6) % 16]!, traffic: { kind: 'poisson' as const, rate: (1.0 * 2.5e9) / 8 / 2048 } }));
    expectSameRun({ topology, seed: 8, bufferBytes: 4096, vls: 1, flows }, 3000, 0);
  });

  it('4-ary 3-tree (computed up*/down* tables), CBR in phase, 26-byte headers, 1 KB MTU and odd payloads', () => {
    const topology = kAryNTree(4, 3, 2.5);
    const names = topology.hosts.map((h) => h.name);
    const rate = (0.8 * 2.5e9) / 8 / 1024;
    const flows = names.map((n, i) => ({ name: n, source: n, destination: names[(i * 5 + 3) % 64]!, traffic: { kind: 'cbr' as const, rate, phase: 0 }, packetBytes: i % 2 === 0 ? 998 : 333 }));
    expectSameRun({ topology, seed: 2, mtu: 1024, packetHeaderBytes: 26, bufferBytes: 2112, flows: flows.filter((f) => f.source !== f.destination) }, 1500, 100);
  });

  it("the irregular network (Alfaro's 16 switches, up*/down*), bit complement at 70 %", () => {
    const topology = irregularTopology({ switches: 16, rateGbps: 2.5 }, new RandomStreams(1).stream('alfaro/topology', 0));
    const names = topology.hosts.map((h) => h.name);
    expectSameRun({ topology, seed: 4, flows: bitcomp(names, 0.7, 2.5) }, 2000, 100);
  });

  it('an imported cluster (fat-tree fixture: 32, 56 and 100 Gb/s links, LFTs), a permutation at 85 %', () => {
    const cluster = importCluster({ ibnetdiscover: fixture('fat-tree.ibnetdiscover'), lfts: fixture('fat-tree.lfts') });
    const names = cluster.topology.hosts.map((h) => h.name);
    const rate = (0.85 * 32e9) / 8 / 2048;
    const flows = names.map((n, i) => ({ name: n, source: n, destination: names[(i + 5) % names.length]!, traffic: { kind: 'poisson' as const, rate } }));
    expectSameRun({ topology: cluster.topology, seed: 6, flows }, 500, 20);
    expectSameRun({ topology: cluster.topology, seed: 6, flows, cutThrough: false, bufferBytes: 2048 }, 500, 20);
  });

  it('an imported irregular cluster (8, 16 and 96 Gb/s links, shortest-path LFTs), overloaded', () => {
    const cluster = importCluster({ ibnetdiscover: fixture('irregular.ibnetdiscover'), lfts: fixture('irregular.lfts') });
    const names = cluster.topology.hosts.map((h) => h.name);
    const rate = (1.2 * 8e9) / 8 / 2048;
    const flows = names.map((n, i) => ({ name: n, source: n, destination: names[(i + 3) % names.length]!, traffic: { kind: 'poisson' as const, rate }, sendQueuePackets: 10 }));
    expectSameRun({ topology: cluster.topology, seed: 12, flows }, 2000, 100);
  });

  it('zero link delays and zero switch latency (arrivals, credits and ends at the same instant)', () => {
    const topology = fatTreeTopology(4, { delayNs: 0 });
    const names = topology.hosts.map((h) => h.name);
    const rate = (0.9 * 2.5e9) / 8 / 2048;
    const flows = names.map((n, i) => ({ name: n, source: n, destination: names[(i + 7) % 16]!, traffic: { kind: 'cbr' as const, rate, phase: 0 } }));
    expectSameRun({ topology, seed: 1, switchLatencyNs: 0, flows }, 1000, 50);
    expectSameRun({ topology, seed: 1, switchLatencyNs: 0, cutThrough: false, flows }, 1000, 50);
  });

  it('slow links and long wires (events beyond the calendar wheel: far heap), with faster core links', () => {
    const base = twoSwitchTopology();
    const topology = { ...base, links: base.links.map((l, i) => (i === 0 ? { ...l, rateGbps: 40, delayNs: 900_000 } : { ...l, rateGbps: 0.05, delayNs: 3_000 })) };
    const rate = (0.7 * 0.05e9) / 8 / 2048;
    const flows = [
      { name: 'remote', source: 'A1', destination: 'Bc', traffic: { kind: 'poisson' as const, rate } },
      { name: 'back', source: 'Bv', destination: 'Av', traffic: { kind: 'poisson' as const, rate } },
      { name: 'local', source: 'B1', destination: 'Bc', traffic: { kind: 'cbr' as const, rate } },
    ];
    expectSameRun({ topology, seed: 3, flows }, 40_000, 2_000);
  });

  it('start and stop times, flows on VL 2 of 4 (SLs 5 and 9 both mapping there), a run in five calls', () => {
    const topology = fatTreeTopology(4);
    const names = topology.hosts.map((h) => h.name);
    const rate = (0.95 * 2.5e9) / 8 / 2048;
    const slToVl = Array.from({ length: 16 }, (_, q) => (q === 5 || q === 9 ? 2 : q % 4));
    const flows = names.map((n, i) => ({ name: n, source: n, destination: names[(i + 1) % 16]!, sl: i % 2 === 0 ? 5 : 9, traffic: { kind: 'poisson' as const, rate }, startUs: 10 * i, stopUs: 600 + 20 * i, sendQueuePackets: 6 }));
    expectSameRun({ topology, seed: 9, vls: 4, slToVl, flows }, 1500, 100, 5);
  });

  it('8 KB of buffer at 4 KB MTU, 4 KB packets and 64-byte packets mixed across flows, a hot spot', () => {
    const topology = singleSwitchTopology(8);
    const names = topology.hosts.map((h) => h.name);
    const flows = names.slice(1).map((n, i) => ({ name: n, source: n, destination: 'h0', traffic: { kind: 'poisson' as const, rate: (0.3 * 2.5e9) / 8 / (i % 2 === 0 ? 4096 : 64) }, packetBytes: i % 2 === 0 ? 4096 : 64, sendQueuePackets: 20 }));
    expectSameRun({ topology, seed: 21, mtu: 4096, flows }, 3000, 300);
  });

  it('a warm-up longer than the run (no measurement window yet) and one ending at a flow start', () => {
    const topology = singleSwitchTopology(4);
    const flows = [
      { name: 'a', source: 'h0', destination: 'h1', traffic: { kind: 'poisson' as const, rate: 1e5 }, startUs: 50 },
      { name: 'b', source: 'h2', destination: 'h1', traffic: { kind: 'cbr' as const, rate: 1e5 } },
    ];
    expectSameRun({ topology, seed: 2, flows }, 100, 100);
    expectSameRun({ topology, seed: 2, flows }, 300, 50);
  });
  it('a constant-rate flow whose stop time falls exactly on an arrival (2^-17 s gaps: exact sums), with a start at one too', () => {
    const topology = singleSwitchTopology(3);
    const gap = 2 ** -17;
    const flows = [
      { name: 'a', source: 'h0', destination: 'h1', traffic: { kind: 'cbr' as const, rate: 2 ** 17 }, stopUs: 3 * gap * 1e6 },
      { name: 'b', source: 'h2', destination: 'h1', traffic: { kind: 'cbr' as const, rate: 2 ** 17 }, startUs: gap * 1e6, stopUs: 5 * gap * 1e6 },
    ];
    expect(flows[0]!.stopUs * 1e-6).toBe(gap + gap + gap);
    const s = expectSameRun({ topology, seed: 1, flows }, 100, 0);
    // a: arrivals at gap and 2·gap (the one at 3·gap = stop is not offered); b: at 2·gap, 3·gap, 4·gap.
    expect(s.flows.map((f) => f.offered)).toEqual([2, 3]);
  });
});

/**
 * The lean engine (src/sim/fabric/lean) against the standard engine on small fabrics inside the lean
 * subset: both run the same simulation — the same draws (the same named streams), the same rules and
 * the same order of equal-time events — so every packet-hop count, per-flow figure and per-port credit
 * stall is equal and each port's utilization equal up to rounding (the lean engine divides a port's
 * bytes by its rate where the standard one adds each transmission's time). The reference is the
 * standard engine, run here on the same options.
 */
import { describe, expect, it } from 'vitest';
import { buildFabric, fatTreeTopology, twoSwitchTopology, type FabricOptions, type FabricTopologySpec } from '../../../../src/index.js';
import { buildLeanFabric } from '../../../../src/sim/fabric/lean/index.js';

/** The 4-ary 2-tree: four leaves of four hosts, four spines, each leaf linked to each spine (routes: the topology's own). */
function fourAryTwoTree(): FabricTopologySpec {
  const links: { a: string; b: string }[] = [];
  const hosts: { name: string }[] = [];
  for (let i = 0; i < 4; i++) {
    for (let j = 0; j < 4; j++) {
      hosts.push({ name: `h${i}_${j}` });
      links.push({ a: `h${i}_${j}`, b: `L${i}:${j + 1}` });
      links.push({ a: `L${i}:${j + 5}`, b: `S${j}:${i + 1}` });
    }
  }
  const switches = [0, 1, 2, 3].flatMap((i) => [{ name: `L${i}`, ports: 8 }]).concat([0, 1, 2, 3].map((j) => ({ name: `S${j}`, ports: 4 })));
  return { switches, hosts, links };
}

/** Each host to the host `shift` further on (a permutation), Poisson at `load` of a 2.5 Gb/s link in 2 KB packets. */
function shiftFlows(names: readonly string[], shift: number, load: number, extra: Record<string, unknown> = {}): FabricOptions['flows'] {
  const rate = (load * 2.5e9) / 8 / 2048;
  return names.map((n, i) => ({ name: n, source: n, destination: names[(i + shift) % names.length]!, traffic: { kind: 'poisson' as const, rate }, sendQueuePackets: 256, ...extra }));
}

/** Runs both engines on `options` to `untilUs` after `warmUs`; expects the same results. Returns the standard engine's measurements. */
function expectSameRun(options: FabricOptions, untilUs: number, warmUs: number) {
  const standard = buildFabric(options);
  standard.run(untilUs * 1e-6, warmUs * 1e-6);
  const lean = buildLeanFabric(options);
  lean.run(untilUs * 1e-6, warmUs * 1e-6);
  const s = standard.measurements();
  const l = lean.measurements();
  expect(l.duration).toBe(s.duration);
  expect(l.packetHops).toBe(s.packetHops);
  expect(l.flows.map((f) => [f.name, f.delivered, f.offered, f.sourceDrops, f.throughputGbps, f.meanLatencyUs])).toEqual(
    s.flows.map((f) => [f.name, f.delivered, f.offered, f.sourceDrops, f.throughputGbps, f.meanLatencyUs]),
  );
  expect(l.ports.map((p) => [p.name, p.creditStallTime])).toEqual(s.ports.map((p) => [p.name, p.creditStallTime]));
  s.ports.forEach((p, i) => expect(Math.abs(l.ports[i]!.utilization - p.utilization)).toBeLessThan(1e-12));
  return s;
}

describe('the lean engine runs the standard engine’s simulation', () => {
  it('4-ary 2-tree, a permutation of Poisson flows at 50 % load: equal packet-hops and per-flow results', () => {
    const topology = fourAryTwoTree();
    const names = topology.hosts.map((h) => h.name);
    const s = expectSameRun({ topology, seed: 3, flows: shiftFlows(names, 5, 0.5) }, 2000, 100);
    expect(s.packetHops).toBeGreaterThan(1000);
  });

  it('4-ary 2-tree at 95 % load with hot destinations (two flows per destination): credit stalls and source drops alike', () => {
    const topology = fourAryTwoTree();
    const names = topology.hosts.map((h) => h.name);
    // Hosts 2i and 2i+1 both send to host (4i + 1) mod 16: eight destinations with two sources each.
    const rate = (0.95 * 2.5e9) / 8 / 2048;
    const flows = names.map((n, i) => ({ name: n, source: n, destination: names[(4 * (i >> 1) + 1 + (i >> 1 === 0 ? 4 : 0)) % 16]!, traffic: { kind: 'poisson' as const, rate }, sendQueuePackets: 16 }));
    const s = expectSameRun({ topology, seed: 11, flows }, 2000, 100);
    expect(s.ports.some((p) => p.creditStallTime > 0)).toBe(true);
    expect(s.flows.some((f) => f.sourceDrops > 0)).toBe(true);
  });

  it('4-ary 2-tree, constant-rate flows all in phase (many equal-time events): the same order of ties', () => {
    const topology = fourAryTwoTree();
    const names = topology.hosts.map((h) => h.name);
    const rate = (0.7 * 2.5e9) / 8 / 1024;
    const flows = names.map((n, i) => ({ name: n, source: n, destination: names[(i + 4) % 16]!, traffic: { kind: 'cbr' as const, rate, phase: 0 }, packetBytes: 1024 }));
    const s = expectSameRun({ topology, seed: 1, flows }, 1000, 50);
    expect(s.packetHops).toBeGreaterThan(1000);
  });

  it('two switches (thesis Fig. 3.1), a hot spot overloaded: stalls upstream, drops at the sources', () => {
    const rate = (0.8 * 2.5e9) / 8 / 2048;
    const flows = [
      { name: 'local', source: 'B1', destination: 'Bc', traffic: { kind: 'poisson' as const, rate }, sendQueuePackets: 8 },
      { name: 'remote', source: 'A1', destination: 'Bc', traffic: { kind: 'poisson' as const, rate }, sendQueuePackets: 8 },
      { name: 'victim', source: 'Av', destination: 'Bv', traffic: { kind: 'poisson' as const, rate: rate / 2 } },
    ];
    const s = expectSameRun({ topology: twoSwitchTopology(), seed: 2, flows, vls: 1 }, 3000, 200);
    expect(s.flows.find((f) => f.name === 'remote')!.sourceDrops).toBeGreaterThan(0);
    expect(s.ports.find((p) => p.name === 'A:1')!.creditStallTime).toBeGreaterThan(0);
  });

  it('two switches, a faster inter-switch link (cut-through stretches its transmissions) and store-and-forward', () => {
    const base = twoSwitchTopology();
    const topology = { ...base, links: base.links.map((l, i) => (i === 0 ? { ...l, rateGbps: 10, delayNs: 40 } : l)) };
    const rate = (0.6 * 2.5e9) / 8 / 1500;
    const flows = [
      { name: 'remote', source: 'A1', destination: 'Bc', traffic: { kind: 'poisson' as const, rate }, packetBytes: 1500 },
      { name: 'back', source: 'Bv', destination: 'Av', traffic: { kind: 'poisson' as const, rate }, packetBytes: 1500 },
    ];
    expectSameRun({ topology, seed: 4, flows }, 2000, 100);
    expectSameRun({ topology, seed: 4, flows, cutThrough: false, switchLatencyNs: 250, bufferBytes: 4096 }, 2000, 100);
  });

  it('the k = 4 fat-tree of the generator, a permutation at 80 % load, with a run in two calls', () => {
    const topology = fatTreeTopology(4);
    const names = topology.hosts.map((h) => h.name);
    const options = { topology, seed: 7, flows: shiftFlows(names, 3, 0.8) };
    const s = expectSameRun(options, 1500, 100);
    const lean = buildLeanFabric(options);
    lean.run(0.0007, 0.0001);
    lean.run(0.0015);
    expect(lean.measurements().packetHops).toBe(s.packetHops);
  });
});

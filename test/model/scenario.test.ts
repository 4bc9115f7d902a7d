import { describe, expect, it } from 'vitest';
import { fabricModelNetwork, solveFabric } from '../../src/model/index.js';
import { singleSwitchTopology, fatTreeTopology } from '../../src/network/index.js';

const MTU_US = (2048 * 8) / 2.5e3; // one 2 KB packet on a 2.5 Gb/s link, µs

describe('fabricModelNetwork: the fabric scenario params, the simulator field names', () => {
  it('bad input → an error naming the field, the rule and the value', () => {
    const topology = singleSwitchTopology(2);
    const base = { topology, flows: [{ name: 'f', source: 'h0', destination: 'h1', traffic: { kind: 'poisson', rate: 1000 } }] };
    expect(() => fabricModelNetwork({ ...base, flows: [{ name: 'f', source: 'h0', destination: 'h1', traffic: { kind: 'poisson', rate: -1 } }] })).toThrow(/flows\[0\]\.traffic\.rate/);
    expect(() => fabricModelNetwork({ ...base, flows: [{ name: 'f', source: 'h0', destination: 'h9' }] })).toThrow(/flows\[0\]\.destination/);
    expect(() => fabricModelNetwork({ ...base, flows: [{ name: 'f', source: 'h0', destination: 'h1', colour: 1 }] })).toThrow(/flows\[0\]/);
    expect(() => fabricModelNetwork({ ...base, multipath: { paths: 2 } })).toThrow(/multipath.*does not represent/);
    expect(() => fabricModelNetwork({ ...base, arbitration: { high: [], low: [{ vl: 0, weight: 300 }], limitOfHighPriority: 255 } })).toThrow(/arbitration\.low\[0\]\.weight/);
    expect(() => fabricModelNetwork({ ...base, seed: 3 })).toThrow(/seed/);
    expect(() => fabricModelNetwork({ ...base, topology: { ...topology, links: [] } })).toThrow(/topology|hosts/);
  });

  it("'uniform' destination → one model flow per other host, reported under the flow's name", () => {
    const topology = fatTreeTopology(4);
    const hosts = topology.hosts.length;
    const r = solveFabric(fabricModelNetwork({ topology, vls: 1, flows: [{ name: 'u', source: topology.hosts[0]!.name, destination: 'uniform', traffic: { kind: 'poisson', rate: 1000 } }] }));
    expect(r.diagnostics.flows).toBe(hosts - 1);
    expect(Object.keys(r.metrics.latency)).toEqual(['u']);
    expect(r.metrics.throughput.u).toBeCloseTo((1000 * 2048 * 8) / 1e9, 12);
  });

  it('metric keys as the simulator: flows by name, ports "switch:port" or the host', () => {
    const r = solveFabric(fabricModelNetwork({ topology: singleSwitchTopology(2), flows: [{ name: 'f', source: 'h0', destination: 'h1', traffic: { kind: 'poisson', rate: 1000 } }] }));
    expect(Object.keys(r.metrics.utilization).sort()).toEqual(['S:2', 'h0']);
    expect(Object.keys(r.metrics.creditStall).sort()).toEqual(['S:2', 'h0']);
  });
});

describe('solveFabric on networks with known answers', () => {
  it('a permutation with no shared link: latency = no-load latency + M/D/1 wait at the source (Pollaczek–Khinchine), to 1e-4 (the credit loop’s tiny blocking term)', () => {
    // h0 → h1 and h1 → h0 through one switch: each output carries one flow, which arrives spaced by its own link.
    const rate = 0.6 / (MTU_US * 1e-6); // ρ = 0.6 packets per packet time
    const r = solveFabric(fabricModelNetwork({ topology: singleSwitchTopology(2), vls: 1, flows: [
      { name: 'a', source: 'h0', destination: 'h1', traffic: { kind: 'poisson', rate } },
      { name: 'b', source: 'h1', destination: 'h0', traffic: { kind: 'poisson', rate } },
    ] }));
    const rho = 0.6;
    const wq = (rho * MTU_US) / (2 * (1 - rho)); // M/D/1
    const fixed = MTU_US + 0.01 + 0.1 + 0.01; // one transmission (cut-through), two links of 10 ns, a switch of 100 ns
    for (const f of r.flows) {
      expect(Math.abs(f.fixedLatency - fixed) / fixed).toBeLessThan(1e-12);
      expect(Math.abs(f.latency - (fixed + wq)) / (fixed + wq)).toBeLessThan(1e-4);
    }
  });

  it('one Poisson flow through one switch, exponential links, store-and-forward → the credit chain (docs/models.md §6.4: λ=2, μ1=3, μ2=4, n=m=2) to 1e-9', () => {
    const topo = singleSwitchTopology(2);
    const links = topo.links.map((l, i) => ({ ...l, delayNs: 0, service: 'exponential' as const, rateGbps: ((i === 0 ? 3 : 4) * 2048 * 8) / 1e3 }));
    const r = solveFabric(fabricModelNetwork({ topology: { ...topo, links }, vls: 1, switchLatencyNs: 0, cutThrough: false, bufferBytes: 4096, flows: [{ name: 'f', source: 'h0', destination: 'h1', traffic: { kind: 'poisson', rate: 2e6 }, sendQueuePackets: 2 }] }));
    // docs/models.md §6.4, hand-checkable case (rates per µs): X = 1.5253745771, W = 0.8472750317 µs.
    expect(Math.abs(r.flows[0]!.latency - 0.8472750317) / 0.8472750317).toBeLessThan(1e-9);
    expect(Math.abs((r.flows[0]!.throughput * 1e3) / (2048 * 8) - 1.5253745771) / 1.5253745771).toBeLessThan(1e-9);
    expect(r.diagnostics.method).toBe('exact credit chain');
  });

  it('a greedy flow sharing a switch output with a Poisson flow → capped by that output, the verdict names it', () => {
    const r = solveFabric(fabricModelNetwork({ topology: singleSwitchTopology(3), vls: 1, flows: [
      { name: 'greedy', source: 'h0', destination: 'h2' },
      { name: 'light', source: 'h1', destination: 'h2', traffic: { kind: 'poisson', rate: 10000 } },
    ] }));
    const greedy = r.flows.find((f) => f.name === 'greedy')!;
    expect(greedy.capped).toBe(true);
    expect(greedy.cappedBy).toMatch(/S:3/);
    expect(greedy.flags).toContain('saturated');
    expect(r.metrics.utilization['S:3']).toBeCloseTo(1, 6);
  });
});

/**
 * The fabric model's flags on Gran's hotspot set-up (issue 31, "where it fails is shown"): the
 * simulator's stored runs at radix 12 (test/fixtures/fabric-model/hotspot/, written by
 * benchmarks/fabric-model-reference/hotspot.ts) say which flows are hurt; the model must flag them.
 * The victims of the congestion trees were missed until change 79 (src/model/saturation/congestionTree.ts:
 * the buffers a capped flow's backlog fills upstream of its bottleneck, read off the allocation);
 * the last describe checks that rule's premise on a small fabric by the simulator's own buffers.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fabricModelNetwork, solveFabric } from '../../src/model/index.js';
import { buildFabric, RandomStreams, type FabricScenarioParams } from '../../src/index.js';
import { FABRIC_MODEL_FIXTURES } from '../helpers/fabricModelReference.js';

interface Stored {
  readonly classes: Record<string, string>;
  readonly flows: Record<string, number[]>;
  readonly params: unknown;
}

const runs = (['off', 'on'] as const).flatMap((cc) => [0.3, 0.6].map((load) => [cc, load] as const));
const read = (cc: string, load: number) => JSON.parse(readFileSync(join(FABRIC_MODEL_FIXTURES, 'hotspot', `radix12-cc${cc}-${load}.json`), 'utf8')) as Stored;
const model = (s: Stored) => new Map(solveFabric(fabricModelNetwork(s.params)).flows.map((f) => [f.name, f]));
const names = (s: Stored, cls: string) => Object.keys(s.classes).filter((n) => s.classes[n] === cls);
/** Hurt in the simulator: under 95 % of its packets delivered, or a latency over twice the class-`other` median. */
const hurt = (s: Stored) => {
  const calm = names(s, 'other').map((n) => s.flows[n]![2]!).sort((a, b) => a - b);
  const median = calm[(calm.length - 1) >> 1]!;
  return (n: string) => s.flows[n]![4]! < 0.95 || s.flows[n]![2]! > 2 * median;
};

describe('fabric model flags on the hotspot runs (radix 12, 72 hosts)', () => {
  it.each(runs)('CC %s, load %d: every hotspot flow is hurt in the simulator and flagged saturated by the model', (cc, load) => {
    const s = read(cc, load);
    const flows = model(s);
    const isHurt = hurt(s);
    for (const n of names(s, 'hotspot')) {
      expect(isHurt(n), n).toBe(true);
      expect(flows.get(n)!.flags, n).toContain('saturated');
    }
  });

  it.each(runs)('CC %s, load %d: rate-control on every flow exactly when CC is on', (cc, load) => {
    const s = read(cc, load);
    for (const [n, f] of model(s)) expect(f.flags.includes('rate-control'), n).toBe(cc === 'on');
  });

  it.each(runs)('CC %s, load %d: no flow the simulator shows unhurt is flagged congestion-tree, but victims under IB CC, whose reason says the tree lasts until CC reacts', (cc, load) => {
    const s = read(cc, load);
    const flows = model(s);
    const isHurt = hurt(s);
    // Measured (change 79): with CC, 3 of the 9 victims at load 0.3 and 2 at 0.6 are flagged and not hurt, CC having
    // dissolved their tree in the simulator's run (docs/fabric-model.md: 11 of 38 at radix 36, load 0.3).
    const wrong = Object.keys(s.classes).filter((n) => !isHurt(n) && flows.get(n)!.flags.includes('congestion-tree'));
    for (const n of wrong) {
      expect(cc === 'on' && s.classes[n] === 'victim', n).toBe(true);
      expect(flows.get(n)!.reasons.some((r) => r.includes('congestion tree') && r.includes('until the congestion control')), n).toBe(true);
    }
  });

  it.each(runs)('CC %s, load %d: every victim the simulator shows hurt is flagged congestion-tree (change 79; before it 5 of 9 without CC at 0.3, 7 of 9 at 0.6)', (cc, load) => {
    const s = read(cc, load);
    const flows = model(s);
    const isHurt = hurt(s);
    const victims = names(s, 'victim').filter(isHurt);
    expect(victims.length).toBeGreaterThan(0);
    for (const n of victims) expect(flows.get(n)!.flags, n).toContain('congestion-tree');
  });
});

describe('fabric model on the hotspot run at radix 36 (648 hosts), where its fixed point diverges', () => {
  // At radix 36 the hotspot trees' queues run away (residual > 10⁶). The overload fallback of change 42
  // (one common scale for every flow) once answered that with every flow at the hotspots' 0.239 Gb/s; the
  // flows of class `other` cross no hotspot link and carry their whole offered rate in the simulator.
  it('CC off, load 0.6: every flow of class `other` that the simulator shows unhurt carries within 2 % of its throughput (stored run)', () => {
    const s = JSON.parse(readFileSync(join(FABRIC_MODEL_FIXTURES, 'hotspot', 'radix36-ccoff-0.6.json'), 'utf8')) as Stored;
    const r = solveFabric(fabricModelNetwork(s.params));
    expect(r.diagnostics.converged).toBe(false);
    const byName = new Map(r.flows.map((f) => [f.name, f]));
    const isHurt = hurt(s);
    const others = names(s, 'other').filter((n) => !isHurt(n));
    expect(others.length).toBeGreaterThan(50);
    for (const n of others) expect(Math.abs(byName.get(n)!.throughput / s.flows[n]![0]! - 1), n).toBeLessThan(0.02);
  }, 120_000);

  // The diverged iterate's waits on the capped flows' paths are the runaway's (2.2·10¹³ µs in median on the
  // hotspot flows before change 73): no such number may be printed as a latency. The simulator measured
  // for 15 ms (5 ms warm-up, 10 ms window): no packet it timed waited longer.
  it('CC off, load 0.6: every capped flow\'s latency is Infinity with the diverged reason, every other latency under the run\'s 15 ms (stored run)', () => {
    const s = JSON.parse(readFileSync(join(FABRIC_MODEL_FIXTURES, 'hotspot', 'radix36-ccoff-0.6.json'), 'utf8')) as Stored;
    const r = solveFabric(fabricModelNetwork(s.params));
    expect(r.diagnostics.converged).toBe(false);
    const capped = r.flows.filter((f) => f.capped);
    expect(capped.length).toBeGreaterThan(500);
    for (const f of capped) {
      expect(f.latency, f.name).toBe(Infinity);
      expect(r.metrics.latency[f.name], f.name).toBe(Infinity);
      // Its parts too (the lead's review): the per-hop sum a display prints and the credit wait are not the runaway's.
      expect(f.queueingPerHop.reduce((a, b) => a + b, 0), f.name).toBe(Infinity);
      expect(f.creditWait, f.name).toBe(Infinity);
      expect(f.flags, f.name).toEqual(expect.arrayContaining(['saturated', 'unstable', 'not-converged']));
      expect(f.reasons.some((x) => x.startsWith('fixed point diverged')), f.name).toBe(true);
    }
    for (const f of r.flows.filter((x) => Number.isFinite(x.latency))) expect(f.latency, f.name).toBeLessThan(15_000);
  }, 120_000);

  // The kept iterate's capped flows carried the runaway's rates: 237 hotspot flows under 10⁻⁶ of their offered
  // rate, 10 flows of class `other` (two V flows sharing a 16 Gb/s link) at 0.001–0.02 of theirs where the
  // simulator carries 8 Gb/s. Since change 105 their throughput is the weighted max-min allocation's over the links
  // and tables, the flows the iterate does not cap held at their rates (overload.ts).
  it('CC off, load 0.6: every capped flow carries its allocation, no link more than its rate, each capped `other` flow within 2 % of the simulator (stored run)', () => {
    const s = JSON.parse(readFileSync(join(FABRIC_MODEL_FIXTURES, 'hotspot', 'radix36-ccoff-0.6.json'), 'utf8')) as Stored;
    const net = fabricModelNetwork(s.params);
    const r = solveFabric(net);
    expect(r.diagnostics.converged).toBe(false);
    const capped = r.flows.filter((f) => f.capped);
    for (const f of capped) {
      expect(f.throughput, f.name).toBeGreaterThan(1e-3 * f.offeredGbps);
      expect(f.throughput, f.name).toBeLessThanOrEqual(f.offeredGbps * (1 + 1e-12));
      expect(f.reasons.some((x) => x.includes('max-min allocation')), f.name).toBe(true);
    }
    const others = capped.filter((f) => s.classes[f.name] === 'other');
    expect(others.length).toBeGreaterThan(20);
    // But h34_10: its link partner h12_14 is one the iterate does not cap, held at its full 9.6 Gb/s (the simulator
    // carries 8.0 each), so h34_10 gets the link's other 6.4 (what the rule loses; docs/fabric-model.md, change 105).
    for (const f of others) if (f.name !== 'h34_10') expect(Math.abs(f.throughput / s.flows[f.name]![0]! - 1), f.name).toBeLessThan(0.02);
    expect(r.metrics.throughput['h34_10']! + r.metrics.throughput['h12_14']!).toBeCloseTo(16, 9);
    const carried = new Float64Array(net.ports.length);
    net.flows.forEach((f, i) => f.path.forEach((p) => (carried[p]! += r.perFlow.throughput[i]!)));
    net.ports.forEach((p, i) => expect(carried[i], p.name).toBeLessThanOrEqual(((p.rate * 8) / 1e9) * (1 + 1e-9)));
  }, 120_000);
});

describe('congestion trees on a small fabric: the buffers the simulator shows full are the model’s tree, its flows the flagged ones (change 79)', () => {
  // S1 (hosts a, b, v0, v1, w) —S1:6→S2:1— S2 (hosts c, d, e, x), 16 Gb/s, buffers of four 2 KB packets, VLs 0 and 1.
  // hA (a → d) and hC (c → d) offer 0.75 of a link each to d's 1.0: max-min caps both at 0.5. hA's backlog should fill
  // the buffers after a and after S1:6 on VL 0, hC's the buffer after c; vic (v0 → e) crosses S1:6 on VL 0, aw (a → w)
  // and cx (c → x) share the hot flows' first links, vl1 (v1 → x) crosses S1:6 on VL 1, calm and back cross none.
  const X = (2048 * 8) / 16e9;
  const flow = (name: string, source: string, destination: string, load: number, sl = 0, extra = {}) => ({ name, source, destination, sl, traffic: { kind: 'poisson' as const, rate: load / X }, packetBytes: 2048, ...extra });
  const hot = { sendQueuePackets: 16 };
  const flows = [
    flow('hA', 'a', 'd', 0.75, 0, hot),
    flow('hC', 'c', 'd', 0.75, 0, hot),
    flow('vic', 'v0', 'e', 0.15),
    flow('vl1', 'v1', 'x', 0.15, 1),
    flow('aw', 'a', 'w', 0.1),
    flow('cx', 'c', 'x', 0.1),
    flow('calm', 'w', 'b', 0.3),
    flow('back', 'e', 'v0', 0.3),
  ];
  const links = [['a', 'S1:1'], ['b', 'S1:2'], ['v0', 'S1:3'], ['v1', 'S1:4'], ['w', 'S1:5'], ['S1:6', 'S2:1'], ['c', 'S2:2'], ['d', 'S2:3'], ['e', 'S2:4'], ['x', 'S2:5']] as const;
  const params = (inputQueueing: 'voq' | 'fifo', fl: readonly unknown[]) =>
    ({
      topology: {
        switches: [{ name: 'S1', ports: 6 }, { name: 'S2', ports: 5 }],
        hosts: ['a', 'b', 'v0', 'v1', 'w', 'c', 'd', 'e', 'x'].map((name) => ({ name })),
        links: links.map(([a, b]) => ({ a, b, rateGbps: 16, delayNs: 10 })),
      },
      vls: 2,
      slToVl: [0, 1, ...Array<number>(14).fill(0)],
      arbitration: { high: [], low: [{ vl: 0, weight: 32 }, { vl: 1, weight: 32 }], limitOfHighPriority: 0 },
      mtu: 2048,
      bufferBytes: 8192,
      switchLatencyNs: 100,
      inputQueueing,
      flows: fl,
    }) as unknown as FabricScenarioParams;
  /** The simulator, 2 replications of 2 ms after 1 ms: per flow its mean latency (µs), per input buffer "port/vl" its mean occupancy (packets). */
  const simulate = (p: FabricScenarioParams) => {
    const latency = new Map<string, number>();
    const occupancy = new Map<string, number>();
    for (let r = 0; r < 2; r++) {
      const fabric = buildFabric({ ...p, streams: new RandomStreams(1), replication: r });
      fabric.run(0.003, 0.001);
      const m = fabric.measurements();
      for (const f of m.flows) latency.set(f.name, (latency.get(f.name) ?? 0) + f.meanLatencyUs / 2);
      for (const b of m.buffers) occupancy.set(`${b.name}/${b.vl}`, (occupancy.get(`${b.name}/${b.vl}`) ?? 0) + b.meanOccupancy / 2);
    }
    return { latency, occupancy };
  };
  /** The far end of each transmitting port (the simulator names an input buffer by its own port). */
  const farEnd = new Map<string, string>(links.flatMap(([a, b]) => [[a, b], [b, a]] as const));

  it.each(['voq', 'fifo'] as const)('%s inputs: the simulator’s full buffers (≥ 3 of 4 packets on average; every other under 1.5) are exactly those on hA’s and hC’s paths before d’s link; the flows flagged congestion-tree are exactly the others that cross one, and the hot flows slow each of them more than any unflagged flow', (q) => {
    const sim = simulate(params(q, flows));
    const alone = simulate(params(q, flows.filter((f) => f !== flows[0] && f !== flows[1])));
    for (const [b, n] of sim.occupancy) expect(n >= 3 || n < 1.5, `${b} holds ${n} packets on average`).toBe(true);
    const full = new Set([...sim.occupancy].filter(([, n]) => n >= 3).map(([b]) => b));
    expect([...full].sort()).toEqual(['S1:1/0', 'S2:1/0', 'S2:2/0']);
    const net = fabricModelNetwork(params(q, flows));
    const result = new Map(solveFabric(net).flows.map((f) => [f.name, f]));
    const crossesFull = (f: (typeof net.flows)[number]) => f.path.some((p, k) => full.has(`${farEnd.get(net.ports[p]!.name)}/${f.vls[k]}`));
    const victims = net.flows.filter((f) => f.name !== 'hA' && f.name !== 'hC');
    expect(victims.filter(crossesFull).map((f) => f.name)).toEqual(['vic', 'aw', 'cx']);
    for (const f of victims) expect(result.get(f.name)!.flags.includes('congestion-tree'), f.name).toBe(crossesFull(f));
    const slowed = (n: string) => sim.latency.get(n)! / alone.latency.get(n)!;
    const least = Math.min(...['vic', 'aw', 'cx'].map(slowed));
    for (const n of ['vl1', 'calm', 'back']) expect(slowed(n), n).toBeLessThan(least);
    expect(result.get('vic')!.reasons.join(' ')).toContain('input buffer after S1:6 VL 0 is held full by the backlog of hA (capped by S2:3)');
  });
});

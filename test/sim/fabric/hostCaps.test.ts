/**
 * The fabric mechanisms added for Gran et al., each against a figure known without the simulator:
 * the host injection cap (a greedy flow sends at the cap), the receive cap (a hotspot receives at
 * the cap, its credits back-pressuring the switch), virtual output queues (no head-of-line blocking
 * inside an input buffer, credits still conserved) and host traffic (the packet ledger balances).
 */
import { describe, expect, it } from 'vitest';
import { InvalidParameterError } from '../../../src/core/errors.js';
import { RandomStreams } from '../../../src/sim/random/streams.js';
import { fatTreeTopology, singleSwitchTopology } from '../../../src/network/index.js';
import { buildFabric, type FabricOptions, type FlowSpec } from '../../../src/sim/fabric/index.js';
import { ibccFatTreeFabric, parseIbccFatTree } from '../../../src/studies/index.js';
import { thrownBy } from '../../helpers/errors.js';

const gbps = (options: FabricOptions, until: number, warm: number): number[] => {
  const fabric = buildFabric(options);
  fabric.run(until, warm);
  return fabric.measurements().flows.map((f) => f.throughputGbps);
};

describe('host injection cap (hostInjectionGbps)', () => {
  it('a greedy flow on a 2.5 Gb/s link sends at the 1.5 Gb/s cap; without the option at the link rate', () => {
    const flows: FlowSpec[] = [{ name: 'f', source: 'h0', destination: 'h1' }];
    const [capped] = gbps({ topology: singleSwitchTopology(2), flows, hostInjectionGbps: 1.5 }, 0.01, 0.001);
    const [free] = gbps({ topology: singleSwitchTopology(2), flows }, 0.01, 0.001);
    expect(capped).toBeCloseTo(1.5, 2);
    expect(free).toBeCloseTo(2.5, 2);
  });
});

describe('host receive cap (hostReceiveGbps)', () => {
  const flows: FlowSpec[] = [
    { name: 'a', source: 'h0', destination: 'h2' },
    { name: 'b', source: 'h1', destination: 'h2' },
  ];

  it('two greedy senders into one host: it receives 2.0 Gb/s at a 2.0 cap (2.5 without), shared equally', () => {
    const capped = gbps({ topology: singleSwitchTopology(3), flows, hostReceiveGbps: 2 }, 0.02, 0.002);
    const free = gbps({ topology: singleSwitchTopology(3), flows }, 0.02, 0.002);
    expect(capped[0]! + capped[1]!).toBeCloseTo(2.0, 2);
    expect(capped[0]!).toBeCloseTo(1.0, 1);
    expect(free[0]! + free[1]!).toBeCloseTo(2.5, 2);
  });

  it('back-pressures with credits: the switch port towards the capped host stalls for credits, the credit ledger balances', () => {
    const fabric = buildFabric({ topology: singleSwitchTopology(3), flows, hostReceiveGbps: 2, bufferBytes: 4096 });
    for (let t = 1e-4; t < 5e-3; t += 1e-4) {
      fabric.run(t);
      for (const row of fabric.auditCredits()) expect(row.credits + row.inFlight + row.buffered + row.creditsReturning).toBe(row.capacity);
      const ledger = fabric.packetLedger();
      expect(ledger.injected).toBe(ledger.delivered + ledger.inNetwork);
    }
    const toHost = fabric.measurements().ports.find((p) => p.name === 'S:3')!;
    expect(toHost.creditStallTime).toBeGreaterThan(5e-4);
  });

  it('rejects a rate that is not positive, naming the option', () => {
    expect(thrownBy(InvalidParameterError, () => buildFabric({ topology: singleSwitchTopology(3), flows, hostReceiveGbps: 0 })).parameter).toBe('hostReceiveGbps');
    expect(thrownBy(InvalidParameterError, () => buildFabric({ topology: singleSwitchTopology(3), flows, hostInjectionGbps: -1 })).parameter).toBe('hostInjectionGbps');
  });
});

describe('virtual output queues (inputQueueing: voq)', () => {
  // h0 sends a light flow to the congested h2 (h1 keeps h2 busy) and a greedy one to the idle h3; in
  // a FIFO input buffer the packets for h3 wait behind each packet for h2, in VoQ they pass it.
  const R = 2.5e9 / 8 / 2048;
  const flows: FlowSpec[] = [
    { name: 'toHot', source: 'h0', destination: 'h2', traffic: { kind: 'cbr', rate: 0.3 * R } },
    { name: 'toFree', source: 'h0', destination: 'h3' },
    { name: 'other', source: 'h1', destination: 'h2' },
  ];
  const run = (inputQueueing: 'fifo' | 'voq'): number[] => gbps({ topology: singleSwitchTopology(4), flows, inputQueueing, bufferBytes: 8192 }, 0.02, 0.002);

  it('a flow to a free output is not held behind a congested one: VoQ gives it the link time FIFO loses', () => {
    const fifo = run('fifo');
    const voq = run('voq');
    expect(voq[0]!).toBeCloseTo(0.75, 1);
    // VoQ: toFree takes the rest of h0's link; FIFO: it waits behind every packet for h2
    expect(voq[1]!).toBeGreaterThan(2.5 - 0.75 - 0.05);
    expect(fifo[1]!).toBeLessThan(voq[1]! - 0.2);
  });

  it('conserves credits under sustained overload of a fat-tree', () => {
    const topology = fatTreeTopology(4);
    const overload: FlowSpec[] = topology.hosts.slice(1).map((h, i) => ({ name: h.name, source: h.name, destination: i % 2 === 0 ? 'h0_0_0' : 'uniform' }));
    const fabric = buildFabric({ topology, flows: overload, vls: 1, inputQueueing: 'voq', bufferBytes: 4096, seed: 3 });
    for (let t = 5e-5; t <= 2e-3; t += 5e-5) {
      fabric.run(t);
      for (const row of fabric.auditCredits()) {
        expect(row.credits + row.inFlight + row.buffered + row.creditsReturning).toBe(row.capacity);
        expect(row.buffered).toBeLessThanOrEqual(row.capacity);
      }
      const ledger = fabric.packetLedger();
      expect(ledger.injected).toBe(ledger.delivered + ledger.inNetwork);
    }
  });

  it('refuses the thesis ECN marking with VoQ (its buffer-full rule is a FIFO rule)', () => {
    const e = thrownBy(InvalidParameterError, () => buildFabric({ topology: singleSwitchTopology(4), flows, inputQueueing: 'voq', marking: { kind: 'ecn' } }));
    expect(e.parameter).toBe('inputQueueing');
  });
});

describe('host traffic (ibcc-fat-tree, radix 4)', () => {
  it('the packet ledger balances and the credits are conserved with hotspots, CC, VoQ and both caps', () => {
    const { fabric } = ibccFatTreeFabric(parseIbccFatTree({ radix: 4, hotspots: 1, bNodes: 0.5, victims: 0.25, contributors: 0.25, p: 60 }), new RandomStreams(5));
    for (let t = 1e-4; t < 3e-3; t += 1e-4) {
      fabric.run(t);
      for (const row of fabric.auditCredits()) expect(row.credits + row.inFlight + row.buffered + row.creditsReturning).toBe(row.capacity);
      const ledger = fabric.packetLedger();
      expect(ledger.injected).toBe(ledger.delivered + ledger.inNetwork);
    }
    expect(fabric.measurements().packetHops).toBeGreaterThan(1000);
  });

  it('refuses flows together with hostTraffic', () => {
    const { fabric: _unused, traffic } = ibccFatTreeFabric(parseIbccFatTree({ radix: 4, hotspots: 1 }), new RandomStreams(1));
    void _unused;
    const e = thrownBy(InvalidParameterError, () =>
      buildFabric({ topology: singleSwitchTopology(2), flows: [{ name: 'f', source: 'h0', destination: 'h1' }], hostTraffic: traffic }),
    );
    expect(e.parameter).toBe('flows');
  });
});

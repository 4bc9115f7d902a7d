/**
 * How a host's flows share a VL of its port (option `hostQueueing`, hostAdapter.ts / hostVlFifo.ts):
 * 'vl-fifo' sends a VL's packets in the order they were generated, 'flow-round-robin' (the default)
 * takes the first flow after one round-robin pointer. Hand-timed cases on one switch (2048-byte
 * packets, 2.5 Gb/s: 6.5536 µs each), the ready-head waits a host port records (the wait the
 * broker's B(d) bounds), conservation under overload, and bad options.
 */
import { describe, expect, it } from 'vitest';
import { buildFabric, fatTreeTopology, singleSwitchTopology, type FlowSpec } from '../../../src/index.js';

const T = 2048 / (2.5e9 / 8); // one packet's time on the link, s

/** Three flows of h0 on VL 0, one packet each: A at 0, then C at 1 µs and B at 2 µs (listed A, B, C). */
function threeFlows(hostQueueing?: 'vl-fifo' | 'flow-round-robin') {
  const order: string[] = [];
  const names = ['A', 'B', 'C'];
  const phase = { A: 0, B: 2e-6, C: 1e-6 } as Record<string, number>;
  const flows: FlowSpec[] = names.map((n) => ({ name: n, source: 'h0', destination: 'h1', packetBytes: 2048, traffic: { kind: 'cbr', rate: 10, phase: phase[n]! } }));
  const fabric = buildFabric({
    topology: singleSwitchTopology(2),
    flows,
    ...(hostQueueing === undefined ? {} : { hostQueueing }),
    onDeliver: (f) => order.push(names[f]!),
  });
  fabric.run(1e-4);
  return { order, fabric };
}

describe('hostQueueing: the order a host sends one VL in', () => {
  it("'vl-fifo' sends in generation order (A, C, B); the default round robin sends B, listed after A, before the older C", () => {
    expect(threeFlows('vl-fifo').order).toEqual(['A', 'C', 'B']);
    expect(threeFlows().order).toEqual(['A', 'B', 'C']);
    expect(threeFlows('flow-round-robin').order).toEqual(['A', 'B', 'C']);
  });

  it("'vl-fifo' records each host VL's longest ready-head wait: C ready at 1 µs waits for A's end (T − 1 µs), B for C's whole packet (T)", () => {
    const { fabric } = threeFlows('vl-fifo');
    const waits = fabric.hostReadyWaits()!;
    // The longer of the two waits, T; every other host port VL never had a ready head.
    expect(waits.find((w) => w.port === 'h0' && w.vl === 0)!.seconds).toBeCloseTo(T, 15);
    expect(waits.filter((w) => !(w.port === 'h0' && w.vl === 0)).every((w) => w.seconds === 0)).toBe(true);
    expect([...new Set(waits.map((w) => w.port))]).toEqual(['h0', 'h1']);
    expect(threeFlows().fabric.hostReadyWaits()).toBeNull();
  });

  it("'vl-fifo' conserves packets and credits under overload (saturating and CBR flows, two VLs) and drains", () => {
    const topology = fatTreeTopology(4);
    const flows: FlowSpec[] = topology.hosts.slice(1).flatMap((h, i) => [
      { name: `${h.name}a`, source: h.name, destination: i % 2 === 0 ? 'h0_0_0' : 'uniform', sl: i % 2, packetBytes: { kind: 'mix', bytes: [256, 1000, 2048], weights: [1, 1, 2] }, stopUs: 500 },
      { name: `${h.name}b`, source: h.name, destination: 'uniform', sl: 1 - (i % 2), packetBytes: 1024, traffic: { kind: 'cbr', rate: 2e5 }, stopUs: 500 },
    ]);
    const fabric = buildFabric({ topology, flows, bufferBytes: 4096, hostQueueing: 'vl-fifo', seed: 3 });
    for (let t = 100e-6; t <= 5e-4; t += 100e-6) {
      fabric.run(t);
      for (const row of fabric.auditCredits()) {
        expect(row.credits + row.inFlight + row.buffered + row.creditsReturning, `${row.port} VL ${row.vl} at ${t}`).toBe(row.capacity);
      }
      const ledger = fabric.packetLedger();
      expect(ledger.injected).toBe(ledger.delivered + ledger.inNetwork);
    }
    fabric.run(2e-2);
    const ledger = fabric.packetLedger();
    expect(ledger.inNetwork).toBe(0);
    expect(ledger.delivered).toBeGreaterThan(1000);
    const m = fabric.measurements();
    expect(m.flows.every((f) => f.delivered > 0)).toBe(true);
  });
});

describe('hostQueueing: bad options', () => {
  const base = { topology: singleSwitchTopology(2), flows: [{ name: 'f', source: 'h0', destination: 'h1' }] };
  it('an unknown value names the option and the allowed values', () => {
    expect(() => buildFabric({ ...base, hostQueueing: 'lifo' as never })).toThrow(/hostQueueing.*flow-round-robin.*vl-fifo.*lifo/s);
  });
  it('with hostTraffic (whose generator picks every packet) it is refused', () => {
    const hostTraffic = { packetBytes: 256, next: () => -1, wakeAt: Infinity, sent() {}, delivered() {}, becn() {}, congestionControlled: false, resetStatistics() {} };
    expect(() => buildFabric({ topology: singleSwitchTopology(2), flows: [], hostTraffic, hostQueueing: 'vl-fifo' })).toThrow(/hostQueueing.*hostTraffic/);
  });
});

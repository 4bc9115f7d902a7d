/**
 * The switch with output VL buffers (outputBuffered.ts, option `outputBufferBytes`): one packet's
 * latency against hand arithmetic; credits and packets conserved under overload (as fabric.test.ts
 * checks the input-buffered switch); a faster crossbar helps where the output link is free; bad options.
 */
import { describe, expect, it } from 'vitest';
import { buildFabric, fatTreeTopology, singleSwitchTopology, type FlowSpec } from '../../../src/index.js';

const RATE = 2.5e9 / 8; // bytes/s of the default 2.5 Gb/s link
const D = 10e-9; // default link delay
const L = 100e-9; // default switch latency

function firstDelivery(options: { outputBufferBytes?: number; crossbarSpeedup?: number }, bytes: number): number {
  let at = NaN;
  const fabric = buildFabric({
    topology: singleSwitchTopology(2),
    flows: [{ name: 'f', source: 'h0', destination: 'h1', packetBytes: bytes, traffic: { kind: 'cbr', rate: 1e3, phase: 0 } }],
    onDeliver: (_f, _c, now) => {
      if (Number.isNaN(at)) at = now;
    },
    ...options,
  });
  fabric.run(1e-4);
  return at;
}

describe('output-buffered switch: timing', () => {
  it('one packet through one switch arrives after S/r + 2 link delays + the switch latency, with or without output buffers', () => {
    // Cut-through through both stages: the crossbar transfer and the output link both end with the tail.
    for (const bytes of [256, 2048]) {
      const expected = bytes / RATE + 2 * D + L;
      expect(firstDelivery({}, bytes)).toBeCloseTo(expected, 15);
      expect(firstDelivery({ outputBufferBytes: 8192 }, bytes)).toBeCloseTo(expected, 15);
      expect(firstDelivery({ outputBufferBytes: 8192, crossbarSpeedup: 2 }, bytes)).toBeCloseTo(expected, 15);
    }
  });
});

function overload(topology: ReturnType<typeof fatTreeTopology>, stopUs?: number): FlowSpec[] {
  return topology.hosts.slice(1).map((h, i) => ({
    name: h.name,
    source: h.name,
    destination: i % 2 === 0 ? 'h0_0_0' : 'uniform',
    sl: i % 2,
    packetBytes: { kind: 'mix', bytes: [256, 1000, 2048], weights: [1, 1, 2] },
    ...(stopUs === undefined ? {} : { stopUs }),
  }));
}

describe('output-buffered switch: conservation', () => {
  it('conserves credits and packets under overload and drains completely once the sources stop', () => {
    const topology = fatTreeTopology(4);
    const fabric = buildFabric({ topology, flows: overload(topology, 1000), bufferBytes: 4096, outputBufferBytes: 4096, crossbarSpeedup: 2, seed: 7 });
    for (let t = 50e-6; t <= 1e-3; t += 50e-6) {
      fabric.run(t);
      for (const row of fabric.auditCredits()) {
        expect(row.credits + row.inFlight + row.buffered + row.creditsReturning, `${row.port} VL ${row.vl} at ${t}`).toBe(row.capacity);
      }
      const ledger = fabric.packetLedger();
      expect(ledger.injected).toBe(ledger.delivered + ledger.inNetwork);
    }
    expect(fabric.packetLedger().inNetwork).toBeGreaterThan(20);
    const m1 = fabric.measurements();
    expect(m1.ports.find((p) => p.name === 'e0_0:1')!.utilization).toBeGreaterThan(0.97);
    fabric.run(1e-2);
    const m = fabric.measurements();
    const delivered = m.flows.reduce((s, f) => s + f.delivered, 0);
    expect(fabric.packetLedger()).toEqual({ injected: fabric.packetLedger().delivered, delivered: fabric.packetLedger().delivered, inNetwork: 0 });
    expect(delivered).toBeGreaterThan(0);
    for (const row of fabric.auditCredits()) expect(row.credits, `${row.port} VL ${row.vl}`).toBe(row.capacity);
  });
});

describe('output-buffered switch: bad options', () => {
  const base = { topology: singleSwitchTopology(2), flows: [{ name: 'f', source: 'h0', destination: 'h1' }] };
  it.each([
    [{ outputBufferBytes: 1024 }, /outputBufferBytes.*at least one MTU.*2048.*1024/],
    [{ outputBufferBytes: -1 }, /outputBufferBytes/],
    [{ crossbarSpeedup: 2 }, /crossbarSpeedup.*outputBufferBytes > 0/],
    [{ outputBufferBytes: 8192, crossbarSpeedup: 0.5 }, /crossbarSpeedup.*1\.\.16.*0\.5/],
    [{ outputBufferBytes: 8192, crossbarSpeedup: Number.NaN }, /crossbarSpeedup/],
  ])('%o is refused naming the option', (bad, message) => {
    expect(() => buildFabric({ ...base, ...bad })).toThrow(message);
  });
});

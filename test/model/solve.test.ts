import { describe, expect, it } from 'vitest';
import { gege1, gege1n } from '../../src/me/index.js';
import { solveFabric, type ModelNetwork, type ModelPort } from '../../src/model/index.js';

const RR = { high: [], low: [{ vl: 0, weight: 1 }, { vl: 1, weight: 1 }], limitOfHighPriority: 255 };

function port(name: string, o: Partial<ModelPort> = {}): ModelPort {
  return { name, rate: 1e9, delay: 0, exponential: true, host: true, downstreamBufferBytes: Infinity, downstreamLatency: 0, arbitration: RR, ...o };
}

/** One host port sending to a host: the flow's send queue is the only queue. */
function oneLink(lambda: number, ca2: number, sendQueuePackets: number, delay = 0): ModelNetwork {
  return {
    ports: [port('h0', { delay })],
    flows: [{ name: 'f', path: [0], vls: [0], lambda, ca2, meanBytes: 1000, secondMomentBytes: 1e6, sendQueuePackets }],
    vls: 2,
    cutThrough: true,
  };
}

describe('solveFabric: one link, one flow', () => {
  it.each([
    [0.7e6, 3, 6],
    [0.5e6, 1, 2],
    [1.3e6, 5, 10],
  ])('GE traffic λ=%d, Ca²=%d, exponential link, send queue %d → GE/GE/1/N (src/me) to 1e-9', (lambda, ca2, n) => {
    const r = solveFabric(oneLink(lambda, ca2, n, 50e-9));
    const q = gege1n({ lambda, mu: 1e6, ca2, cs2: 1, capacity: n });
    const f = r.flows[0]!;
    expect(Math.abs(f.latency - (q.responseTime + 50e-9) * 1e6) / f.latency).toBeLessThan(1e-9);
    expect(Math.abs(f.throughput - (q.throughput * 8000) / 1e9) / f.throughput).toBeLessThan(1e-9);
    expect(r.diagnostics.converged).toBe(true);
  });

  it('an unbounded send queue → GE/GE/1 (src/me) to 1e-9', () => {
    const r = solveFabric(oneLink(0.6e6, 4, Infinity));
    const q = gege1({ lambda: 0.6e6, mu: 1e6, ca2: 4, cs2: 1 });
    expect(Math.abs(r.flows[0]!.latency - q.responseTime * 1e6) / r.flows[0]!.latency).toBeLessThan(1e-9);
    expect(r.flows[0]!.flags).toEqual([]);
  });

  it('a greedy source → capped by its port at the link rate, flagged saturated', () => {
    const r = solveFabric(oneLink(Infinity, 1, Infinity));
    expect(r.flows[0]!.throughput).toBeCloseTo(8, 9);
    expect(r.flows[0]!.cappedBy).toBe('h0');
    expect(r.flows[0]!.flags).toContain('saturated');
    expect(r.saturation.cappingResources).toEqual(['h0']);
  });
});

describe('solveFabric: the record', () => {
  it('is plain data (JSON round trip keeps every field) and displays itself in a notebook: facts, flows and ports tables', () => {
    const r = solveFabric(oneLink(0.5e6, 1, 4));
    expect(JSON.parse(JSON.stringify(r)).metrics).toEqual(JSON.parse(JSON.stringify(r.metrics)));
    const display = (r as unknown as Record<symbol, () => Record<string, string>>)[Symbol.for('Jupyter.display')]!;
    const bundle = display.call(r);
    expect(bundle['text/plain']).toMatch(/^The fabric, analytically/);
    expect(bundle['text/plain']).toMatch(/converged in \d+ iterations/);
    expect(bundle['text/html']).toContain('<table');
    expect(Object.isFrozen(r.flows[0])).toBe(true);
  });
});

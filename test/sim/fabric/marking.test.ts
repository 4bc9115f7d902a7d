/**
 * Switch-side marking wired into the fabric: marks appear only where an output is congested, the
 * destination echoes them, and the sources' rate controllers respond.
 */
import { describe, expect, it } from 'vitest';
import { singleSwitchTopology, twoSwitchTopology } from '../../../src/network/index.js';
import { buildFabric, type MarkingSpec, type RateControlSpec } from '../../../src/sim/fabric/index.js';

const R = 2.5e9 / 8 / 2048; // MTU packets per second of a 2.5 Gb/s link

function hotspot(marking: MarkingSpec, rateControl: RateControlSpec) {
  // h1 and h2 greedy into h0 (congested output S:1); h3 → h4 alone on its path (S:5).
  const fabric = buildFabric({
    topology: singleSwitchTopology(5),
    vls: 1,
    bufferBytes: 8 * 2048,
    marking,
    flows: [
      { name: 'a', source: 'h1', destination: 'h0', rateControl },
      { name: 'b', source: 'h2', destination: 'h0', rateControl },
      { name: 'alone', source: 'h3', destination: 'h4', rateControl },
    ],
  });
  fabric.run(0.02, 0.002);
  return fabric.measurements();
}

describe('switch-side marking in the fabric', () => {
  it('no marking: nothing is marked and rates stay at R_max', () => {
    const m = hotspot({ kind: 'none' }, { kind: 'fimd', rMin: R / 256, n: 4 });
    expect(m.flows.every((f) => f.marked === 0)).toBe(true);
    expect(m.flows[0]!.meanInjectionRate).toBeCloseTo(R, 6);
  });

  it.each([
    ['ecn', { kind: 'ecn' } as MarkingSpec],
    ['ibcc', { kind: 'ibcc', threshold: 8 } as MarkingSpec],
  ])('%s: only the congested output marks; its sources slow down, the lone flow does not', (_name, marking) => {
    const rc: RateControlSpec = marking.kind === 'ibcc' ? { kind: 'ibcc' } : { kind: 'fimd', rMin: R / 256, n: 4 };
    const m = hotspot(marking, rc);
    const marks = Object.fromEntries(m.ports.map((p) => [p.name, p.marks]));
    expect(marks['S:1']).toBeGreaterThan(0);
    expect(marks['S:5']).toBe(0);
    expect(m.flows[0]!.marked + m.flows[1]!.marked).toBeGreaterThan(0);
    expect(m.flows[2]!.marked).toBe(0);
    expect(m.flows[0]!.meanInjectionRate).toBeLessThan(0.9 * R);
    expect(m.flows[2]!.meanInjectionRate).toBeCloseTo(R, 6);
    expect(m.flows[2]!.throughputGbps).toBeGreaterThan(2.45);
  });

  it('ibcc marks per port-VL: the congested VL is marked, a light VL on the same output is not', () => {
    const fabric = buildFabric({
      topology: singleSwitchTopology(4),
      vls: 2,
      marking: { kind: 'ibcc', threshold: 8 },
      flows: [
        { name: 'a', source: 'h1', destination: 'h0', sl: 0, rateControl: { kind: 'ibcc' } },
        { name: 'b', source: 'h2', destination: 'h0', sl: 0, rateControl: { kind: 'ibcc' } },
        { name: 'light', source: 'h3', destination: 'h0', sl: 1, traffic: { kind: 'cbr', rate: 0.05 * R } },
      ],
    });
    fabric.run(0.02, 0.002);
    const port = fabric.measurements().ports.find((p) => p.name === 'S:1')!;
    expect(port.marksPerVl[0]).toBeGreaterThan(0);
    expect(port.marksPerVl[1]).toBe(0);
    expect(port.marks).toBe(port.marksPerVl[0]! + port.marksPerVl[1]!);
  });

  it('ibcc: the root (Bc, with credits) marks; the victim port A:1, full but out of credits, does not', () => {
    // Thesis Fig. 3.1 without rate control: Bc is congested by local and remote; A's output to B
    // holds remote packets blocked for credits (a victim), so without Victim_Mask it never marks.
    const fabric = buildFabric({
      topology: twoSwitchTopology(),
      vls: 1,
      marking: { kind: 'ibcc', threshold: 15 },
      flows: [
        { name: 'local', source: 'B1', destination: 'Bc' },
        { name: 'remote', source: 'A1', destination: 'Bc' },
        { name: 'a2', source: 'Av', destination: 'Bc' },
      ],
    });
    fabric.run(0.01, 0.001);
    const m = fabric.measurements();
    const port = (name: string) => m.ports.find((p) => p.name === name)!;
    expect(port('A:1').creditStallTime).toBeGreaterThan(0.5 * m.duration);
    expect(port('B:3').marks).toBeGreaterThan(0);
    expect(port('A:1').marks).toBe(0);
  });

  it('ibcc: once the congestion is gone the CCTI_Timer brings the throttled source back to line rate', () => {
    // h1 and h2 greedy into h0 until h2 stops at 2 ms; both CCTIs then fall by one per CCTI_Timer
    // (153.6 µs) until the rate limits are B again.
    const make = () =>
      buildFabric({
        topology: singleSwitchTopology(3),
        vls: 1,
        bufferBytes: 8 * 2048,
        marking: { kind: 'ibcc', threshold: 8 },
        flows: [
          { name: 'a', source: 'h1', destination: 'h0', rateControl: { kind: 'ibcc' } },
          { name: 'b', source: 'h2', destination: 'h0', rateControl: { kind: 'ibcc' }, stopUs: 2000 },
        ],
      });
    const during = make();
    during.run(0.002, 0.001);
    expect(during.measurements().flows[0]!.meanInjectionRate).toBeLessThan(0.9 * R);
    const after = make();
    after.run(0.02, 0.015);
    expect(after.measurements().flows[0]!.meanInjectionRate).toBeCloseTo(R, 6);
    // b, stopped, gets no ACK any more: only its timer events lower its CCTI.
    expect(after.measurements().flows[1]!.meanInjectionRate).toBeCloseTo(R, 6);
  });
});

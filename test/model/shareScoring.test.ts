/**
 * The SL-share acceptance point's scoring (benchmarks/fabric-model-reference/slShare.ts): a port is scored only where
 * the simulator's 95 % half-width of SL 1's share is within 2 % of that share (issue 31's rule for every point).
 * Rows and model shares are made by hand; the expected numbers are their arithmetic.
 */
import { describe, expect, it } from 'vitest';
import type { FabricModelResult } from '../../src/model/index.js';
import { simSl1ShareHalfWidth, slShareAcceptance } from '../../benchmarks/fabric-model-reference/slShare.js';

/** A summary row: [util, hw, creditStall, hw, VL 0 Gb/s, hw, VL 1 Gb/s, hw]. */
const row = (vl0: number, hw0: number, vl1: number, hw1: number) => [0.99, 0.001, 0, 0, vl0, hw0, vl1, hw1];

/** A model result with two VLs on each named port: [VL 0, VL 1] utilisations. */
function model(ports: Record<string, [number, number]>): FabricModelResult {
  const channels = Object.entries(ports).flatMap(([port, [a, b]]) => [
    { port, vl: 0, utilization: a },
    { port, vl: 1, utilization: b },
  ]);
  const list = Object.entries(ports).map(([name, [a, b]]) => ({ name, utilization: a + b }));
  return { channels, ports: list } as unknown as FabricModelResult;
}

describe('slShareAcceptance → scores only the ports the simulator decides', () => {
  it('simSl1ShareHalfWidth → SL 1 half-width over the port total', () => {
    expect(simSl1ShareHalfWidth(row(4, 0.1, 12, 0.2), 2)).toBeCloseTo(0.2 / 16, 15);
  });

  it('an undecided port off by 0.2 leaves the case holding; every-port count kept beside', () => {
    const sim = {
      's0:1': row(4, 0.05, 12, 0.1), // share 0.75, hw 0.1/16 = 0.00625 ≤ 0.015: scored
      's0:2': row(8, 0.5, 8, 0.5), // share 0.5, hw 0.5/16 = 0.03125 > 0.01: not scored
      'h0': row(8, 0, 8, 0), // a host port: never counted
    };
    const acc = slShareAcceptance(model({ 's0:1': [0.25, 0.74], 's0:2': [0.3, 0.69] }), sim, 2);
    expect(acc.ports).toBe(2);
    expect(acc.scored).toBe(1);
    expect(acc.within).toBe(1);
    expect(acc.withinAll).toBe(1);
    expect(acc.holds).toBe(true);
    expect(acc.holdsAllPorts).toBe(false);
  });

  it('a scored port off by more than 0.03 fails the case', () => {
    const acc = slShareAcceptance(model({ 's0:1': [0.3, 0.69] }), { 's0:1': row(4, 0.05, 12, 0.1) }, 2);
    expect(acc.scored).toBe(1);
    expect(acc.within).toBe(0);
    expect(acc.holds).toBe(false);
  });

  it('no decided port → the point does not apply', () => {
    const acc = slShareAcceptance(model({ 's0:2': [0.5, 0.49] }), { 's0:2': row(8, 0.5, 8, 0.5) }, 2);
    expect(acc.holds).toBeUndefined();
    expect(acc.holdsAllPorts).toBe(true);
  });
});

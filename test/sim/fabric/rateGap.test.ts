/**
 * What a rate change does to the gap before a flow's next packet (`rateControl.gap`, the scenario's
 * `rateGap`): with 'rescale' a source never injects faster than its rate limit r — the rest of the
 * gap is rescaled at every change — so its packets per second stay at or below the time-average of
 * r; with 'shorten' (a slower rate leaves the pending gap alone) it injects faster than r after each
 * decrease. The set-up: three greedy FIMD sources into one output of a single switch (4-packet
 * buffers, the thesis's ECN marking), every source deterministic.
 */
import { describe, expect, it } from 'vitest';
import { InvalidParameterError } from '../../../src/core/errors.js';
import { singleSwitchTopology } from '../../../src/network/index.js';
import { buildFabric, type GapRule } from '../../../src/sim/fabric/index.js';

const R = 2.5e9 / 8 / 2048; // MTU packets per second of a 2.5 Gb/s link

function hotspot(gap: GapRule | undefined) {
  const rateControl = { kind: 'fimd', rMin: R / 256, n: 4, start: 'rMin', ...(gap === undefined ? {} : { gap }) } as const;
  const fabric = buildFabric({
    topology: singleSwitchTopology(4),
    vls: 1,
    bufferBytes: 4 * 2048,
    marking: { kind: 'ecn', outputs: 'congested' },
    ackBytes: 30,
    flows: ['h1', 'h2', 'h3'].map((source) => ({ name: source, source, destination: 'h0', rateControl })),
  });
  fabric.run(0.052, 0.002);
  return fabric.measurements();
}

describe('rate control: the pending inter-packet gap', () => {
  it("'rescale': every source sends at most its time-average rate limit (it injects at r, never faster)", () => {
    const m = hotspot('rescale');
    for (const f of m.flows) {
      expect(f.marked).toBeGreaterThan(0); // the law acts
      // Two packets of slack for the packets in flight at the ends of the 50 ms window.
      expect(f.throughputPackets).toBeLessThanOrEqual(f.meanInjectionRate + 2 / m.duration);
    }
  });

  it("'shorten' (the default of a fabric flow): sources send faster than their time-average rate limit", () => {
    for (const m of [hotspot('shorten'), hotspot(undefined)]) {
      for (const f of m.flows) expect(f.throughputPackets).toBeGreaterThan(1.005 * f.meanInjectionRate);
    }
  });

  it("'restart' and 'fixed' change the run; a bad rule is refused, naming the flow's field", () => {
    const shorten = hotspot('shorten').flows[0]!.throughputPackets;
    expect(hotspot('restart').flows[0]!.throughputPackets).not.toBeCloseTo(shorten, 0);
    expect(hotspot('fixed').flows[0]!.throughputPackets).not.toBeCloseTo(shorten, 0);
    expect(() => hotspot('sooner' as GapRule)).toThrow(InvalidParameterError);
    expect(() => hotspot('sooner' as GapRule)).toThrow(/flows\[0\]\.rateControl\.gap/);
  });
});

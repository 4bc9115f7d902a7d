/**
 * `hostArbitration`: host (CA) output ports run their own VL arbitration tables (OpenSM's qos_ca_),
 * switch ports `arbitration` (qos_swe_). One host sends two saturated flows on VL 0 and VL 1: its
 * own port is the bottleneck, so its table alone sets the split (weights in 64-byte units, 2048-byte
 * packets cost 32: weights 32 : 96 send one VL-0 packet per three VL-1 packets).
 */
import { describe, expect, it } from 'vitest';
import { buildFabric, singleSwitchTopology } from '../../../../src/index.js';

function split(hostArbitration?: { high: never[]; low: { vl: number; weight: number }[]; limitOfHighPriority: number }): number {
  const fabric = buildFabric({
    topology: singleSwitchTopology(2),
    vls: 2,
    arbitration: { high: [], low: [{ vl: 0, weight: 32 }, { vl: 1, weight: 32 }], limitOfHighPriority: 255 },
    ...(hostArbitration !== undefined ? { hostArbitration } : {}),
    flows: [
      { name: 'vl0', source: 'h0', destination: 'h1', sl: 0 },
      { name: 'vl1', source: 'h0', destination: 'h1', sl: 1 },
    ],
  });
  fabric.run(0.004, 0.001);
  const [a, b] = fabric.measurements().flows;
  return b!.delivered / a!.delivered;
}

describe('hostArbitration', () => {
  it('host ports follow their own table (1 : 3), switch ports theirs; absent, hosts use arbitration (1 : 1)', () => {
    expect(split({ high: [], low: [{ vl: 0, weight: 32 }, { vl: 1, weight: 96 }], limitOfHighPriority: 255 })).toBeCloseTo(3, 1);
    expect(split()).toBeCloseTo(1, 1);
  });

  it('is checked like arbitration, errors naming hostArbitration', () => {
    expect(() =>
      buildFabric({
        topology: singleSwitchTopology(2),
        hostArbitration: { high: [], low: [{ vl: 15, weight: 1 }], limitOfHighPriority: 255 },
        flows: [{ name: 'f', source: 'h0', destination: 'h1' }],
      }),
    ).toThrow(/^hostArbitration\.low\[0\]\.vl must be/);
  });
});

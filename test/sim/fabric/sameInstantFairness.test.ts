/**
 * The bare mechanism of the same-instant tie (docs/fabric-model.md, measurement 136; crossbar.ts
 * `txEnd`/`choose`, events.ts EV_CHOOSE) on thesis Fig. 3.1's two switches, no rate control, FIFO
 * input buffers (the default), 2048-byte packets, every flow saturating: local B1→Bc (VL 1), remote
 * A1→Bc (VL 0), victim Av→Bv on its own VL 2, equal WRR weights. Switch B's input from A feeds Bc
 * (remote) and Bv (victim), one output at a time. Every transmission lasts one packet time, so output
 * Bc ends a local packet at the instant the input from A ends a victim packet to Bv. When Bc chose
 * before that end was processed it saw the input busy and took B1 again, at every packet: on the
 * former order the remote flow got 0.04 Gb/s of its 1.25.
 *
 * Reference (exact arithmetic, the max-min fair rates under IBA §7.6.9's VL arbitration, equal
 * weights): Bc splits its 2.5 Gb/s between VL 0 and VL 1, 1.25 each; link A→B carries the remote's
 * 1.25 and leaves the victim 2.5 − 1.25 = 1.25. The OMNeT++ IB model's switch input also sends one
 * packet at a time in Gran's configurations (`ibuf.maxBeingSent = 1`) and its outputs choose on a
 * later message than the input's end ("done"), so the same shares follow there.
 */
import { describe, expect, it } from 'vitest';
import { twoSwitchTopology } from '../../../src/network/index.js';
import { buildFabric } from '../../../src/sim/fabric/index.js';

const LINK_GBPS = 2.5;
const R = (LINK_GBPS * 1e9) / 8 / 2048;

const shares = (inputQueueing: 'fifo' | 'voq'): Record<string, number> => {
  const fabric = buildFabric({
    topology: twoSwitchTopology(),
    vls: 3,
    bufferBytes: 4 * 2048,
    inputQueueing,
    arbitration: { high: [], low: [0, 1, 2].map((vl) => ({ vl, weight: 32 })), limitOfHighPriority: 255 },
    flows: [
      { name: 'local', source: 'B1', destination: 'Bc', sl: 1 },
      { name: 'remote', source: 'A1', destination: 'Bc', sl: 0 },
      { name: 'victim', source: 'Av', destination: 'Bv', sl: 2, traffic: { kind: 'poisson', rate: R }, sendQueuePackets: 64 },
    ],
    seed: 1,
  });
  fabric.run(0.02, 0.002);
  return Object.fromEntries(fabric.measurements().flows.map((f) => [f.name, f.throughputGbps]));
};

describe('same-instant ends: an input freed at the instant an output ends is seen free by that output', () => {
  it.each(['fifo', 'voq'] as const)('%s inputs: Bc and link A→B are shared max-min fair (1.25 Gb/s each, within 2 %%)', (q) => {
    const t = shares(q);
    const fair = LINK_GBPS / 2;
    for (const name of ['local', 'remote', 'victim']) expect(Math.abs(t[name]! / fair - 1), `${name} ${t[name]}`).toBeLessThan(0.02);
  });
});

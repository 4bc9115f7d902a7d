/**
 * The head and FIFO formulas of src/model/queues/heads.ts on networks whose answer is known in closed form.
 */
import { describe, expect, it } from 'vitest';
import { fabricModelNetwork, solveFabric } from '../../src/model/index.js';
import { singleSwitchTopology } from '../../src/network/index.js';

const MTU_US = (2048 * 8) / 2.5e3; // one 2 KB packet on a 2.5 Gb/s link, µs

describe('the tandem identity of link and FIFO (docs/models.md §13.5)', () => {
  it('a host feeding a switch output half as fast: send queue + input buffer wait as one M/D/1 queue of the slower transmission (Pollaczek–Khinchine), to 1e-6', () => {
    // h0 → S → h1, the second link at 1.25 Gb/s: every packet's head time at the switch (2x) is at least
    // its transmission on the host link (x), so d2_n = max(a_n + x, d2_{n−1}) + 2x: the two queues wait as
    // one M/D/1 of service 2x. Buffers of 64 packets: credits never bind.
    const topo = singleSwitchTopology(2);
    const links = topo.links.map((l, i) => ({ ...l, rateGbps: i === 0 ? 2.5 : 1.25 }));
    const rho = 0.6; // of the slower link
    const rate = rho / (2 * MTU_US * 1e-6);
    const r = solveFabric(fabricModelNetwork({ topology: { ...topo, links }, vls: 1, bufferBytes: 64 * 2048, flows: [{ name: 'f', source: 'h0', destination: 'h1', traffic: { kind: 'poisson', rate } }] }));
    const s = 2 * MTU_US;
    const wq = (rho * s) / (2 * (1 - rho)); // M/D/1
    const fixed = s + 0.01 + 0.1 + 0.01; // cut-through: the slower transmission, two links of 10 ns, a switch of 100 ns
    const f = r.flows[0]!;
    expect(Math.abs(f.fixedLatency - fixed) / fixed).toBeLessThan(1e-12);
    expect(Math.abs(f.latency - (fixed + wq)) / (fixed + wq)).toBeLessThan(1e-6);
  });
});

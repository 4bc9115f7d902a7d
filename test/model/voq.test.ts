/**
 * The wait at a switch output fed by virtual output queues (src/model/queues/voq.ts voqOutputWait,
 * docs/models.md §13.4, H31g change 56): hosts' send queues (M/D/1 departures, spaced by their
 * transmissions) into one VoQ switch and out to one host — the output is an output-queued switch's,
 * the bare mechanism that test/fixtures/floor/make_spacing_reference.py simulates ("links": several
 * links, each an M/D/1 queue's departures, merged into an FCFS output of the same rate). The model's
 * head wait at that output, from a whole solve, against those simulations (the tolerance of
 * floor.test.ts: the identity is approximate for several links); one link alone waits nothing
 * (Lindley's recursion with inter-arrivals ≥ the service: exact).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fabricModelNetwork } from '../../src/model/spec/scenario.js';
import { solveModel } from '../../src/model/solve.js';

const ref = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'floor', 'spacing_reference.json'), 'utf8')) as {
  links: { shares: number[]; rho: number; wait: number; halfWidth: number }[];
};

const GBPS = 16;
const BYTES = 2048;
const X = (BYTES * 8) / (GBPS * 1e9);

/** Mean head wait (in transmissions) at the VoQ switch's output to host `out`, hosts 0..n−1 sending loads `loads` to it. */
function voqOutputWaitOf(loads: number[]): number {
  const n = loads.length;
  const hosts = [...loads.map((_, i) => ({ name: `h${i}` })), { name: 'out' }];
  const links = hosts.map((h, i) => ({ a: h.name, b: `S:${i + 1}`, rateGbps: GBPS }));
  const params = {
    topology: { switches: [{ name: 'S', ports: n + 1 }], hosts, links },
    vls: 1,
    slToVl: Array.from({ length: 16 }, () => 0),
    arbitration: { high: [], low: [{ vl: 0, weight: 32 }], limitOfHighPriority: 0 },
    mtu: BYTES,
    bufferBytes: 1 << 24,
    switchLatencyNs: 0,
    cutThrough: true,
    inputQueueing: 'voq',
    flows: loads.map((r, i) => ({ name: `f${i}`, source: `h${i}`, destination: 'out', sl: 0, traffic: { kind: 'poisson', rate: r / X }, packetBytes: BYTES })),
  };
  const net = fabricModelNetwork(params);
  const { m, s } = solveModel(net, 1e-9, 500, 1);
  const c = net.ports.findIndex((p) => p.name === `S:${n + 1}`) * m.V;
  let lw = 0;
  let l = 0;
  for (let i = m.intoStart[c]!; i < m.intoStart[c + 1]!; i++) {
    const t = m.intoOf[i]!;
    lw += s.lamT[t]! * s.headWait[t]!;
    l += s.lamT[t]!;
  }
  return lw / l / X;
}

describe('a VoQ switch output: an output-queued switch of spaced links (H31g, change 56)', () => {
  it('one link alone does not queue again: 0', () => {
    for (const rho of [0.3, 0.8, 0.95]) expect(voqOutputWaitOf([rho])).toBeLessThan(1e-9);
  });
  it('several links of M/D/1 departures merged: within 5 % of the bare simulation', () => {
    for (const c of ref.links) {
      const w = voqOutputWaitOf(c.shares.map((x) => x * c.rho));
      expect(Math.abs(w - c.wait) / c.wait).toBeLessThan(0.05);
    }
  });
});

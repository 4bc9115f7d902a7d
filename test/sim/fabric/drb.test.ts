/**
 * The DRB issue's acceptance tests: dateline VLs keep a saturated 4×4 torus running (and the
 * watchdog names the cycle of buffers without them); credits are conserved with DRB multipath on;
 * at 10 % load DRB keeps one path and matches static routing's latency; bad input.
 */
import { describe, expect, it } from 'vitest';
import { InvalidParameterError } from '../../../src/core/errors.js';
import { meshTopology } from '../../../src/network/index.js';
import { buildFabric, FabricDeadlockError } from '../../../src/sim/fabric/index.js';
import { drbFabric, parseDrbScenario, replicateDrbScenario } from '../../../src/studies/index.js';
import { RandomStreams } from '../../../src/sim/random/streams.js';
import { simulate } from '../../../src/sim/index.js';
import { thrownBy } from '../../helpers/errors.js';

/** A 4×4 torus, every host greedy to uniformly random hosts, two VLs, the watchdog at 100 µs. */
function saturatedTorus(datelines: boolean, inputQueueing: 'fifo' | 'voq' = 'fifo') {
  const topology = meshTopology(4, 4, { torus: true, datelines });
  return buildFabric({
    topology,
    vls: 2,
    inputQueueing,
    deadlockUs: 100,
    seed: 3,
    flows: topology.hosts.map((h) => ({ name: h.name, source: h.name, destination: 'uniform' })),
  });
}

describe('torus deadlock freedom', () => {
  it('with dateline VLs a saturated 4×4 torus runs 10 ms, delivering all the while', () => {
    const fabric = saturatedTorus(true);
    let delivered = 0;
    for (let t = 1e-3; t <= 10e-3 + 1e-12; t += 1e-3) {
      fabric.run(t);
      const now = fabric.packetLedger().delivered;
      expect(now, `deliveries in the ms before ${t}`).toBeGreaterThan(delivered + 500);
      delivered = now;
    }
    // Saturated: the network holds many packets at the end.
    expect(fabric.packetLedger().inNetwork).toBeGreaterThan(50);
  });

  it('without them the watchdog stops the run with an error naming a cycle of neighbouring buffers', () => {
    const e = thrownBy(FabricDeadlockError, () => saturatedTorus(false).run(10e-3));
    expect(e.message).toMatch(/fabric deadlock at t = .* µs: no packet moved for 100 µs; cycle of buffers/);
    expect(e.cycle.length).toBeGreaterThanOrEqual(3);
    // Consecutive buffers are input ports of neighbouring switches on one ring (same VL 0).
    for (const name of e.cycle) expect(name).toMatch(/^s[0-3]_[0-3]:[2-5] VL0$/);
    expect(new Set(e.cycle.map((n) => n.split(':')[1])).size).toBe(1);
  });

  it('with virtual output queues too: the watchdog names a cycle of input buffers (each buffer by its first waiting queue)', () => {
    const e = thrownBy(FabricDeadlockError, () => saturatedTorus(false, 'voq').run(10e-3));
    expect(e.message).toMatch(/fabric deadlock at t = .* µs: no packet moved for 100 µs; cycle of buffers/);
    expect(e.cycle.length).toBeGreaterThanOrEqual(3);
    for (const name of e.cycle) expect(name).toMatch(/^s[0-3]_[0-3]:[2-5] VL[01]$/);
  });
});

describe('DRB multipath', () => {
  it('conserves credits on every link and VL while paths open and close, and loses no packet', () => {
    const fabric = drbFabric(parseDrbScenario({ size: '4x4', routing: 'drb', load: 1500, pattern: 'bit-reversal' }), new RandomStreams(5));
    let opened = 0;
    for (let t = 50e-6; t <= 1e-3; t += 50e-6) {
      fabric.run(t);
      for (const row of fabric.auditCredits()) {
        expect(row.credits + row.inFlight + row.buffered + row.creditsReturning, `${row.port} VL ${row.vl} at ${t}`).toBe(row.capacity);
        expect(row.credits).toBeGreaterThanOrEqual(0);
      }
      const ledger = fabric.packetLedger();
      expect(ledger.injected).toBe(ledger.delivered + ledger.inNetwork);
      opened = Math.max(opened, ...fabric.openPaths());
    }
    expect(opened).toBeGreaterThan(1);
    // Packets used the alternative LIDs' VLs (datelines 0–1, alternatives 2…).
    const m = fabric.measurements();
    expect(m.ports.some((p) => p.packetsPerVl.slice(2).some((n) => n > 0))).toBe(true);
  });

  it('at 10 % load keeps one path and matches static routing latency within the confidence intervals', () => {
    const run = (routing: string) =>
      simulate({ scenario: 'drb', params: { size: '4x4', load: 250, routing } }, { seed: 11, replications: 4, until: 1e-3, warmup: 1e-4 }).metrics as unknown as {
        latencyUs: { mean: number; halfWidth: number };
        openPaths: { mean: number }[];
      };
    const drb = run('drb');
    const fixed = run('static');
    for (const sample of drb.openPaths) expect(sample.mean).toBe(1);
    expect(Math.abs(drb.latencyUs.mean - fixed.latencyUs.mean)).toBeLessThanOrEqual(drb.latencyUs.halfWidth + fixed.latencyUs.halfWidth);
  });

  it('asking more paths than the topology has disjoint ones: uses what exists and says so', () => {
    const out = replicateDrbScenario(parseDrbScenario({ topology: 'mesh', size: '4x2', routing: 'drb', paths: 8, load: 100, samples: 1 }), {
      streams: new RandomStreams(1),
      replication: 0,
      length: { until: 2e-4 },
      warmup: 0,
    });
    const disjoint = (out.metrics as Record<string, unknown>).disjointPaths as { min: number; mean: number };
    expect(disjoint.min).toBeGreaterThanOrEqual(1);
    expect(disjoint.mean).toBeLessThan(8);
  });
});

describe('drb scenario: bad input', () => {
  it('a load above the link rate → error naming load', () => {
    const e = thrownBy(InvalidParameterError, () => parseDrbScenario({ load: 3000 }));
    expect(e.parameter).toBe('load');
    expect(e.message).toMatch(/3000/);
  });

  it('a permutation pattern on a node count that is not a power of two → error naming size', () => {
    const e = thrownBy(InvalidParameterError, () => parseDrbScenario({ size: '6x6', pattern: 'perfect-shuffle' }));
    expect(e.parameter).toBe('size');
    expect(e.message).toMatch(/power of two.*36/s);
    expect(parseDrbScenario({ size: '6x6', pattern: 'uniform' }).size).toBe('6x6');
  });

  it('unknown routing, cc, topology, malformed size → errors naming them', () => {
    expect(thrownBy(InvalidParameterError, () => parseDrbScenario({ routing: 'adaptive' })).parameter).toBe('routing');
    expect(thrownBy(InvalidParameterError, () => parseDrbScenario({ cc: 'ecn' })).parameter).toBe('cc');
    expect(thrownBy(InvalidParameterError, () => parseDrbScenario({ topology: 'ring' })).parameter).toBe('topology');
    expect(thrownBy(InvalidParameterError, () => parseDrbScenario({ size: '8by8' })).parameter).toBe('size');
    expect(thrownBy(InvalidParameterError, () => parseDrbScenario({ topology: 'torus', size: '2x8' })).parameter).toBe('size');
  });

  it('DRB path selection on a fabric without multipath → error naming the flow field', () => {
    const topology = meshTopology(2, 2);
    const e = thrownBy(InvalidParameterError, () =>
      buildFabric({ topology, flows: [{ name: 'f', source: 'h0_0', destination: 'h1_1', pathSelection: { kind: 'drb' } }] }),
    );
    expect(e.parameter).toBe('flows[0].pathSelection.kind');
  });

  it('too few VLs for the routing → error naming vls', () => {
    const e = thrownBy(InvalidParameterError, () =>
      buildFabric({ topology: meshTopology(3, 3, { torus: true, datelines: true }), vls: 1, flows: [{ name: 'f', source: 'h0_0', destination: 'h1_1' }] }),
    );
    expect(e.parameter).toBe('vls');
  });
});

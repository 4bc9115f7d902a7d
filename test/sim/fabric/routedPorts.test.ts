/**
 * The `fabric` scenario's per-port metrics: the same ports in every replication (every port a route
 * of some flow can use, zero where one stayed idle), so replications whose uniform flows happened
 * to miss a destination still combine; a fabric without flows is refused with a clear error.
 */
import { describe, expect, it } from 'vitest';
import { InvalidParameterError, simulate, singleSwitchTopology, twoSwitchTopology } from '../../../src/index.js';

describe('fabric scenario ports', () => {
  it('a sparse uniform flow: every replication reports the 8 switch ports and the source, idle ones at 0', () => {
    // 4 packets/ms over 10 replications of 1 ms: some destination is missed in some replication
    // (before, records[4].utilization.S:x was missing and the run failed).
    const params = { topology: singleSwitchTopology(8), flows: [{ name: 'f', source: 'h0', destination: 'uniform', traffic: { kind: 'poisson', rate: 4000 } }] };
    const r = simulate({ scenario: 'fabric', params }, { replications: 10, until: 0.001 });
    const keys = Object.keys((r.metrics as Record<string, Record<string, unknown>>).utilization!).sort();
    // h0's port 1 never receives: the flow never sends to h0 itself, so S:1 carries nothing.
    expect(keys).toEqual(['S:2', 'S:3', 'S:4', 'S:5', 'S:6', 'S:7', 'S:8', 'h0']);
  });

  it('a fixed destination: only the route\'s ports (thesis Fig. 3.1: A1 → Bc leaves A1, A:1, B:3)', () => {
    const params = { topology: twoSwitchTopology(), flows: [{ name: 'f', source: 'A1', destination: 'Bc', traffic: { kind: 'poisson', rate: 1000 } }] };
    const r = simulate({ scenario: 'fabric', params }, { replications: 2, until: 0.001 });
    expect(Object.keys((r.metrics as Record<string, Record<string, unknown>>).utilization!).sort()).toEqual(['A1', 'A:1', 'B:3']);
  });

  it('no flows (a one-host fabric): refused, naming flows', () => {
    const params = { topology: singleSwitchTopology(1), flows: [] };
    expect(() => simulate({ scenario: 'fabric', params }, { replications: 2, until: 0.001 })).toThrow(InvalidParameterError);
    expect(() => simulate({ scenario: 'fabric', params }, { replications: 2, until: 0.001 })).toThrow(/flows must be at least one flow/);
  });
});

/**
 * Fabric runs that reduce to analytic models (the test may import the solvers; src/sim may not):
 * - one host, one switch port, one VL, Poisson arrivals into a K-packet send queue, exponential
 *   service on the host's link (a link with `service: 'exponential'`), a fast uncongested switch
 *   output: the send queue is M/M/1/K (ibqos me's gege1n with Ca² = Cs² = 1, and the closed form);
 * - the two-node credit set-up of docs/models.md §6: a host send queue of n packets (Node 1, exponential
 *   forwarding μ1) feeding a switch VL buffer of m packets (Node 2, exponential service μ2 towards
 *   the sink), store-and-forward, zero delays so credits return at once: solveCreditChain.
 * Judged by 99 % Student-t intervals over independent replications (STYLE.md habit 11).
 */
import { describe, expect, it } from 'vitest';
import { solveCreditChain } from '../../../src/credit/index.js';
import { gege1n } from '../../../src/me/index.js';
import { singleSwitchTopology } from '../../../src/network/index.js';
import { buildFabric, type FabricOptions } from '../../../src/sim/fabric/index.js';
import { confidenceInterval } from '../../../src/sim/stats/index.js';

const BYTES = 2048;
const gbps = (packetsPerSecond: number): number => (packetsPerSecond * BYTES * 8) / 1e9;

function replicate(options: (r: number) => FabricOptions, until: number, warmUp: number, pick: (f: ReturnType<typeof buildFabric>) => number[], R = 8): number[][] {
  const rows: number[][] = [];
  for (let r = 0; r < R; r++) {
    const fabric = buildFabric(options(r));
    fabric.run(warmUp + until, warmUp);
    rows.push(pick(fabric));
  }
  return rows[0]!.map((_, j) => rows.map((row) => row[j]!));
}

function expectInside(values: number[], exact: number, label: string): void {
  const ci = confidenceInterval(values, 0.99);
  expect(Math.abs(ci.mean - exact), `${label}: simulated ${ci.mean} ± ${ci.halfWidth}, analytic ${exact}`).toBeLessThanOrEqual(ci.halfWidth);
  expect(ci.halfWidth / exact, `${label}: interval too wide to mean anything`).toBeLessThan(0.1);
}

describe('fabric reductions to analytic models', () => {
  it('one host, one switch port, one VL: the send queue is M/M/1/K', () => {
    const mu = 6e4; // packets per second on the host link
    const lambda = 0.8 * mu;
    const K = 6;
    const spec = singleSwitchTopology(2);
    const topology = {
      ...spec,
      links: [
        { a: 'h0', b: 'S:1', rateGbps: gbps(mu), delayNs: 0, service: 'exponential' as const },
        { a: 'h1', b: 'S:2', rateGbps: 10, delayNs: 0 },
      ],
    };
    const [L, blocking, X] = replicate(
      (r) => ({
        topology,
        vls: 1,
        seed: 11,
        replication: r,
        flows: [{ name: 'f', source: 'h0', destination: 'h1', traffic: { kind: 'poisson', rate: lambda }, sendQueuePackets: K }],
      }),
      0.5,
      0.02,
      (fabric) => {
        const f = fabric.measurements().flows[0]!;
        return [f.meanSendQueue, f.sourceDrops / f.offered, f.throughputPackets];
      },
    );
    const me = gege1n({ lambda: 0.8, mu: 1, ca2: 1, cs2: 1, capacity: K });
    // Closed form of M/M/1/K (any queueing text): P(n) = ρ^n (1 − ρ)/(1 − ρ^(K+1)).
    const rho = 0.8;
    const p = Array.from({ length: K + 1 }, (_, n) => (rho ** n * (1 - rho)) / (1 - rho ** (K + 1)));
    const closedL = p.reduce((s, pn, n) => s + n * pn, 0);
    expect(me.meanQueueLength).toBeCloseTo(closedL, 10);
    expect(me.blockingProbability).toBeCloseTo(p[K]!, 10);
    expectInside(L!, me.meanQueueLength, 'L');
    expectInside(blocking!, me.blockingProbability, 'blocking');
    expectInside(X!, me.throughput * mu, 'throughput');
  });

  it('host send queue + switch VL buffer with credits: the credit tandem of solveCreditChain', () => {
    // docs/models.md §6 thesis rates λ = 5, μ1 = 6, μ2 = 8, scaled to 10^4 packets per second; n = 8, m = 3.
    const scale = 1e4;
    const n = 8;
    const m = 3;
    const topology = {
      ...singleSwitchTopology(2),
      links: [
        { a: 'h0', b: 'S:1', rateGbps: gbps(6 * scale), delayNs: 0, service: 'exponential' as const },
        { a: 'h1', b: 'S:2', rateGbps: gbps(8 * scale), delayNs: 0, service: 'exponential' as const },
      ],
    };
    const [L1, L2, T, blocked] = replicate(
      (r) => ({
        topology,
        vls: 1,
        bufferBytes: m * BYTES,
        cutThrough: false,
        switchLatencyNs: 0,
        seed: 5,
        replication: r,
        flows: [{ name: 'f', source: 'h0', destination: 'h1', traffic: { kind: 'poisson', rate: 5 * scale }, sendQueuePackets: n }],
      }),
      0.5,
      0.02,
      (fabric) => {
        const meas = fabric.measurements();
        const f = meas.flows[0]!;
        const buffer = meas.buffers.find((b) => b.name === 'S:1' && b.vl === 0)!;
        const hostPort = meas.ports.find((p) => p.name === 'h0')!;
        return [f.meanSendQueue, buffer.meanOccupancy, f.throughputPackets, hostPort.creditStallTime / meas.duration];
      },
    );
    const exact = solveCreditChain({ lambda: 5, mu1: 6, mu2: 8, upstreamCapacity: n, downstreamCapacity: m });
    expectInside(L1!, exact.meanQueueLength.upstream, 'L1');
    expectInside(L2!, exact.meanQueueLength.downstream, 'L2');
    expectInside(T!, exact.throughput * scale, 'T');
    expectInside(blocked!, exact.creditBlockedProbability, 'credit-blocked fraction');
  });
});

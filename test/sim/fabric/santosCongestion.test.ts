/**
 * The built-in scenario `santos-congestion` (Santos et al.'s set-up from the seed's notes): every
 * source greedy and deterministic, so the replications agree and the comparison is exact. Claims:
 * without rate control the victim is held to the remote flow's share of Bc (congestion spreading);
 * Santos et al.'s "LIPD can give highest utilisation" — LIPD delivers more in total and keeps the
 * root link busier than FIMD and AIMD.
 */
import { describe, expect, it } from 'vitest';
import { parseSantosCongestion } from '../../../src/studies/index.js';
import { simulate } from '../../../src/sim/index.js';

type Metrics = Record<'throughput' | 'utilization' | 'injectionRate', Record<string, { mean: number; halfWidth: number }>>;

const run = (rateControl: string): Metrics =>
  simulate({ scenario: 'santos-congestion', params: { rateControl } }, { seed: 1, replications: 2, until: 0.02, warmup: 0.002 }).metrics as unknown as Metrics;

describe('santos-congestion', () => {
  it('without rate control the root link is saturated and the victim gets only the remote flow’s share', () => {
    const m = run('none');
    expect(m.utilization.root!.mean).toBeGreaterThan(0.999);
    expect(m.throughput.victim!.mean).toBeCloseTo(m.throughput.remote!.mean, 2);
    expect(m.throughput.victim!.mean).toBeLessThan(1.25);
  });

  it('LIPD gives the highest utilisation of the three laws (Santos et al.)', () => {
    const [fimd, lipd, aimd] = ['fimd', 'lipd', 'aimd'].map(run) as [Metrics, Metrics, Metrics];
    for (const other of [fimd, aimd]) {
      expect(lipd.throughput.total!.mean).toBeGreaterThan(other.throughput.total!.mean);
      expect(lipd.utilization.root!.mean).toBeGreaterThan(other.utilization.root!.mean);
    }
    expect(lipd.throughput.total!.halfWidth).toBe(0); // deterministic: every replication the same
  });

  it('parse fills in defaults and names bad params', () => {
    expect(parseSantosCongestion({})).toEqual({ rateControl: 'none', rateRange: 256, startRate: 'max', bufferPackets: 4, linkGbps: 2.5, packetBytes: 2048 });
    expect(() => parseSantosCongestion({ rateControl: 'ibcc' })).toThrow(/rateControl/);
    expect(() => parseSantosCongestion({ rateRange: 1 })).toThrow(/rateRange/);
    expect(() => parseSantosCongestion({ victimLoad: 0.4 })).toThrow(/params\.victimLoad/);
  });
});

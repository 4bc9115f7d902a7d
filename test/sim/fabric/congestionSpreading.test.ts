/**
 * The built-in scenario `congestion-spreading` (thesis Fig. 3.1). Claims checked, with the run layer's
 * confidence intervals over seeded replications:
 * - without rate control the arbitration gives the high-priority local flow twice the low-priority
 *   remote flow's share of Bc (tables 2 : 1) and the victim collapses to the remote flow's rate;
 * - with rate control (FIMD, the thesis's PIPD-high/FIMD-low mix, IB CC) the victim recovers its
 *   offered load (1 Gb/s = 0.4 of the 2.5 Gb/s link);
 * - with PIPD the high-priority flow injects at a multiple of the low-priority one, and PIPD's
 *   low-priority rate is well above FIMD's (thesis Tables 3.2–3.3: 47 234 and 76 440 against
 *   18 537 and 20 148 packets/s).
 */
import { describe, expect, it } from 'vitest';
import { InvalidParameterError } from '../../../src/core/errors.js';
import { parseCongestionSpreading } from '../../../src/sim/fabric/index.js';
import { simulate } from '../../../src/sim/index.js';

type Interval = { mean: number; halfWidth: number; confidence: number };
type Metrics = Record<'throughput' | 'latency' | 'injectionRate' | 'markedFraction', Record<'local' | 'remote' | 'victim', Interval>>;

function run(rateControl: string, lowPriorityRateControl?: string): Metrics {
  const params = { rateControl, ...(lowPriorityRateControl ? { lowPriorityRateControl } : {}) };
  return simulate({ scenario: 'congestion-spreading', params }, { seed: 3, replications: 4, until: 0.04, warmup: 0.005 }).metrics as unknown as Metrics;
}

describe('congestion-spreading', () => {
  const none = run('none');
  const offeredVictim = 0.4 * 2.5; // Gb/s

  it('without rate control: local gets twice the remote share of Bc and the victim collapses to the remote rate', () => {
    const t = none.throughput;
    expect(t.local.mean + t.remote.mean).toBeCloseTo(2.5, 2); // Bc saturated
    expect(t.local.mean / t.remote.mean).toBeCloseTo(2, 2);
    expect(t.victim.mean).toBeLessThan(0.9 * offeredVictim);
    expect(Math.abs(t.victim.mean - t.remote.mean)).toBeLessThan(0.02);
    expect(none.latency.victim.mean).toBeGreaterThan(1000); // µs: its send queue is full
  });

  it.each([
    ['fimd', undefined],
    ['pipd', 'fimd'],
    ['ibcc', undefined],
  ])('with %s (low priority %s) the victim recovers its offered load', (rc, low) => {
    const m = run(rc, low);
    expect(m.throughput.victim.mean).toBeGreaterThan(0.95 * offeredVictim);
    expect(m.throughput.victim.mean).toBeGreaterThan(none.throughput.victim.mean + 0.1);
    expect(m.latency.victim.mean).toBeLessThan(none.latency.victim.mean / 2);
  });

  it("PIPD: high-priority rate a multiple of the low; PIPD's low-priority rate well above FIMD's", () => {
    const pipd = run('pipd');
    const mixed = run('pipd', 'fimd'); // thesis Table 3.3: PIPD on the high flow, FIMD on the low
    expect(pipd.injectionRate.local.mean / pipd.injectionRate.remote.mean).toBeGreaterThan(2);
    expect(pipd.injectionRate.remote.mean).toBeGreaterThan(2 * mixed.injectionRate.remote.mean);
  });

  it('parse rejects bad params, naming them', () => {
    expect(() => parseCongestionSpreading({ rateControl: 'red' })).toThrow(InvalidParameterError);
    expect(() => parseCongestionSpreading({ rateControl: 'red' })).toThrow(/rateControl/);
    expect(() => parseCongestionSpreading({ rateControl: 'ibcc', lowPriorityRateControl: 'fimd' })).toThrow(/lowPriorityRateControl/);
    expect(() => parseCongestionSpreading({ victimLoad: 0 })).toThrow(/victimLoad/);
    expect(() => parseCongestionSpreading({ speed: 1 })).toThrow(/params\.speed/);
    expect(parseCongestionSpreading({}).bufferPackets).toBe(16);
  });
});

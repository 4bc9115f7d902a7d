/**
 * DRB source rules (the DRB paper (Lugones et al.), §4.1 and §5): a path per 10 notifications up to the maximum, Eq. 1's
 * shares, closing one path per quiet timer period; and the IB CC variant's 10 BECNs per CCTI step.
 */
import { describe, expect, it } from 'vitest';
import { DrbSource, IbCcSource, IbCcSwitchMarker, InvalidParameterError } from '../../src/index.js';
import { thrownBy } from '../helpers/errors.js';

describe('DrbSource', () => {
  it('opens one path per 10 notifications, never more than maxPaths', () => {
    const drb = new DrbSource({ maxPaths: 3, timerPeriod: 1 });
    const counts: number[] = [];
    for (let i = 1; i <= 45; i++) {
      drb.onAck(0, true, 1e-6, i * 1e-6);
      counts.push(drb.openPaths);
    }
    expect(counts[8]).toBe(1);
    expect(counts[9]).toBe(2);
    expect(counts[18]).toBe(2);
    expect(counts[19]).toBe(3);
    expect(counts[44]).toBe(3);
    expect(drb.openings).toBe(2);
  });

  it('unmarked acknowledgements open nothing', () => {
    const drb = new DrbSource();
    for (let i = 0; i < 100; i++) drb.onAck(0, false, 1e-6, i * 1e-6);
    expect(drb.openPaths).toBe(1);
  });

  it('Eq. 1: shares proportional to 1/(B_i + 1) over the open paths', () => {
    const drb = new DrbSource({ maxPaths: 2, timerPeriod: 1, notificationsPerPath: 10 });
    for (let i = 0; i < 10; i++) drb.onAck(0, true, 1e-6, 0); // opens path 1; B = (10, 0)
    for (let i = 0; i < 2; i++) drb.onAck(1, true, 1e-6, 0); // B = (10, 2)
    expect(drb.notificationCounts()).toEqual([10, 2]);
    // weights 1/11 and 1/3: path 0 for u < (1/11)/(1/11 + 1/3) = 3/14
    expect(drb.choosePath(3 / 14 - 1e-9)).toBe(0);
    expect(drb.choosePath(3 / 14 + 1e-9)).toBe(1);
  });

  it('closes the last opened path at each quiet timer expiry, one per expiry, down to the original', () => {
    const drb = new DrbSource({ maxPaths: 4, timerPeriod: 100e-6 });
    for (let i = 0; i < 30; i++) drb.onAck(0, true, 1e-6, 10e-6); // 4 paths at 10 µs
    expect(drb.openPaths).toBe(4);
    drb.advance(100e-6); // a notification came in (0, 100 µs]: stays
    expect(drb.openPaths).toBe(4);
    drb.advance(200e-6);
    expect(drb.openPaths).toBe(3);
    drb.advance(450e-6);
    expect(drb.openPaths).toBe(1);
    expect(drb.closings).toBe(3);
  });

  it("share 'latency' weights paths by 1/latency", () => {
    const drb = new DrbSource({ maxPaths: 2, share: 'latency', latencyWeight: 1, notificationsPerPath: 1 });
    drb.onAck(0, true, 3e-6, 0);
    drb.onAck(1, false, 1e-6, 0);
    // weights 1/3 and 1: path 0 for u < 1/4
    expect(drb.choosePath(0.24)).toBe(0);
    expect(drb.choosePath(0.26)).toBe(1);
  });

  it('bad parameters → errors naming them', () => {
    expect(thrownBy(InvalidParameterError, () => new DrbSource({ maxPaths: 9 })).parameter).toBe('maxPaths');
    expect(thrownBy(InvalidParameterError, () => new DrbSource({ share: 'hops' as never })).parameter).toBe('share');
    const drb = new DrbSource();
    drb.advance(1);
    expect(thrownBy(InvalidParameterError, () => drb.onAck(0, true, 0, 0.5)).parameter).toBe('now');
  });
});

describe("IB CC: the seed's variant", () => {
  it('becnsPerIncrease 10: CCTI rises on every 10th BECN', () => {
    const src = new IbCcSource({ bandwidth: 1, timerPeriod: 1, becnsPerIncrease: 10 });
    for (let i = 0; i < 9; i++) src.onBecn(0);
    expect(src.ccti).toBe(0);
    src.onBecn(0);
    expect(src.ccti).toBe(1);
    for (let i = 0; i < 10; i++) src.onBecn(0);
    expect(src.ccti).toBe(2);
  });

  it("recovery 'quiet': an expiry lowers CCTI only after a period without BECN (seed §3); 'timer' at every expiry", () => {
    const quiet = new IbCcSource({ bandwidth: 1, timerPeriod: 1e-4, recovery: 'quiet' });
    const timer = new IbCcSource({ bandwidth: 1, timerPeriod: 1e-4 });
    for (const src of [quiet, timer]) {
      src.onBecn(0.5e-4);
      src.onBecn(0.6e-4); // CCTI 2
    }
    quiet.advance(1e-4); // the period [0, 1e-4) had BECNs: no step back
    timer.advance(1e-4);
    expect([quiet.ccti, timer.ccti]).toEqual([2, 1]);
    quiet.advance(3.5e-4); // [1e-4, 2e-4) and [2e-4, 3e-4) quiet: two steps back
    timer.advance(3.5e-4);
    expect([quiet.ccti, timer.ccti]).toEqual([0, 0]);
    // A BECN at the very time of an expiry counts for the next period (the expiry is applied first).
    const edge = new IbCcSource({ bandwidth: 1, timerPeriod: 1e-4, recovery: 'quiet' });
    edge.onBecn(0.5e-4);
    edge.onBecn(1e-4); // CCTI 2; the expiry at 1e-4 closes a period with a BECN
    edge.advance(2e-4); // the period [1e-4, 2e-4) holds the BECN at 1e-4
    expect(edge.ccti).toBe(2);
    edge.advance(3.5e-4);
    expect(edge.ccti).toBe(1);
    expect(thrownBy(InvalidParameterError, () => new IbCcSource({ bandwidth: 1, recovery: 'sometimes' as never })).parameter).toBe('recovery');
  });

  it('thresholdFraction 0.8: marked from 80 % of the buffer (seed §5)', () => {
    const m = new IbCcSwitchMarker({ threshold: 15, capacity: 8192, thresholdFraction: 0.8 });
    expect(m.thresholdOccupancy).toBeCloseTo(6553.6, 9);
    expect(m.onDeparture(6553, true, 2048)).toBe(false);
    expect(m.onDeparture(6554, true, 2048)).toBe(true);
    expect(new IbCcSwitchMarker({ threshold: 0, capacity: 8192, thresholdFraction: 0.8 }).thresholdOccupancy).toBe(Infinity);
  });
});

/**
 * The marking state machines and the IB CC source on scripted histories: the thesis's cnt1/cnt2
 * counters (expected marks from the independent script and by hand from docs/models.md §10), IB CC
 * switch marking (threshold mapping, root/victim, Victim_Mask, Packet_Size, Marking_Rate) and the
 * CCTI arithmetic (increase, limit, timer decrease, rate B/(1 + IRD)).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  defaultCongestionControlTable,
  EcnMarker,
  IB_CC_SEED_PARAMETERS,
  IBA_CCTI_TIMER_UNIT,
  IbCcSource,
  IbCcSwitchMarker,
  InvalidParameterError,
  seededStream,
  thresholdOccupancy,
} from '../../src/index.js';

const REF = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'congestion', 'reference.json'), 'utf8')) as {
  ecn: { outputs: number; history: ['enq' | 'full' | 'deq', number][]; marks: boolean[]; finalCnt1: number[]; finalCnt2: number[] };
  ibcc: {
    params: { bandwidth: number; cctiIncrease: number; cctiLimit: number; cctiMin: number; timerPeriod: number };
    becns: number[];
    queries: number[];
    expected: { time: number; ccti: number; ird: number; rateLimit: number }[];
  };
};

describe('EcnMarker (thesis cnt1/cnt2)', () => {
  it('marks on a scripted two-link history exactly as the independent script does', () => {
    const ecn = new EcnMarker(REF.ecn.outputs);
    const marks: boolean[] = [];
    for (const [kind, o] of REF.ecn.history) {
      if (kind === 'enq') ecn.onEnqueue(o);
      else if (kind === 'full') ecn.onBufferFull(o);
      else marks.push(ecn.onDequeue(o));
    }
    expect(marks).toEqual(REF.ecn.marks);
    expect([ecn.waiting(0), ecn.waiting(1)]).toEqual(REF.ecn.finalCnt1);
    expect([ecn.pendingMarks(0), ecn.pendingMarks(1)]).toEqual(REF.ecn.finalCnt2);
  });

  it('by hand (docs/models.md §10): 3 waiting when the buffer fills → the next 3 departures are marked, the 4th (arrived after) is not', () => {
    const ecn = new EcnMarker(1);
    ecn.onEnqueue(0);
    ecn.onEnqueue(0);
    ecn.onEnqueue(0);
    ecn.onBufferFull(0);
    expect([ecn.waiting(0), ecn.pendingMarks(0)]).toEqual([3, 3]);
    ecn.onEnqueue(0);
    expect([ecn.onDequeue(0), ecn.onDequeue(0), ecn.onDequeue(0), ecn.onDequeue(0)]).toEqual([true, true, true, false]);
    expect([ecn.waiting(0), ecn.pendingMarks(0)]).toEqual([0, 0]);
  });

  it('a second fill overwrites cnt2 with the current cnt1', () => {
    const ecn = new EcnMarker(1);
    for (let i = 0; i < 4; i++) ecn.onEnqueue(0);
    ecn.onBufferFull(0); // cnt2 = 4
    ecn.onDequeue(0);
    ecn.onDequeue(0); // cnt1 = 2, cnt2 = 2
    ecn.onEnqueue(0);
    ecn.onBufferFull(0); // cnt2 = cnt1 = 3
    expect(ecn.pendingMarks(0)).toBe(3);
  });

  it('bad calls throw and change nothing', () => {
    const ecn = new EcnMarker(2);
    expect(() => ecn.onDequeue(0)).toThrow(/^output must be an output link with a waiting packet/);
    expect(() => ecn.onEnqueue(2)).toThrow(/^output must be an integer in 0\.\.1, got 2$/);
    expect(() => ecn.onEnqueue(0.5)).toThrow(InvalidParameterError);
    expect([ecn.waiting(0), ecn.waiting(1)]).toEqual([0, 0]);
    expect(() => new EcnMarker(0)).toThrow(/^outputs must be an integer >= 1, got 0$/);
  });
});

describe('IB CC switch marking', () => {
  it('threshold weight → occupancy: capacity·(16 − w)/16, 0 = never', () => {
    expect(thresholdOccupancy(15, 32)).toBe(2);
    expect(thresholdOccupancy(1, 32)).toBe(30);
    expect(thresholdOccupancy(8, 4)).toBe(2);
    expect(thresholdOccupancy(0, 32)).toBe(Infinity);
    expect(() => thresholdOccupancy(16, 32)).toThrow(/^threshold must be an integer in 0\.\.15, got 16$/);
    expect(() => thresholdOccupancy(3, 0)).toThrow(/^capacity must be a finite number > 0/);
  });

  it('root (credits) over the threshold marks; victim (no credits) does not unless Victim_Mask; under the threshold never', () => {
    const sw = new IbCcSwitchMarker({ threshold: 8, capacity: 16 }); // threshold occupancy 8
    expect(sw.onDeparture(8, true, 1)).toBe(true);
    expect(sw.onDeparture(7.9, true, 1)).toBe(false);
    expect(sw.onDeparture(16, false, 1)).toBe(false);
    const masked = new IbCcSwitchMarker({ threshold: 8, capacity: 16, victimMask: true });
    expect(masked.onDeparture(16, false, 1)).toBe(true);
    expect(masked.isCongested(7, false)).toBe(false);
    const never = new IbCcSwitchMarker({ threshold: 0, capacity: 16 });
    expect(never.onDeparture(16, true, 1)).toBe(false);
  });

  it('Packet_Size: smaller packets are not marked and do not count towards Marking_Rate', () => {
    const sw = new IbCcSwitchMarker({ threshold: 15, capacity: 16, packetSize: 256, markingRate: 1 });
    const marks = [2048, 64, 2048, 255, 256, 2048, 2048].map((size) => sw.onDeparture(16, true, size));
    // eligible: 2048 (mark), 2048 (skip), 256 (mark), 2048 (skip), 2048 (mark)
    expect(marks).toEqual([true, false, false, false, true, false, true]);
  });

  it('Marking_Rate k: one eligible packet in k + 1 is marked, the first one first; 0 marks all', () => {
    const sw = new IbCcSwitchMarker({ threshold: 15, capacity: 16, markingRate: 3 });
    const marks = Array.from({ length: 12 }, () => sw.onDeparture(16, true, 1));
    expect(marks.map(Number).join('')).toBe('100010001000');
    const all = new IbCcSwitchMarker({ ...IB_CC_SEED_PARAMETERS_SWITCH(), capacity: 16 });
    expect(Array.from({ length: 5 }, () => all.onDeparture(1, true, 0))).toEqual([true, true, true, true, true]);
  });

  it('with a random stream the gaps are geometric with mean Marking_Rate', () => {
    const sw = new IbCcSwitchMarker({ threshold: 15, capacity: 16, markingRate: 4, random: seededStream(3) });
    let marks = 0;
    const n = 200_000;
    for (let i = 0; i < n; i++) if (sw.onDeparture(16, true, 1)) marks++;
    // mean cycle 1 + 4 = 5 packets: marks ≈ n/5 = 40000, sd ≈ sqrt(n·(1/5)·(4/5)·…) < 200; allow 5 sd
    expect(Math.abs(marks - n / 5)).toBeLessThan(1000);
  });

  it('with a random stream the gaps vary: geometric, P(gap = 0) = p = 1/(1 + Marking_Rate), variance (1 − p)/p²', () => {
    // Marking_Rate 4: p = 0.2, variance 0.8/0.04 = 20 (geometric distribution on 0, 1, 2, …); the fixed cycle would give 0
    const sw = new IbCcSwitchMarker({ threshold: 15, capacity: 16, markingRate: 4, random: seededStream(11) });
    const gaps: number[] = [];
    let run = -1;
    for (let i = 0; i < 200_000; i++) {
      if (sw.onDeparture(16, true, 1)) {
        if (run >= 0) gaps.push(run);
        run = 0;
      } else if (run >= 0) run++;
    }
    const n = gaps.length; // ≈ 40000
    const mean = gaps.reduce((a, b) => a + b, 0) / n;
    const variance = gaps.reduce((a, g) => a + (g - mean) ** 2, 0) / (n - 1);
    // 5 standard errors: P(0) ± 0.01 (se 0.002), mean ± 0.12 (se 0.022), variance ± 2 (se ≈ 0.28)
    expect(Math.abs(gaps.filter((g) => g === 0).length / n - 0.2)).toBeLessThan(0.01);
    expect(Math.abs(mean - 4)).toBeLessThan(0.12);
    expect(Math.abs(variance - 20)).toBeLessThan(2);
  });

  it.each([
    [{ threshold: 3, capacity: 16, markingRate: 1.5 }, /^markingRate must be an integer >= 0/],
    [{ threshold: 3, capacity: 16, packetSize: -1 }, /^packetSize must be a finite number >= 0/],
    [{ threshold: 3, capacity: 16, victimMask: 1 }, /^victimMask must be a boolean/],
    [{ threshold: -1, capacity: 16 }, /^threshold must be an integer in 0\.\.15/],
    [{ threshold: 3, capacity: 16, mark: 1 }, /^params\.mark must be absent/],
  ])('%j → InvalidParameterError', (params, message) => {
    expect(() => new IbCcSwitchMarker(params as never)).toThrow(message);
  });
});

/** The seed's switch parameters (Threshold 15, Marking_Rate 0, Packet_Size 0). */
function IB_CC_SEED_PARAMETERS_SWITCH() {
  const { threshold, markingRate, packetSize } = IB_CC_SEED_PARAMETERS;
  return { threshold, markingRate, packetSize };
}

describe('IB CC source (CCTI arithmetic)', () => {
  it('matches the independent script on a scripted BECN history (increase 2, limit 5, min 1, timer 0.25 s)', () => {
    const r = REF.ibcc;
    const src = new IbCcSource(r.params);
    const events = [...r.becns.map((t) => ({ t, k: 0 })), ...r.queries.map((t) => ({ t, k: 1 }))].sort((a, b) => a.t - b.t || a.k - b.k);
    const got: { time: number; ccti: number; ird: number; rateLimit: number }[] = [];
    for (const e of events) {
      if (e.k === 0) src.onBecn(e.t);
      else {
        src.advance(e.t);
        got.push({ time: e.t, ccti: src.ccti, ird: src.currentIrd(), rateLimit: src.currentRateLimit() });
      }
    }
    expect(got).toEqual(r.expected);
  });

  it('by hand (docs/models.md §10): BECN +CCTI_Increase up to CCTI_Limit; each expiry −1 down to CCTI_Min; rate B/(1 + IRD)', () => {
    const src = new IbCcSource({ bandwidth: 100, table: [0, 1, 3, 7, 15], cctiIncrease: 3, cctiMin: 1, timerPeriod: 1 });
    expect(src.cctiLimit).toBe(4); // the table's last index
    expect(src.ccti).toBe(1);
    expect(src.currentRateLimit()).toBe(50); // 100/(1 + 1)
    src.onBecn(0.5); // 1 + 3 = 4
    expect([src.ccti, src.currentIrd(), src.currentRateLimit()]).toEqual([4, 15, 100 / 16]);
    src.onBecn(0.6); // capped at 4
    expect(src.ccti).toBe(4);
    src.advance(0.99);
    expect(src.ccti).toBe(4);
    src.advance(1); // expiry at exactly 1
    expect(src.ccti).toBe(3);
    expect(src.nextTimerExpiry).toBe(2);
    src.onTimer(5.5); // expiries at 2, 3, 4, 5: 3 → 1 (floor CCTI_Min)
    expect([src.ccti, src.currentRateLimit()]).toEqual([1, 50]);
    expect(src.nextTimerExpiry).toBe(6);
  });

  it('CCTI_Limit below the table end: BECNs stop at CCTI_Limit, not at the last entry', () => {
    const src = new IbCcSource({ bandwidth: 8, table: [0, 1, 3, 7, 15], cctiLimit: 2 });
    for (let i = 0; i < 5; i++) src.onBecn(0);
    expect([src.ccti, src.currentIrd(), src.currentRateLimit()]).toEqual([2, 3, 2]); // 8/(1 + 3)
  });

  it('a host that calls advance(nextTimerExpiry) gets exactly one expiry per call, whatever the rounding of timerStart + k·period', () => {
    // timerStart 0.37, period 0.1: (0.47 − 0.37)/0.1 = 0.9999999999999998 in doubles, and with timerStart 0,
    // 43·0.1 = 4.3 but 4.3/0.1 = 42.99999999999999: the expiry count must not fall one short (the host would loop)
    for (const timerStart of [0.37, 0]) {
      const src = new IbCcSource({ bandwidth: 1, timerPeriod: 0.1, timerStart });
      for (let i = 0; i < 100; i++) src.onBecn(timerStart + 0.01);
      expect(src.ccti).toBe(100);
      for (let k = 1; k <= 60; k++) {
        const t = src.nextTimerExpiry;
        src.advance(t);
        expect(src.ccti, `timerStart ${timerStart}, expiry ${k}`).toBe(100 - k);
        expect(src.nextTimerExpiry).toBeGreaterThan(t);
      }
    }
  });

  it('expiries count from timerStart: timerStart 5, period 1 → the first at 6, the second at 7', () => {
    const src = new IbCcSource({ bandwidth: 1, timerPeriod: 1, timerStart: 5 });
    for (let i = 0; i < 4; i++) src.onBecn(1);
    src.advance(6.5);
    expect(src.ccti).toBe(3);
    expect(src.nextTimerExpiry).toBe(7);
    src.advance(7);
    expect(src.ccti).toBe(2);
  });

  it('a BECN at the instant of an expiry: the expiry first', () => {
    const src = new IbCcSource({ bandwidth: 1, timerPeriod: 1 });
    src.onBecn(0.5);
    src.onBecn(0.7); // CCTI 2
    src.onBecn(1); // expiry at 1 → 1, then BECN → 2
    expect(src.ccti).toBe(2);
  });

  it("the seed's parameters with the default table: CCTI_Limit 127, timer 150 × 1.024 µs, rate B/(1 + CCTI)", () => {
    const src = new IbCcSource({ bandwidth: 20e9 });
    expect(src.cctiLimit).toBe(127);
    expect(src.timerPeriod).toBeCloseTo(153.6e-6, 15);
    expect(IBA_CCTI_TIMER_UNIT).toBe(1.024e-6);
    for (let i = 0; i < 200; i++) src.onBecn(0);
    expect([src.ccti, src.currentRateLimit()]).toEqual([127, 20e9 / 128]);
    src.advance(10 * 153.6e-6 + 1e-12);
    expect(src.ccti).toBe(117);
    expect(defaultCongestionControlTable(4)).toEqual([0, 1, 2, 3, 4]);
    expect(defaultCongestionControlTable()).toHaveLength(128);
  });

  it('time going backwards throws and changes nothing', () => {
    const src = new IbCcSource({ bandwidth: 1, timerPeriod: 1 });
    src.onBecn(3);
    expect(() => src.onBecn(2)).toThrow(/^now must be a finite time >= 3/);
    expect(() => src.advance(NaN)).toThrow(InvalidParameterError);
    expect(() => src.advance(Infinity)).toThrow(/^now must be a finite time/);
    expect(() => new IbCcSource({ bandwidth: 1, timerPeriod: 1 }).advance(-Infinity)).toThrow(/^now must be a finite time/);
    const late = new IbCcSource({ bandwidth: 1, timerPeriod: 1, timerStart: 5 });
    late.onBecn(1); // before the timer starts: allowed, no expiry
    late.advance(5.5);
    expect(late.ccti).toBe(1);
    late.advance(6);
    expect(late.ccti).toBe(0);
    expect(src.ccti).toBe(1);
  });

  it.each([
    [{ bandwidth: 0 }, /^bandwidth must be a finite number > 0/],
    [{ bandwidth: 1, table: [] }, /^table must be a non-empty array/],
    [{ bandwidth: 1, table: [0, -1] }, /^table\[1\] must be a finite number >= 0, got -1$/],
    [{ bandwidth: 1, table: [0, 1], cctiLimit: 2 }, /^cctiLimit must be an integer <= 1/],
    [{ bandwidth: 1, cctiMin: 200 }, /^cctiMin must be an integer <= cctiLimit \(127\)/],
    [{ bandwidth: 1, cctiIncrease: -1 }, /^cctiIncrease must be an integer >= 0/],
    [{ bandwidth: 1, timerPeriod: 0 }, /^timerPeriod must be a finite number > 0/],
  ])('%j → InvalidParameterError', (params, message) => {
    expect(() => new IbCcSource(params as never)).toThrow(InvalidParameterError);
    expect(() => new IbCcSource(params as never)).toThrow(message);
  });
});

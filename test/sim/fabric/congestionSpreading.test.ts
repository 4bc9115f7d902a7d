/**
 * The built-in scenario `congestion-spreading` (thesis ch. 3, Fig. 3.1) with its defaults, the
 * thesis's set-up (victim uncontrolled, both SLs on the local and the remote flow, 4-packet buffers,
 * 64-byte rate unit, sources starting at R_min, marking per congested output link). Claims
 * checked with the run layer's confidence intervals over seeded replications:
 * - without rate control the arbitration shares Bc 2 : 1 by priority and the victim collapses to the
 *   remote low class's share (congestion spreading);
 * - under PIPD, FIMD and LIPD the victim gets above its no-control throughput and at least 90 % of
 *   what it offers (issue 15);
 * - under PIPD the high-priority class injects more than the low one at both switches;
 * - r1 falls when the low class goes from PIPD (Table 3.2) to FIMD (Table 3.3): by 2 to 4 times
 *   at switch B (thesis 3.79), and at switch A;
 * - each departure from the thesis is a switch that changes the run.
 *
 * Table 3.2's own high ÷ low (3.17, 3.40) does not hold either (issue 34, `it.fails`). Four points of
 * issue 15's acceptance do NOT hold and are written as `it.fails` (each passes only
 * while its claim fails; when a change makes one hold, vitest reports it and it becomes an `it`):
 * high ÷ low about twice at switch A (thesis §3.4: "the injection rate of the high priority SL
 * connection is almost two times of that of the low priority SL connection"; ours 1.56) and at switch
 * B (ours 1.3), r1's fall of about 2 at switch A (thesis 2.55; ours 1.75), and r2 falling when r1 goes
 * FIMD (thesis ×0.79 and ×0.75; ours ×1.1–1.4). The two at switch A held until session 16 (2.09 and
 * 1.92) by a simulator artefact: a switch output that ended a packet at the same instant as an input
 * port's own end passed that input over, unfairly to the remote flows (docs/fabric-model.md,
 * measurements 135–136). docs/fabric.md § Thesis Tables 3.2 and 3.3 says why, with every reading tried.
 */
import { describe, expect, it } from 'vitest';
import { InvalidParameterError } from '../../../src/core/errors.js';
import { parseCongestionSpreading } from '../../../src/studies/index.js';
import { simulate } from '../../../src/sim/index.js';

type Interval = { mean: number; halfWidth: number; confidence: number };
type Flows = Record<'local' | 'remote' | 'victim', Interval>;
type Metrics = Record<'throughput' | 'offered' | 'latency' | 'injectionRate' | 'markedFraction', Flows> & { classRate: Record<string, Interval> };

function run(params: Record<string, unknown>, length: { replications: number; until: number } = { replications: 4, until: 0.02 }): Metrics {
  return simulate({ scenario: 'congestion-spreading', params }, { seed: 3, ...length, warmup: 0.002 }).metrics as unknown as Metrics;
}

const lower = (x: Interval): number => x.mean - x.halfWidth;
const upper = (x: Interval): number => x.mean + x.halfWidth;

describe('congestion-spreading with the thesis defaults', () => {
  const none = run({});

  it('without rate control: Bc is shared 2 : 1 by priority and the victim collapses to the remote low class', () => {
    const t = none.throughput;
    expect(t.local.mean + t.remote.mean).toBeCloseTo(2.5, 2); // Bc saturated
    expect(t.local.mean / t.remote.mean).toBeCloseTo(1, 1); // each carries one high and one low class
    // The remote low class gets 1/6 of Bc (2.5/6 = 0.417 Gb/s) and holds the victim to the same.
    expect(t.victim.mean).toBeCloseTo(2.5 / 6, 2);
    expect(t.victim.mean).toBeLessThan(0.5 * none.offered.victim.mean);
  });

  it.each(['pipd', 'fimd', 'lipd'])('under %s the victim gets above its no-control throughput and at least 90 percent of what it offers', (rc) => {
    const m = run({ rateControl: rc });
    expect(lower(m.throughput.victim)).toBeGreaterThan(upper(none.throughput.victim));
    expect(lower(m.throughput.victim)).toBeGreaterThan(0.9 * m.offered.victim.mean);
    expect(m.markedFraction.victim.mean).toBeLessThan(0.5); // marks go to the congested output, not the victim's
  });

  // The rates of a bang-bang law need longer runs than the throughputs: 20 × 50 ms.
  const long = { replications: 20, until: 0.05 };
  let tables: { pipd: Metrics; mixed: Metrics } | undefined;
  /** Table 3.2 (PIPD on both classes) and Table 3.3 (PIPD r2, FIMD r1), run once for the tests below. */
  const thesisTables = () => (tables ??= { pipd: run({ rateControl: 'pipd' }, long), mixed: run({ rateControl: 'pipd', rateControlLow: 'fimd' }, long) });
  /** a ÷ b with the half-width of a ratio of independent means (first order). */
  const ratio = (a: Interval, b: Interval) => {
    const r = a.mean / b.mean;
    return { mean: r, halfWidth: r * Math.hypot(a.halfWidth / a.mean, b.halfWidth / b.mean), confidence: a.confidence };
  };

  it('under PIPD the high-priority class injects more than the low one at switches A and B', () => {
    const c = thesisTables().pipd.classRate;
    expect(lower(ratio(c.remoteHigh!, c.remoteLow!))).toBeGreaterThan(1);
    expect(lower(ratio(c.localHigh!, c.localLow!))).toBeGreaterThan(1);
  });

  // Issue 15's acceptance, not met since session 16's same-instant fix (measurement 136): ours 1.56 ±
  // 0.12 at A (seed 3, 20 × 50 ms; 2.09 before the fix, by the tie's unfairness to the remote flows).
  it.fails('NOT MET: under PIPD the high-priority class injects about twice the low one at switch A', () => {
    const a = ratio(thesisTables().pipd.classRate.remoteHigh!, thesisTables().pipd.classRate.remoteLow!);
    // "almost two times" (§3.4, read from its Figs. 3.4–3.5); its Tables 3.2 show 3.17 (A) and 3.40 (B).
    expect(upper(a)).toBeGreaterThan(1.75);
    expect(lower(a)).toBeLessThan(2.25);
    expect(a.mean).toBeGreaterThan(1.75);
    expect(a.mean).toBeLessThan(2.5);
  });

  // Issue 15's acceptance, not met (docs/fabric.md): at B ours is 1.4–1.7 (30 runs, seed 1: 1.40 ± 0.10).
  it.fails('NOT MET: under PIPD the high-priority class injects about twice the low one at switch B too', () => {
    const c = thesisTables().pipd.classRate;
    const b = ratio(c.localHigh!, c.localLow!);
    expect(lower(b)).toBeGreaterThan(1.7);
    expect(upper(b)).toBeLessThan(2.3);
  });

  // Issue 34: the text's "almost two times" reads the traces of Figs. 3.4–3.5 (bang-bang rates sit on
  // R_min floors whose ratio is exactly 2); Table 3.2's time averages give 149 790 ÷ 47 234 = 3.17 (A)
  // and 259 757 ÷ 76 440 = 3.40 (B). Not met in the 64-byte reading (docs/fabric.md: 2.09 and 1.42;
  // in MB/s, where PIPD is gradual, 4.62 and 3.62).
  it.fails("NOT MET: under PIPD high ÷ low is Table 3.2's, 3.17 at A and 3.40 at B, within 15 %", () => {
    const c = thesisTables().pipd.classRate;
    expect(Math.abs(ratio(c.remoteHigh!, c.remoteLow!).mean / 3.17 - 1)).toBeLessThan(0.15);
    expect(Math.abs(ratio(c.localHigh!, c.localLow!).mean / 3.40 - 1)).toBeLessThan(0.15);
  });

  // Issue 15's acceptance, not met (docs/fabric.md): ours rises, ×1.1–1.2 at A and ×1.3 at B, under
  // every reading tried; one run pair of 5–10 ms shows the thesis's fall at both switches 1–6 times in 200.
  it.fails('NOT MET: r2 falls when the low class goes from PIPD to FIMD (Tables 3.2/3.3: ×0.79 at A, ×0.75 at B)', () => {
    const { pipd, mixed } = thesisTables();
    expect(upper(ratio(mixed.classRate.remoteHigh!, pipd.classRate.remoteHigh!))).toBeLessThan(1);
    expect(upper(ratio(mixed.classRate.localHigh!, pipd.classRate.localHigh!))).toBeLessThan(1);
  });

  it('r2 under PIPD + FIMD is within a factor 2 of its PIPD rate (what holds of Tables 3.2/3.3 for r2: same order)', () => {
    const { pipd, mixed } = thesisTables();
    for (const k of ['remoteHigh', 'localHigh']) {
      const r = ratio(mixed.classRate[k]!, pipd.classRate[k]!);
      expect(r.mean).toBeGreaterThan(0.5);
      expect(r.mean).toBeLessThan(2);
    }
  });

  it('r1 falls when the low class goes from PIPD to FIMD: 2 to 4 times at switch B, and at switch A (Tables 3.2/3.3)', () => {
    const { pipd, mixed } = thesisTables();
    const a = ratio(pipd.classRate.remoteLow!, mixed.classRate.remoteLow!);
    const b = ratio(pipd.classRate.localLow!, mixed.classRate.localLow!);
    // Thesis: 47 234 / 18 537 = 2.55 (A), 76 440 / 20 148 = 3.79 (B).
    expect(lower(b)).toBeGreaterThan(2);
    expect(upper(b)).toBeLessThan(4);
    expect(lower(a)).toBeGreaterThan(1);
  });

  // Issue 15's acceptance at switch A, not met since session 16's same-instant fix: ours 1.75 ± 0.17
  // (seed 3; 1.92 before the fix, means 1.9–2.1 over seeds then, "borderline").
  it.fails('NOT MET: r1 falls about 2 times at switch A when the low class goes from PIPD to FIMD (thesis 2.55)', () => {
    const { pipd, mixed } = thesisTables();
    const a = ratio(pipd.classRate.remoteLow!, mixed.classRate.remoteLow!);
    expect(upper(a)).toBeGreaterThan(2);
    expect(upper(a)).toBeLessThan(4);
  });

  it('the victim is uncontrolled unless --control-victim: its rate limit is then the low law', () => {
    const rMax = 2.5e9 / 8 / 64;
    const off = run({ rateControl: 'fimd' });
    const on = run({ rateControl: 'fimd', controlVictim: true });
    expect(off.injectionRate.victim.mean).toBe(rMax);
    expect(upper(on.injectionRate.victim)).toBeLessThan(rMax);
  });

  it('the laws’ rate unit does not change the run (FIMD is scale-free); rates are reported in 64-byte blocks either way', () => {
    const blocks = run({ rateControl: 'fimd' });
    const packets = run({ rateControl: 'fimd', rateUnitBytes: 2048 });
    expect(packets.throughput.local.mean).toBeCloseTo(blocks.throughput.local.mean, 10);
    expect(packets.injectionRate.remote.mean).toBeCloseTo(blocks.injectionRate.remote.mean, 3);
  });

  it.each([
    ['startRate', 'max'],
    ['markingOutputs', 'waited-for'],
    ['markingCounters', 'per-vl'],
    ['bufferPackets', 16],
    ['windowPackets', 2],
    ['classes', 'split'],
    ['ackBytes', 0],
    ['rateGap', 'shorten'],
    ['victimSl', 1],
    ['rateMinHighDivisor', 256],
  ])('the switch %s = %s changes the PIPD run', (key, value) => {
    const base = run({ rateControl: 'pipd' });
    const other = run({ rateControl: 'pipd', [key]: value });
    expect(other.injectionRate.remote.mean).not.toBeCloseTo(base.injectionRate.remote.mean, 0);
  });
});

describe('parseCongestionSpreading', () => {
  it('fills in the thesis defaults', () => {
    const p = parseCongestionSpreading({});
    expect(p).toMatchObject({ rateControlHigh: 'none', rateControlLow: 'none', controlVictim: false, classes: 'both', bufferPackets: 4, rateUnitBytes: 64, startRate: 'min', rateGap: 'rescale' });
    expect(p.windowPackets).toBe(Infinity);
    expect(p).toMatchObject({ victimSl: 0, rateMinHighDivisor: 128 });
    expect(parseCongestionSpreading({ rateControl: 'pipd', rateControlLow: 'fimd' })).toMatchObject({ rateControlHigh: 'pipd', rateControlLow: 'fimd' });
  });

  it('rejects bad params, naming them', () => {
    expect(() => parseCongestionSpreading({ rateControl: 'red' })).toThrow(InvalidParameterError);
    expect(() => parseCongestionSpreading({ rateControl: 'red' })).toThrow(/rateControl/);
    expect(() => parseCongestionSpreading({ rateControlHigh: 'ibcc', rateControlLow: 'fimd' })).toThrow(/rateControlLow/);
    expect(() => parseCongestionSpreading({ victimLoad: 0 })).toThrow(/victimLoad/);
    expect(() => parseCongestionSpreading({ rateUnitBytes: 2e9 })).toThrow(/rateUnitBytes.*1\.\.1000000000/);
    expect(parseCongestionSpreading({ rateUnitBytes: 1e6 }).rateUnitBytes).toBe(1e6);
    expect(() => parseCongestionSpreading({ controlVictim: 'yes' })).toThrow(/controlVictim/);
    expect(() => parseCongestionSpreading({ windowPackets: 0 })).toThrow(/windowPackets/);
    expect(() => parseCongestionSpreading({ markingOutputs: 'all' })).toThrow(/markingOutputs/);
    expect(() => parseCongestionSpreading({ ackBytes: 1.5 })).toThrow(/ackBytes/);
    expect(() => parseCongestionSpreading({ rateGap: 'sooner' })).toThrow(/rateGap.*sooner/);
    expect(() => parseCongestionSpreading({ victimSl: 2 })).toThrow(/victimSl.*0 \(low priority\) or 1/);
    expect(() => parseCongestionSpreading({ rateMinHighDivisor: 1 })).toThrow(/rateMinHighDivisor/);
    expect(() => parseCongestionSpreading({ rateMinHighDivisor: 128.5 })).toThrow(/rateMinHighDivisor/);
    expect(() => parseCongestionSpreading({ lowPriorityRateControl: 'fimd' })).toThrow(/params\.lowPriorityRateControl/);
  });
});

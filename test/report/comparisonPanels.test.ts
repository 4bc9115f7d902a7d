/**
 * The report's panels against the simulation (issue 23), read back from the report.html that
 * writeReport writes: x is the swept parameter (m, λ) with its name and unit, not the point index;
 * one analytic line and one set of simulated markers per configuration (ET: with and without the
 * threshold), each with its legend entry and in increasing x; and no text of any plot of the
 * report leaves its SVG (estimated width; browser.test.ts measures the real one).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gege1nThreshold, runExperiments, solveCreditChain, thesisExperiments, writeReport, type CreditPoint, type PointSimulator, type ThresholdPoint } from '../../src/index.js';
import { legendTexts, overflowingTexts, svgPanels, svgSeries, xAxisTitle, type SvgPanel } from '../helpers/svgText.js';
import { tempDirForFile } from '../helpers/tempDir.js';

/** Stand-ins for the simulators: the model's value × 1.01 with a 2 % half-width (not a simulation). */
const creditSim: PointSimulator<CreditPoint> = (p) => {
  const a = solveCreditChain({ lambda: p.lambda, mu1: p.mu1, mu2: p.mu2, upstreamCapacity: p.n, downstreamCapacity: p.m });
  const est = (v: number) => ({ mean: 1.01 * v, halfWidth: 0.02 * v });
  return { meanQueueLength: { upstream: est(a.meanQueueLength.upstream), downstream: est(a.meanQueueLength.downstream), total: est(a.meanQueueLength.total) }, responseTime: est(a.responseTime), throughput: est(a.throughput) };
};
const thresholdSim: PointSimulator<ThresholdPoint> = (p) => {
  const a = gege1nThreshold({ lambda: p.lambda, ca2: p.ca2, cs2: p.cs2, capacity: p.capacity, thresholds: p.thresholds, mu: p.mu });
  const est = (v: number) => ({ mean: 1.01 * v, halfWidth: 0.02 * v + 1e-3 });
  return { meanQueueLength: est(a.meanQueueLength), utilization: est(a.utilization), blockingProbability: est(a.blockingProbability) };
};

describe('the report\'s panels against the simulation', async () => {
  const dir = tempDirForFile('panels');
  const report = await runExperiments(thesisExperiments(), {
    quick: true,
    simulators: { 'credit-chain': creditSim, 'entry-threshold': thresholdSim, 'arrival-job-threshold': thresholdSim },
  });
  writeReport(report, dir);
  const html = readFileSync(join(dir, 'report.html'), 'utf8');
  /** The comparison panels of an experiment's section, one per metric. */
  const panels = (id: string): SvgPanel[] => {
    const section = html.slice(html.indexOf(`<section class="experiment" id="${id}">`), html.indexOf('</section>', html.indexOf(`id="${id}"`)));
    const comparison = section.slice(section.indexOf('<div class="ibqos-comparison">'));
    expect(comparison.length, `${id} has a comparison`).toBeGreaterThan(0);
    return svgPanels(comparison.slice(0, comparison.indexOf('</div>')));
  };
  const increasing = (xs: readonly number[]) => xs.every((x, k) => k === 0 || x >= xs[k - 1]! - 1e-9);
  const near = (xs: readonly number[]) => [...new Set(xs.map((x) => Math.round(x * 1000) / 1000))];

  it('credit chain: x is the downstream capacity m = 2..11 [packets], one configuration: an analytic line and the simulated markers', () => {
    const ps = panels('credit-chain');
    expect(ps).toHaveLength(5); // L1, L2, L, R, X
    for (const p of ps) {
      expect(xAxisTitle(p)).toBe('downstream capacity m [packets]');
      const series = svgSeries(p);
      expect(series.map((s) => s.name)).toEqual(['analytic', 'simulated (± CI half-width)']);
      for (const s of series) {
        expect(near(s.markerX)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
        expect(increasing(s.markerX) && increasing(s.lineX)).toBe(true);
      }
      expect(legendTexts(p)).toEqual(['analytic', 'simulated (± CI half-width)']);
    }
  });

  for (const [id, kind] of [
    ['entry-threshold', 'ET'],
    ['arrival-job-threshold', 'AJT'],
  ] as const) {
    it(`${kind}: x is λ = 2, 4, …, 16 [packets per time unit]; one line per configuration (with ${kind}, without threshold), no zig-zag`, () => {
      const ps = panels(id);
      expect(ps).toHaveLength(3); // L, U, blocking
      for (const p of ps) {
        const series = svgSeries(p);
        const names = [`with ${kind}: analytic`, `with ${kind}: simulated (± CI half-width)`, 'without threshold: analytic', 'without threshold: simulated (± CI half-width)'];
        expect(series.map((s) => s.name)).toEqual(names);
        expect(xAxisTitle(p)).toBe('arrival rate λ [packets per time unit]');
        for (const s of series) {
          expect(s.markerX.length, s.name).toBe(8);
          expect(near(s.markerX)).toEqual([2, 4, 6, 8, 10, 12, 14, 16]);
          expect(increasing(s.markerX) && increasing(s.lineX), s.name).toBe(true);
        }
        expect(legendTexts(p)).toEqual(names);
      }
    });
  }

  it('the tables name each point\'s configuration', () => {
    const et = html.slice(html.indexOf('<section class="experiment" id="entry-threshold">'));
    expect(et).toContain('<th>configuration</th>');
    expect(et).toContain('<td>without threshold</td>');
  });

  it('no text of any plot in the report leaves its SVG: figures and comparison panels (credit subtitles were clipped at both ends)', () => {
    const all = svgPanels(html);
    expect(all.length).toBe(12 + 5 + 3 + 3); // the figures, then the comparison panels
    const overflowing = all.flatMap((p) => overflowingTexts(p).map((t) => `${t.text} [${Math.round(t.from)}, ${Math.round(t.to)}] in ${p.width}×${p.height}`));
    expect(overflowing).toEqual([]);
  });
});

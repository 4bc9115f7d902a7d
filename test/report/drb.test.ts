/**
 * The report's DRB section (seed drb-…, Figs. 8–10): run as `ibqos report --quick` runs it (the
 * library's `drb` scenario, reduced sizes), its figures exist, the seed's numbers quoted in its text
 * appear beside ours, the gains are those of the two mechanisms' runs, the hot spot raises the busiest
 * link, and the quick mode says it is reduced while the full one names the paper-sized command.
 */
import { describe, expect, it } from 'vitest';
import { drbExperiments, drbGains, drbSimulators, renderReportHtml, runExperiments } from '../../src/index.js';
import { DRB_FIGURES } from './figures.js';

describe('the DRB section of the report (quick)', async () => {
  const report = await runExperiments(drbExperiments({ quick: true }), { quick: true, replications: 2, simulators: drbSimulators() });
  const html = renderReportHtml(report);
  const figure = (id: string) => report.experiments.flatMap((e) => e.figures.map((f) => ({ ...f, key: `${e.id}-${f.id}` }))).find((f) => f.key === id)!;

  it('Figs. 8–9 for torus and mesh, the gains, and Fig. 10 exist, simulated', () => {
    expect(report.experiments.flatMap((e) => e.figures.map((f) => `${e.id}-${f.id}`))).toEqual(DRB_FIGURES);
    expect(report.experiments.every((e) => e.simulated)).toBe(true);
    for (const t of ['torus', 'mesh']) {
      for (const what of ['received', 'latency']) {
        const series = [...new Set(figure(`drb-load-${t}-${what}`).rows.map((r) => r.series))];
        expect(series).toEqual(['DRB: simulation (95 % CI)', 'IBA CC: simulation (95 % CI)']);
        expect(figure(`drb-load-${t}-${what}`).rows.map((r) => r.x)).toEqual([400, 800, 1200, 400, 800, 1200]);
      }
    }
  });

  it("the seed's numbers quoted in its text appear with their sections, beside our values", () => {
    for (const quote of ['near 35%', 'a reduction of 66% and 42%', 'more than 1750 Mbps', '1000 Mbps approx.', '§5.1', '§5.2', '§5.3', 'Fig. 10']) expect(html).toContain(quote);
    const gains = figure('drb-load-gains').rows;
    const seed = (s: string) => [...new Set(gains.filter((r) => r.series === s).map((r) => r.y))];
    expect(seed('torus, received load +%: seed (text)')).toEqual([35]);
    expect(seed('torus, latency −%: seed (text)')).toEqual([66]);
    expect(seed('mesh, latency −%: seed (text)')).toEqual([42]);
    const peak = figure('drb-hot-spot-peak-link').rows;
    expect([...new Set(peak.filter((r) => r.series === 'IBA CC: seed (text)').map((r) => r.y))]).toEqual([1750]);
    expect([...new Set(peak.filter((r) => r.series === 'DRB: seed (text)').map((r) => r.y))]).toEqual([1000]);
    // The remaining differences, one line each.
    expect(html).toContain('Remaining differences from the seed');
    for (const line of ['– Simulator:', '– Run length:', '– Hot spot:']) expect(html).toContain(line);
  });

  it("the gains are DRB's against IBA CC's means at the same point", () => {
    const e = report.experiments[0]!;
    for (const p of e.points) {
      const s = p.simulated as Record<string, Record<string, { mean: number }>>;
      const ratio = s.DRB!.throughputMbps!.mean / s['IBA CC']!.throughputMbps!.mean;
      expect((s.gain as unknown as { throughputPercent: number }).throughputPercent).toBeCloseTo((ratio - 1) * 100, 0);
    }
  });

  it('Fig. 10: the seed\'s peaks are drawn only after the hot spot starts, the busiest link carries more after it, time is said to be scaled', () => {
    const rows = figure('drb-hot-spot-peak-link').rows;
    const seedRows = rows.filter((r) => r.series === 'DRB: seed (text)');
    expect(seedRows.map((r) => r.xLabel)).toEqual(['2.2', '2.6', '3.0', '3.4', '3.8', '4.2', '4.6']);
    for (const m of ['DRB', 'IBA CC']) {
      const ours = rows.filter((r) => r.series === `${m}: simulation (95 % CI)`).map((r) => r.y);
      const mean = (a: number[]) => a.reduce((x, y) => x + y, 0) / a.length;
      expect(mean(ours.slice(3))).toBeGreaterThan(1.5 * mean(ours.slice(0, 3)));
    }
    expect(html).toContain('TIME IS SCALED');
  });

  it('quick says it is reduced and names the paper-sized command; the full report names it too', () => {
    for (const e of report.experiments) expect(e.description[0]).toMatch(/^QUICK \(reduced\): .*npm run bench:drb-paper/);
    for (const e of drbExperiments({ quick: false })) {
      expect(e.description[0]).toMatch(/torus 8×8, mesh 4×8.*npm run bench:drb-paper/);
      expect(e.description.join(' ')).not.toContain('QUICK');
    }
  });
});

describe('drbGains', () => {
  it('docs/drb.md torus at 1200 Mb/s: 969 vs 794 Mb/s received, 688.5 vs 887.7 µs → +22.0 %, −22.4 %', () => {
    expect(drbGains({ throughputMbps: 969, latencyUs: 688.5 }, { throughputMbps: 794, latencyUs: 887.7 })).toEqual({ throughputPercent: 22, latencyReductionPercent: 22.4 });
  });
});

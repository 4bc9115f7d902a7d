/**
 * The report: the thesis's experiments run analytic-only and with stand-in simulators (the library's
 * simulators, `thesisSimulators()`, plug in the same way; `ibqos report` and browser.test.ts use
 * them); the files written; and `ibqos report --quick`.
 */
import { existsSync, lstatSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import {
  gege1nThreshold,
  parseResultJson,
  renderReportHtml,
  runExperiments,
  solveCreditChain,
  thesisExperiments,
  writeReport,
  type CreditPoint,
  type PointSimulator,
  type ThresholdPoint,
} from '../../src/index.js';
import { runCli } from '../helpers/cli.js';
import { tempDirForTest } from '../helpers/tempDir.js';
import { ALFARO_FIGURES, DRB_FIGURES, FABRIC_MODEL_FIGURES, GRAN_FIGURES, THESIS_FIGURES } from './figures.js';

describe('runExperiments(thesisExperiments()) without a simulator', async () => {
  const report = await runExperiments(thesisExperiments(), { quick: true });

  it('every figure of the issue, analytic only, no error bars', () => {
    expect(report.experiments.flatMap((e) => e.figures.map((f) => `${e.id}-${f.id}`))).toEqual(THESIS_FIGURES);
    expect(report.experiments.every((e) => !e.simulated && e.comparison === undefined)).toBe(true);
    for (const e of report.experiments) for (const f of e.figures) expect(f.svg).not.toContain('error-bar');
  });

  it('the HTML says what each experiment shows (no "analytic" badge where no model exists) and the unit of each values table', () => {
    const html = renderReportHtml(report);
    const section = (id: string) => html.slice(html.indexOf(`<section class="experiment" id="${id}">`), html.indexOf('</section>', html.indexOf(`id="${id}"`)));
    expect(section('credit-chain')).toContain('<span class="badge">analytic only: no simulator plugged in yet</span>');
    expect(section('congestion-spreading')).toContain('<span class="badge">published values only: no analytic model, no simulator plugged in</span>');
    expect(section('credit-chain')).toContain('<summary>values: throughput X (packets per time unit)</summary>');
    expect(section('congestion-spreading')).toContain('<summary>values: throughput (Gb/s)</summary>');
  });

  it('ch. 4: L1, L2, L against m = 2..11 are the credit chain at λ = 5, μ1 = 6, μ2 = 8, n = 12', () => {
    const f = report.experiments[0]!.figures[0]!;
    const l1 = f.rows.filter((r) => r.series === 'L1 (Node 1): exact chain');
    expect(l1.map((r) => r.x)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    const at5 = solveCreditChain({ lambda: 5, mu1: 6, mu2: 8, upstreamCapacity: 12, downstreamCapacity: 5 });
    expect(l1[3]!.y).toBe(at5.meanQueueLength.upstream);
    expect(f.rows.filter((r) => r.series.startsWith('L = L1 + L2'))[3]!.y).toBe(at5.meanQueueLength.total);
  });

  it("ch. 5: exact ME and the thesis's y for ET; blocking with and without the threshold (GE/GE/1/8, μ = 8)", () => {
    const fig = report.experiments[1]!.figures;
    expect([...new Set(fig[0]!.rows.map((r) => r.series))]).toEqual(['ME, exact y', "ME, thesis's y"]);
    const series = [...new Set(fig[2]!.rows.map((r) => r.series))];
    expect(series).toEqual(['with ET: ME, exact y', "with ET: ME, thesis's y", 'without threshold: ME, exact y']);
    const et10 = gege1nThreshold({ lambda: 10, ca2: 5, cs2: 7, capacity: 16, thresholds: [8], mu: [8, 16] });
    expect(fig[2]!.rows.find((r) => r.series === 'with ET: ME, exact y' && r.x === 10)!.y).toBe(et10.blockingProbability);
    const alone = gege1nThreshold({ lambda: 10, ca2: 5, cs2: 7, capacity: 8, mu: 8 });
    expect(fig[2]!.rows.find((r) => r.series === 'without threshold: ME, exact y' && r.x === 10)!.y).toBe(alone.blockingProbability);
    // The threshold lowers blocking at every λ (the thesis's claim for Fig. 5.5).
    for (const r of fig[2]!.rows.filter((x) => x.series === 'with ET: ME, exact y')) {
      expect(r.y).toBeLessThan(fig[2]!.rows.find((x) => x.series === 'without threshold: ME, exact y' && x.x === r.x)!.y);
    }
  });

  it("ch. 5: the thesis's y against the exact y drifts as docs/me.md's table says (ET λ = 2: L +0.24 %, blocking +2.21 %, P(K) +11.10 %; λ = 16: +7.27 %, +21.80 %, +37.03 %)", () => {
    const c = report.experiments[1]!.contrasts[0]!;
    expect(c.metrics).toEqual(['L', 'U', 'blocking', 'P(K)']);
    const at = (label: string) => c.rows.find((r) => r.point === label)!.values.map((v) => Math.round(v.relativeDifference * 10000) / 100);
    expect(at('ET, λ = 2')).toEqual([0.24, 0.05, 2.21, 11.1]);
    expect(at('ET, λ = 16')).toEqual([7.27, 1.36, 21.8, 37.03]);
    expect(c.rows).toHaveLength(8);
    expect(report.experiments[2]!.contrasts[0]!.rows.find((r) => r.point === 'AJT, λ = 16')!.values.map((v) => Math.round(v.relativeDifference * 10000) / 100)[0]).toBe(7.17);
  });

  it('ch. 3: the thesis Tables 3.2–3.3 values (hand-typed from the thesis) in their four cells: r1/r2 at switch A → the remote flow\'s classes, at switch B → the local flow\'s', () => {
    const f = report.experiments[3]!.figures[2]!;
    expect(f.rows.filter((r) => r.source === 'reference').map((r) => [r.series, r.xLabel, r.y])).toEqual([
      ['PIPD: thesis table', 'switch A r1 (remote, low)', 47234.08637836817],
      ['PIPD: thesis table', 'switch A r2 (remote, high)', 149789.83324444026],
      ['PIPD: thesis table', 'switch B r1 (local, low)', 76440.10564262095],
      ['PIPD: thesis table', 'switch B r2 (local, high)', 259756.99827139667],
      ['PIPD + FIMD: thesis table', 'switch A r1 (remote, low)', 18537.107824746185],
      ['PIPD + FIMD: thesis table', 'switch A r2 (remote, high)', 118861.56808060875],
      ['PIPD + FIMD: thesis table', 'switch B r1 (local, low)', 20147.849538670973],
      ['PIPD + FIMD: thesis table', 'switch B r2 (local, high)', 194463.99403664135],
    ]);
    // The injection-rate figure draws only the two schemes of the tables; the victim and throughput figures all seven.
    expect(report.experiments[3]!.points.map((p) => (p.point as { scheme: string }).scheme)).toEqual(['none', 'PIPD', 'PIPD + FIMD', 'FIMD', 'LIPD', 'AIMD', 'IB CC']);
    expect(report.experiments[3]!.referenceTables).toBeUndefined(); // nothing simulated, nothing to set beside the tables
  });

  it('figures and the report show themselves in a notebook', () => {
    const show = (o: object) => (o as Record<symbol, () => Record<string, string>>)[Symbol.for('Jupyter.display')]!();
    const f = report.experiments[0]!.figures[0]!;
    expect(show(f)['image/svg+xml']).toBe(f.svg);
    expect(show(report)['text/html']).toContain('<h1>');
    // The text forms: the figure's title over its data table; the report's title over one line per experiment.
    expect(show(f)['text/plain']!.split('\n')[0]).toBe(f.title);
    expect(show(f)['text/plain']).toContain(f.xName);
    expect(show(report)['text/plain']!.split('\n').slice(3).map((l) => l.trim().split(/\s+/)[1])).toEqual(report.experiments.map((e) => e.id));
  });
});

describe('with stand-in simulators (the library simulator plugs in the same way)', async () => {
  /** The model's value × factor with a 2 % half-width: a stand-in, not a simulation. */
  const creditSim = (factor: number): PointSimulator<CreditPoint> => (p, opts) => {
    expect(opts).toEqual({ seed: 3, replications: 4, quick: true });
    const a = solveCreditChain({ lambda: p.lambda, mu1: p.mu1, mu2: p.mu2, upstreamCapacity: p.n, downstreamCapacity: p.m });
    const est = (v: number) => ({ mean: v * factor, halfWidth: 0.02 * v, confidence: 0.95 });
    return { meanQueueLength: { upstream: est(a.meanQueueLength.upstream), downstream: est(a.meanQueueLength.downstream), total: est(a.meanQueueLength.total) }, responseTime: est(a.responseTime), throughput: est(a.throughput) };
  };
  const etSim: PointSimulator<ThresholdPoint> = async (p) => {
    const a = gege1nThreshold({ lambda: p.lambda, ca2: p.ca2, cs2: p.cs2, capacity: p.capacity, thresholds: p.thresholds, mu: p.mu });
    return { meanQueueLength: { mean: a.meanQueueLength, halfWidth: 0.05 }, utilization: a.utilization, blockingProbability: { mean: a.blockingProbability, halfWidth: 0.01 } };
  };
  const opts = { quick: true, seed: 3, replications: 4 };
  const good = await runExperiments(thesisExperiments(), {
    ...opts,
    simulators: {
      'credit-chain': creditSim(1.01),
      'entry-threshold': etSim,
      'congestion-spreading': () => ({ classRate: { remoteLow: { mean: 4e4, halfWidth: 5e3 } }, throughput: { victim: { mean: 1, halfWidth: 0.01 } } }),
    },
  });

  it('simulated markers with CI error bars appear beside the analytic curves, and the comparison passes', () => {
    const credit = good.experiments[0]!;
    expect(credit.simulated).toBe(true);
    expect((credit.figures[0]!.svg.match(/class="error-bar"/g) ?? []).length).toBe(30);
    expect(credit.figures[0]!.rows.filter((r) => r.source === 'simulated' && r.halfWidth !== undefined)).toHaveLength(30);
    expect(credit.comparison!.passed).toBe(true);
    expect(credit.comparison!.metrics.map((m) => m.metric)).toEqual(['meanQueueLength.upstream', 'meanQueueLength.downstream', 'meanQueueLength.total', 'responseTime', 'throughput']);
    expect(credit.comparison!.metrics[0]!.meanErrorMeasure).toBeCloseTo(0.01 / 1.01, 12);
    expect(good.experiments[1]!.comparison!.passed).toBe(true);
    expect(good.experiments[2]!.simulated).toBe(false);
    const spreading = good.experiments[3]!;
    // The victim plot: one marker per scheme (none, PIPD, PIPD + FIMD, FIMD, LIPD, AIMD, IB CC).
    expect(spreading.figures[0]!.rows.filter((r) => r.source === 'simulated').map((r) => r.series)).toEqual(
      ['none', 'PIPD', 'PIPD + FIMD', 'FIMD', 'LIPD', 'AIMD', 'IB CC'].map((s) => `${s}: simulation (95 % CI)`),
    );
    expect(spreading.figures[2]!.rows.filter((r) => r.source === 'simulated')).toEqual([
      { series: 'PIPD: simulation (95 % CI)', source: 'simulated', x: 0, xLabel: 'switch A r1 (remote, low)', y: 4e4, halfWidth: 5e3 },
      { series: 'PIPD + FIMD: simulation (95 % CI)', source: 'simulated', x: 0, xLabel: 'switch A r1 (remote, low)', y: 4e4, halfWidth: 5e3 },
    ]);
  });

  it('the Tables 3.2–3.3 reference table sets each thesis cell beside the simulated one with the ratio', () => {
    const table = good.experiments[3]!.referenceTables![0]!;
    const a1 = table.rows.filter((r) => r.metric === 'switch A r1 (remote, low)');
    expect(a1.map((r) => [r.point, r.reference])).toEqual([
      ['PIPD', 47234.08637836817],
      ['PIPD + FIMD', 18537.107824746185],
    ]);
    expect(a1[0]!.ratio).toBe(4e4 / 47234.08637836817);
    expect(table.rows).toHaveLength(8); // 4 cells × Tables 3.2 and 3.3
    expect(renderReportHtml(good)).toContain('simulated / thesis table');
  });

  it('a simulation 20 % off fails the comparison', async () => {
    const bad = await runExperiments(thesisExperiments().slice(0, 1), { ...opts, simulators: { 'credit-chain': creditSim(1.2) } });
    expect(bad.experiments[0]!.comparison!.passed).toBe(false);
  });

  it('writeReport: report.html (self-contained), report.json and one CSV per figure that reads back', () => {
    const dir = tempDirForTest('report');
    const files = writeReport(good, dir);
    expect(files.map((f) => f.slice(dir.length + 1))).toEqual(['report.html', 'report.json', ...THESIS_FIGURES.map((f) => `${f}.csv`)]);
    const html = readFileSync(join(dir, 'report.html'), 'utf8');
    expect((html.match(/<svg /g) ?? []).length).toBeGreaterThanOrEqual(THESIS_FIGURES.length);
    expect(html).not.toMatch(/<script|<link|src="http|href="http/);
    expect(html).toContain('ibqos-comparison');
    const json = parseResultJson(readFileSync(join(dir, 'report.json'), 'utf8')) as { experiments: { id: string; figures: { csv: string }[] }[] };
    expect(json.experiments.map((e) => e.id)).toEqual(['credit-chain', 'entry-threshold', 'arrival-job-threshold', 'congestion-spreading']);
    const rows = parse(readFileSync(join(dir, 'credit-chain-throughput.csv'), 'utf8'), { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual(['series', 'source', 'x', 'x_label', 'y', 'half_width', 'x_name', 'y_name']);
    // What the axes hold, with units, so the CSV is readable without the HTML.
    expect(rows[0]!.x_name).toBe('downstream capacity m (packets)');
    expect(rows[0]!.y_name).toBe('throughput X (packets per time unit)');
    const fig = good.experiments[0]!.figures[2]!;
    expect(rows.map((r) => Number(r.y))).toEqual(fig.rows.map((r) => r.y));
  });

  it('writeReport into a folder whose report.html is a symbolic link out of it → the link is replaced, its target untouched (issue 33)', () => {
    const dir = tempDirForTest('report');
    const outside = join(tempDirForTest('report'), 'victim.txt');
    writeFileSync(outside, 'keep me');
    symlinkSync(outside, join(dir, 'report.html'));
    writeReport(good, dir);
    expect(readFileSync(outside, 'utf8')).toBe('keep me');
    expect(lstatSync(join(dir, 'report.html')).isSymbolicLink()).toBe(false);
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toContain('<svg ');
  });
});

describe('ibqos report', () => {
  it('--quick --out DIR → exit 0, the files listed on stdout, progress on stderr', async () => {
    const dir = tempDirForTest('report');
    const { code, out, err } = await runCli(['report', '--quick', '--out', dir]);
    expect(code).toBe(0);
    const files = out.trim().split('\n');
    expect(files).toHaveLength(2 + THESIS_FIGURES.length + GRAN_FIGURES.length + DRB_FIGURES.length + ALFARO_FIGURES.length + FABRIC_MODEL_FIGURES.length);
    for (const f of files) expect(existsSync(f)).toBe(true);
    expect(err).toMatch(/^report: credit-chain \(10 points\)$/m);
    expect(err).toMatch(/^report: 15 experiments, 40 figures, 11 with simulation$/m); // src/sim: credit-tandem, gege1n, congestion-spreading, ibcc-fat-tree, drb, alfaro; the fabric-model section against stored runs
    expect(err).toMatch(/^report: alfaro-table-2 \(2 points; QUICK: 8 switches, 30 refusals close an SL; not comparable with the paper\)$/m);
    expect(err).toMatch(/^report: gran-table-2 \(4 points; QUICK: radix 4, 8 hosts, 1 hotspot, 2 ms after a 1 ms warm-up\)$/m);
    expect(err).toMatch(/^report: drb-load \(6 points\)$/m);
    const html = readFileSync(join(dir, 'report.html'), 'utf8');
    expect(html.match(/<span class="badge">[^<]*<\/span>/g)).toEqual([
      ...Array(3).fill('<span class="badge">analytic and simulated</span>'),
      '<span class="badge">simulated: no analytic model exists</span>',
      '<span class="badge">simulated: no analytic model exists</span>',
      '<span class="badge">analytic and simulated</span>',
      '<span class="badge">simulated: no analytic model exists</span>',
      ...Array(2).fill('<span class="badge">simulated: no analytic model exists</span>'),
      ...Array(2).fill('<span class="badge">simulated: no analytic model exists</span>'),
      ...Array(4).fill('<span class="badge">analytic against reference values</span>'),
    ]);
  }, 300_000); // the whole quick report: about a minute of CPU, several under a loaded machine

  it('an --out directory that cannot be written → exit 2 and a typed error naming --out', async () => {
    const dir = tempDirForTest('report');
    const file = join(dir, 'a-file');
    writeFileSync(file, 'x');
    const { code, err } = await runCli(['report', '--quick', '--out', join(file, 'sub')]);
    expect(code).toBe(2);
    expect(err).toMatch(/--out must be a writable directory/);
    // Checked before any experiment runs: no progress lines.
    expect(err).not.toMatch(/^report: /m);
  });

  it('rejects a bad --replications with exit 2', async () => {
    const { code, err } = await runCli(['report', '--replications', '1']);
    expect(code).toBe(2);
    expect(err).toMatch(/--replications must be an integer in 2\.\.10000/);
  });
});

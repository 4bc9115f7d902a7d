/**
 * The report as one self-contained HTML page: no scripts, no external style sheets, fonts or
 * images — every plot is inline SVG — so it opens offline and can be mailed as one file.
 */
import { comparisonHtml } from '../validate/compare.js';
import type { ContrastResult, ExperimentResult, FigureResult, ReferenceTableResult, ReportData } from './experiment.js';
import { escapeXml } from './svgPlot.js';
import { formatNumber } from './table.js';

const STYLE = `
body { font-family: Helvetica, Arial, sans-serif; max-width: 1100px; margin: 2em auto; padding: 0 1em; color: #222; line-height: 1.45; }
h1 { font-size: 1.6em; } h2 { border-bottom: 1px solid #ccc; padding-bottom: .2em; margin-top: 2em; } h3 { font-size: 1.1em; }
figure { margin: 1.5em 0; } figure svg { max-width: 100%; height: auto; border: 1px solid #eee; }
figcaption { font-size: .9em; color: #555; }
table { border-collapse: collapse; font-size: .85em; margin: .8em 0; }
th, td { border: 1px solid #ddd; padding: .2em .5em; text-align: right; } th { background: #f4f4f4; }
td:first-child, th:first-child { text-align: left; }
tr.fail td { background: #fde8e8; }
table.summary td, table.summary th { text-align: left; }
.note { color: #555; font-size: .9em; } .badge { display: inline-block; padding: 0 .4em; border-radius: 3px; background: #eee; font-size: .8em; }
details { margin: .5em 0 1.5em; }
`;

/** A figure's data as an HTML table: one row per x, one column per series. */
export function figureTableHtml(figure: FigureResult): string {
  const series = [...new Set(figure.rows.map((r) => r.series))];
  const xs = [...new Map(figure.rows.map((r) => [r.x, r.xLabel ?? formatNumber(r.x)])).entries()].sort((a, b) => a[0] - b[0]);
  const cell = (s: string, x: number) => {
    const r = figure.rows.find((row) => row.series === s && row.x === x);
    if (!r) return '<td></td>';
    return `<td>${escapeXml(formatNumber(r.y, 6))}${r.halfWidth === undefined ? '' : ` ± ${escapeXml(formatNumber(r.halfWidth, 3))}`}</td>`;
  };
  return [
    `<table class="figure-data"><thead><tr><th>${escapeXml(figure.xName)}</th>${series.map((s) => `<th>${escapeXml(s)}</th>`).join('')}</tr></thead><tbody>`,
    ...xs.map(([x, label]) => `<tr><td>${escapeXml(label)}</td>${series.map((s) => cell(s, x)).join('')}</tr>`),
    '</tbody></table>',
  ].join('\n');
}

/** A contrast as a table: one row per point, each metric's two values and their signed relative difference. */
export function contrastTableHtml(c: ContrastResult): string {
  const pct = (v: number) => `${v >= 0 ? '+' : ''}${formatNumber(100 * v, 3)} %`;
  return [
    `<h3>${escapeXml(c.title)}</h3>`,
    `<p class="note">${escapeXml(c.series)} against ${escapeXml(c.reference)}: (${escapeXml(c.series)} − ${escapeXml(c.reference)}) / ${escapeXml(c.reference)}.</p>`,
    `<table class="contrast"><thead><tr><th>point</th>${c.metrics.map((m) => `<th>${escapeXml(m)}: ${escapeXml(c.reference)}</th><th>${escapeXml(m)}: ${escapeXml(c.series)}</th><th>difference</th>`).join('')}</tr></thead><tbody>`,
    ...c.rows.map(
      (r) =>
        `<tr><td>${escapeXml(r.point)}</td>${r.values.map((v) => `<td>${escapeXml(formatNumber(v.reference, 6))}</td><td>${escapeXml(formatNumber(v.value, 6))}</td><td>${escapeXml(pct(v.relativeDifference))}</td>`).join('')}</tr>`,
    ),
    '</tbody></table>',
  ].join('\n');
}

/** A reference table: per point and metric, the published value, the simulated one (± half-width) and their ratio. */
export function referenceTableHtml(t: ReferenceTableResult): string {
  return [
    `<h3>${escapeXml(t.title)}</h3>`,
    '<table class="contrast"><thead><tr><th>point</th><th>cell</th>' +
      `<th>${escapeXml(t.reference)}</th><th>simulated (95 % CI)</th><th>simulated / ${escapeXml(t.reference)}</th></tr></thead><tbody>`,
    ...t.rows.map(
      (r) =>
        `<tr><td>${escapeXml(r.point)}</td><td>${escapeXml(r.metric)}</td><td>${escapeXml(formatNumber(r.reference, 6))}</td>` +
        `<td>${escapeXml(`${formatNumber(r.simulated, 6)} ± ${formatNumber(r.halfWidth, 2)}`)}</td><td>${escapeXml(formatNumber(r.ratio, 3))}</td></tr>`,
    ),
    '</tbody></table>',
    t.note ? `<p class="note">${escapeXml(t.note)}</p>` : '',
  ].join('\n');
}

/** What an experiment shows: analytic curves, simulated values, both, or only published values. */
function experimentBadge(e: ExperimentResult): string {
  const analytic = e.points.some((p) => Object.keys(p.analytic).length > 0);
  if (analytic) return e.simulated ? 'analytic and simulated' : 'analytic only: no simulator plugged in yet';
  return e.simulated ? 'simulated: no analytic model exists' : 'published values only: no analytic model, no simulator plugged in';
}

/** The axis title of a figure's values, with its unit: 'throughput T (packets per time unit)'. */
function yTitle(f: FigureResult): string {
  return f.spec.yUnit ? `${f.spec.yLabel} (${f.spec.yUnit})` : f.spec.yLabel;
}

function experimentHtml(e: ExperimentResult, index: number): string {
  return [
    `<section class="experiment" id="${escapeXml(e.id)}">`,
    `<h2>${index + 1}. ${escapeXml(e.title)}</h2>`,
    `<p class="note">Source: ${escapeXml(e.source)}. ${e.points.length} points, ${escapeXml(formatNumber(e.elapsedMs, 3))} ms. ` +
      `<span class="badge">${escapeXml(experimentBadge(e))}</span></p>`,
    ...e.description.map((d) => `<p>${escapeXml(d)}</p>`),
    e.referenceNote ? `<p class="note">Reference values: ${escapeXml(e.referenceNote)}</p>` : '',
    ...e.figures.map(
      (f) =>
        `<figure id="${escapeXml(`${e.id}-${f.id}`)}">\n${f.svg}\n<figcaption>${escapeXml(f.title)} — data: <code>${escapeXml(`${e.id}-${f.id}.csv`)}</code></figcaption>\n<details><summary>values: ${escapeXml(yTitle(f))}</summary>\n${figureTableHtml(f)}\n</details></figure>`,
    ),
    ...e.contrasts.map(contrastTableHtml),
    ...(e.referenceTables ?? []).map(referenceTableHtml),
    e.comparison ? comparisonHtml(e.comparison) : '',
    '</section>',
  ].join('\n');
}

/** Renders a report as a self-contained HTML document. */
export function renderReportHtml(report: ReportData): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<title>${escapeXml(report.title)}</title>`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<style>${STYLE}</style></head><body>`,
    renderReportFragment(report),
    '</body></html>',
  ].join('\n');
}

/** The report's body as an HTML fragment without styles (for a notebook cell's output). */
export function renderReportFragment(report: ReportData): string {
  return [
    `<h1>${escapeXml(report.title)}</h1>`,
    `<p class="note">Generated ${escapeXml(report.generated)} by ibqos${report.quick ? ' (quick mode)' : ''}; seed ${report.seed}, ${report.replications} replications per simulated point. ` +
      'Analytic curves are lines (dashed: the thesis\'s reading of a formula); simulated values are markers with 95 % confidence-interval error bars; published values are open markers.</p>',
    '<table class="summary"><thead><tr><th>experiment</th><th>source</th><th>points</th><th>figures</th><th>simulation</th><th>against the simulation</th></tr></thead><tbody>',
    ...report.experiments.map((e, k) => {
      const c = e.comparison;
      const verdict = c
        ? `${c.passed ? 'pass' : '<b>FAIL</b>'}: ${c.metrics.map((m) => `${escapeXml(m.metric)} mean EM ${escapeXml(formatNumber(m.meanErrorMeasure, 3))}`).join('; ')}`
        : '';
      return `<tr><td><a href="#${escapeXml(e.id)}">${k + 1}. ${escapeXml(e.title)}</a></td><td>${escapeXml(e.source)}</td><td>${e.points.length}</td><td>${e.figures.length}</td><td>${e.simulated ? 'yes' : 'not yet'}</td><td>${verdict}</td></tr>`;
    }),
    '</tbody></table>',
    ...report.experiments.map(experimentHtml),
  ].join('\n');
}

/**
 * The report as one self-contained HTML page: no scripts, no external style sheets, fonts or
 * images — every plot is inline SVG — so it opens offline and can be mailed as one file.
 */
import { escapeXml } from '../present/escape.js';
import { formatNumber } from '../present/number.js';
import { htmlTable, type Column, type HtmlCell } from '../present/table.js';
import { comparisonHtml } from '../validate/compare.js';
import type { ContrastResult, ExperimentResult, FigureResult, ReferenceTableResult, ReportData } from './types.js';
import { recordParameter } from '../core/shapes.js';

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

/** The x values of a figure (with their labels), in order. */
type FigureX = readonly [x: number, label: string];

/**
 * A figure's data as table columns: the x value, then one column per series holding `y` or
 * `y ± half-width` (empty where the series has no value at that x).
 */
export function figureColumns(figure: FigureResult): { readonly rows: readonly FigureX[]; readonly columns: readonly Column<FigureX, string>[] } {
  recordParameter('figure', figure, { id: 'string', title: 'string', rows: 'array', xName: 'string', yName: 'string' });
  const series = [...new Set(figure.rows.map((r) => r.series))];
  const rows = [...new Map(figure.rows.map((r) => [r.x, r.xLabel ?? formatNumber(r.x)])).entries()].sort((a, b) => a[0] - b[0]);
  const cell = (s: string, x: number) => {
    const r = figure.rows.find((row) => row.series === s && row.x === x);
    if (!r) return '';
    return `${formatNumber(r.y, 6)}${r.halfWidth === undefined ? '' : ` ± ${formatNumber(r.halfWidth, 3)}`}`;
  };
  return {
    rows,
    columns: [{ header: figure.xName, value: ([, label]) => label }, ...series.map((s) => ({ header: s, value: ([x]: FigureX) => cell(s, x) }))],
  };
}

/** A figure's data as an HTML table: one row per x, one column per series. */
export function figureTableHtml(figure: FigureResult): string {
  recordParameter('figure', figure, { id: 'string', title: 'string', rows: 'array', xName: 'string', yName: 'string' });
  const { rows, columns } = figureColumns(figure);
  return htmlTable(rows, columns, { className: 'figure-data' });
}

/** A contrast as a table: one row per point, each metric's two values and their signed relative difference. */
export function contrastTableHtml(c: ContrastResult): string {
  recordParameter('contrast', c, { title: 'string', metrics: 'array', rows: 'array' });
  const pct = (v: number) => `${v >= 0 ? '+' : ''}${formatNumber(100 * v, 3)} %`;
  type Row = ContrastResult['rows'][number];
  const columns: Column<Row, HtmlCell>[] = [
    { header: 'point', value: (r) => r.point },
    ...c.metrics.flatMap((m, k): Column<Row, HtmlCell>[] => [
      { header: `${m}: ${c.reference}`, value: (r) => r.values[k]!.reference, digits: 6 },
      { header: `${m}: ${c.series}`, value: (r) => r.values[k]!.value, digits: 6 },
      { header: 'difference', value: (r) => pct(r.values[k]!.relativeDifference) },
    ]),
  ];
  return [
    `<h3>${escapeXml(c.title)}</h3>`,
    `<p class="note">${escapeXml(c.series)} against ${escapeXml(c.reference)}: (${escapeXml(c.series)} − ${escapeXml(c.reference)}) / ${escapeXml(c.reference)}.</p>`,
    htmlTable(c.rows, columns, { className: 'contrast' }),
  ].join('\n');
}

/** A reference table: per point and metric, the published value, the simulated one (± half-width) and their ratio. */
export function referenceTableHtml(t: ReferenceTableResult): string {
  recordParameter('table', t, { title: 'string', rows: 'array' });
  type Row = ReferenceTableResult['rows'][number];
  const columns: Column<Row, HtmlCell>[] = [
    { header: 'point', value: (r) => r.point },
    { header: 'cell', value: (r) => r.metric },
    { header: t.reference, value: (r) => r.reference, digits: 6 },
    { header: 'simulated (95 % CI)', value: (r) => `${formatNumber(r.simulated, 6)} ± ${formatNumber(r.halfWidth, 2)}` },
    { header: `simulated / ${t.reference}`, value: (r) => r.ratio, digits: 3 },
  ];
  return [`<h3>${escapeXml(t.title)}</h3>`, htmlTable(t.rows, columns, { className: 'contrast' }), t.note ? `<p class="note">${escapeXml(t.note)}</p>` : ''].join('\n');
}

/** What an experiment shows: analytic curves, simulated values, both, or only published values. */
function experimentBadge(e: ExperimentResult): string {
  const analytic = e.points.some((p) => Object.keys(p.analytic).length > 0);
  const reference = e.points.some((p) => Object.keys(p.reference ?? {}).length > 0);
  if (analytic) return e.simulated ? 'analytic and simulated' : reference ? 'analytic against reference values' : 'analytic only: no simulator plugged in yet';
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
  recordParameter('report', report, { title: 'string', experiments: 'array' });
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
  recordParameter('report', report, { title: 'string', experiments: 'array' });
  return [
    `<h1>${escapeXml(report.title)}</h1>`,
    `<p class="note">Generated ${escapeXml(report.generated)} by ibqos${report.quick ? ' (quick mode)' : ''}; seed ${report.seed}, ${report.replications} replications per simulated point. ` +
      'Analytic curves are lines (dashed: the thesis\'s reading of a formula); simulated values are markers with 95 % confidence-interval error bars; published values are open markers.</p>',
    htmlTable(
      report.experiments.map((e, k) => ({ e, k })),
      [
        { header: 'experiment', value: ({ e, k }) => ({ html: `<a href="#${escapeXml(e.id)}">${k + 1}. ${escapeXml(e.title)}</a>` }) },
        { header: 'source', value: ({ e }) => e.source },
        { header: 'points', value: ({ e }) => e.points.length },
        { header: 'figures', value: ({ e }) => e.figures.length },
        { header: 'simulation', value: ({ e }) => (e.simulated ? 'yes' : 'not yet') },
        { header: 'against the simulation', value: ({ e }) => ({ html: e.comparison ? verdictHtml(e.comparison) : '' }) },
      ],
      { className: 'summary' },
    ),
    ...report.experiments.map(experimentHtml),
  ].join('\n');
}

/** A comparison's verdict in one line: pass or FAIL, and each metric's mean error measure. */
function verdictHtml(c: NonNullable<ExperimentResult['comparison']>): string {
  return `${c.passed ? 'pass' : '<b>FAIL</b>'}: ${c.metrics.map((m) => `${escapeXml(m.metric)} mean EM ${escapeXml(formatNumber(m.meanErrorMeasure, 3))}`).join('; ')}`;
}

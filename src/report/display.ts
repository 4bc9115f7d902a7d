/**
 * How a report and its figures show themselves in a notebook (Deno's Jupyter kernel; see
 * present/display.ts): a figure as its SVG, with its data as a text table; a report as its HTML
 * body, with a one-line-per-experiment summary as text.
 */
import { mimeBundle, withJupyterDisplay } from '../present/display.js';
import { formatNumber } from '../present/number.js';
import { formatTable } from '../present/table.js';
import { figureColumns, renderReportFragment } from './html.js';
import type { FigureResult, ReportData } from './types.js';
import { recordParameter } from '../core/shapes.js';

/** The figure with its display method (text: its title and data table; HTML and SVG: the plot). Returns the figure itself. */
export function figureDisplay(figure: FigureResult): FigureResult {
  recordParameter('figure', figure, { id: 'string', title: 'string', rows: 'array', xName: 'string', yName: 'string' });
  return withJupyterDisplay(figure, () => {
    const { rows, columns } = figureColumns(figure);
    return mimeBundle({ text: `${figure.title}\n${formatTable(rows, columns)}`, html: `<div>${figure.svg}</div>`, svg: figure.svg });
  });
}

/** The report with its display method (text: a summary line per experiment; HTML: the report's body). Returns the report itself. */
export function reportDisplay(report: ReportData): ReportData {
  recordParameter('report', report, { title: 'string', experiments: 'array' });
  return withJupyterDisplay(report, () => mimeBundle({ text: reportText(report), html: renderReportFragment(report) }));
}

/** The report's summary as text: its title, then one row per experiment with its verdict against the simulation. */
export function reportText(report: ReportData): string {
  recordParameter('report', report, { title: 'string', experiments: 'array' });
  const rows = report.experiments.map((e, k) => ({ e, k }));
  return [
    report.title,
    formatTable(rows, [
      { header: 'experiment', value: ({ e, k }) => `${k + 1}. ${e.id}` },
      { header: 'points', value: ({ e }) => e.points.length },
      { header: 'figures', value: ({ e }) => e.figures.length },
      { header: 'simulation', value: ({ e }) => (e.simulated ? 'yes' : 'not yet') },
      {
        header: 'against the simulation',
        value: ({ e }) =>
          e.comparison
            ? `${e.comparison.passed ? 'pass' : 'FAIL'}: ${e.comparison.metrics.map((m) => `${m.metric} mean EM ${formatNumber(m.meanErrorMeasure, 3)}`).join('; ')}`
            : '',
      },
    ]),
  ].join('\n');
}

/**
 * Writing a report to a directory: `report.html` (self-contained), `report.json` (every point's
 * parameters and records, figure data; ±Infinity as strings) and one CSV per figure, named
 * `<experiment>-<figure>.csv`, with columns series, source, x, x_label, y, half_width, x_name, y_name.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import type { FigureResult, ReportData } from './types.js';
import { renderReportHtml } from './html.js';
import { resultsToJson } from '../present/json.js';

/**
 * A figure's data as CSV text (header and one row per plotted value). `x_name` and `y_name` say
 * what the axes hold, with their units (the plot's axis titles), so a CSV read alone is understood.
 */
export function figureCsv(figure: FigureResult): string {
  const { spec } = figure;
  const xName = spec.xUnit ? `${spec.xLabel} (${spec.xUnit})` : spec.xLabel;
  const yName = spec.yUnit ? `${spec.yLabel} (${spec.yUnit})` : spec.yLabel;
  return stringify(
    figure.rows.map((r) => [r.series, r.source, r.x, r.xLabel ?? '', r.y, r.halfWidth ?? '', xName, yName]),
    { header: true, columns: ['series', 'source', 'x', 'x_label', 'y', 'half_width', 'x_name', 'y_name'], cast: { number: (v) => String(v) } },
  );
}

/** The JSON-friendly content of a report (figures without their SVG). */
export function reportRecord(report: ReportData): unknown {
  return {
    ...report,
    experiments: report.experiments.map((e) => ({
      ...e,
      figures: e.figures.map((f) => ({ id: f.id, title: f.title, csv: `${e.id}-${f.id}.csv`, rows: f.rows })),
    })),
  };
}

/**
 * Writes report.html, report.json and the figure CSVs into `outDir` (created if missing).
 *
 * @returns the paths written.
 */
export function writeReport(report: ReportData, outDir: string): string[] {
  mkdirSync(outDir, { recursive: true });
  const written: string[] = [];
  const put = (name: string, text: string) => {
    const path = join(outDir, name);
    writeFileSync(path, text);
    written.push(path);
  };
  put('report.html', renderReportHtml(report));
  put('report.json', `${resultsToJson(reportRecord(report), 1)}\n`);
  for (const e of report.experiments) for (const f of e.figures) put(`${e.id}-${f.id}.csv`, figureCsv(f));
  return written;
}

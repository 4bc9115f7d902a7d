/**
 * Writing a report to a directory: `report.html` (self-contained), `report.json` (every point's
 * parameters and records, figure data; ±Infinity as strings) and one CSV per figure, named
 * `<experiment>-<figure>.csv`, with columns series, source, x, x_label, y, half_width, x_name, y_name.
 */
import { join } from 'node:path';
import { makeDirectory, writeFileAtomic } from '../core/files.js';
import { stringify } from 'csv-stringify/sync';
import type { FigureResult, ReportData } from './types.js';
import { renderReportHtml } from './html.js';
import { resultsToJson } from '../present/json.js';
import { checkKind, recordParameter } from '../core/shapes.js';

/**
 * A figure's data as CSV text (header and one row per plotted value). `x_name` and `y_name` say
 * what the axes hold, with their units (the plot's axis titles), so a CSV read alone is understood.
 */
export function figureCsv(figure: FigureResult): string {
  recordParameter('figure', figure, { id: 'string', title: 'string', rows: 'array', xName: 'string', yName: 'string' });
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
  recordParameter('report', report, { title: 'string', experiments: 'array' });
  return {
    ...report,
    experiments: report.experiments.map((e) => ({
      ...e,
      figures: e.figures.map((f) => ({ id: f.id, title: f.title, csv: figureFileName(e.id, f.id), rows: f.rows })),
    })),
  };
}

/**
 * A file name made from data (an experiment or figure id): every character but letters, digits,
 * '.', '_' and '-' becomes '_', and a leading '.' too, so the name can hold no directory part
 * (`../x` → `_._x`), is never hidden and never '.' or '..'.
 *
 * @example safeFileName('../../etc/passwd') // '_.._etc_passwd'
 */
export function safeFileName(name: string): string {
  checkKind('name', name, 'string');
  const safe = name.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\./, '_');
  return safe === '' ? '_' : safe;
}

/** The CSV file name of a figure: `<experiment>-<figure>.csv`, each part through {@link safeFileName}. */
export function figureFileName(experiment: string, figure: string): string {
  checkKind('experiment', experiment, 'string');
  checkKind('figure', figure, 'string');
  return `${safeFileName(experiment)}-${safeFileName(figure)}.csv`;
}

/** The names of the files {@link writeReport} writes for these experiments and figures. */
export function reportFileNames(experiments: readonly { readonly id: string; readonly figures: readonly { readonly id: string }[] }[]): string[] {
  checkKind('experiments', experiments, 'array');
  return ['report.html', 'report.json', ...experiments.flatMap((e) => e.figures.map((f) => figureFileName(e.id, f.id)))];
}

export { makeDirectory };

/**
 * Writes report.html, report.json and the figure CSVs into `outDir` (created if missing). File
 * names made from experiment and figure ids go through {@link safeFileName}, so every file is
 * inside `outDir`; each is written whole and renamed into place, so a symbolic link of that name in
 * `outDir` is replaced, never followed out of it.
 *
 * @returns the paths written.
 */
export function writeReport(report: ReportData, outDir: string): string[] {
  recordParameter('report', report, { title: 'string', experiments: 'array' });
  checkKind('outDir', outDir, 'string');
  makeDirectory(outDir);
  const written: string[] = [];
  const put = (name: string, text: string) => {
    const path = join(outDir, name);
    writeFileAtomic(path, text);
    written.push(path);
  };
  put('report.html', renderReportHtml(report));
  put('report.json', `${resultsToJson(reportRecord(report), 1)}\n`);
  for (const e of report.experiments) for (const f of e.figures) put(figureFileName(e.id, f.id), figureCsv(f));
  return written;
}

/**
 * Imported simulation results: one {@link ResultPoint} per experiment point, with the parameters
 * that identify it and its metrics under the library's metric paths. The CSV, JSON and `.sca`
 * importers all produce this shape; `rowsToResults` is the part the table formats share.
 */
import { describeValue } from '../core/errors.js';
import { ResultsFormatError } from './resultsError.js';
import type { Estimate } from './metrics.js';
import type { ResultsMapping } from './mapping.js';
import { checkKind, recordParameter } from '../core/shapes.js';

/** One experiment point of a user's results. */
export interface ResultPoint {
  /** The parameters found for this point (model parameter names → values). */
  readonly params: Readonly<Record<string, number>>;
  /** Metric path → simulated estimate. */
  readonly metrics: Readonly<Record<string, Estimate>>;
  /** Where the point came from: its first line, and for `.sca` the runs averaged into it. */
  readonly source: { readonly line: number; readonly runs?: readonly string[] };
}

/** What an importer returns. */
export interface ImportedResults {
  readonly format: 'csv' | 'json' | 'sca';
  readonly points: readonly ResultPoint[];
  /** Metric path → the column or scalar name it was read from. */
  readonly columns: Readonly<Record<string, string>>;
  /** Columns that matched neither a metric, nor a parameter, nor an interval column. */
  readonly unusedColumns: readonly string[];
}

/** A row of a table format: its line and its cells by column name. */
export interface TableRow {
  readonly line: number;
  readonly cells: Readonly<Record<string, unknown>>;
}

/** Columns that may hold the half-width of column `c`'s interval, in order. */
export function halfWidthColumns(c: string): string[] {
  checkKind('column', c, 'string');
  return [`${c}.halfWidth`, `${c}_halfWidth`, `${c}_hw`, `${c}:halfWidth`, `${c} hw`];
}

/** Columns that may hold the confidence level of column `c`'s interval, in order. */
export function confidenceColumns(c: string): string[] {
  checkKind('column', c, 'string');
  return [`${c}.confidence`, `${c}_confidence`, 'confidence'];
}

/**
 * Numeric text as every results format writes it: a decimal number, `nan`, `inf`, `+inf`, `-inf`,
 * `Infinity`, `-Infinity` (any case); undefined for anything else.
 *
 * @example numberToken('-inf') // -Infinity
 */
export function numberToken(token: string): number | undefined {
  checkKind('token', token, 'string');
  const lower = token.toLowerCase();
  if (lower === 'nan' || lower === '-nan') return Number.NaN;
  if (lower === 'inf' || lower === '+inf' || lower === 'infinity' || lower === '+infinity') return Infinity;
  if (lower === '-inf' || lower === '-infinity') return -Infinity;
  if (/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(token)) return Number(token);
  return undefined;
}

/**
 * A cell as a number: numbers as they are; strings as decimal numbers, `nan`, `inf`, `-inf`,
 * `Infinity` (any case); '', `NA` and null as missing (undefined).
 *
 * @throws ResultsFormatError naming the line and column for any other text.
 */
export function cellNumber(value: unknown, format: string, line: number, column: string, file?: string): number | undefined {
  checkKind('format', format, 'string');
  checkKind('line', line, 'number');
  checkKind('column', column, 'string');
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') {
    const t = value.trim();
    const lower = t.toLowerCase();
    if (t === '' || lower === 'na') return undefined;
    const v = numberToken(t);
    if (v !== undefined) return v;
  }
  throw new ResultsFormatError(format, line, `column ${describeValue(column)} holds ${describeValue(value)}, which is not a number`, file);
}

function firstPresent(candidates: readonly string[], header: ReadonlySet<string>): string | undefined {
  return candidates.find((c) => header.has(c));
}

/**
 * Table rows → result points through a mapping. A metric is read from the first of its candidate
 * columns present; its interval from `<column>.halfWidth` (or `_halfWidth`, `_hw`, `:halfWidth`,
 * ` hw`) and `<column>.confidence` (or `_confidence`, or a `confidence` column; 0.95 when a
 * half-width is given without one). An empty cell leaves that metric out of that point.
 *
 * @throws ResultsFormatError when no column matches a metric (line of the header) or a cell is
 *   not a number (its line and column).
 */
export function rowsToResults(
  format: 'csv' | 'json',
  rows: readonly TableRow[],
  header: readonly string[],
  headerLine: number,
  mapping: ResultsMapping,
  file?: string,
): ImportedResults {
  checkKind('format', format, 'string');
  checkKind('rows', rows, 'array');
  checkKind('header', header, 'array');
  checkKind('headerLine', headerLine, 'number');
  recordParameter('mapping', mapping, { metrics: 'object', params: 'object' });
  const headerSet = new Set(header);
  const used = new Set<string>();
  const metricColumns: [string, string, string | undefined, string | undefined][] = [];
  for (const [path, candidates] of Object.entries(mapping.metrics)) {
    const c = firstPresent(candidates, headerSet);
    if (c === undefined) continue;
    const hw = firstPresent(halfWidthColumns(c), headerSet);
    const conf = firstPresent(confidenceColumns(c), headerSet);
    metricColumns.push([path, c, hw, conf]);
    for (const x of [c, hw, conf]) if (x !== undefined) used.add(x);
  }
  if (metricColumns.length === 0) {
    const known = Object.values(mapping.metrics).flat();
    throw new ResultsFormatError(format, headerLine, `no column holds a metric of the model (columns: ${header.join(', ')}; expected one of: ${known.join(', ')}; see --map)`, file);
  }
  const paramColumns: [string, string][] = [];
  for (const [name, candidates] of Object.entries(mapping.params)) {
    const c = firstPresent(candidates, headerSet);
    if (c !== undefined) {
      paramColumns.push([name, c]);
      used.add(c);
    }
  }
  const points = rows.map((row): ResultPoint => {
    const params: Record<string, number> = {};
    for (const [name, c] of paramColumns) {
      const v = cellNumber(row.cells[c], format, row.line, c, file);
      if (v !== undefined) params[name] = v;
    }
    const metrics: Record<string, Estimate> = {};
    for (const [path, c, hw, conf] of metricColumns) {
      const mean = cellNumber(row.cells[c], format, row.line, c, file);
      if (mean === undefined) continue;
      const halfWidth = hw === undefined ? undefined : cellNumber(row.cells[hw], format, row.line, hw, file);
      const confidence = conf === undefined ? undefined : cellNumber(row.cells[conf], format, row.line, conf, file);
      if (halfWidth !== undefined && !(halfWidth >= 0)) {
        throw new ResultsFormatError(format, row.line, `column ${JSON.stringify(hw)} holds a half-width of ${halfWidth}; it must be >= 0`, file);
      }
      if (confidence !== undefined && !(confidence > 0 && confidence < 1)) {
        throw new ResultsFormatError(format, row.line, `column ${JSON.stringify(conf)} holds a confidence level of ${confidence}; it must be in (0, 1)`, file);
      }
      metrics[path] =
        halfWidth === undefined ? { mean } : { mean, halfWidth, confidence: confidence ?? 0.95 };
    }
    if (Object.keys(metrics).length === 0) {
      throw new ResultsFormatError(format, row.line, `the row has no metric value (${metricColumns.map(([, c]) => c).join(', ')} all empty): a cut-off or empty row`, file);
    }
    return { params, metrics, source: { line: row.line } };
  });
  return {
    format,
    points,
    columns: Object.fromEntries(metricColumns.map(([path, c]) => [path, c])),
    unusedColumns: header.filter((h) => !used.has(h)),
  };
}

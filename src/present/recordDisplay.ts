/**
 * The display of one result record in a notebook, shared by every family: a title, a short line of
 * facts (model, method, verdict), one or more tables, and optionally a plot. The same declaration
 * renders as plain text (title, facts, aligned tables) and as HTML (a heading, the facts, compact
 * tables in the report's style and the plot inlined); the plot alone is the bundle's SVG.
 */
import { mimeBundle, withJupyterDisplay, type MimeBundle } from './display.js';
import { escapeXml } from './escape.js';
import { formatNumber } from './number.js';
import { formatTable, htmlTable, type Column, type HtmlCell } from './table.js';
import { checkKind, recordParameter } from '../core/shapes.js';

/** One table of a record's display. */
export interface DisplayTable<Row> {
  /** A caption above the table (optional). */
  readonly caption?: string;
  readonly rows: readonly Row[];
  readonly columns: readonly Column<Row, number | string>[];
}

/** What a record's display shows. */
export interface RecordDisplaySpec {
  readonly title: string;
  /** One line under the title (method, stability, verdict…). */
  readonly facts?: string;
  // `any` row types: each table brings its own row type; the columns are checked where declared.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly tables: readonly DisplayTable<any>[];
  /** An SVG plot (from `renderPlot`), shown under the tables and as the bundle's image/svg+xml. */
  readonly svg?: string;
}

/** The MIME bundle of a {@link RecordDisplaySpec}. */
export function recordBundle(spec: RecordDisplaySpec): MimeBundle {
  recordParameter('spec', spec, { title: 'string', tables: 'array' });
  const text = [spec.title, ...(spec.facts ? [spec.facts] : [])];
  const html = [`<div class="ibqos-record"><h4 style="margin:.3em 0">${escapeXml(spec.title)}</h4>`];
  if (spec.facts) html.push(`<p style="margin:.2em 0">${escapeXml(spec.facts)}</p>`);
  for (const t of spec.tables) {
    text.push('');
    if (t.caption) text.push(t.caption);
    text.push(formatTable(t.rows, t.columns));
    if (t.caption) html.push(`<p style="margin:.4em 0 .1em"><i>${escapeXml(t.caption)}</i></p>`);
    html.push(htmlTable(t.rows, t.columns as readonly Column<unknown, HtmlCell>[], { className: 'ibqos' }));
  }
  if (spec.svg) html.push(`<div>${spec.svg}</div>`);
  html.push('</div>');
  return mimeBundle({ text: text.join('\n'), html: html.join('\n'), ...(spec.svg ? { svg: spec.svg } : {}) });
}

/** Attaches the display of `spec(record)` to the record (built only when a notebook shows it). Returns the record. */
export function withRecordDisplay<T extends object>(record: T, spec: (record: T) => RecordDisplaySpec): T {
  if (typeof record !== 'object' || record === null) checkKind('record', record, 'object');
  checkKind('spec', spec, 'function');
  return withJupyterDisplay(record, () => recordBundle(spec(record)));
}

/** A name → value row of a metrics table. */
export interface MetricRow {
  readonly name: string;
  readonly value: number | string;
  readonly unit?: string;
}

/** The columns of a two-column metrics table (quantity, value, unit). */
export const METRIC_COLUMNS: readonly Column<MetricRow, number | string>[] = [
  { header: 'quantity', value: (r) => r.name },
  { header: 'value', value: (r) => r.value },
  { header: 'unit', value: (r) => r.unit ?? '' },
];

/** A mean with the half-width of its confidence interval: "1.563 ± 0.0102". */
export function formatInterval(mean: number, halfWidth: number): string {
  checkKind('mean', mean, 'number');
  checkKind('halfWidth', halfWidth, 'number');
  return Number.isFinite(halfWidth) ? `${formatNumber(mean)} ± ${formatNumber(halfWidth, 3)}` : `${formatNumber(mean)} (no interval)`;
}

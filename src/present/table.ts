/**
 * Tables for the command line, notebooks and HTML pages: the same column declarations render as
 * aligned plain text ({@link formatTable}) or as an HTML table ({@link htmlTable}); numbers are
 * printed with a fixed number of significant digits ({@link formatNumber}).
 */
import { maxOf } from '../core/arrays.js';
import { escapeXml } from './escape.js';
import { formatNumber } from './number.js';
import { checkKind, optionsParameter } from '../core/shapes.js';

/** One column: its header and how a row's cell is read. */
export interface Column<Row, Cell = number | string> {
  readonly header: string;
  readonly value: (row: Row) => Cell;
  /** Significant digits for numbers (default 6). */
  readonly digits?: number;
}

/** Renders rows as an aligned text table: right-aligned columns, a header and a rule. */
export function formatTable<Row>(rows: readonly Row[], columns: readonly Column<Row>[]): string {
  checkKind('rows', rows, 'array');
  checkKind('columns', columns, 'array');
  const cells = rows.map((row) =>
    columns.map((c) => {
      const v = c.value(row);
      return typeof v === 'number' ? formatNumber(v, c.digits) : v;
    }),
  );
  const widths = columns.map((c, k) => maxOf([c.header.length, ...cells.map((r) => r[k]!.length)]));
  const line = (parts: string[]) => parts.map((p, k) => p.padStart(widths[k]!)).join('  ');
  return [line(columns.map((c) => c.header)), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
}

/** Markup put into an HTML cell as it is (a link, a bold verdict); any other cell is escaped. */
export interface Markup {
  readonly html: string;
}

/** A cell of an HTML table: text (escaped), a number (formatted with the column's digits, escaped) or {@link Markup}. */
export type HtmlCell = number | string | Markup;

/** Options of {@link htmlTable}. */
export interface HtmlTableOptions<Row> {
  /** The table's class attribute; default none. */
  readonly className?: string;
  /** A row's class attribute (e.g. 'fail'); undefined or '' for none. */
  readonly rowClass?: (row: Row) => string | undefined;
}

/**
 * Renders rows as an HTML table: `<table><thead>` with one `<th>` per column, then one `<tr>` per
 * row on its own line. Headers and text cells are escaped; {@link Markup} cells are not.
 *
 * @example htmlTable([{ a: 1 }], [{ header: 'a', value: (r) => r.a }])
 */
export function htmlTable<Row>(rows: readonly Row[], columns: readonly Column<Row, HtmlCell>[], options: HtmlTableOptions<Row> = {}): string {
  checkKind('rows', rows, 'array');
  checkKind('columns', columns, 'array');
  optionsParameter('options', options);
  const attribute = (name: string, value: string | undefined) => (value ? ` ${name}="${escapeXml(value)}"` : '');
  const cell = (v: HtmlCell, digits: number | undefined) =>
    typeof v === 'number' ? escapeXml(formatNumber(v, digits)) : typeof v === 'string' ? escapeXml(v) : v.html;
  return [
    `<table${attribute('class', options.className)}><thead><tr>${columns.map((c) => `<th>${escapeXml(c.header)}</th>`).join('')}</tr></thead><tbody>`,
    ...rows.map((row) => `<tr${attribute('class', options.rowClass?.(row))}>${columns.map((c) => `<td>${cell(c.value(row), c.digits)}</td>`).join('')}</tr>`),
    '</tbody></table>',
  ].join('\n');
}

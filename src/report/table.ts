/**
 * Plain-text tables for the command line and notebooks: right-aligned columns, a header and a
 * rule, numbers printed with a fixed number of significant digits.
 */
import { maxOf } from '../core/arrays.js';

export interface Column<Row> {
  readonly header: string;
  readonly value: (row: Row) => number | string;
  /** Significant digits for numbers (default 6). */
  readonly digits?: number;
}

/** Formats a number for a table: integers as they are, others with `digits` significant digits. */
export function formatNumber(value: number, digits = 6): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return 'inf';
  if (value === -Infinity) return '-inf';
  if (Number.isInteger(value) && Math.abs(value) < 1e15) return String(value);
  const abs = Math.abs(value);
  if (abs !== 0 && (abs < 1e-4 || abs >= 1e9)) return value.toExponential(digits - 1);
  return Number(value.toPrecision(digits)).toString();
}

/** Renders rows as an aligned text table. */
export function formatTable<Row>(rows: readonly Row[], columns: readonly Column<Row>[]): string {
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

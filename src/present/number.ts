/** Numbers as tables, summaries and HTML show them. */
import { checkKind } from '../core/shapes.js';

/** Formats a number for a table: integers as they are, others with `digits` significant digits. */
export function formatNumber(value: number, digits = 6): string {
  checkKind('value', value, 'number');
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return 'inf';
  if (value === -Infinity) return '-inf';
  if (Number.isInteger(value) && Math.abs(value) < 1e15) return String(value);
  const abs = Math.abs(value);
  if (abs !== 0 && (abs < 1e-4 || abs >= 1e9)) return value.toExponential(digits - 1);
  return Number(value.toPrecision(digits)).toString();
}

/**
 * Parsing of sweepable numeric options: `5`, a list `a,b,c`, a range `a:b` (integers, inclusive)
 * or `a:b:step`; list items may themselves be ranges. `inf` is accepted where allowed.
 */
import { appendAll } from '../../core/arrays.js';
import { InvalidParameterError } from '../../core/errors.js';

export interface SweepOptions {
  /** Every value must be an integer. */
  readonly integer?: boolean;
  /** `inf` (or `Infinity`) is accepted and read as Infinity. */
  readonly allowInfinity?: boolean;
}

/** Parses one option's text into its list of values, or throws naming the option. */
export function parseSweep(option: string, text: string, options: SweepOptions = {}): number[] {
  const values: number[] = [];
  for (const raw of text.split(',')) {
    const item = raw.trim();
    if (item === '') throw new InvalidParameterError(option, 'a value, a list a,b,c or a range a:b[:step]', text);
    if (item.includes(':')) appendAll(values, parseRange(option, item, options));
    else values.push(parseNumber(option, item, options));
  }
  return values;
}

/**
 * One number from an option that is not swept (`--seed`, `--tolerance`, …): the number syntax of
 * {@link parseSweep}, without its lists and ranges.
 *
 * @throws InvalidParameterError naming the option for a list, a range or anything but one number.
 */
export function parseSingle(option: string, text: string, options: SweepOptions = {}): number {
  if (text.includes(',') || text.includes(':')) throw new InvalidParameterError(option, 'a single value', text);
  return parseSweep(option, text, options)[0]!;
}

/**
 * A comma list that describes one thing (the rate of each regime, the thresholds between them),
 * not a sweep: ranges are refused, since they would silently add regimes.
 *
 * @throws InvalidParameterError naming the option for a range or an item that is not a number.
 */
export function parseList(option: string, text: string, options: SweepOptions = {}): number[] {
  if (text.includes(':')) throw new InvalidParameterError(option, 'a comma list of values, one per regime (not a sweep range)', text);
  return parseSweep(option, text, options);
}

/** A plain decimal number as a person types it: digits, an optional point and exponent. */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

function parseNumber(option: string, item: string, options: SweepOptions): number {
  const lower = item.toLowerCase();
  if (lower === 'inf' || lower === 'infinity' || lower === '+inf') {
    if (options.allowInfinity) return Infinity;
    throw new InvalidParameterError(option, 'a finite number (inf is not allowed here)', item);
  }
  // Number() would also take "0x10", "0b1", " " or "1_000"; only decimals are accepted.
  if (!DECIMAL.test(item)) throw new InvalidParameterError(option, 'a decimal number', item);
  const value = Number(item);
  if (!Number.isFinite(value)) throw new InvalidParameterError(option, 'a finite number', item);
  if (options.integer && !Number.isInteger(value)) throw new InvalidParameterError(option, 'an integer', item);
  return value;
}

/** Digits after the decimal point that a typed decimal carries (1.25 → 2, 2e-3 → 3, 5 → 0). */
function decimalsOf(text: string): number {
  const m = /^[+-]?(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i.exec(text.trim());
  if (m === null) return 0;
  return Math.max(0, (m[2]?.length ?? 0) - Number(m[3] ?? 0));
}

function parseRange(option: string, item: string, options: SweepOptions): number[] {
  const parts = item.split(':');
  if (parts.length < 2 || parts.length > 3) throw new InvalidParameterError(option, 'a range a:b or a:b:step', item);
  const [a, b] = [parseNumber(option, parts[0]!, {}), parseNumber(option, parts[1]!, {})];
  const step = parts.length === 3 ? parseNumber(option, parts[2]!, {}) : 1;
  if (parts.length === 2 && (!Number.isInteger(a) || !Number.isInteger(b))) {
    throw new InvalidParameterError(option, 'a range a:b of integers (use a:b:step for other values)', item);
  }
  if (!(step > 0)) throw new InvalidParameterError(option, 'a range whose step is > 0', item);
  if (b < a) throw new InvalidParameterError(option, 'a range a:b with a <= b', item);
  const count = Math.floor((b - a) / step + 1e-9) + 1;
  if (count > 1_000_000) throw new InvalidParameterError(option, 'a range of at most 1e6 values', item);
  // a + k·step carries binary rounding (0.1 + 2·0.1 = 0.30000000000000004); round it to the
  // decimals the user typed in a and step, which is exact for what was typed. Integer ranges are
  // computed in integers and need no rounding at all.
  const decimals = Math.max(decimalsOf(parts[0]!), parts.length === 3 ? decimalsOf(parts[2]!) : 0);
  const out: number[] = [];
  for (let k = 0; k < count; k++) {
    const raw = a + k * step;
    const v = decimals === 0 ? raw : decimals <= 20 ? Number(raw.toFixed(decimals)) : raw;
    if (options.integer && !Number.isInteger(v)) throw new InvalidParameterError(option, 'a range of integers', item);
    out.push(v);
  }
  return out;
}

/**
 * The most combinations one command computes and prints, as many as one range may hold: a guard
 * against a mistyped range, not a hardware limit (`--lambda 1:130000` with the default ten values
 * of `--m` asked for 1.3 million credit chains, and their JSON ran out of memory).
 */
export const MAX_GRID_POINTS = 1_000_000;

/**
 * Every combination of the swept values, in the order the keys are given (last varies fastest).
 *
 * @throws InvalidParameterError naming the swept options (`--lambda × --m`) when there would be
 *   more than {@link MAX_GRID_POINTS} combinations.
 */
export function cartesian<K extends string, V = number>(axes: ReadonlyArray<readonly [K, readonly V[]]>): Record<K, V>[] {
  const count = axes.reduce((n, [, values]) => n * values.length, 1);
  if (count > MAX_GRID_POINTS) {
    const swept = axes.filter(([, values]) => values.length > 1);
    const name = swept.map(([key]) => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`).join(' × ');
    throw new InvalidParameterError(name, `lists and ranges giving at most ${MAX_GRID_POINTS} combinations in one command (split the sweep)`, swept.map(([key, values]) => `${key}: ${values.length} values`).join(', '));
  }
  let points: Record<string, V>[] = [{}];
  for (const [key, values] of axes) {
    const next: Record<string, V>[] = [];
    for (const p of points) for (const v of values) next.push({ ...p, [key]: v });
    points = next;
  }
  return points as Record<K, V>[];
}

/**
 * Parsing of sweepable numeric options: `5`, a list `a,b,c`, a range `a:b` (integers, inclusive)
 * or `a:b:step`; list items may themselves be ranges. `inf` is accepted where allowed.
 */
import { InvalidParameterError } from '../core/errors.js';

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
    if (item.includes(':')) values.push(...parseRange(option, item, options));
    else values.push(parseNumber(option, item, options));
  }
  return values;
}

function parseNumber(option: string, item: string, options: SweepOptions): number {
  const lower = item.toLowerCase();
  if (lower === 'inf' || lower === 'infinity' || lower === '+inf') {
    if (options.allowInfinity) return Infinity;
    throw new InvalidParameterError(option, 'a finite number (inf is not allowed here)', item);
  }
  const value = Number(item);
  if (item === '' || !Number.isFinite(value)) throw new InvalidParameterError(option, 'a number', item);
  if (options.integer && !Number.isInteger(value)) throw new InvalidParameterError(option, 'an integer', item);
  return value;
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
  const out: number[] = [];
  for (let k = 0; k < count; k++) {
    // a + k·step, rounded to the step's decimals so 0.1:0.3:0.1 gives 0.1, 0.2, 0.3 exactly.
    const v = Number((a + k * step).toPrecision(12));
    if (options.integer && !Number.isInteger(v)) throw new InvalidParameterError(option, 'a range of integers', item);
    out.push(v);
  }
  return out;
}

/** Every combination of the swept values, in the order the keys are given (last varies fastest). */
export function cartesian<K extends string>(axes: ReadonlyArray<readonly [K, readonly number[]]>): Record<K, number>[] {
  let points: Record<string, number>[] = [{}];
  for (const [key, values] of axes) {
    const next: Record<string, number>[] = [];
    for (const p of points) for (const v of values) next.push({ ...p, [key]: v });
    points = next;
  }
  return points as Record<K, number>[];
}

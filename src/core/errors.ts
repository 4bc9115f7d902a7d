/**
 * Typed errors shared by every module.
 *
 * One rule per kind of failure (STYLE.md habit 7):
 * - a bad argument → {@link InvalidParameterError}, naming the parameter, the rule and the value;
 * - a structurally invalid model → {@link InvalidModelError}, giving the reason;
 * - an iterative method that did not reach its tolerance → {@link NoConvergenceError}, carrying the
 *   last residual and the iteration count.
 * An unstable model is not an error: solvers return `stable: false`.
 */

/** Base class of every error this library throws on purpose. */
export class IbqosError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/**
 * Text from a user's input as an error message may show it: control and other non-printable
 * characters (and U+FFFD, what invalid UTF-8 bytes decode to) written as `\uXXXX`, and anything
 * past `max` characters cut to an excerpt that says how long the whole was — a 2 MB cell or raw
 * binary bytes must not flood or garble a terminal.
 *
 * @example printable('a\u0000b') // 'a\\u0000b'
 */
export function printable(text: string, max = 120): string {
  if (typeof text !== 'string') return describeValue(text);
  const head = text.length > max ? text.slice(0, max) : text;
  // eslint-disable-next-line no-control-regex
  const shown = head.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufffd]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return text.length > max ? `${shown}… (${text.length} characters)` : shown;
}

/** Formats a value for an error message: strings quoted (an excerpt, see {@link printable}), arrays and objects as compact JSON. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return `"${printable(value).replace(/"/g, '\\"')}"`;
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return 'NaN';
    if (value === Infinity) return 'Infinity';
    if (value === -Infinity) return '-Infinity';
    return String(value);
  }
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'symbol') return value.toString();
  if (value === undefined) return 'undefined';
  if (typeof value === 'function') return 'a function';
  try {
    const text = JSON.stringify(value, (_k, v: unknown) =>
      typeof v === 'number' && !Number.isFinite(v) ? String(v) : v,
    );
    return printable(text);
  } catch {
    return String(value);
  }
}

/** A parameter broke a rule: `lambda must be a finite number > 0, got -1`. */
export class InvalidParameterError extends IbqosError {
  readonly parameter: string;
  readonly rule: string;
  readonly value: unknown;

  constructor(parameter: string, rule: string, value: unknown) {
    super(`${parameter} must be ${rule}, got ${describeValue(value)}`);
    this.parameter = parameter;
    this.rule = rule;
    this.value = value;
  }
}

/** A model is structurally invalid (for example a generator whose rows do not sum to zero). */
export class InvalidModelError extends IbqosError {
  readonly reason: string;

  constructor(reason: string) {
    super(`invalid model: ${reason}`);
    this.reason = reason;
  }
}

/** A number in exponent form for a message (3 decimals); anything else as {@link describeValue} shows it. */
function exponential(x: unknown): string {
  return typeof x === 'number' ? x.toExponential(3) : describeValue(x);
}

/** An iterative method stopped before reaching its tolerance. */
export class NoConvergenceError extends IbqosError {
  readonly method: string;
  readonly iterations: number;
  readonly residual: number;
  readonly tolerance: number;

  constructor(method: string, iterations: number, residual: number, tolerance: number) {
    super(
      `${method} did not converge: residual ${exponential(residual)} after ${iterations} iterations ` +
        `(tolerance ${exponential(tolerance)})`,
    );
    this.method = method;
    this.iterations = iterations;
    this.residual = residual;
    this.tolerance = tolerance;
  }
}

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

/** Formats a value for an error message: strings quoted, arrays and objects as compact JSON. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return 'NaN';
    if (value === Infinity) return 'Infinity';
    if (value === -Infinity) return '-Infinity';
    return String(value);
  }
  if (typeof value === 'bigint') return `${value}n`;
  if (value === undefined) return 'undefined';
  if (typeof value === 'function') return 'a function';
  try {
    const text = JSON.stringify(value, (_k, v: unknown) =>
      typeof v === 'number' && !Number.isFinite(v) ? String(v) : v,
    );
    return text.length > 120 ? `${text.slice(0, 117)}...` : text;
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

/** An iterative method stopped before reaching its tolerance. */
export class NoConvergenceError extends IbqosError {
  readonly method: string;
  readonly iterations: number;
  readonly residual: number;
  readonly tolerance: number;

  constructor(method: string, iterations: number, residual: number, tolerance: number) {
    super(
      `${method} did not converge: residual ${residual.toExponential(3)} after ${iterations} iterations ` +
        `(tolerance ${tolerance.toExponential(3)})`,
    );
    this.method = method;
    this.iterations = iterations;
    this.residual = residual;
    this.tolerance = tolerance;
  }
}

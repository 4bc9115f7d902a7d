/**
 * Calls every exported function of the library (and every exported class with `new`) with wrong
 * arguments — none, `undefined`, `{}`, `'x'` — and records how each call ends (issue 33: a front
 * door given the wrong type must throw the project's typed error naming the parameter, never a
 * TypeError or RangeError from deep inside).
 *
 * Used by test/core/exportsWrongTypes.test.ts, which runs it in a temporary directory (a function
 * that wrongly took `'x'` for a path could write there). `IBQOS_PROBE_TRACE=1` writes each call to
 * stderr before making it, to find one that does not return (a synchronous loop cannot be timed
 * out: exactToString('x') looped for ever before its check).
 */
import { IbqosError, InvalidParameterError } from '../../src/core/errors.js';

/** The wrong argument lists every export is called with (made afresh for each call: a function may attach properties to its `{}`). */
export const BAD_ARGUMENTS: readonly (readonly [label: string, args: () => unknown[]])[] = [
  ['()', () => []],
  ['(undefined)', () => [undefined]],
  ['({})', () => [{}]],
  ["('x')", () => ['x']],
];

/** How one call ended. */
export interface ProbeOutcome {
  readonly name: string;
  readonly args: string;
  /**
   * 'project': an IbqosError naming what was wrong (an InvalidParameterError whose message starts
   * with its parameter's name, or another of the project's errors); 'unnamed': an
   * InvalidParameterError whose parameter is not a name (a guard given no name); 'returned': no
   * throw; 'raw': anything else (TypeError, RangeError, SyntaxError, …).
   */
  readonly kind: 'project' | 'unnamed' | 'returned' | 'raw';
  readonly detail: string;
}

/** True when `f` is a class (must be called with `new`). */
export function isClass(f: unknown): boolean {
  return typeof f === 'function' && /^class[\s{]/.test(Function.prototype.toString.call(f));
}

const PROMISE_WAIT_MS = 2000;

async function settle(value: unknown): Promise<unknown> {
  if (!(value instanceof Promise)) return value;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((_r, reject) => {
    timer = setTimeout(() => reject(new Error(`promise still pending after ${PROMISE_WAIT_MS} ms`)), PROMISE_WAIT_MS);
  });
  try {
    return await Promise.race([value, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function classify(name: string, args: string, error: unknown): ProbeOutcome {
  if (error instanceof InvalidParameterError) {
    const named = typeof error.parameter === 'string' && error.parameter.length > 0 && error.message.startsWith(error.parameter);
    return { name, args, kind: named ? 'project' : 'unnamed', detail: error.message };
  }
  if (error instanceof IbqosError) return { name, args, kind: 'project', detail: `${error.name}: ${error.message}` };
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return { name, args, kind: 'raw', detail: text.split('\n')[0]!.slice(0, 200) };
}

/** Calls `f` with every entry of {@link BAD_ARGUMENTS} but those whose label is in `skip`; awaits a returned promise (for at most 2 s). */
export async function probeExport(name: string, f: (...a: unknown[]) => unknown, skip: ReadonlySet<string> = new Set()): Promise<ProbeOutcome[]> {
  const outcomes: ProbeOutcome[] = [];
  const asClass = isClass(f);
  for (const [label, makeArgs] of BAD_ARGUMENTS) {
    if (skip.has(label)) continue;
    const args = makeArgs();
    if (process.env.IBQOS_PROBE_TRACE) process.stderr.write(`${name}${label}\n`);
    try {
      const value = asClass ? new (f as unknown as new (...a: unknown[]) => unknown)(...args) : f(...args);
      await settle(value);
      outcomes.push({ name, args: label, kind: 'returned', detail: '' });
    } catch (error) {
      outcomes.push(classify(name, label, error));
    }
  }
  return outcomes;
}

/** Probes every function-valued export of `lib` not in `skip`. */
export async function probeExports(lib: Record<string, unknown>, skip: ReadonlySet<string>): Promise<ProbeOutcome[]> {
  const outcomes: ProbeOutcome[] = [];
  for (const [name, value] of Object.entries(lib)) {
    if (typeof value !== 'function' || skip.has(name)) continue;
    outcomes.push(...(await probeExport(name, value as (...a: unknown[]) => unknown)));
  }
  return outcomes;
}

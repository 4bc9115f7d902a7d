/**
 * JSON text for result records. JSON has no Infinity or NaN, and `JSON.stringify` would write them
 * as null — losing, for example, the infinite mean queue length of an unstable queue. Here they are
 * written as the strings "Infinity", "-Infinity" and "NaN", which `parseResultJson` reads back.
 */
import { InvalidParameterError } from '../core/errors.js';
import { checkKind } from '../core/shapes.js';

/** Records as JSON text with non-finite numbers as strings; `indent` as in JSON.stringify. */
export function resultsToJson(records: unknown, indent: number | string = 1): string {
  return JSON.stringify(records, (_k, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v), indent);
}

/** The inverse of {@link resultsToJson}: "Infinity", "-Infinity" and "NaN" strings become numbers. */
export function parseResultJson(text: string): unknown {
  checkKind('text', text, 'string');
  try {
    return JSON.parse(text, (_k, v: unknown) =>
      v === 'Infinity' ? Infinity : v === '-Infinity' ? -Infinity : v === 'NaN' ? NaN : v,
    );
  } catch (e) {
    if (!(e instanceof SyntaxError)) throw e;
    throw new InvalidParameterError('text', `JSON text (${e.message})`, text);
  }
}

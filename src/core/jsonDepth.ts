/**
 * A bound on how deeply JSON text nests, checked before it is parsed. V8's `JSON.parse` copes with
 * deep text, but everything that walks the parsed value recursively — a reviver, `JSON.stringify`,
 * a validator, an error message that shows the value — overflows the stack somewhere past a few
 * thousand levels (issue 33: 5,000 nested arrays gave exit 3 in five commands). No input of this
 * project nests deeper than a handful of levels; {@link MAX_JSON_DEPTH} leaves ample room.
 */
import { InvalidParameterError } from './errors.js';

/** The deepest nesting of arrays and objects accepted in JSON input. */
export const MAX_JSON_DEPTH = 256;

/**
 * The nesting depth of JSON text (arrays and objects, strings skipped), in one linear scan that
 * stops as soon as `limit` is passed; with its line (1-based) at that point.
 */
export function jsonDepth(text: string, limit = Infinity): { depth: number; line: number } {
  let depth = 0;
  let deepest = 0;
  let line = 1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) line++;
    if (inString) {
      if (c === 92) i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return { depth: deepest, line };
      }
    } else if (c === 93 || c === 125) depth--;
  }
  return { depth: deepest, line };
}

/**
 * Throws unless `text` nests at most `max` levels deep.
 *
 * @param source what the text is, as the message should name it (an option and its file: `--params (p.json)`).
 * @throws InvalidParameterError naming `source`, the rule and the line where the limit was passed.
 * @example checkJsonDepth('--results (r.json)', text);
 */
export function checkJsonDepth(source: string, text: string, max = MAX_JSON_DEPTH): void {
  const { depth, line } = jsonDepth(text, max);
  if (depth > max) throw new InvalidParameterError(source, `JSON nested at most ${max} levels deep`, `deeper than ${max} at line ${line}`);
}

/**
 * Simulation results as JSON: an array of points (or `{ "points": [...] }`). A point is an object
 * whose numbers are parameters or metrics, either flat (`{ "lambda": 5, "L": 2.1, "L_hw": 0.1 }`)
 * or nested in the library's shape (`{ "lambda": 5, "meanQueueLength": { "mean": 2.1,
 * "halfWidth": 0.1 } }`), optionally split into `params` and `metrics` objects — the shape the
 * simulator's results take. Non-finite numbers may be written as the strings "Infinity", "NaN"…
 */
import { jsonDepth, MAX_JSON_DEPTH } from '../core/jsonDepth.js';
import { defineOwn, textParameter } from '../core/guards.js';
import { ResultsFormatError } from './resultsError.js';
import { isEstimate } from './metrics.js';
import { rowsToResults, type ImportedResults, type TableRow } from './results.js';
import type { ResultsMapping } from './mapping.js';

/** Options of {@link parseResultsJson}. */
export interface JsonImportOptions {
  /** File name for error messages. */
  readonly file?: string;
}

function lineAt(text: string, position: number): number {
  let line = 1;
  for (let k = 0; k < position && k < text.length; k++) if (text.charCodeAt(k) === 10) line++;
  return line;
}

/**
 * The line on which each element of the points array starts — the top-level array, or the array
 * under the top-level key "points" (a small scanner that skips strings; `text` is valid JSON) — so
 * that errors in a point can name its line. Other arrays (e.g. a list before "points") are skipped.
 */
function elementLines(text: string): number[] {
  const lines: number[] = [];
  const stack: string[] = [];
  let line = 1;
  let pointsDepth = -1; // stack depth inside the points array once it is found
  let finished = false; // the points array has closed
  let expectElement = false; // inside the points array, after '[' or ','
  let lastKey = ''; // the last string read at depth 1 of a top-level object
  for (let k = 0; k < text.length; k++) {
    const c = text[k];
    if (c === '\n') {
      line++;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r') continue;
    if (expectElement && c !== ']') lines.push(line);
    expectElement = false;
    if (c === '"') {
      const start = k + 1;
      for (k++; k < text.length && text[k] !== '"'; k++) {
        if (text[k] === '\\') k++;
        else if (text[k] === '\n') line++;
      }
      if (stack.length === 1 && stack[0] === '{') lastKey = text.slice(start, k);
    } else if (c === '[' || c === '{') {
      stack.push(c);
      const isPoints = stack.length === 1 || (stack.length === 2 && stack[0] === '{' && lastKey === 'points');
      if (c === '[' && pointsDepth < 0 && isPoints) {
        pointsDepth = stack.length;
        expectElement = true;
      }
    } else if (c === ']' || c === '}') {
      if (!finished && stack.length === pointsDepth) finished = true;
      stack.pop();
    } else if (c === ',' && !finished && stack.length === pointsDepth) expectElement = true;
  }
  return lines;
}

/** Flattens a point: nested objects → dotted keys; an estimate {mean, halfWidth, confidence} → key, key.halfWidth, key.confidence. */
function flatten(value: Record<string, unknown>, prefix: string, out: Record<string, unknown>): void {
  for (const [k, v] of Object.entries(value)) {
    const key = prefix === '' && (k === 'params' || k === 'metrics') ? '' : prefix === '' ? k : `${prefix}.${k}`;
    if (isEstimate(v)) {
      defineOwn(out, key, v.mean);
      if (v.halfWidth !== undefined) defineOwn(out, `${key}.halfWidth`, v.halfWidth);
      if (v.confidence !== undefined) defineOwn(out, `${key}.confidence`, v.confidence);
    } else if (typeof v === 'object' && v !== null && !Array.isArray(v)) {
      flatten(v as Record<string, unknown>, key, out);
    } else if (key !== '') defineOwn(out, key, v);
  }
}

/**
 * Reads JSON results and maps their fields onto a model's metrics and parameters.
 *
 * @throws ResultsFormatError with the line number for a JSON syntax error, a top level that is not
 *   an array of objects (or `{ points: [...] }`), a value that is not a number, or no metric field.
 * @example
 * parseResultsJson('[{"m": 2, "L1": {"mean": 0.71, "halfWidth": 0.02}}]', defaultMapping('credit'))
 */
export function parseResultsJson(input: string, mapping: ResultsMapping, options: JsonImportOptions = {}): ImportedResults {
  textParameter('input', input);
  const file = options.file;
  const text = input.replace(/^\ufeff/, ''); // a byte-order mark is not JSON
  const { depth, line: deepAt } = jsonDepth(text, MAX_JSON_DEPTH);
  if (depth > MAX_JSON_DEPTH) throw new ResultsFormatError('json', deepAt, `nested deeper than ${MAX_JSON_DEPTH} levels (JSON results nest a few levels)`, file);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const lineCol = /line (\d+)/.exec(message);
    const pos = /position (\d+)/.exec(message);
    const line = lineCol ? Number(lineCol[1]) : pos ? lineAt(text, Number(pos[1])) : 0;
    throw new ResultsFormatError('json', line, `not valid JSON (${message.replace(/\s*\(line \d+ column \d+\)/, '').replace(/ in JSON at position \d+/, '')})`, file);
  }
  const lines = elementLines(text);
  const list =
    Array.isArray(data) ? data : typeof data === 'object' && data !== null && Array.isArray((data as { points?: unknown }).points) ? (data as { points: unknown[] }).points : undefined;
  if (list === undefined) throw new ResultsFormatError('json', 1, 'expected an array of points, or an object with a "points" array', file);
  if (list.length === 0) throw new ResultsFormatError('json', 1, 'the list of points is empty', file);
  const header: string[] = [];
  const seen = new Set<string>();
  const rows: TableRow[] = list.map((item, j) => {
    const line = lines[j] ?? 0;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      throw new ResultsFormatError('json', line, `point ${j} is ${JSON.stringify(item)}, not an object`, file);
    }
    const cells: Record<string, unknown> = {};
    flatten(item as Record<string, unknown>, '', cells);
    for (const k of Object.keys(cells)) {
      if (!seen.has(k)) {
        seen.add(k);
        header.push(k);
      }
    }
    return { line, cells };
  });
  return rowsToResults('json', rows, header, lines[0] ?? 1, mapping, file);
}

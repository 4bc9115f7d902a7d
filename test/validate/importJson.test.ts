/** parseResultsJson: nested and flat points, and malformed input with line numbers. */
import { describe, expect, it } from 'vitest';
import { defaultMapping, parseResultsJson } from '../../src/index.js';
import { formatError, read } from './helpers.js';

const threshold = defaultMapping('threshold');

describe('parseResultsJson', () => {
  it('et_results.json ({ points: [{ params, metrics: { meanQueueLength: { mean, halfWidth, confidence } } }] }) → 8 points with their estimates and lines', () => {
    const text = read('et_results.json');
    const raw = JSON.parse(text) as { points: { params: { lambda: number }; metrics: Record<string, unknown> }[] };
    const r = parseResultsJson(text, threshold);
    expect(r.points).toHaveLength(8);
    expect(r.points.map((p) => p.params.lambda)).toEqual([2, 4, 6, 8, 10, 12, 14, 16]);
    expect(r.points[0]!.metrics.meanQueueLength).toEqual(raw.points[0]!.metrics.meanQueueLength);
    expect(r.points[7]!.metrics.blockingProbability).toEqual(raw.points[7]!.metrics.blockingProbability);
    const lines = text.split('\n');
    for (const p of r.points) expect(lines[p.source.line - 1]).toMatch(/^\s*\{\s*$/);
    expect(r.unusedColumns).toEqual([]);
  });

  it('a byte-order mark (Windows editors write one) is ignored, as the CSV importer ignores it', () => {
    expect(parseResultsJson('\ufeff[{"lambda": 2, "L": 1.5}]', threshold).points[0]!.metrics.meanQueueLength).toEqual({ mean: 1.5 });
  });

  it('flat points with short names and "Infinity" strings', () => {
    const r = parseResultsJson('[{"lambda": 2, "L": 1.5, "L_hw": 0.1}, {"lambda": 3, "L": "Infinity"}]', threshold);
    expect(r.points[0]!.metrics.meanQueueLength).toEqual({ mean: 1.5, halfWidth: 0.1, confidence: 0.95 });
    expect(r.points[1]!.metrics.meanQueueLength!.mean).toBe(Infinity);
  });

  it.each([
    ['a syntax error', '[\n {"lambda": 2, "L": 1},\n {"lambda": 3 "L": 2}\n]', 3, /not valid JSON/],
    ['a value that is not a number', '[\n {"lambda": 2, "L": 1},\n\n {"lambda": "fast", "L": 2}\n]', 4, /column "lambda" holds "fast"/],
    ['a point that is not an object', '[\n {"lambda": 2, "L": 1},\n 7\n]', 3, /point 1 is 7/],
    [
      'a bad point of a "points" array that follows another array of objects',
      '{\n "seeds": [\n  {"s": 1},\n  {"s": 2}\n ],\n "points": [\n  {"lambda": 2, "L": 1},\n  {"lambda": 3, "L": "x"}\n ]\n}',
      8,
      /column "L" holds "x"/,
    ],
    ['a top level that is not a list', '{"lambda": 2}', 1, /array of points/],
    ['no metric of the model', '[{"lambda": 2, "speed": 1}]', 1, /no column holds a metric/],
  ])('%s → ResultsFormatError at its line', (_name, text, line, message) => {
    const e = formatError(() => parseResultsJson(text, threshold, { file: 'r.json' }));
    expect(e.line).toBe(line);
    expect(e.message).toMatch(message);
  });
});

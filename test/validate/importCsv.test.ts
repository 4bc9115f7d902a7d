/** parseResultsCsv: the sample files of test/fixtures/validate (make_samples.py) and malformed input. */
import { describe, expect, it } from 'vitest';
import { defaultMapping, parseResultsCsv, withMapping } from '../../src/index.js';
import { formatError, read } from './helpers.js';

const credit = defaultMapping('credit');

describe('parseResultsCsv on the sample files', () => {
  it('credit_results.csv → 10 points, m as downstreamCapacity, short names mapped onto the library paths with their half-widths', () => {
    const r = parseResultsCsv(read('credit_results.csv'), credit);
    expect(r.format).toBe('csv');
    expect(r.points).toHaveLength(10);
    expect(r.points.map((p) => p.params.downstreamCapacity)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(r.columns).toEqual({
      'meanQueueLength.upstream': 'L1',
      'meanQueueLength.downstream': 'L2',
      'meanQueueLength.total': 'L',
      throughput: 'T',
      responseTime: 'R',
    });
    expect(r.unusedColumns).toEqual([]);
    const first = r.points[0]!;
    // Line 1 is a comment, line 2 the header: the first row is line 3.
    expect(first.source.line).toBe(3);
    const row = read('credit_results.csv').split('\n')[2]!.split(',').map(Number);
    expect(first.metrics['meanQueueLength.upstream']).toEqual({ mean: row[1], halfWidth: row[2], confidence: 0.95 });
    expect(first.metrics.responseTime).toEqual({ mean: row[9], halfWidth: row[10], confidence: 0.95 });
  });

  it('gege1n_results.csv: semicolons detected, quoted header "P(K)" and a quoted cell holding the separator', () => {
    const r = parseResultsCsv(read('gege1n_results.csv'), defaultMapping('gege1n'));
    expect(r.points).toHaveLength(8);
    expect(r.columns.fullProbability).toBe('P(K)');
    expect(r.unusedColumns).toEqual(['comment']);
    expect(r.points.map((p) => p.params.lambda)).toEqual([0.2, 0.4, 0.6, 0.7, 0.8, 1, 1.2, 1.4]);
    expect(r.points[3]!.metrics.fullProbability!.halfWidth).toBeGreaterThan(0);
  });

  it('the separator is guessed outside quotes: a semicolon file whose quoted header names hold commas', () => {
    const r = parseResultsCsv('lambda;"L, mean, packets";"U, busy fraction, all lanes"\n2;0.9;0.22\n', withMapping(defaultMapping('threshold'), { meanQueueLength: 'L, mean, packets' }));
    expect(r.points[0]!.params.lambda).toBe(2);
    expect(r.points[0]!.metrics.meanQueueLength).toEqual({ mean: 0.9 });
  });

  it('a user mapping replaces a default name; CRLF, nan, inf, empty cells', () => {
    const text = 'm,len1,T\r\n2,1.5,nan\r\n3,inf,\r\n4,-Infinity,2\r\n';
    const mapping = withMapping(credit, { 'meanQueueLength.upstream': 'len1' });
    const r = parseResultsCsv(text, mapping);
    expect(r.points[0]!.metrics['meanQueueLength.upstream']).toEqual({ mean: 1.5 });
    expect(r.points[0]!.metrics.throughput!.mean).toBeNaN();
    expect(r.points[1]!.metrics['meanQueueLength.upstream']!.mean).toBe(Infinity);
    expect(r.points[1]!.metrics.throughput).toBeUndefined();
    expect(r.points[2]!.metrics['meanQueueLength.upstream']!.mean).toBe(-Infinity);
    expect(r.points.map((p) => p.source.line)).toEqual([2, 3, 4]);
  });
});

describe('parseResultsCsv on malformed input: a ResultsFormatError with the line', () => {
  it.each([
    ['a row with an extra field', 'm,L1\n2,0.7\n3,0.8,9\n', 3, /wrong number of fields/],
    ['a cell that is not a number', 'm,L1\n2,0.7\n3,0.8\n4,abc\n', 4, /column "L1" holds "abc", which is not a number/],
    ['a number with a unit', 'm,L1\n2,0.7s\n', 2, /"0\.7s"/],
    ['an unclosed quote (the line where it opens)', 'm,L1\n2,"0.7\n3,0.8\n', 2, /quote .*not closed/i],
    ['an unclosed quote far from the end of the file', 'm,L1\n# a "comment"\n2,"0.7"\n3,"0.8\n4,0.9\n5,1.0\n6,1.1\n', 4, /quote .*not closed/i],
    ['a quote inside an unquoted cell (csv-parse code INVALID_OPENING_QUOTE, without the CSV_ prefix)', 'm,L1\n2,0.7\n3,0.8"x\n', 3, /quote/i],
    ['a header naming a column twice', '# x\nm,L1,L1\n2,1,1\n', 2, /twice/],
    ['a header with no metric of the model', 'm,foo\n2,1\n', 1, /no column holds a metric.*L1/],
    ['a negative half-width', 'm,L1,L1_hw\n2,1,-0.1\n', 2, /half-width/],
    ['a header without rows', 'm,L1\n', 1, /no rows/],
  ])('%s', (_name, text, line, message) => {
    const e = formatError(() => parseResultsCsv(text, credit, { file: 'runs.csv' }));
    expect(e.line).toBe(line);
    expect(e.format).toBe('csv');
    expect(e.message).toMatch(message);
    expect(e.message.startsWith(`runs.csv, line ${line}: `)).toBe(true);
  });

  it('an empty file', () => {
    expect(formatError(() => parseResultsCsv('\n# only a comment\n', credit)).message).toMatch(/no header/);
  });
});

describe('a CSV file cut off (issue 33): how a complete file ends is checked', () => {
  const whole = 'm,L1,L1_hw\n2,7.41,0.11\n3,5.52,0.13\n';
  it('cut inside its last value (5.5 of 5.52), or after it before the line break → a ResultsFormatError on the last line', () => {
    for (const cut of [whole.slice(0, -5), whole.slice(0, -1), whole.slice(0, -4)]) {
      const e = formatError(() => parseResultsCsv(cut, credit, { file: 'runs.csv' }));
      expect(e.line).toBe(3);
      expect(e.message).toMatch(/^runs\.csv, line 3: the last row has no line break after it: the file looks cut off/);
    }
  });

  it('every cut of a whole file short of its end → refused or fewer rows, never a changed value', () => {
    const full = parseResultsCsv(whole, credit).points;
    for (let n = 1; n < whole.length; n++) {
      let points: typeof full;
      try {
        points = parseResultsCsv(whole.slice(0, n), credit).points;
      } catch {
        continue;
      }
      points.forEach((p, i) => expect(p.metrics, `cut at ${n}`).toEqual(full[i]!.metrics));
    }
  });
});

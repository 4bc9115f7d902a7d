/**
 * parseSca / scaToResults on OMNeT++ 4-style (result-file version 2) and 6-style (version 3) sample
 * files. make_samples.py wrote each replication's value into the .sca files and the replication
 * mean and Student-t half-width (scipy) into the CSV/JSON files, so the importer's grouping and its
 * t quantile are checked against scipy's.
 */
import { describe, expect, it } from 'vitest';
import {
  defaultMapping,
  estimateOf,
  parseResultsCsv,
  parseResultsJson,
  parseResultsSca,
  parseSca,
  withMapping,
} from '../../src/index.js';
import { formatError, read } from './helpers.js';

describe('parseSca: the OMNeT++ 4-style file (version 2)', () => {
  const sca = parseSca(read('credit_omnetpp4.sca'));

  it('version 2, 50 runs with their attributes, param lines, quoted names with spaces, nan', () => {
    expect(sca.version).toBe(2);
    expect(sca.runs).toHaveLength(50);
    const run = sca.runs[7]!;
    expect(run.runId).toBe('General-7-20110912-14:03:17-4021');
    expect(run.attributes.iterationvars).toBe('$m=3');
    expect(run.attributes.repetition).toBe('2');
    expect(run.config).toContainEqual(['**.node2.capacity', '3']);
    expect(run.config).toContainEqual(['**.source.interArrivalTime', 'exponential(0.2s)']);
    expect(run.scalars.map((s) => `${s.module} ${s.name}`)).toEqual([
      'Tandem.node1 queue length:timeavg',
      'Tandem.node2 queue length:timeavg',
      'Tandem.sink throughput:last',
      'Tandem.node1 dropped:mean',
    ]);
    expect(run.scalars[0]!.attributes).toEqual({ interpolationmode: 'sample-hold', title: 'queue length, timeavg' });
    expect(run.scalars[3]!.value).toBeNaN();
  });

  it('a statistic with its fields, attributes and tab-separated bins (the first at -inf)', () => {
    const st = sca.runs[0]!.statistics[0]!;
    expect(st.name).toBe('response time:histogram');
    expect(Object.keys(st.fields)).toEqual(['count', 'mean', 'stddev', 'sum', 'sqrsum', 'min', 'max']);
    expect(st.attributes.unit).toBe('s');
    expect(st.bins).toHaveLength(6);
    expect(st.bins[0]).toEqual({ lower: -Infinity, count: 0 });
    expect(st.bins[5]).toEqual({ lower: 8, count: 1332 });
  });

  it('grouped by iteration variables ("$m=2" attributes) over 5 repetitions → the means and half-widths make_samples.py computed with scipy', () => {
    const mapping = withMapping(defaultMapping('credit'), {
      'meanQueueLength.upstream': 'Tandem.node1.queue length:timeavg',
      'meanQueueLength.downstream': 'Tandem.node2.queue length:timeavg',
      throughput: 'throughput:last',
      responseTime: 'Tandem.sink.response time:histogram:mean',
    });
    const fromSca = parseResultsSca(read('credit_omnetpp4.sca'), mapping);
    const fromCsv = parseResultsCsv(read('credit_results.csv'), defaultMapping('credit'));
    expect(fromSca.points).toHaveLength(10);
    fromSca.points.forEach((p, j) => {
      expect(p.source.runs).toHaveLength(5);
      expect(p.params.downstreamCapacity).toBe(j + 2);
      for (const path of ['meanQueueLength.upstream', 'meanQueueLength.downstream', 'throughput', 'responseTime']) {
        const a = p.metrics[path]!;
        const b = fromCsv.points[j]!.metrics[path]!;
        expect(a.mean).toBeCloseTo(b.mean, 12);
        // jStat's t quantile against scipy's: agreement to ~1e-8 relative.
        expect(Math.abs(a.halfWidth! - b.halfWidth!) / b.halfWidth!).toBeLessThan(1e-7);
        expect(a.confidence).toBe(0.95);
      }
    });
  });
});

describe('parseSca: the OMNeT++ 6-style file (version 3)', () => {
  const sca = parseSca(read('et_omnetpp6.sca'));

  it('version 3, 40 runs; itervar, config and par lines; escaped quotes; inf and -inf', () => {
    expect(sca.version).toBe(3);
    expect(sca.runs).toHaveLength(40);
    const run = sca.runs[0]!;
    expect(run.itervars).toEqual({ lambda: '2' });
    expect(run.config[2]).toEqual(['**.source.lambda', '${lambda=2..16 step 2}']);
    expect(run.config[4]).toEqual(['**.queue.serviceRates', '"8 16"']);
    expect(run.parameters[0]).toEqual({ module: 'ETNet.queue', name: 'typename', value: '"ThresholdQueue"' });
    expect(run.parameters[2]).toEqual({ module: 'ETNet.queue', name: 'threshold', value: '8' });
    const names = run.scalars.map((s) => s.name);
    expect(names).toContain('max "burst" size');
    expect(run.scalars.find((s) => s.name === 'max "burst" size')!.value).toBe(Infinity);
    expect(run.scalars.find((s) => s.name === 'lifeTime:min')!.value).toBe(-Infinity);
    expect(run.scalars[0]!.attributes).toEqual({ recordingmode: 'timeavg', source: 'queueLength', title: 'queue length, timeavg' });
    expect(run.statistics[0]!.bins[5]).toEqual({ lower: Infinity, count: 0 });
  });

  it('grouped by itervar over 5 repetitions → the same estimates as et_results.json', () => {
    const mapping = withMapping(defaultMapping('threshold'), {
      meanQueueLength: 'queue length:timeavg',
      utilization: 'ETNet.queue.busy:timeavg',
      blockingProbability: '**.blocking probability',
    });
    const fromSca = parseResultsSca(read('et_omnetpp6.sca'), mapping);
    const fromJson = parseResultsJson(read('et_results.json'), defaultMapping('threshold'));
    expect(fromSca.points.map((p) => p.params.lambda)).toEqual([2, 4, 6, 8, 10, 12, 14, 16]);
    fromSca.points.forEach((p, j) => {
      for (const path of ['meanQueueLength', 'utilization', 'blockingProbability']) {
        expect(p.metrics[path]!.mean).toBeCloseTo(fromJson.points[j]!.metrics[path]!.mean, 12);
        expect(Math.abs(p.metrics[path]!.halfWidth! - fromJson.points[j]!.metrics[path]!.halfWidth!) / fromJson.points[j]!.metrics[path]!.halfWidth!).toBeLessThan(1e-7);
      }
    });
  });

  it('runs without iteration variables but with different parameter values are separate points, not repetitions of one', () => {
    // OMNeT++ 4 runs started with command-line overrides (`--**.lambda=2`) have no itervars and
    // an empty iterationvars attribute; only their param lines tell the points apart.
    const run = (id: number, lambda: number, L: number) =>
      `run General-${id}-x\nattr configname General\nattr iterationvars ""\nparam **.source.lambda ${lambda}\nscalar Net.queue L ${L}\n`;
    const text = `version 2\n${run(0, 2, 0.9)}${run(1, 2, 1.1)}${run(2, 8, 4.6)}`;
    const r = parseResultsSca(text, defaultMapping('threshold'));
    expect(r.points.map((p) => p.params.lambda)).toEqual([2, 8]);
    expect(r.points.map((p) => p.source.runs)).toEqual([['General-0-x', 'General-1-x'], ['General-2-x']]);
    expect(r.points[0]!.metrics.meanQueueLength!.mean).toBeCloseTo(1, 12);
    expect(r.points[1]!.metrics.meanQueueLength).toEqual({ mean: 4.6 });
  });

  it('a parameter with a prefixed OMNeT++ unit is converted to the base unit (2kHz → 2000), not stripped (→ 2); unprefixed units are dropped', () => {
    const run = (id: number, lambda: string, mu: string) => `run r${id}\nconfig **.lambda ${lambda}\nconfig **.mu ${mu}\nconfig **.capacity 6pk\nscalar Net.q L 1\n`;
    const text = `version 3\n${run(0, '2kHz', '0.004MHz')}${run(1, '500Hz', '8kHz')}`;
    const r = parseResultsSca(text, defaultMapping('gege1n'));
    expect(r.points.map((p) => [p.params.lambda, p.params.mu, p.params.capacity])).toEqual([
      [2000, 4000, 6],
      [500, 8000, 6],
    ]);
  });

  it('a parameter from a par line when no itervar names it', () => {
    const r = parseResultsSca(read('et_omnetpp6.sca'), withMapping(defaultMapping('threshold'), { capacity: 'capacity', meanQueueLength: 'queue length:timeavg' }));
    expect(r.points[0]!.params.capacity).toBe(16);
  });
});

describe('parseSca on malformed input: a ResultsFormatError with the line', () => {
  it.each([
    ['an unknown keyword', 'version 3\nrun r\nvector 1 Net.q len ETV\n', 3, /unknown keyword "vector"/],
    ['a scalar with a missing value', 'version 3\nrun r\nscalar Net.q len\n', 3, /'scalar' takes 3 values, found 2/],
    ['a scalar value that is not a number', 'version 2\nrun r\nscalar Net.q len 1.2.3\n', 3, /"1\.2\.3", which is not a number/],
    ['a field outside a statistic', 'version 3\nrun r\nscalar Net.q len 1\nfield mean 2\n', 4, /'field' outside a statistic/],
    ['a bin with a bad count', 'version 3\nrun r\nstatistic Net.q h\nbin 0 many\n', 4, /not two numbers/],
    ['an unclosed quote', 'version 3\nrun r\n\nscalar Net.q "mean len 2\n', 4, /not closed/],
    ['a bad escape', 'version 3\nrun r\nscalar Net.q "a\\qb" 2\n', 3, /unknown escape/],
    ['a result before any run', 'version 3\nscalar Net.q len 1\n', 2, /before any 'run'/],
    ['an unsupported version', 'version 4\nrun r\n', 1, /version 4 is not supported/],
    ['version not first', 'run r\nversion 3\n', 2, /must be the first line/],
    ['no run at all', 'version 3\n', 0, /no 'run' line/],
  ])('%s', (_name, text, line, message) => {
    const e = formatError(() => parseSca(text, 'x.sca'));
    expect(e.line).toBe(line);
    expect(e.format).toBe('sca');
    expect(e.message).toMatch(message);
  });

  it('a byte-order mark before the version line is ignored', () => {
    expect(parseSca('\ufeffversion 3\nrun r\nscalar Net.q L 1\n').version).toBe(3);
  });

  it('files joined with cat (OMNeT++ writes one file per run): a repeated version line before a run is accepted', () => {
    const one = (id: number, lambda: number) => `version 3\nrun r${id}\nitervar lambda ${lambda}\nscalar Net.q L ${lambda / 2}\n\n`;
    const sca = parseSca(one(0, 2) + one(1, 2) + one(2, 4));
    expect(sca.version).toBe(3);
    expect(sca.runs.map((r) => r.runId)).toEqual(['r0', 'r1', 'r2']);
    expect(parseResultsSca(one(0, 2) + one(1, 2) + one(2, 4), defaultMapping('threshold')).points.map((p) => p.source.runs)).toEqual([['r0', 'r1'], ['r2']]);
    const mixed = formatError(() => parseSca(`${one(0, 2)}version 2\nrun r1\n`));
    expect(mixed.line).toBe(6);
    expect(mixed.message).toMatch(/version 2 after version 3/);
    const inside = formatError(() => parseSca('version 3\nrun r\nscalar Net.q L 1\nversion 3\nscalar Net.q M 1\n'));
    expect(inside.line).toBe(4);
    expect(inside.message).toMatch(/'version' must be the first line/);
  });

  it('a mapping name that selects scalars of two modules is ambiguous (its line), module.name resolves it', () => {
    const text = 'version 3\nrun r\nitervar lambda 2\nscalar A.q L 1\nscalar B.q L 2\n';
    const e = formatError(() => parseResultsSca(text, defaultMapping('threshold')));
    expect(e.line).toBe(5);
    expect(e.message).toMatch(/selects several scalars/);
    expect(parseResultsSca(text, withMapping(defaultMapping('threshold'), { meanQueueLength: 'B.q.L' })).points[0]!.metrics.meanQueueLength).toEqual({ mean: 2 });
  });

  it('no scalar matching any metric', () => {
    expect(formatError(() => parseResultsSca('version 3\nrun r\nscalar A.q foo 1\n', defaultMapping('threshold'))).message).toMatch(/no scalar matches/);
  });
});

describe('estimateOf (Welford mean, Student-t half-width)', () => {
  it('one sample → no interval; t(0.975, 4) = 2.7764451051977934 (scipy 1.17 stats.t.ppf) → the textbook half-width', () => {
    expect(estimateOf([3])).toEqual({ mean: 3 });
    const e = estimateOf([1, 2, 3, 4, 5]);
    expect(e.mean).toBe(3);
    expect(e.halfWidth!).toBeCloseTo((2.7764451051977934 * Math.sqrt(2.5)) / Math.sqrt(5), 7);
  });

  it('a confidence level outside (0, 1) is a typed error naming it (95 for 95 % gave a NaN half-width)', () => {
    expect(() => estimateOf([1, 2, 3], 95)).toThrow(/^confidence must be a number in \(0, 1\), got 95/);
    expect(() => parseResultsSca('version 3\nrun r\nscalar Net.q L 1\nrun s\nscalar Net.q L 2\n', defaultMapping('threshold'), { confidence: 1 })).toThrow(/^options\.confidence must be a number in \(0, 1\)/);
  });

  it('a large common offset does not destroy the variance (Welford); t(0.975, 2) = 4.302652729749462 (scipy)', () => {
    const e = estimateOf([1e9 + 1, 1e9 + 2, 1e9 + 3]);
    expect(e.halfWidth!).toBeCloseTo((4.302652729749462 * 1) / Math.sqrt(3), 6);
  });
});

describe('a scalar file cut off (issue 33)', () => {
  const whole = 'version 3\nrun r0\nitervar lambda 2\nscalar Net.q L 2.34\n';
  it('cut inside its last value (2.3 of 2.34) → a ResultsFormatError on the last line, naming the file', () => {
    const e = formatError(() => parseResultsSca(whole.slice(0, -2), defaultMapping('threshold'), { file: 'r.sca' }));
    expect(e.line).toBe(4);
    expect(e.message).toMatch(/^r\.sca, line 4: the last line has no line break after it: the file looks cut off/);
  });

  it('every cut short of the end → refused, or (at a line break) fewer lines, never a changed value', () => {
    for (let n = 1; n < whole.length; n++) {
      let value: number | undefined;
      try {
        value = parseSca(whole.slice(0, n)).runs[0]!.scalars[0]?.value;
      } catch {
        continue;
      }
      expect(value === undefined || value === 2.34, `cut at ${n}`).toBe(true);
    }
  });
});

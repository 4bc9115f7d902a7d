/** compare(): per-point error measures and verdicts over the shared metric vocabulary. */
import { describe, expect, it } from 'vitest';
import { InvalidParameterError } from '../../src/core/errors.js';
import { compare, comparisonHtml, comparisonPlots, comparisonSvg, comparisonText, gege1n, metricPaths, metricValue, relativeError, solveCreditChain } from '../../src/index.js';
import { thrownBy } from '../helpers/errors.js';

describe('compare', () => {
  it('EM, absolute and relative errors per point, as errorMeasures defines them (hand values: |5 − 4.9|/5 = 0.02)', () => {
    const r = compare([{ throughput: 4.9 }], [{ throughput: 5 }]);
    const p = r.metrics[0]!.points[0]!;
    expect(p.errorMeasure).toBeCloseTo(0.02, 15);
    expect(p.absoluteError).toBeCloseTo(0.1, 15);
    expect(p.relativeError).toBeCloseTo(0.1 / 4.9, 15);
    expect(p.insideInterval).toBeUndefined();
    expect(r.passed).toBe(true);
  });

  it('a point fails when EM > tolerance, and passes again when the analytic value is inside the CI or |error| <= absoluteTolerance', () => {
    const ana = [{ L: 1 }];
    expect(compare(ana, [{ L: 1.5 }]).passed).toBe(false);
    expect(compare(ana, [{ L: { mean: 1.5, halfWidth: 0.6 } }]).passed).toBe(true);
    expect(compare(ana, [{ L: { mean: 1.5, halfWidth: 0.6 } }], { acceptInsideInterval: false }).passed).toBe(false);
    expect(compare(ana, [{ L: { mean: 1.5, halfWidth: 0.4 } }]).passed).toBe(false);
    expect(compare(ana, [{ L: 1.5 }], { absoluteTolerance: 0.5 }).passed).toBe(true);
    expect(compare(ana, [{ L: 1.5 }], { tolerance: 0.34 }).passed).toBe(true);
  });

  it('nested metric paths of the credit chain; default metrics = those both sides have', () => {
    const a = solveCreditChain({ lambda: 5, mu1: 6, mu2: 8, upstreamCapacity: 12, downstreamCapacity: 3 });
    const sim = { meanQueueLength: { upstream: { mean: a.meanQueueLength.upstream * 1.01, halfWidth: 0.1, confidence: 0.95 } }, throughput: a.throughput, unknown: 3 };
    const r = compare(a, sim);
    expect(r.metrics.map((m) => m.metric)).toEqual(['meanQueueLength.upstream', 'throughput']);
    expect(r.metrics[0]!.points[0]!.errorMeasure).toBeCloseTo(0.01 / 1.01, 12);
    expect(r.metrics[0]!.intervalCoverage).toBe(1);
    expect(r.metrics[1]!.points[0]!.errorMeasure).toBe(0);
  });

  it('flat simulated records (importer output) are read by path too', () => {
    expect(metricValue({ 'meanQueueLength.upstream': 2 }, 'meanQueueLength.upstream')).toBe(2);
    expect(metricPaths({ 'a.b': { mean: 1 }, c: { d: 2 }, e: [1] })).toEqual(['a.b', 'c.d']);
  });

  it('summaries: mean and max EM, coverage over the points that have an interval; a point without the metric is left out', () => {
    const ana = [{ L: 1 }, { L: 2 }, { L: 4 }];
    const sim = [{ L: { mean: 1.1, halfWidth: 0.2 } }, { L: 2.5 }, {}];
    const r = compare(ana, sim);
    const m = r.metrics[0]!;
    expect(m.points.map((p) => p.index)).toEqual([0, 1]);
    expect(m.meanErrorMeasure).toBeCloseTo((0.1 / 1.1 + 0.5 / 2.5) / 2, 14);
    expect(m.maxErrorMeasure).toBeCloseTo(0.2, 14);
    expect(m.intervalCoverage).toBe(1);
    expect(r.failures).toBe(1);
    expect(r.passed).toBe(false);
  });

  it('non-finite values: an unstable analytic Infinity against a finite simulation fails; Infinity on both sides agrees', () => {
    const r = compare([{ L: Infinity }, { L: Infinity }], [{ L: 1e6 }, { L: Infinity }]);
    expect(r.metrics[0]!.points.map((p) => p.errorMeasure)).toEqual([Infinity, 0]);
    expect(r.metrics[0]!.points.map((p) => p.passed)).toEqual([false, true]);
    expect(compare([{ L: 1 }], [{ L: Number.NaN }]).passed).toBe(false);
    const unstable = compare([{ L: Infinity }], [{ L: { mean: 40, halfWidth: 5 } }]);
    expect(unstable.metrics[0]!.points[0]!.insideInterval).toBe(false);
    expect(unstable.metrics[0]!.intervalCoverage).toBe(0);
  });

  it('rejects lists of different lengths, no shared metric, a bad tolerance, an unknown option, a metric no point has', () => {
    expect(() => compare([{ L: 1 }], [{ L: 1 }, { L: 2 }])).toThrow(InvalidParameterError);
    expect(() => compare([{ L: 1 }], [{ X: 1 }])).toThrow(/at least one metric/);
    expect(() => compare([{ L: 1 }], [{ L: 1 }], { tolerance: -1 })).toThrow(/options.tolerance/);
    expect(() => compare([{ L: 1 }], [{ L: 1 }], { tolerence: 1 } as never)).toThrow(/options.tolerence/);
    expect(() => compare([{ L: 1 }], [{ L: 1 }], { metrics: ['X'] })).toThrow(/none has X/);
    expect(() => compare([], [])).toThrow(/non-empty/);
  });

  it('a negative half-width or a non-boolean acceptInsideInterval is a typed error naming it', () => {
    expect(() => compare([{ L: 1 }], [{ L: { mean: 1.5, halfWidth: -1 } }])).toThrow(/^simulated\[0\]\.L\.halfWidth must be a number >= 0/);
    expect(() => compare([{ L: 1 }], [{ L: 1.5 }], { acceptInsideInterval: 'no' as never })).toThrow(/^options\.acceptInsideInterval must be true or false/);
  });

  it('relativeError divides by the analytic value', () => {
    expect(relativeError({ simulated: 2, analytic: 2.5 })).toBeCloseTo(0.2, 15);
    expect(relativeError({ simulated: 1, analytic: 0 })).toBe(Infinity);
  });
});

describe('displays', () => {
  const ana = [1, 2, 3].map((lambda) => gege1n({ lambda, mu: 4, ca2: 2, cs2: 3, capacity: 8 }));
  const sim = ana.map((a, j) => ({ meanQueueLength: { mean: a.meanQueueLength * (j === 2 ? 1.5 : 1.02), halfWidth: 0.01 } }));
  const r = compare(ana, sim, { x: { label: 'lambda', values: [1, 2, 3] }, title: 'GE/GE/1/8' });

  it('text: a row per point and metric, FAIL on the perturbed one, a verdict line', () => {
    const text = comparisonText(r);
    expect(text.split('\n').filter((l) => l.includes('FAIL'))).toHaveLength(3);
    expect(text).toMatch(/^FAIL: 1 of 3 point-metric pairs/m);
  });

  it('SVG: an analytic path and simulated markers with error bars per metric panel', () => {
    const svg = comparisonSvg(r);
    expect(svg.startsWith('<svg')).toBe(true);
    expect((svg.match(/class="error-bar"/g) ?? []).length).toBe(3);
    expect(svg).toContain('meanQueueLength: FAIL');
  });

  it('configurations: one analytic line and one set of markers per configuration, in increasing x, named in the legend and the tables', () => {
    // Two queues interleaved over λ, as a sweep lists them: λ = 3, 3, 1, 1, 2, 2.
    const lambdas = [3, 3, 1, 1, 2, 2];
    const caps = [8, 4, 8, 4, 8, 4];
    const a = lambdas.map((lambda, j) => gege1n({ lambda, mu: 4, ca2: 2, cs2: 3, capacity: caps[j]! }));
    const s = a.map((x) => ({ meanQueueLength: { mean: x.meanQueueLength, halfWidth: 0.01 } }));
    const c = compare(a, s, { metrics: ['meanQueueLength'], x: { label: 'λ', values: lambdas }, configurations: caps.map((k) => `K = ${k}`) });
    const [plot] = comparisonPlots(c);
    expect(plot!.series.map((x) => x.name)).toEqual(['K = 8: analytic', 'K = 8: simulated (± CI half-width)', 'K = 4: analytic', 'K = 4: simulated (± CI half-width)']);
    for (const x of plot!.series) expect(x.points.map((p) => p.x)).toEqual([1, 2, 3]);
    // The analytic value at each x is that configuration's own.
    expect(plot!.series[2]!.points.map((p) => p.y)).toEqual([3, 5, 1].map((j) => a[j]!.meanQueueLength));
    expect(comparisonText(c)).toMatch(/configuration/);
    expect(comparisonHtml(c)).toContain('<td>K = 4</td>');
    const bad = thrownBy(InvalidParameterError, () => compare(a, s, { configurations: ['K = 8'] }));
    expect(bad.parameter).toBe('options.configurations');
    expect(bad.message).toMatch(/an array of 6 strings/);
  });

  it('Symbol.for("Jupyter.display") gives text/plain, text/html and image/svg+xml; it is not enumerable (JSON sees the plain record)', () => {
    const show = (r as unknown as Record<symbol, () => Record<string, string>>)[Symbol.for('Jupyter.display')]!;
    const bundle = show();
    expect(bundle['text/plain']).toBe(comparisonText(r));
    expect(bundle['text/html']).toBe(comparisonHtml(r));
    expect(bundle['image/svg+xml']).toBe(comparisonSvg(r));
    expect(Object.getOwnPropertyDescriptor(r, Symbol.for('Jupyter.display'))!.enumerable).toBe(false);
    expect(JSON.parse(JSON.stringify(r)).passed).toBe(false);
  });
});

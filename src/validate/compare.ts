/**
 * `compare(analytic, simulated)`: analytic records against simulated ones, point by point and
 * metric by metric, over the shared metric vocabulary (see ./metrics.ts). For each pair it gives
 * the thesis's error measure EM = |sim − ana|/|sim|, the absolute and relative errors, whether the
 * analytic value lies in the simulation's confidence interval, and a verdict against a tolerance
 * (docs/models.md §7).
 */
import { maxOf } from '../core/arrays.js';
import { metricUnit } from '../core/glossary.js';
import { InvalidParameterError } from '../core/errors.js';
import { knownKeys, nonNegativeNumber, plainObject } from '../core/guards.js';
import { mimeBundle, withJupyterDisplay } from '../present/display.js';
import { escapeXml } from '../present/escape.js';
import { formatNumber } from '../present/number.js';
import { PALETTE, renderPlot, stackSvg, type PlotSeries, type PlotSpec } from '../present/svgPlot.js';
import { formatTable, htmlTable, type Column, type HtmlCell } from '../present/table.js';
import { absoluteError, errorMeasure, insideInterval, relativeError } from './errorMeasures.js';
import { isEstimate, metricPaths, metricValue } from './metrics.js';
import { recordParameter } from '../core/shapes.js';

/** Options of {@link compare}; every field optional. */
export interface CompareOptions {
  /** Metric paths to compare; default: every metric of the first simulated record that the first analytic record has as a number. */
  readonly metrics?: readonly string[];
  /** A pair passes when EM ≤ tolerance; default 0.1 (the thesis reports mean EMs of 5–10 %). */
  readonly tolerance?: number;
  /** …or when |sim − ana| ≤ absoluteTolerance (for values near 0, where EM blows up); default 0. */
  readonly absoluteTolerance?: number;
  /** …or, when true (the default) and the simulated value has a half-width, when the analytic value is inside its interval. */
  readonly acceptInsideInterval?: boolean;
  /** A label per point for tables (default "#0", "#1", …). */
  readonly labels?: readonly string[];
  /** The x value of each point for plots, with its axis label (default: the point index). */
  readonly x?: { readonly label: string; readonly values: readonly number[]; readonly unit?: string };
  /**
   * The configuration of each point (e.g. 'with ET' / 'without threshold'), for sweeps that hold
   * several: the plots draw one line per configuration over x, each with its legend entry, and the
   * tables name it. Default: one configuration.
   */
  readonly configurations?: readonly string[];
  /** A title for tables and plots. */
  readonly title?: string;
}

/** One metric at one point. */
export interface MetricPointComparison {
  readonly index: number;
  readonly label: string;
  readonly analytic: number;
  /** The simulated mean. */
  readonly simulated: number;
  readonly halfWidth?: number;
  readonly confidence?: number;
  /** |sim − ana| / |sim| (Infinity when only sim is 0; NaN when a value is NaN). */
  readonly errorMeasure: number;
  readonly absoluteError: number;
  /** |sim − ana| / |ana|. */
  readonly relativeError: number;
  /** Analytic value inside [mean − halfWidth, mean + halfWidth]; absent without a half-width. */
  readonly insideInterval?: boolean;
  readonly passed: boolean;
}

/** One metric over all points. */
export interface MetricComparison {
  readonly metric: string;
  readonly points: readonly MetricPointComparison[];
  readonly meanErrorMeasure: number;
  readonly maxErrorMeasure: number;
  readonly maxAbsoluteError: number;
  /** Fraction of the points with an interval whose analytic value is inside it; absent when no point has one. */
  readonly intervalCoverage?: number;
  readonly passed: boolean;
}

/** The result of {@link compare}: a readonly plain record (plus a notebook display method). */
export interface ComparisonResult {
  readonly title: string;
  readonly passed: boolean;
  /** Number of failing (point, metric) pairs. */
  readonly failures: number;
  readonly tolerance: number;
  readonly absoluteTolerance: number;
  readonly acceptInsideInterval: boolean;
  readonly metrics: readonly MetricComparison[];
  readonly x?: { readonly label: string; readonly values: readonly number[]; readonly unit?: string };
  /** The configuration of each point (see {@link CompareOptions.configurations}). */
  readonly configurations?: readonly string[];
}

function pairErrors(analytic: number, simulated: number): { em: number; abs: number; rel: number } {
  if (Number.isFinite(analytic) && Number.isFinite(simulated)) {
    return {
      em: errorMeasure({ simulated, analytic }),
      abs: absoluteError({ simulated, analytic }),
      rel: relativeError({ simulated, analytic }),
    };
  }
  if (Number.isNaN(analytic) || Number.isNaN(simulated)) return { em: Number.NaN, abs: Number.NaN, rel: Number.NaN };
  const same = analytic === simulated;
  return { em: same ? 0 : Infinity, abs: same ? 0 : Infinity, rel: same ? 0 : Infinity };
}

function asList(value: unknown, name: string): readonly unknown[] {
  if (Array.isArray(value)) {
    if (value.length === 0) throw new InvalidParameterError(name, 'a non-empty array of records (or one record)', value);
    return value;
  }
  return [plainObject(name, value)];
}

/**
 * Compares analytic and simulated records, paired by position. Metrics are addressed by their
 * dotted path in the records (`throughput`, `meanQueueLength.upstream`); a simulated metric may
 * be a number or `{ mean, halfWidth, confidence }`. A (point, metric) pair passes when
 * EM ≤ `tolerance`, or |sim − ana| ≤ `absoluteTolerance`, or (with `acceptInsideInterval`) the
 * analytic value is inside the simulation's interval; the comparison passes when every pair does.
 * A point whose simulated record lacks a metric is left out of that metric.
 *
 * @throws InvalidParameterError for lists of different lengths, an empty list, a bad option, a
 *   metric the records do not share, an analytic value that is not a number, or a simulated
 *   half-width that is negative.
 * @example
 * compare([{ throughput: 4.9 }], [{ throughput: { mean: 5, halfWidth: 0.2 } }]).passed // true
 */
export function compare(analytic: unknown, simulated: unknown, options: CompareOptions = {}): ComparisonResult {
  const o = plainObject('options', options);
  knownKeys('options', o, ['metrics', 'tolerance', 'absoluteTolerance', 'acceptInsideInterval', 'labels', 'x', 'configurations', 'title']);
  const ana = asList(analytic, 'analytic');
  const sim = asList(simulated, 'simulated');
  if (ana.length !== sim.length) throw new InvalidParameterError('simulated', `a list as long as the analytic one (${ana.length})`, `${sim.length} records`);
  const tolerance = o.tolerance === undefined ? 0.1 : nonNegativeNumber('options.tolerance', o.tolerance);
  const absoluteTolerance = o.absoluteTolerance === undefined ? 0 : nonNegativeNumber('options.absoluteTolerance', o.absoluteTolerance);
  if (o.acceptInsideInterval !== undefined && typeof o.acceptInsideInterval !== 'boolean') {
    throw new InvalidParameterError('options.acceptInsideInterval', 'true or false', o.acceptInsideInterval);
  }
  const acceptInsideInterval = o.acceptInsideInterval ?? true;
  if (o.labels !== undefined && (!Array.isArray(o.labels) || o.labels.length !== ana.length)) {
    throw new InvalidParameterError('options.labels', `an array of ${ana.length} labels`, o.labels);
  }
  const x = options.x;
  if (x !== undefined && (!Array.isArray(x.values) || x.values.length !== ana.length || typeof x.label !== 'string')) {
    throw new InvalidParameterError('options.x', `{ label, values } with ${ana.length} values`, x);
  }
  const configurations = options.configurations;
  if (configurations !== undefined && (!Array.isArray(configurations) || configurations.length !== ana.length || !configurations.every((c) => typeof c === 'string'))) {
    throw new InvalidParameterError('options.configurations', `an array of ${ana.length} strings`, configurations);
  }
  const labels = options.labels ?? ana.map((_, j) => `#${j}`);
  let metrics = options.metrics;
  if (metrics === undefined) {
    const candidates = [...new Set(sim.flatMap((s) => metricPaths(s)))];
    metrics = candidates.filter((m) => typeof metricValue(ana[0], m) === 'number');
    if (metrics.length === 0) {
      throw new InvalidParameterError('simulated', 'records with at least one metric the analytic records also have', candidates.join(', ') || 'no metrics');
    }
  }
  const results: MetricComparison[] = metrics.map((metric) => {
    const points: MetricPointComparison[] = [];
    ana.forEach((a, j) => {
      const s = metricValue(sim[j], metric);
      if (s === undefined || s === null) return;
      const av = metricValue(a, metric);
      if (typeof av !== 'number') throw new InvalidParameterError(`analytic[${j}].${metric}`, 'a number', av);
      const estimate = isEstimate(s) ? s : typeof s === 'number' ? { mean: s } : undefined;
      if (estimate === undefined) throw new InvalidParameterError(`simulated[${j}].${metric}`, 'a number or { mean, halfWidth }', s);
      const { em, abs, rel } = pairErrors(av, estimate.mean);
      const hw = estimate.halfWidth;
      if (hw !== undefined && (typeof hw !== 'number' || hw < 0)) throw new InvalidParameterError(`simulated[${j}].${metric}.halfWidth`, 'a number >= 0', hw);
      const hasInterval = hw !== undefined && Number.isFinite(hw) && Number.isFinite(estimate.mean);
      const inside = !hasInterval ? undefined : Number.isFinite(av) ? insideInterval(av, { lower: estimate.mean - hw, upper: estimate.mean + hw }) : false;
      const passed = em <= tolerance || abs <= absoluteTolerance || (acceptInsideInterval && inside === true);
      points.push({
        index: j,
        label: labels[j]!,
        analytic: av,
        simulated: estimate.mean,
        ...(hw === undefined ? {} : { halfWidth: hw }),
        ...(estimate.confidence === undefined ? {} : { confidence: estimate.confidence }),
        errorMeasure: em,
        absoluteError: abs,
        relativeError: rel,
        ...(inside === undefined ? {} : { insideInterval: inside }),
        passed,
      });
    });
    if (points.length === 0) throw new InvalidParameterError('options.metrics', `metrics the simulated records have (none has ${metric})`, metric);
    const withCi = points.filter((p) => p.insideInterval !== undefined);
    return {
      metric,
      points,
      meanErrorMeasure: points.reduce((t, p) => t + p.errorMeasure, 0) / points.length,
      maxErrorMeasure: maxOf(points.map((p) => p.errorMeasure)),
      maxAbsoluteError: maxOf(points.map((p) => p.absoluteError)),
      // Each point's insideInterval is already decided (a non-finite analytic value, an unstable
      // model, counts as outside): the coverage is the fraction of them that are inside.
      ...(withCi.length === 0 ? {} : { intervalCoverage: withCi.filter((p) => p.insideInterval).length / withCi.length }),
      passed: points.every((p) => p.passed),
    };
  });
  const failures = results.reduce((t, m) => t + m.points.filter((p) => !p.passed).length, 0);
  const result: ComparisonResult = {
    title: options.title ?? 'analytic vs simulated',
    passed: failures === 0,
    failures,
    tolerance,
    absoluteTolerance,
    acceptInsideInterval,
    metrics: results,
    ...(x === undefined ? {} : { x: { label: x.label, values: [...x.values], ...(x.unit === undefined ? {} : { unit: x.unit }) } }),
    ...(configurations === undefined ? {} : { configurations: [...configurations] }),
  };
  return withJupyterDisplay(result, () => mimeBundle({ text: comparisonText(result), html: comparisonHtml(result), svg: comparisonSvg(result) }));
}

/** The per-point comparison as a text table (one row per point and metric) with a summary line per metric. */
export function comparisonText(result: ComparisonResult): string {
  recordParameter('result', result, { title: 'string', metrics: 'array' });
  type TextRow = { readonly m: MetricComparison; readonly p: MetricPointComparison };
  const rows: TextRow[] = result.metrics.flatMap((m) => m.points.map((p) => ({ m, p })));
  const table = formatTable(rows, [
    { header: 'metric', value: (r) => r.m.metric },
    // simulated, ± hw, analytic and abs are in the metric's unit (docs/glossary.md; t = the model's time unit).
    { header: 'unit', value: (r) => metricUnit(r.m.metric, false) ?? '' },
    ...(result.configurations ? [{ header: 'configuration', value: (r: TextRow) => result.configurations![r.p.index]! }] : []),
    { header: 'point', value: (r) => (result.x ? result.x.values[r.p.index]! : r.p.label) },
    { header: 'simulated', value: (r) => r.p.simulated },
    { header: '± hw', value: (r) => (r.p.halfWidth === undefined ? '' : formatNumber(r.p.halfWidth, 3)) },
    { header: 'analytic', value: (r) => r.p.analytic },
    { header: 'EM[1]', value: (r) => r.p.errorMeasure, digits: 3 },
    { header: 'abs', value: (r) => r.p.absoluteError, digits: 3 },
    { header: 'in CI', value: (r) => (r.p.insideInterval === undefined ? '' : r.p.insideInterval ? 'yes' : 'no') },
    { header: 'ok', value: (r) => (r.p.passed ? 'pass' : 'FAIL') },
  ]);
  const summary = result.metrics.map(
    (m) =>
      `${m.metric}: mean EM ${formatNumber(m.meanErrorMeasure, 3)}, max EM ${formatNumber(m.maxErrorMeasure, 3)}, max |error| ${formatNumber(m.maxAbsoluteError, 3)}` +
      `${m.intervalCoverage === undefined ? '' : `, CI coverage ${formatNumber(100 * m.intervalCoverage, 3)} %`} — ${m.passed ? 'pass' : 'FAIL'}`,
  );
  const verdict = `${result.passed ? 'PASS' : 'FAIL'}: ${result.failures} of ${rows.length} point-metric pairs outside tolerance (EM <= ${result.tolerance}` +
    `${result.absoluteTolerance > 0 ? ` or |error| <= ${result.absoluteTolerance}` : ''}${result.acceptInsideInterval ? ' or analytic value inside the CI' : ''})`;
  return [table, '', ...summary, verdict].join('\n');
}

/**
 * The plots of a comparison, one per metric: x is the swept parameter (`result.x`; the point index
 * without it), and each configuration has its analytic line and its simulated markers with CI
 * error bars in one colour, points in increasing x, each series with its legend entry.
 */
export function comparisonPlots(result: ComparisonResult): PlotSpec[] {
  recordParameter('result', result, { title: 'string', metrics: 'array' });
  return result.metrics.map((m) => {
    const xOf = (p: MetricPointComparison) => (result.x ? result.x.values[p.index]! : p.index);
    const configurationOf = (p: MetricPointComparison) => result.configurations?.[p.index] ?? '';
    const configurations = [...new Set(m.points.map(configurationOf))];
    const series = configurations.flatMap((c, k): PlotSeries[] => {
      // A stable sort: points of equal x (replications of one point) keep their order.
      const points = m.points.filter((p) => configurationOf(p) === c).sort((a, b) => xOf(a) - xOf(b));
      const name = (what: string) => (c === '' ? what : `${c}: ${what}`);
      const color = PALETTE[k % PALETTE.length]!;
      return [
        // Open markers on the analytic line, filled ones for the simulation: one colour per configuration.
        { name: name('analytic'), mode: 'line+markers', filled: false, color, points: points.map((p) => ({ x: xOf(p), y: p.analytic })) },
        {
          name: name('simulated (± CI half-width)'),
          mode: 'markers',
          filled: true,
          color,
          points: points.map((p) => ({ x: xOf(p), y: p.simulated, ...(p.halfWidth === undefined ? {} : { halfWidth: p.halfWidth }) })),
        },
      ];
    });
    return {
      title: `${m.metric}: ${m.passed ? 'pass' : 'FAIL'}`,
      subtitle: `${result.title} — mean EM ${formatNumber(m.meanErrorMeasure, 3)}, max EM ${formatNumber(m.maxErrorMeasure, 3)}`,
      xLabel: result.x?.label ?? 'point',
      ...(result.x?.unit === undefined ? {} : { xUnit: result.x.unit }),
      yLabel: m.metric,
      series,
      height: 320,
    };
  });
}

/** One SVG plot per metric ({@link comparisonPlots}), stacked. */
export function comparisonSvg(result: ComparisonResult): string {
  recordParameter('result', result, { title: 'string', metrics: 'array' });
  return stackSvg(comparisonPlots(result).map(renderPlot));
}

/** The comparison as an HTML fragment: a verdict, a summary table per metric and the per-point table. */
export function comparisonHtml(result: ComparisonResult): string {
  recordParameter('result', result, { title: 'string', metrics: 'array' });
  const verdict = (passed: boolean): HtmlCell => (passed ? 'pass' : { html: '<b>FAIL</b>' });
  const summary: Column<MetricComparison, HtmlCell>[] = [
    { header: 'metric', value: (m) => m.metric },
    { header: 'mean EM', value: (m) => m.meanErrorMeasure, digits: 3 },
    { header: 'max EM', value: (m) => m.maxErrorMeasure, digits: 3 },
    { header: 'max |error|', value: (m) => m.maxAbsoluteError, digits: 3 },
    { header: 'CI coverage', value: (m) => (m.intervalCoverage === undefined ? '' : `${formatNumber(100 * m.intervalCoverage, 3)} %`) },
    { header: 'verdict', value: (m) => verdict(m.passed) },
  ];
  type Row = { readonly m: MetricComparison; readonly p: MetricPointComparison };
  const perPoint: Column<Row, HtmlCell>[] = [
    { header: 'metric', value: (r) => r.m.metric },
    ...(result.configurations ? [{ header: 'configuration', value: (r: Row) => result.configurations![r.p.index]! }] : []),
    { header: 'point', value: (r) => (result.x ? String(result.x.values[r.p.index]) : r.p.label) },
    { header: 'simulated', value: (r) => r.p.simulated, digits: 6 },
    { header: '± hw', value: (r) => (r.p.halfWidth === undefined ? '' : r.p.halfWidth), digits: 3 },
    { header: 'analytic', value: (r) => r.p.analytic, digits: 6 },
    { header: 'EM', value: (r) => r.p.errorMeasure, digits: 3 },
    { header: '|error|', value: (r) => r.p.absoluteError, digits: 3 },
    { header: 'in CI', value: (r) => (r.p.insideInterval === undefined ? '' : r.p.insideInterval ? 'yes' : 'no') },
    { header: 'verdict', value: (r) => verdict(r.p.passed) },
  ];
  return [
    `<div class="ibqos-comparison"><h3>${escapeXml(result.title)}: ${result.passed ? 'PASS' : 'FAIL'}</h3>`,
    `<p>${result.failures} failing point-metric pairs; tolerance EM ≤ ${result.tolerance}${result.absoluteTolerance > 0 ? ` or |error| ≤ ${result.absoluteTolerance}` : ''}${result.acceptInsideInterval ? ', or analytic value inside the CI' : ''}.</p>`,
    htmlTable(result.metrics, summary),
    htmlTable(result.metrics.flatMap((m) => m.points.map((p) => ({ m, p }))), perPoint, { rowClass: (r) => (r.p.passed ? undefined : 'fail') }),
    comparisonSvg(result),
    '</div>',
  ].join('\n');
}

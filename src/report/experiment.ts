/**
 * A report is a list of experiments. Each experiment sweeps a list of points; at every point it
 * has an analytic part (one or more named analytic records — e.g. the exact ME solution and the
 * thesis's reading of it), optionally published reference values, and an optional simulated part
 * supplied by a {@link PointSimulator}. Figures are declared over the points and drawn from
 * whichever parts exist: analytic curves always, simulated markers with confidence-interval error
 * bars once a simulator is plugged in.
 */
import { checkReplications } from '../sim/scenarios/simulate.js';
import '../studies/index.js'; // registers the seed studies' scenarios the experiments run by name
import { InvalidParameterError } from '../core/errors.js';
import { PALETTE, renderPlot, type PlotSeries, type PlotSpec } from '../present/svgPlot.js';
import { compare, type ComparisonResult } from '../validate/compare.js';
import { isEstimate, metricValue } from '../validate/metrics.js';
import { figureDisplay, reportDisplay } from './display.js';
import { axesPlotSpec, drawScatter } from './scatter.js';
import type {
  AnalyticContrast,
  AnyExperiment,
  ContrastResult,
  Experiment,
  ExperimentPoint,
  ExperimentResult,
  FigureDefinition,
  FigureResult,
  FigureRow,
  PointSimulator,
  ReferenceTable,
  ReferenceTableResult,
  ReportData,
} from './types.js';
import { checkKind, recordParameter } from '../core/shapes.js';

/** Options of {@link runExperiments}. */
export interface RunExperimentsOptions {
  /** Fewer points and shorter simulations; default false. */
  readonly quick?: boolean;
  /** Default 1. */
  readonly seed?: number;
  /** Default 10 (3 with `quick`). */
  readonly replications?: number;
  /** Simulators by experiment id; they replace the experiments' own `simulate`. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a simulator for any experiment's point type
  readonly simulators?: Readonly<Record<string, PointSimulator<any>>>;
  /**
   * Points whose simulation may run at once (default 1: one after another). Useful with
   * simulators that return promises, e.g. replications on a worker pool (`simulateOnPool`); the
   * results do not depend on it.
   */
  readonly concurrency?: number;
  /** Called after every point: (experiment id, points done in it, its point count). */
  readonly onProgress?: (experiment: string, done: number, total: number) => void;
  /** EM tolerance of the comparisons; default 0.1. */
  readonly tolerance?: number;
  readonly title?: string;
}

const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : isEstimate(v) ? v.mean : undefined);
const hw = (v: unknown): number | undefined => (isEstimate(v) ? v.halfWidth : undefined);

type PointResult = ExperimentResult['points'][number];

/** The series name of the simulated values in every figure. */
const SIMULATION = 'simulation (95 % CI)';

/** Where a figure's series come from, in drawing order: each source's records by series name. */
const SOURCES: readonly (readonly [FigureRow['source'], (p: PointResult) => Readonly<Record<string, unknown>>])[] = [
  ['analytic', (p) => p.analytic],
  ['reference', (p) => p.reference ?? {}],
  ['simulated', (p) => (p.simulated === undefined ? {} : { [SIMULATION]: p.simulated })],
];

/** The plot point of a record's metric at x (with its half-width when it is an estimate), or none. */
function valueAt(record: unknown, path: string, x: number, xLabel?: string): { x: number; xLabel?: string; y: number; halfWidth?: number }[] {
  const v = metricValue(record, path);
  const y = num(v);
  if (y === undefined) return [];
  const h = hw(v);
  return [{ x, ...(xLabel === undefined ? {} : { xLabel }), y, ...(h === undefined ? {} : { halfWidth: h }) }];
}

/** Runs the experiments (analytic parts, and simulated parts where a simulator exists) and draws their figures. */
export async function runExperiments(experiments: readonly AnyExperiment[], options: RunExperimentsOptions = {}): Promise<ReportData> {
  checkKind('experiments', experiments, 'array');
  recordParameter('options', options);
  const quick = options.quick ?? false;
  const seed = options.seed ?? 1;
  const replications = options.replications === undefined ? (quick ? 3 : 10) : checkReplications('options.replications', options.replications);
  const concurrency = options.concurrency ?? 1;
  if (!Number.isSafeInteger(concurrency) || concurrency < 1) throw new InvalidParameterError('concurrency', 'an integer >= 1', options.concurrency);
  const results: ExperimentResult[] = [];
  for (const raw of experiments) {
    const e = raw as unknown as Experiment<ExperimentPoint>;
    const started = performance.now();
    const simulate = (options.simulators?.[e.id] as PointSimulator | undefined) ?? e.simulate;
    const pts = e.points({ quick });
    const points: ExperimentResult['points'][number][] = [];
    // Up to `concurrency` simulations in flight, started in point order and taken in point order.
    const inFlight: (Promise<unknown> | undefined)[] = [];
    const start = (k: number): void => {
      if (!simulate || k >= pts.length) return;
      const p = Promise.resolve().then(() => simulate(pts[k]!, { seed, replications, quick }));
      p.catch(() => undefined); // awaited below in point order; no unhandled rejection meanwhile
      inFlight[k] = p;
    };
    for (let k = 0; k < concurrency - 1; k++) start(k);
    for (const [k, point] of pts.entries()) {
      start(k + concurrency - 1);
      const analytic = e.analytic(point);
      const reference = e.reference?.(point);
      const simulated = simulate ? await inFlight[k] : undefined;
      points.push({ point, analytic, ...(reference ? { reference } : {}), ...(simulated === undefined ? {} : { simulated }) });
      options.onProgress?.(e.id, k + 1, pts.length);
    }
    const figures = e.figures.map((f) => drawFigure(e, f, points));
    let comparison: ComparisonResult | undefined;
    if (simulate) {
      const name = e.compareWith ?? Object.keys(points[0]?.analytic ?? {})[0];
      const withBoth = points.filter((p) => name !== undefined && p.analytic[name] !== undefined && p.simulated !== undefined);
      const metrics = e.comparedMetrics ?? [...new Set(e.figures.flatMap((f) => (f.kind === 'sweep' ? f.metrics.map((m) => m.path) : [])))];
      if (name !== undefined && withBoth.length > 0 && metrics.length > 0) {
        comparison = compare(
          withBoth.map((p) => p.analytic[name]),
          withBoth.map((p) => p.simulated),
          {
            metrics,
            labels: withBoth.map((p) => (e.label ?? pointLabel)(p.point)),
            ...comparisonAxes(e, withBoth.map((p) => p.point)),
            title: `${e.title}: ${name} vs simulation`,
            ...(options.tolerance === undefined ? {} : { tolerance: options.tolerance }),
          },
        );
      }
    }
    results.push({
      id: e.id,
      title: e.title,
      source: e.source,
      description: [...e.description, ...(e.findings?.(points) ?? [])],
      ...(e.referenceNote ? { referenceNote: e.referenceNote } : {}),
      points,
      simulated: simulate !== undefined,
      figures,
      ...(comparison ? { comparison } : {}),
      contrasts: (e.contrasts ?? []).map((c) => evaluateContrast(c, points, e.label ?? pointLabel)),
      ...(e.referenceTables && simulate ? { referenceTables: e.referenceTables.map((t) => evaluateReferenceTable(t, points, e.label ?? pointLabel)) } : {}),
      elapsedMs: performance.now() - started,
    });
  }
  return reportDisplay({
    title: options.title ?? 'ibqos: the thesis experiments, analytic against simulated',
    generated: new Date().toISOString(),
    quick,
    seed,
    replications,
    experiments: results,
  });
}

function evaluateReferenceTable(t: ReferenceTable<ExperimentPoint>, points: ExperimentResult['points'], label: (p: ExperimentPoint) => string): ReferenceTableResult {
  const rows = points
    .filter((p) => p.reference?.[t.reference] !== undefined && p.simulated !== undefined && (t.include ? t.include(p.point) : true))
    .flatMap((p) =>
      t.metrics.map((m) => {
        const reference = num(metricValue(p.reference![t.reference], m.path)) ?? Number.NaN;
        const v = metricValue(p.simulated, m.path);
        const simulated = num(v) ?? Number.NaN;
        return { point: label(p.point), metric: m.label, reference, simulated, halfWidth: hw(v) ?? 0, ratio: simulated / reference };
      }),
    );
  return { title: t.title, reference: t.reference, ...(t.note ? { note: t.note } : {}), rows };
}

function evaluateContrast(c: AnalyticContrast<ExperimentPoint>, points: ExperimentResult['points'], label: (p: ExperimentPoint) => string): ContrastResult {
  const rows = points
    .filter((p) => (c.include ? c.include(p.point) : true))
    .map((p) => ({
      point: label(p.point),
      values: c.metrics.map((m) => {
        const value = num(metricValue(p.analytic[c.series], m.path)) ?? Number.NaN;
        const reference = num(metricValue(p.analytic[c.reference], m.path)) ?? Number.NaN;
        return { metric: m.label, value, reference, relativeDifference: value === reference ? 0 : (value - reference) / reference };
      }),
    }));
  return { title: c.title, series: c.series, reference: c.reference, metrics: c.metrics.map((m) => m.label), rows };
}

/**
 * The x axis and the configurations of an experiment's comparison with the simulation: x is the
 * swept parameter of its first sweep figure (with its name and unit; none without a sweep figure,
 * and the plots fall back to the point index), and the configurations are the experiment's own
 * or, by default, the point's fields other than x that vary between the points.
 */
function comparisonAxes(
  e: Experiment<ExperimentPoint>,
  points: readonly ExperimentPoint[],
): { x?: { label: string; values: number[]; unit?: string }; configurations?: string[] } {
  const sweep = e.figures.find((f) => f.kind === 'sweep');
  const xs = sweep ? points.map((p) => sweep.x(p)) : undefined;
  const x = sweep && xs ? { label: sweep.xLabel, values: xs, ...(sweep.xUnit ? { unit: sweep.xUnit } : {}) } : undefined;
  let configurations: string[] | undefined;
  if (e.configuration) configurations = points.map((p) => e.configuration!(p));
  else {
    const text = (v: ExperimentPoint[string]) => (Array.isArray(v) ? `(${v.join(',')})` : String(v));
    const keys = [...new Set(points.flatMap((p) => Object.keys(p)))];
    // A field that is x at every point is the swept parameter itself, not a configuration.
    const swept = (k: string) => xs !== undefined && points.every((p, j) => p[k] === xs[j]);
    const varying = keys.filter((k) => !swept(k) && new Set(points.map((p) => (Object.hasOwn(p, k) ? text(p[k]!) : ''))).size > 1);
    if (varying.length > 0) configurations = points.map((p) => varying.map((k) => `${k}=${Object.hasOwn(p, k) ? text(p[k]!) : ''}`).join(', '));
  }
  return { ...(x ? { x } : {}), ...(configurations ? { configurations } : {}) };
}

/** A short label of a point: `lambda=5, case=ET`. */
export function pointLabel(point: ExperimentPoint): string {
  recordParameter('point', point);
  return Object.entries(point)
    .map(([k, v]) => `${k}=${Array.isArray(v) ? `(${v.join(',')})` : v}`)
    .join(', ');
}

function drawFigure(e: Experiment<ExperimentPoint>, f: FigureDefinition<ExperimentPoint>, points: ExperimentResult['points']): FigureResult {
  if (f.kind === 'scatter') return drawScatter(e.id, f, points);
  const rows: FigureRow[] = [];
  const series: PlotSeries[] = [];
  // One colour per curve set (group × metric): its analytic line, the thesis's dashed reading, the
  // reference and the simulated markers share it, so the legend reads as colour = case, style = source.
  let colour: string = PALETTE[0];
  let sets = 0;
  const nextColour = () => {
    colour = PALETTE[sets++ % PALETTE.length]!;
  };
  const add = (name: string, source: FigureRow['source'], pts: { x: number; y: number; halfWidth?: number; xLabel?: string }[]) => {
    if (pts.length === 0) return;
    for (const p of pts) rows.push({ series: name, source, ...p });
    series.push({
      name,
      color: colour,
      mode: source === 'analytic' ? 'line' : 'markers',
      dashed: source === 'analytic' && /thesis/i.test(name),
      filled: source === 'simulated',
      points: pts.map((p) => ({ x: p.x, y: p.y, ...(p.halfWidth === undefined ? {} : { halfWidth: p.halfWidth }) })),
    });
  };
  if (f.kind === 'sweep') {
    const included = points.filter((p) => (f.include ? f.include(p.point) : true));
    const groups = [...new Set(included.map((p) => (f.group ? f.group(p.point) : '')))];
    const analyticNames = f.analyticSeries ?? [...new Set(included.flatMap((p) => Object.keys(p.analytic)))];
    const referenceNames = [...new Set(included.flatMap((p) => Object.keys(p.reference ?? {})))];
    for (const g of groups) {
      const inGroup = included.filter((p) => (f.group ? f.group(p.point) : '') === g);
      for (const m of f.metrics) {
        nextColour();
        const prefix = [g, f.metrics.length > 1 ? m.label : ''].filter((s) => s !== '').join(', ');
        const label = (what: string) => (prefix === '' ? what : `${prefix}: ${what}`);
        for (const [source, get] of SOURCES) {
          const names = source === 'analytic' ? analyticNames : source === 'reference' ? referenceNames : [SIMULATION];
          for (const name of names) {
            add(label(name), source, inGroup.flatMap((p) => valueAt(get(p)[name], m.path, f.x(p.point))));
          }
        }
      }
    }
    const spec = axesPlotSpec(f, series);
    return figureDisplay({ id: f.id, experiment: e.id, title: f.title, spec, svg: renderPlot(spec), rows, xName: f.xLabel, yName: f.yLabel });
  }
  const drawn = points.filter((p) => (f.include ? f.include(p.point) : true));
  const groups = [...new Set(drawn.map((p) => f.group(p.point)))];
  for (const g of groups) {
    nextColour();
    const inGroup = drawn.filter((p) => f.group(p.point) === g);
    for (const [source, get] of SOURCES) {
      const names = [...new Set(inGroup.flatMap((p) => Object.keys(get(p))))];
      for (const name of names) {
        const pts = inGroup.flatMap((p) => f.categories.flatMap((c, k) => valueAt(get(p)[name], c.path, k, c.label)));
        add(`${g}: ${name}`, source, pts);
      }
    }
  }
  const spec: PlotSpec = {
    title: f.title,
    ...(f.subtitle ? { subtitle: f.subtitle } : {}),
    xLabel: f.xLabel,
    yLabel: f.yLabel,
    ...(f.yUnit ? { yUnit: f.yUnit } : {}),
    series,
    xTicks: f.categories.map((c, k) => ({ value: k, label: c.label })),
  };
  return figureDisplay({ id: f.id, experiment: e.id, title: f.title, spec, svg: renderPlot(spec), rows, xName: f.xLabel, yName: f.yLabel });
}

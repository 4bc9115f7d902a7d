/**
 * A report is a list of experiments. Each experiment sweeps a list of points; at every point it
 * has an analytic part (one or more named analytic records — e.g. the exact ME solution and the
 * thesis's reading of it), optionally published reference values, and an optional simulated part
 * supplied by a {@link PointSimulator}. Figures are declared over the points and drawn from
 * whichever parts exist: analytic curves always, simulated markers with confidence-interval error
 * bars once a simulator is plugged in.
 */
import { checkReplications } from '../sim/scenarios/simulate.js';
import { compare, withJupyterDisplay, type ComparisonResult } from '../validate/compare.js';
import { isEstimate, metricValue } from '../validate/metrics.js';
import { renderReportFragment } from './html.js';
import type { PlotSeries, PlotSpec } from './svgPlot.js';
import { PALETTE, renderPlot } from './svgPlot.js';

/** One point of an experiment: plain JSON values (parameters and case labels). */
export type ExperimentPoint = Readonly<Record<string, number | string | readonly number[]>>;

/** What a simulator is given besides the point. */
export interface SimulationOptions {
  /** Base seed; a simulator derives its streams from it (and the point) reproducibly. */
  readonly seed: number;
  /** Independent replications to run (confidence intervals over them). */
  readonly replications: number;
  /** Shorter runs for `--quick`. */
  readonly quick: boolean;
}

/**
 * Simulates one point; returns a record in the analytic records' vocabulary whose metrics are
 * `{ mean, halfWidth, confidence }` (or numbers).
 */
export type PointSimulator<P extends ExperimentPoint = ExperimentPoint> = (point: P, options: SimulationOptions) => unknown | Promise<unknown>;

/** A figure over a sweep: y = a metric, x = a function of the point, one curve per group and source. */
export interface SweepFigure<P extends ExperimentPoint> {
  readonly kind: 'sweep';
  readonly id: string;
  readonly title: string;
  readonly subtitle?: string;
  readonly xLabel: string;
  readonly xUnit?: string;
  readonly yLabel: string;
  readonly yUnit?: string;
  readonly x: (point: P) => number;
  /** Metric paths drawn (one curve per metric, group and source). */
  readonly metrics: readonly { readonly path: string; readonly label: string }[];
  /** Splits the points into curves (e.g. 'ET' / 'no threshold'); default: one group. */
  readonly group?: (point: P) => string;
  /** Only these points; default all. */
  readonly include?: (point: P) => boolean;
  /** Only these analytic series names; default all the experiment gives. */
  readonly analyticSeries?: readonly string[];
}

/** A figure over categories: x = one category per metric path, one curve per group of points. */
export interface CategoryFigure<P extends ExperimentPoint> {
  readonly kind: 'categories';
  readonly id: string;
  readonly title: string;
  readonly subtitle?: string;
  readonly xLabel: string;
  readonly yLabel: string;
  readonly yUnit?: string;
  readonly categories: readonly { readonly path: string; readonly label: string }[];
  readonly group: (point: P) => string;
  /** Which points the figure draws; default all. */
  readonly include?: (point: P) => boolean;
}

export type FigureDefinition<P extends ExperimentPoint> = SweepFigure<P> | CategoryFigure<P>;

/** Two analytic series side by side, e.g. the thesis's reading of a formula against the exact one. */
export interface AnalyticContrast<P extends ExperimentPoint> {
  readonly title: string;
  /** The analytic series judged… */
  readonly series: string;
  /** …against this one. */
  readonly reference: string;
  readonly metrics: readonly { readonly path: string; readonly label: string }[];
  /** Only these points; default all. */
  readonly include?: (point: P) => boolean;
}

/** An {@link AnalyticContrast} evaluated: per point and metric, the signed relative difference (series − reference)/reference. */
export interface ContrastResult {
  readonly title: string;
  readonly series: string;
  readonly reference: string;
  readonly metrics: readonly string[];
  readonly rows: readonly {
    readonly point: string;
    readonly values: readonly { readonly metric: string; readonly value: number; readonly reference: number; readonly relativeDifference: number }[];
  }[];
}

/** An experiment of the report. */
export interface Experiment<P extends ExperimentPoint = ExperimentPoint> {
  readonly id: string;
  readonly title: string;
  /** Where it comes from (e.g. 'thesis ch. 4, Figs. 4.5–4.8'). */
  readonly source: string;
  /** Paragraphs of plain text for the report. */
  readonly description: readonly string[];
  readonly points: (options: { readonly quick: boolean }) => readonly P[];
  /** A short label of a point for tables; default `key=value, …` over all its fields. */
  readonly label?: (point: P) => string;
  /** Named analytic records at a point (may be empty where no model exists). */
  readonly analytic: (point: P) => Readonly<Record<string, unknown>>;
  /** Named published values at a point (e.g. a thesis table), cited in `referenceNote`. */
  readonly reference?: (point: P) => Readonly<Record<string, unknown>>;
  readonly referenceNote?: string;
  /** The analytic series the simulation is compared with (error measures); default the first. */
  readonly compareWith?: string;
  /** Metrics compared with the simulation; default those of the sweep figures. */
  readonly comparedMetrics?: readonly string[];
  /** The simulated part; absent until a simulator is plugged in. */
  readonly simulate?: PointSimulator<P>;
  /** Tables setting one analytic series against another. */
  readonly contrasts?: readonly AnalyticContrast<P>[];
  readonly figures: readonly FigureDefinition<P>[];
}

/** An experiment of any point type (a list of experiments mixes them). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each experiment is consistent with its own point type
export type AnyExperiment = Experiment<any>;

/** One row of a figure's data (its CSV). */
export interface FigureRow {
  readonly series: string;
  readonly source: 'analytic' | 'simulated' | 'reference';
  readonly x: number;
  readonly xLabel?: string;
  readonly y: number;
  readonly halfWidth?: number;
}

/** A drawn figure: its plot spec, the SVG and the data behind it. */
export interface FigureResult {
  readonly id: string;
  readonly experiment: string;
  readonly title: string;
  readonly spec: PlotSpec;
  readonly svg: string;
  readonly rows: readonly FigureRow[];
  readonly xName: string;
  readonly yName: string;
}

/** An experiment after running. */
export interface ExperimentResult {
  readonly id: string;
  readonly title: string;
  readonly source: string;
  readonly description: readonly string[];
  readonly referenceNote?: string;
  readonly points: readonly {
    readonly point: ExperimentPoint;
    readonly analytic: Readonly<Record<string, unknown>>;
    readonly reference?: Readonly<Record<string, unknown>>;
    readonly simulated?: unknown;
  }[];
  readonly simulated: boolean;
  readonly figures: readonly FigureResult[];
  /** The analytic series `compareWith` against the simulation; absent without a simulation. */
  readonly comparison?: ComparisonResult;
  /** The experiment's analytic contrasts (empty when it declares none). */
  readonly contrasts: readonly ContrastResult[];
  /** Wall time of the experiment, ms. */
  readonly elapsedMs: number;
}

/** A whole report. */
export interface ReportData {
  readonly title: string;
  /** ISO time it was generated. */
  readonly generated: string;
  readonly quick: boolean;
  readonly seed: number;
  readonly replications: number;
  readonly experiments: readonly ExperimentResult[];
}

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
  const quick = options.quick ?? false;
  const seed = options.seed ?? 1;
  const replications = options.replications === undefined ? (quick ? 3 : 10) : checkReplications('options.replications', options.replications);
  const results: ExperimentResult[] = [];
  for (const raw of experiments) {
    const e = raw as unknown as Experiment<ExperimentPoint>;
    const started = performance.now();
    const simulate = (options.simulators?.[e.id] as PointSimulator | undefined) ?? e.simulate;
    const pts = e.points({ quick });
    const points: ExperimentResult['points'][number][] = [];
    for (const [k, point] of pts.entries()) {
      const analytic = e.analytic(point);
      const reference = e.reference?.(point);
      const simulated = simulate ? await simulate(point, { seed, replications, quick }) : undefined;
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
          { metrics, labels: withBoth.map((p) => (e.label ?? pointLabel)(p.point)), title: `${e.title}: ${name} vs simulation`, ...(options.tolerance === undefined ? {} : { tolerance: options.tolerance }) },
        );
      }
    }
    results.push({
      id: e.id,
      title: e.title,
      source: e.source,
      description: e.description,
      ...(e.referenceNote ? { referenceNote: e.referenceNote } : {}),
      points,
      simulated: simulate !== undefined,
      figures,
      ...(comparison ? { comparison } : {}),
      contrasts: (e.contrasts ?? []).map((c) => evaluateContrast(c, points, e.label ?? pointLabel)),
      elapsedMs: performance.now() - started,
    });
  }
  const report: ReportData = withJupyterDisplay<ReportData>({
    title: options.title ?? 'ibqos: the thesis experiments, analytic against simulated',
    generated: new Date().toISOString(),
    quick,
    seed,
    replications,
    experiments: results,
  }, () => ({ 'text/html': renderReportFragment(report) }));
  return report;
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

/** A short label of a point: `lambda=5, case=ET`. */
export function pointLabel(point: ExperimentPoint): string {
  return Object.entries(point)
    .map(([k, v]) => `${k}=${Array.isArray(v) ? `(${v.join(',')})` : v}`)
    .join(', ');
}

function drawFigure(e: Experiment<ExperimentPoint>, f: FigureDefinition<ExperimentPoint>, points: ExperimentResult['points']): FigureResult {
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
    const spec: PlotSpec = {
      title: f.title,
      ...(f.subtitle ? { subtitle: f.subtitle } : {}),
      xLabel: f.xLabel,
      ...(f.xUnit ? { xUnit: f.xUnit } : {}),
      yLabel: f.yLabel,
      ...(f.yUnit ? { yUnit: f.yUnit } : {}),
      series,
    };
    return displayable({ id: f.id, experiment: e.id, title: f.title, spec, svg: renderPlot(spec), rows, xName: f.xLabel, yName: f.yLabel });
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
  return displayable({ id: f.id, experiment: e.id, title: f.title, spec, svg: renderPlot(spec), rows, xName: f.xLabel, yName: f.yLabel });
}

/** A figure that shows itself in a notebook (Deno Jupyter's `Symbol.for('Jupyter.display')`): its SVG. */
function displayable(figure: FigureResult): FigureResult {
  return withJupyterDisplay(figure, () => ({ 'text/html': `<div>${figure.svg}</div>`, 'image/svg+xml': figure.svg }));
}

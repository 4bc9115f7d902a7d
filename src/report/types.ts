/**
 * The shapes of a report: experiments as declared (points, analytic and simulated parts, figures,
 * contrasts) and as run (figure data, comparisons, the whole report). Types only, so the code that
 * runs experiments and the code that renders them both depend on this file and not on each other.
 */
import type { PlotSpec } from '../present/svgPlot.js';
import type { ComparisonResult } from '../validate/compare.js';

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

/** What every plotted figure with two numeric axes names: its id, titles and axes with their units. */
export interface FigureAxes {
  readonly id: string;
  readonly title: string;
  readonly subtitle?: string;
  readonly xLabel: string;
  readonly xUnit?: string;
  readonly yLabel: string;
  readonly yUnit?: string;
}

/** A figure over a sweep: y = a metric, x = a function of the point, one curve per group and source. */
export interface SweepFigure<P extends ExperimentPoint> extends FigureAxes {
  readonly kind: 'sweep';
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

/**
 * A scatter of pairs, one marker per pair (e.g. per flow: x the simulator's latency, y the model's),
 * with the identity line y = x: markers on it are exact agreement (or without it, e.g. each flow's
 * error against the load). Pairs come from each point's
 * records (analytic and reference); one series per group of points.
 */
export interface ScatterFigure<P extends ExperimentPoint> extends FigureAxes {
  readonly kind: 'scatter';
  /** The pairs [x, y] of a point (its analytic and reference records as the experiment gave them). */
  readonly pairs: (point: { readonly point: P; readonly analytic: Readonly<Record<string, unknown>>; readonly reference?: Readonly<Record<string, unknown>> }) => readonly (readonly [number, number])[];
  /** Splits the points into series (e.g. by load); default one series. */
  readonly group?: (point: P) => string;
  /** Only these points; default all. */
  readonly include?: (point: P) => boolean;
  /** Draw the identity line y = x (default true; false for a distribution such as errors against the load). */
  readonly identity?: boolean;
}

export type FigureDefinition<P extends ExperimentPoint> = SweepFigure<P> | CategoryFigure<P> | ScatterFigure<P>;

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

/**
 * Published values (a `reference` series, e.g. a thesis table) set beside the simulated ones cell
 * by cell, with the ratio simulated / published; evaluated only when a simulator ran.
 */
export interface ReferenceTable<P extends ExperimentPoint> {
  readonly title: string;
  /** The reference series (a key of the experiment's `reference(point)`). */
  readonly reference: string;
  readonly metrics: readonly { readonly path: string; readonly label: string }[];
  /** Only these points; default all that have the reference. */
  readonly include?: (point: P) => boolean;
  /** One line under the table: what remains different and why. */
  readonly note?: string;
}

/** A {@link ReferenceTable} evaluated: one row per point and metric. */
export interface ReferenceTableResult {
  readonly title: string;
  readonly reference: string;
  readonly note?: string;
  readonly rows: readonly {
    readonly point: string;
    readonly metric: string;
    readonly reference: number;
    readonly simulated: number;
    readonly halfWidth: number;
    /** simulated / reference. */
    readonly ratio: number;
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
  /** Paragraphs computed from the results, appended to the description (e.g. where a model's error exceeds its bound). */
  readonly findings?: (points: ExperimentResult['points']) => readonly string[];
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
  /**
   * The configuration a point belongs to (e.g. 'with ET' / 'without threshold'): the panels
   * against the simulation draw one line per configuration over the first sweep figure's x.
   * Default: the point's fields, other than the swept one, that vary between points
   * (`queue=ET, capacity=16`); one configuration when none does.
   */
  readonly configuration?: (point: P) => string;
  /** Metrics compared with the simulation; default those of the sweep figures. */
  readonly comparedMetrics?: readonly string[];
  /** The simulated part; absent until a simulator is plugged in. */
  readonly simulate?: PointSimulator<P>;
  /** Tables setting one analytic series against another. */
  readonly contrasts?: readonly AnalyticContrast<P>[];
  /** Tables setting published values beside the simulated ones, with their ratio. */
  readonly referenceTables?: readonly ReferenceTable<P>[];
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
  /** Its reference tables (absent when it declares none or nothing was simulated). */
  readonly referenceTables?: readonly ReferenceTableResult[];
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


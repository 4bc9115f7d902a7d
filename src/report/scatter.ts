/**
 * A {@link ScatterFigure} drawn: one marker series per group of points, each marker a pair (x, y),
 * and (unless the figure says not) the identity line y = x across the range of both axes, so that a
 * marker's distance from the line is the disagreement. The figure's rows (its CSV) hold every marker.
 */
import { PALETTE, renderPlot, type PlotSeries, type PlotSpec } from '../present/svgPlot.js';
import { figureDisplay } from './display.js';
import type { ExperimentPoint, ExperimentResult, FigureAxes, FigureResult, FigureRow, ScatterFigure } from './types.js';

/** The identity line's series name. */
export const IDENTITY = 'y = x';

/** The plot of a figure with two numeric axes: its titles, axes and units, and the series. */
export function axesPlotSpec(f: FigureAxes, series: readonly PlotSeries[]): PlotSpec {
  return {
    title: f.title,
    ...(f.subtitle ? { subtitle: f.subtitle } : {}),
    xLabel: f.xLabel,
    ...(f.xUnit ? { xUnit: f.xUnit } : {}),
    yLabel: f.yLabel,
    ...(f.yUnit ? { yUnit: f.yUnit } : {}),
    series,
  };
}

/** Draws a scatter figure of experiment `experiment` from its points' records. */
export function drawScatter(experiment: string, f: ScatterFigure<ExperimentPoint>, points: ExperimentResult['points']): FigureResult {
  const included = points.filter((p) => (f.include ? f.include(p.point) : true));
  const groups = [...new Set(included.map((p) => (f.group ? f.group(p.point) : 'pairs')))];
  const rows: FigureRow[] = [];
  const series: PlotSeries[] = [];
  let lo = Infinity;
  let hi = -Infinity;
  groups.forEach((g, k) => {
    const pairs = included.filter((p) => (f.group ? f.group(p.point) : 'pairs') === g).flatMap((p) => f.pairs(p).filter(([x, y]) => Number.isFinite(x) && Number.isFinite(y)));
    if (pairs.length === 0) return;
    for (const [x, y] of pairs) {
      rows.push({ series: g, source: 'analytic', x, y });
      lo = Math.min(lo, x, y);
      hi = Math.max(hi, x, y);
    }
    series.push({ name: g, color: PALETTE[k % PALETTE.length]!, mode: 'markers', filled: true, points: pairs.map(([x, y]) => ({ x, y })) });
  });
  if (Number.isFinite(lo) && f.identity !== false) {
    const identity = [lo, hi === lo ? lo + 1 : hi];
    series.push({ name: IDENTITY, color: '#888888', mode: 'line', dashed: true, points: identity.map((v) => ({ x: v, y: v })) });
    for (const v of identity) rows.push({ series: IDENTITY, source: 'reference', x: v, y: v });
  }
  const spec = axesPlotSpec(f, series);
  return figureDisplay({ id: f.id, experiment, title: f.title, spec, svg: renderPlot(spec), rows, xName: f.xLabel, yName: f.yLabel });
}

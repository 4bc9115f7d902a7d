/**
 * A small, dependency-free SVG renderer for line and scatter plots: series drawn as lines and/or
 * markers, optional confidence-interval error bars, axes with "nice" ticks, a legend, a title and
 * axis labels with units. The output is a standalone `<svg>` element (explicit width, height and
 * viewBox) that can be inlined in HTML, written to a `.svg` file or shown in a notebook. Texts too
 * wide for the plot (titles, axis titles, legend names, category labels) wrap or shrink to fit, by
 * an estimate of their width (./textFit.ts).
 *
 * Chosen over Vega-Lite rendered with `vega`/`vega-lite`: those would add two large dependencies
 * (and a canvas-free SVG renderer setup) for plots this simple; see benchmarks/README.md for the
 * time this renderer takes.
 */
import { appendAll, maxOf, minOf } from '../core/arrays.js';
import { escapeXml } from './escape.js';
import { fitText } from './textFit.js';
import { checkKind, recordParameter } from '../core/shapes.js';

/** One point of a series; `halfWidth` draws an error bar y ± halfWidth. Non-finite y is skipped. */
export interface PlotPoint {
  readonly x: number;
  readonly y: number;
  readonly halfWidth?: number;
}

/** How a series is drawn. */
export type SeriesMode = 'line' | 'markers' | 'line+markers';

export interface PlotSeries {
  readonly name: string;
  readonly points: readonly PlotPoint[];
  /** Default 'line+markers'. */
  readonly mode?: SeriesMode;
  /** A dashed line (e.g. an alternative reading of a model). */
  readonly dashed?: boolean;
  /** Markers filled with the series colour (default: filled for 'line+markers', open for 'markers'). */
  readonly filled?: boolean;
  /** CSS colour; default: the next colour of a ten-colour palette. */
  readonly color?: string;
}

/** What to draw. Units are appended to the axis labels in brackets. */
export interface PlotSpec {
  readonly title: string;
  readonly subtitle?: string;
  readonly xLabel: string;
  readonly yLabel: string;
  readonly xUnit?: string;
  readonly yUnit?: string;
  readonly series: readonly PlotSeries[];
  /** Pixels; defaults 640 × 400 (the legend, and titles wrapped onto more lines, add height). */
  readonly width?: number;
  readonly height?: number;
  /** Replace the x ticks, e.g. for categories: ticks at `value` labelled `label`. */
  readonly xTicks?: readonly { readonly value: number; readonly label: string }[];
  /** Start the y axis at 0 (default true when every value is ≥ 0). */
  readonly yFromZero?: boolean;
}

/** Tableau 10, a palette designed for distinguishable categorical series. */
export const PALETTE = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1', '#ff9da7', '#9c755f', '#bab0ac'] as const;

/**
 * About `count` round tick values covering [min, max]: steps of 1, 2 or 5 × 10^k (Heckbert,
 * "Nice numbers for graph labels", Graphics Gems, 1990). The first tick is ≤ min and the last ≥ max.
 *
 * @example niceTicks(0.3, 9.2, 5) // [0, 2, 4, 6, 8, 10]
 */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [0, 1];
  if (min === max) {
    const pad = min === 0 ? 1 : Math.abs(min) * 0.1;
    min -= pad;
    max += pad;
  }
  const raw = (max - min) / Math.max(1, count);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const residual = raw / magnitude;
  const step = (residual > 5 ? 10 : residual > 2 ? 5 : residual > 1 ? 2 : 1) * magnitude;
  const first = Math.floor(min / step + 1e-9) * step;
  const last = Math.ceil(max / step - 1e-9) * step;
  const ticks: number[] = [];
  // Round away the binary noise of first + k·step (0.30000000000000004) at a decimal below the step.
  const decimals = Math.min(20, Math.max(0, 1 - Math.floor(Math.log10(step))));
  // Count the ticks instead of comparing first + k·step with last: far from 0 the rounding of
  // first + k·step can exceed any fixed slack and drop the last tick (the one covering max).
  const intervals = Math.round((last - first) / step);
  for (let k = 0; k <= intervals; k++) ticks.push(Number((first + k * step).toFixed(decimals)));
  return ticks;
}

/** A tick label: as few decimals as the tick step needs; exponent form for very large or small values. */
export function formatTick(value: number, step: number): string {
  checkKind('value', value, 'number');
  checkKind('step', step, 'number');
  if (value === 0) return '0';
  const abs = Math.abs(value);
  if (abs >= 1e6 || abs < 1e-4) return value.toExponential(Math.max(0, Math.min(6, Math.floor(Math.log10(abs) + 1e-9) - Math.floor(Math.log10(step) + 1e-9))));
  const decimals = Math.max(0, Math.min(10, -Math.floor(Math.log10(step) + 1e-9)));
  return value.toFixed(decimals);
}

const fmt = (v: number): string => (Math.round(v * 100) / 100).toString();

/** Space kept between a text and the edge it must not cross, px. */
const TEXT_PAD = 8;

/** A font-size attribute where a text was shrunk below the SVG's 12 px (none at 12, so plain ticks stay plain). */
const sizeAttr = (size: number): string => (size === 12 ? '' : ` font-size="${size}"`);

/**
 * Renders a plot as an SVG string.
 *
 * @example renderPlot({ title: 'T', xLabel: 'm', yLabel: 'L', series: [{ name: 'a', points: [{ x: 1, y: 2 }] }] })
 */
export function renderPlot(spec: PlotSpec): string {
  recordParameter('spec', spec, { title: 'string', xLabel: 'string', yLabel: 'string', series: 'array' });
  const width = spec.width ?? 640;
  const plotHeight = spec.height ?? 400;
  // Titles wrap onto a few lines and shrink to the width (they were clipped at both ends, issue 23);
  // the plot area keeps its height and the SVG grows by the extra lines.
  const title = fitText(spec.title, { fontSize: 15, maxWidth: width - 2 * TEXT_PAD, maxLines: 2, bold: true });
  const subtitle = spec.subtitle ? fitText(spec.subtitle, { fontSize: 12, maxWidth: width - 2 * TEXT_PAD, maxLines: 3 }) : undefined;
  const titleY = title.lines.map((_, k) => 20 + 19 * k);
  const subtitleY = (subtitle?.lines ?? []).map((_, k) => titleY[titleY.length - 1]! + 18 + 15 * k);
  const defaultTop = spec.subtitle ? 52 : 38;
  const top = subtitle ? subtitleY[subtitleY.length - 1]! + 14 : titleY[titleY.length - 1]! + 18;
  const margin = { left: 72, right: 24, top, bottom: 52 };
  const innerW = width - margin.left - margin.right;
  const innerH = plotHeight - defaultTop - margin.bottom;
  const xs: number[] = [];
  const ys: number[] = [];
  for (const s of spec.series) {
    for (const p of s.points) {
      if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) continue;
      xs.push(p.x);
      const hw = p.halfWidth !== undefined && Number.isFinite(p.halfWidth) ? p.halfWidth : 0;
      ys.push(p.y - hw, p.y + hw);
    }
  }
  for (const t of spec.xTicks ?? []) xs.push(t.value);
  const yNonNegative = ys.every((y) => y >= 0);
  const yFromZero = spec.yFromZero ?? yNonNegative;
  let xMin = xs.length ? minOf(xs) : 0;
  let xMax = xs.length ? maxOf(xs) : 1;
  if (spec.xTicks) {
    xMin -= 0.5;
    xMax += 0.5;
  }
  const yMin0 = ys.length ? minOf(ys) : 0;
  const yMax0 = ys.length ? maxOf(ys) : 1;
  const yTicks = niceTicks(yFromZero ? Math.min(0, yMin0) : yMin0, yMax0, 5);
  const yLo = yTicks[0]!;
  const yHi = yTicks[yTicks.length - 1]!;
  const xTickValues: number[] = spec.xTicks ? spec.xTicks.map((t) => t.value) : niceTicks(xMin, xMax, 6);
  // The x range is the data's own (ticks inside it), so a sweep fills the width; y uses nice ticks.
  const xLo = spec.xTicks || xMin === xMax ? Math.min(xMin, xTickValues[0]!) : xMin;
  const xHi = spec.xTicks || xMin === xMax ? Math.max(xMax, xTickValues[xTickValues.length - 1]!) : xMax;
  if (!spec.xTicks && xMin !== xMax) {
    const inside = xTickValues.filter((t) => t >= xLo - 1e-9 * (xHi - xLo) && t <= xHi + 1e-9 * (xHi - xLo));
    xTickValues.length = 0;
    appendAll(xTickValues, inside);
  }
  const sx = (x: number) => margin.left + ((x - xLo) / (xHi - xLo || 1)) * innerW;
  const sy = (y: number) => margin.top + innerH - ((y - yLo) / (yHi - yLo || 1)) * innerH;

  // Category labels wrap onto two lines and shrink to their share of the width (and the SVG's edges).
  const xStep = xTickValues.length > 1 ? xTickValues[1]! - xTickValues[0]! : 1;
  const slot = xTickValues.length > 1 ? Math.abs(sx(xTickValues[1]!) - sx(xTickValues[0]!)) : innerW;
  const xTickText = xTickValues.map((t, k) => {
    const label = spec.xTicks ? spec.xTicks[k]!.label : formatTick(t, xStep);
    const x = sx(t);
    return { x, ...fitText(label, { fontSize: 12, maxWidth: Math.min(slot - TEXT_PAD, 2 * Math.min(x, width - x) - TEXT_PAD), maxLines: spec.xTicks ? 2 : 1 }) };
  });
  const tickLines = xTickText.reduce((most, t) => Math.max(most, t.lines.length), 1);
  margin.bottom += 13 * (tickLines - 1);
  const unit = (label: string, u?: string) => (u ? `${label} [${u}]` : label);
  const xTitleX = margin.left + innerW / 2;
  const xTitle = fitText(unit(spec.xLabel, spec.xUnit), { fontSize: 13, maxWidth: 2 * Math.min(xTitleX, width - xTitleX) - TEXT_PAD });
  const yTitleY = margin.top + innerH / 2;
  const plotBottom = margin.top + innerH + margin.bottom;
  const yTitle = fitText(unit(spec.yLabel, spec.yUnit), { fontSize: 13, maxWidth: 2 * Math.min(yTitleY, plotBottom - yTitleY) - TEXT_PAD });
  // Legend entries wrap onto two lines and shrink to the width right of their symbol.
  const legendX = margin.left;
  const legendText = spec.series.map((s) => fitText(s.name, { fontSize: 12, maxWidth: width - (legendX + 36) - TEXT_PAD, maxLines: 2 }));
  const legendY: number[] = [];
  let nextLegendY = plotBottom + 4;
  for (const t of legendText) {
    legendY.push(nextLegendY);
    nextLegendY += 18 + 14 * (t.lines.length - 1);
  }
  const height = nextLegendY + 6;

  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Helvetica, Arial, sans-serif" font-size="12" role="img" aria-label="${escapeXml(spec.title)}">`,
  );
  out.push(`<title>${escapeXml(spec.title)}</title>`);
  out.push(`<rect x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/>`);
  title.lines.forEach((line, k) => out.push(`<text x="${width / 2}" y="${titleY[k]}" text-anchor="middle" font-size="${title.fontSize}" font-weight="bold">${escapeXml(line)}</text>`));
  subtitle?.lines.forEach((line, k) => out.push(`<text x="${width / 2}" y="${subtitleY[k]}" text-anchor="middle" font-size="${subtitle.fontSize}" fill="#555">${escapeXml(line)}</text>`));

  // Grid and axes.
  const yStep = yTicks.length > 1 ? yTicks[1]! - yTicks[0]! : 1;
  out.push('<g class="axis y-axis">');
  for (const t of yTicks) {
    const y = fmt(sy(t));
    out.push(`<line x1="${margin.left}" x2="${margin.left + innerW}" y1="${y}" y2="${y}" stroke="#e5e5e5"/>`);
    const label = fitText(formatTick(t, yStep), { fontSize: 12, maxWidth: margin.left - 6 - TEXT_PAD });
    out.push(`<text x="${margin.left - 6}" y="${y}" text-anchor="end" dominant-baseline="middle"${sizeAttr(label.fontSize)}>${escapeXml(label.lines[0]!)}</text>`);
  }
  out.push('</g><g class="axis x-axis">');
  for (const t of xTickText) {
    const x = fmt(t.x);
    out.push(`<line x1="${x}" x2="${x}" y1="${margin.top + innerH}" y2="${margin.top + innerH + 5}" stroke="#333"/>`);
    t.lines.forEach((line, j) => out.push(`<text x="${x}" y="${margin.top + innerH + 18 + 13 * j}" text-anchor="middle"${sizeAttr(t.fontSize)}>${escapeXml(line)}</text>`));
  }
  out.push('</g>');
  out.push(`<rect x="${margin.left}" y="${margin.top}" width="${innerW}" height="${innerH}" fill="none" stroke="#333"/>`);
  out.push(`<text x="${xTitleX}" y="${plotBottom - 12}" text-anchor="middle" font-size="${xTitle.fontSize}">${escapeXml(xTitle.lines[0]!)}</text>`);
  out.push(`<text transform="translate(16 ${yTitleY}) rotate(-90)" text-anchor="middle" font-size="${yTitle.fontSize}">${escapeXml(yTitle.lines[0]!)}</text>`);

  // Series.
  spec.series.forEach((s, k) => {
    const color = s.color ?? PALETTE[k % PALETTE.length]!;
    const mode = s.mode ?? 'line+markers';
    out.push(`<g class="series" data-name="${escapeXml(s.name)}">`);
    const finite = s.points.filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y));
    if (mode !== 'markers' && finite.length > 1) {
      // Break the line where a value is missing, rather than bridging over it.
      const segments: PlotPoint[][] = [[]];
      for (const p of s.points) {
        if (Number.isFinite(p.x) && Number.isFinite(p.y)) segments[segments.length - 1]!.push(p);
        else if (segments[segments.length - 1]!.length > 0) segments.push([]);
      }
      for (const seg of segments) {
        if (seg.length < 2) continue;
        const d = seg.map((p, j) => `${j === 0 ? 'M' : 'L'}${fmt(sx(p.x))},${fmt(sy(p.y))}`).join(' ');
        out.push(`<path d="${d}" fill="none" stroke="${color}" stroke-width="2"${s.dashed ? ' stroke-dasharray="6 4"' : ''}/>`);
      }
    }
    for (const p of finite) {
      if (p.halfWidth !== undefined && Number.isFinite(p.halfWidth) && p.halfWidth > 0) {
        const x = fmt(sx(p.x));
        const y1 = fmt(sy(p.y - p.halfWidth));
        const y2 = fmt(sy(p.y + p.halfWidth));
        out.push(
          `<path class="error-bar" d="M${x},${y1} L${x},${y2} M${fmt(sx(p.x) - 4)},${y1} L${fmt(sx(p.x) + 4)},${y1} M${fmt(sx(p.x) - 4)},${y2} L${fmt(sx(p.x) + 4)},${y2}" stroke="${color}" stroke-width="1.2"/>`,
        );
      }
      if (mode !== 'line') out.push(`<circle cx="${fmt(sx(p.x))}" cy="${fmt(sy(p.y))}" r="3.5" fill="${(s.filled ?? mode !== 'markers') ? color : '#fff'}" stroke="${color}" stroke-width="1.5"/>`);
    }
    out.push('</g>');
  });

  // Legend, one entry per line below the plot.
  out.push('<g class="legend">');
  spec.series.forEach((s, k) => {
    const color = s.color ?? PALETTE[k % PALETTE.length]!;
    const mode = s.mode ?? 'line+markers';
    const y = legendY[k]!;
    const x = legendX;
    if (mode !== 'markers') out.push(`<line x1="${x}" x2="${x + 28}" y1="${y}" y2="${y}" stroke="${color}" stroke-width="2"${s.dashed ? ' stroke-dasharray="6 4"' : ''}/>`);
    if (mode !== 'line') out.push(`<circle cx="${x + 14}" cy="${y}" r="3.5" fill="${(s.filled ?? mode !== 'markers') ? color : '#fff'}" stroke="${color}" stroke-width="1.5"/>`);
    const text = legendText[k]!;
    text.lines.forEach((line, j) => out.push(`<text x="${x + 36}" y="${y + 14 * j}" dominant-baseline="middle"${sizeAttr(text.fontSize)}>${escapeXml(line)}</text>`));
  });
  out.push('</g></svg>');
  return out.join('\n');
}

/** Stacks several SVG plots vertically into one SVG document (for a file with one panel per metric). */
export function stackSvg(svgs: readonly string[]): string {
  checkKind('svgs', svgs, 'array');
  let y = 0;
  let width = 0;
  const parts: string[] = [];
  for (const svg of svgs) {
    const w = Number(/width="([\d.]+)"/.exec(svg)?.[1] ?? 640);
    const h = Number(/height="([\d.]+)"/.exec(svg)?.[1] ?? 400);
    parts.push(svg.replace('<svg ', `<svg x="0" y="${y}" `));
    y += h;
    width = Math.max(width, w);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${y}" viewBox="0 0 ${width} ${y}">\n${parts.join('\n')}\n</svg>`;
}

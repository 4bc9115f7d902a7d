/**
 * Reading back what an SVG written by the plot renderer holds, from its text alone (no browser):
 * the panels of a stacked SVG, each text element with its estimated extent, the x-axis ticks and
 * each series' marker x values in data units (read through the tick positions).
 *
 * The width of a text is estimated as characters × font size × 0.6 (× 1.1 bold): Helvetica and
 * Arial average about 0.5 em over English text (Adobe's AFM metrics), so 0.6 is generous. It is
 * written here, not imported, so the check does not rest on the renderer's own estimate; the
 * browser test measures the real widths.
 */

/** One panel: a `<svg>` element's width, height and inner text. */
export interface SvgPanel {
  readonly width: number;
  readonly height: number;
  readonly body: string;
}

/** A text element and the horizontal (or, rotated, vertical) extent it is estimated to cover. */
export interface SvgText {
  readonly text: string;
  readonly fontSize: number;
  /** Left and right end (for a text rotated by ±90°: top and bottom end), px. */
  readonly from: number;
  readonly to: number;
  readonly rotated: boolean;
}

const unescape = (s: string) =>
  s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');

const attr = (attrs: string, name: string): string | undefined => new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(attrs)?.[1];

/** The innermost `<svg>` elements of a text (an SVG, a stack of panels or an HTML page): the plots themselves. */
export function svgPanels(text: string): SvgPanel[] {
  return [...text.matchAll(/<svg\b([^>]*)>/g)].flatMap((m) => {
    const start = m.index! + m[0].length;
    const body = text.slice(start, text.indexOf('</svg>', start));
    // An <svg> holding others (a stack) is not a panel: its parts are.
    return body.includes('<svg') ? [] : [{ width: Number(attr(m[1]!, 'width')), height: Number(attr(m[1]!, 'height')), body }];
  });
}

/** Every text element of a panel with its estimated extent. */
export function svgTexts(panel: SvgPanel, rootFontSize = 12): SvgText[] {
  return [...panel.body.matchAll(/<text\b([^>]*)>([\s\S]*?)<\/text>/g)].map((m) => {
    const attrs = m[1]!;
    const text = unescape(m[2]!.replace(/<[^>]+>/g, ''));
    const fontSize = Number(attr(attrs, 'font-size') ?? rootFontSize);
    const bold = attr(attrs, 'font-weight') === 'bold';
    const width = [...text].length * fontSize * 0.6 * (bold ? 1.1 : 1);
    const transform = attr(attrs, 'transform');
    const rotated = transform !== undefined && /rotate\(\s*-?90\s*\)/.test(transform);
    const anchorAt = rotated ? Number(/translate\(\s*[\d.+-]+[\s,]+([\d.+-]+)\s*\)/.exec(transform)![1]) : Number(attr(attrs, 'x') ?? 0);
    const anchor = attr(attrs, 'text-anchor') ?? 'start';
    // Rotated by −90°, "start" is at the bottom: the extent runs upwards from the anchor.
    const [from, to] =
      anchor === 'middle' ? [anchorAt - width / 2, anchorAt + width / 2] : (anchor === 'end') !== rotated ? [anchorAt - width, anchorAt] : [anchorAt, anchorAt + width];
    return { text, fontSize, from, to, rotated };
  });
}

/** The texts of a panel whose estimated extent leaves the panel (its width, or its height for rotated text). */
export function overflowingTexts(panel: SvgPanel): SvgText[] {
  return svgTexts(panel).filter((t) => t.from < 0 || t.to > (t.rotated ? panel.height : panel.width));
}

/** The x-axis label of a panel: the text in 13 px below the plot (`name [unit]`). */
export function xAxisTitle(panel: SvgPanel): string {
  const axisEnd = panel.body.indexOf('</g>', panel.body.indexOf('class="axis x-axis"'));
  const m = /<text\b(?![^>]*transform)[^>]*>([^<]*)<\/text>/.exec(panel.body.slice(panel.body.indexOf('<rect', axisEnd)));
  return unescape(m![1]!);
}

/** Maps pixel x to data x through two numeric x-axis ticks (their line position and label). */
function pixelToData(panel: SvgPanel): (px: number) => number {
  const axis = panel.body.slice(panel.body.indexOf('class="axis x-axis"'), panel.body.indexOf('</g>', panel.body.indexOf('class="axis x-axis"')));
  const ticks = [...axis.matchAll(/<text x="([\d.-]+)"[^>]*>([^<]*)<\/text>/g)].map((m) => ({ px: Number(m[1]), value: Number(m[2]) }));
  const [a, b] = [ticks[0]!, ticks[ticks.length - 1]!];
  if (ticks.length < 2 || !Number.isFinite(a.value) || !Number.isFinite(b.value)) throw new Error(`need two numeric x ticks, got ${JSON.stringify(ticks)}`);
  return (px) => a.value + ((px - a.px) * (b.value - a.value)) / (b.px - a.px);
}

/** Each series of a panel: its name, the x values (data units) of its markers and of its line's vertices, in drawing order. */
export function svgSeries(panel: SvgPanel): { name: string; markerX: number[]; lineX: number[] }[] {
  const toData = pixelToData(panel);
  return [...panel.body.matchAll(/<g class="series" data-name="([^"]*)">([\s\S]*?)<\/g>/g)].map((m) => ({
    name: unescape(m[1]!),
    markerX: [...m[2]!.matchAll(/<circle cx="([\d.-]+)"/g)].map((c) => toData(Number(c[1]))),
    lineX: [...m[2]!.matchAll(/<path d="([^"]*)"(?![^>]*error-bar)/g)].flatMap((p) => [...p[1]!.matchAll(/[ML]([\d.-]+),/g)].map((c) => toData(Number(c[1])))),
  }));
}

/** The legend texts of a panel. */
export function legendTexts(panel: SvgPanel): string[] {
  const legend = panel.body.slice(panel.body.indexOf('<g class="legend">'));
  return [...legend.matchAll(/<text\b[^>]*>([^<]*)<\/text>/g)].map((m) => unescape(m[1]!));
}

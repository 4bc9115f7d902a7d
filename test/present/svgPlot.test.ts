/** The SVG plot renderer: nice ticks (properties), and what a plot contains. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeXml, formatTick, niceTicks, renderPlot, stackSvg } from '../../src/index.js';
import { legendTexts, overflowingTexts, svgPanels, svgTexts } from '../helpers/svgText.js';

describe('niceTicks', () => {
  it('niceTicks(0.3, 9.2, 5) → 0, 2, …, 10 (Heckbert: steps of 1, 2 or 5 × 10^k)', () => {
    expect(niceTicks(0.3, 9.2, 5)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(niceTicks(2, 11, 6)).toEqual([2, 4, 6, 8, 10, 12]);
    expect(niceTicks(0, 0.283954, 5)).toEqual([0, 0.1, 0.2, 0.3]);
  });

  it('for any finite range: covers it, equally spaced by 1, 2 or 5 × 10^k, at most 2·count + 2 ticks', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.double({ min: 1e-6, max: 1e6, noNaN: true }), fc.integer({ min: 2, max: 10 }), (lo, width, count) => {
        const hi = lo + width;
        const t = niceTicks(lo, hi, count);
        const slack = 1e-9 * (width + Math.abs(lo));
        expect(t[0]!).toBeLessThanOrEqual(lo + slack);
        expect(t[t.length - 1]!).toBeGreaterThanOrEqual(hi - slack);
        expect(t.length).toBeLessThanOrEqual(2 * count + 2);
        const step = t[1]! - t[0]!;
        const mantissa = step / 10 ** Math.floor(Math.log10(step) + 1e-9);
        // Differences of large nearby ticks carry rounding, hence the 1e-3 slack.
        expect([1, 2, 5, 10].some((m) => Math.abs(mantissa - m) < 1e-3)).toBe(true);
        for (let k = 1; k < t.length; k++) expect(Math.abs(t[k]! - t[k - 1]! - step)).toBeLessThan(1e-3 * step);
      }),
    );
  });

  it('a narrow range far from 0 still ends with a tick at or above its maximum (fast-check counterexample: the last tick was dropped)', () => {
    const lo = 44.740744;
    const hi = lo + 0.000008044740756218971;
    const t = niceTicks(lo, hi, 5);
    expect(t[0]!).toBeLessThanOrEqual(lo);
    expect(t[t.length - 1]!).toBeGreaterThanOrEqual(hi);
  });

  it('a degenerate range still gives two or more ticks around it', () => {
    expect(niceTicks(5, 5).length).toBeGreaterThanOrEqual(2);
    expect(niceTicks(0, 0)).toContain(0);
  });

  it('formatTick uses the decimals the step needs', () => {
    expect(formatTick(0.30000000000000004, 0.1)).toBe('0.3');
    expect(formatTick(250000, 50000)).toBe('250000');
    expect(formatTick(2e-6, 1e-6)).toBe('2e-6');
    expect(formatTick(2.5e-6, 5e-7)).toBe('2.5e-6');
    expect(formatTick(1.2e6, 2e5)).toBe('1.2e+6');
  });
});

describe('renderPlot', () => {
  const svg = renderPlot({
    title: 'L <vs> m & more',
    subtitle: 'λ = 5',
    xLabel: 'm',
    xUnit: 'packets',
    yLabel: 'L',
    series: [
      { name: 'analytic', mode: 'line', points: [{ x: 1, y: 1 }, { x: 2, y: 2 }, { x: 3, y: Number.NaN }, { x: 4, y: 3 }, { x: 5, y: 4 }] },
      { name: 'simulated', mode: 'markers', filled: true, points: [{ x: 1, y: 1.1, halfWidth: 0.2 }, { x: 2, y: 2.1, halfWidth: 0 }, { x: 3, y: Infinity }] },
      { name: 'thesis "reading"', dashed: true, points: [{ x: 1, y: 0.5 }, { x: 5, y: 3.5 }] },
    ],
  });

  it('a standalone SVG with width, height and viewBox; title and labels escaped; units in brackets', () => {
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="640" height="\d+" viewBox="0 0 640 \d+"/);
    expect(svg).toContain('L &lt;vs&gt; m &amp; more');
    expect(svg).toContain('m [packets]');
    expect(svg).toContain('thesis &quot;reading&quot;');
    expect(svg.trim().endsWith('</svg>')).toBe(true);
  });

  it('a missing value breaks the line into two segments; non-finite points are not drawn; one error bar per positive half-width', () => {
    const analytic = svg.split('data-name="analytic"')[1]!.split('</g>')[0]!;
    expect((analytic.match(/<path /g) ?? []).length).toBe(2);
    const simulated = svg.split('data-name="simulated"')[1]!.split('</g>')[0]!;
    expect((simulated.match(/<circle /g) ?? []).length).toBe(2);
    expect((simulated.match(/class="error-bar"/g) ?? []).length).toBe(1);
    expect(svg).toContain('stroke-dasharray="6 4"');
    expect(svg).not.toMatch(/NaN|Infinity/);
  });

  it('a legend entry per series; category ticks when given', () => {
    expect((svg.split('<g class="legend">')[1]!.match(/<text /g) ?? []).length).toBe(3);
    const cat = renderPlot({ title: 't', xLabel: 'x', yLabel: 'y', xTicks: [{ value: 0, label: 'A, r1' }, { value: 1, label: 'B, r2' }], series: [{ name: 's', mode: 'markers', points: [{ x: 0, y: 1 }, { x: 1, y: 2 }] }] });
    expect(cat).toContain('>A, r1<');
    expect(cat).toContain('>B, r2<');
  });

  it('data land on their axis ticks: y grows upwards, x to the right', () => {
    const plot = renderPlot({ title: 't', xLabel: 'x', yLabel: 'y', series: [{ name: 's', mode: 'markers', points: [{ x: 0, y: 0 }, { x: 10, y: 10 }, { x: 4, y: 6 }] }] });
    const yTick = (label: string) => Number(new RegExp(`<text x="[\\d.]+" y="([\\d.]+)" text-anchor="end" dominant-baseline="middle">${label}</text>`).exec(plot)![1]);
    const xTick = (label: string) => Number(new RegExp(`<text x="([\\d.]+)" y="[\\d.]+" text-anchor="middle">${label}</text>`).exec(plot)![1]);
    const circles = [...plot.split('<g class="legend">')[0]!.matchAll(/<circle cx="([\d.]+)" cy="([\d.]+)"/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(circles).toHaveLength(3);
    expect(circles[0]![0]).toBeCloseTo(xTick('0'), 1);
    expect(circles[0]![1]).toBeCloseTo(yTick('0'), 1);
    expect(circles[1]![0]).toBeCloseTo(xTick('10'), 1);
    expect(circles[1]![1]).toBeCloseTo(yTick('10'), 1);
    expect(circles[1]![1]).toBeLessThan(circles[0]![1]!);
    expect(circles[1]![0]).toBeGreaterThan(circles[0]![0]!);
    expect(circles[2]![0]).toBeCloseTo(xTick('4'), 1);
    expect(circles[2]![1]).toBeCloseTo(yTick('6'), 1);
  });

  it('stackSvg puts panels one below the other', () => {
    const both = stackSvg([svg, svg]);
    const h = Number(/height="(\d+)"/.exec(svg)![1]);
    expect(both).toMatch(new RegExp(`^<svg [^>]*height="${2 * h}"`));
    expect(both).toContain(`<svg x="0" y="${h}"`);
  });

  it('long titles, subtitles, axis titles, legend names and category labels fit inside the SVG: wrapped or shrunk, never clipped (issue 23)', () => {
    const long = (what: string) => `${what}: Credit-based flow control: the tandem chain over the downstream buffer m: exact chain vs simulation — mean EM 0.0123, max EM 0.0456`;
    const plot = renderPlot({
      title: long('title'),
      subtitle: long('subtitle'),
      xLabel: long('x'),
      xUnit: 'packets per time unit',
      yLabel: long('y'),
      xTicks: [0, 1, 2, 3].map((value) => ({ value, label: `switch ${value} r1 (remote, low priority class)` })),
      series: [
        { name: long('a series'), points: [{ x: 0, y: 1 }, { x: 3, y: 2 }] },
        { name: 'short', mode: 'markers', points: [{ x: 1, y: 1.5 }] },
      ],
    });
    const [panel] = svgPanels(plot);
    expect(overflowingTexts(panel!)).toEqual([]);
    // Nothing is lost: the words of each text are all drawn, in order.
    const drawn = svgTexts(panel!).map((t) => t.text).join(' ');
    for (const what of ['title', 'subtitle', 'x', 'y', 'a series']) expect(drawn).toContain(long(what).split(' ').slice(-6).join(' '));
    expect(legendTexts(panel!).slice(-1)).toEqual(['short']);
    // A short title stays one line at the usual size.
    const plain = svgTexts(svgPanels(renderPlot({ title: 'L against m', xLabel: 'm', yLabel: 'L', series: [] }))[0]!);
    expect(plain[0]).toMatchObject({ text: 'L against m', fontSize: 15 });
  });

  it('wrapped titles push the plot down and the SVG grows: the plot area keeps its height', () => {
    const frame = (svg: string) => /<rect x="72" y="([\d.]+)" width="[\d.]+" height="([\d.]+)" fill="none"/.exec(svg)!.slice(1).map(Number);
    const short = renderPlot({ title: 't', subtitle: 's', xLabel: 'x', yLabel: 'y', series: [{ name: 'a', points: [{ x: 0, y: 0 }, { x: 1, y: 1 }] }] });
    const long = renderPlot({ title: 't '.repeat(60), subtitle: 's '.repeat(150), xLabel: 'x', yLabel: 'y', series: [{ name: 'a', points: [{ x: 0, y: 0 }, { x: 1, y: 1 }] }] });
    const [top0, h0] = frame(short);
    const [top1, h1] = frame(long);
    expect(h1).toBe(h0);
    expect(top1).toBeGreaterThan(top0!);
    expect(svgPanels(long)[0]!.height - svgPanels(short)[0]!.height).toBe(top1! - top0!);
  });

  it('escapeXml', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

/**
 * report.html in a real headless Chromium (Debian's package, installed by ensureChromium when
 * missing): every plot is rendered — SVGs with non-empty boxes, drawn curves, markers and CI error
 * bars — with no console error, no page error and no request other than the file itself.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fabricModelExperiments, runExperiments, thesisExperiments, thesisSimulators, writeReport } from '../../src/index.js';
import { CHROMIUM_ARGS, ensureChromium } from '../helpers/chromium.js';
import { tempDirForFile } from '../helpers/tempDir.js';
import { FABRIC_MODEL_FIGURES, THESIS_FIGURES } from './figures.js';

/** The SVG DOM methods used in the page (the project's tsconfig has no DOM library). */
interface Graphic {
  getBBox(): { width: number; height: number };
}

/** An SVG matrix (DOMMatrix). */
interface Matrix {
  a: number;
  b: number;
  c: number;
  d: number;
  e: number;
  f: number;
  inverse(): Matrix;
  multiply(other: Matrix): Matrix;
}

/** An SVG element's box in its own units and the matrix from them to the screen. */
interface TextGraphic {
  getBBox(): { x: number; y: number; width: number; height: number };
  getScreenCTM(): Matrix;
}

describe('report.html in headless Chromium', () => {
  let context: BrowserContext;
  const outDir = tempDirForFile('browser');
  /** A fresh, empty browser profile for this run. */
  const userDataDir = tempDirForFile('chromium');

  beforeAll(async () => {
    const executablePath = ensureChromium();
    // The report `ibqos report --quick` writes: the library's simulators, so every thesis figure has CI
    // error bars; and the fabric-model section (scatters against stored runs, no error bars).
    const report = await runExperiments([...thesisExperiments(), ...fabricModelExperiments({ quick: true })], { quick: true, simulators: thesisSimulators() });
    writeReport(report, outDir);
    context = await chromium.launchPersistentContext(userDataDir, { executablePath, headless: true, args: [...CHROMIUM_ARGS], offline: true });
  }, 20 * 60_000);

  afterAll(async () => {
    await context?.close();
  });

  it('every figure renders: non-empty SVG boxes, curves, markers, error bars and text; no console errors', async () => {
    const page = await context.newPage();
    const problems: string[] = [];
    const requests: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    page.on('request', (r) => requests.push(r.url()));
    const url = pathToFileURL(join(outDir, 'report.html')).href;
    await page.goto(url, { waitUntil: 'load' });

    const figures = await page.$$eval('figure > svg', (svgs) =>
      svgs.map((svg) => {
        const box = svg.getBoundingClientRect();
        const drawn = [...svg.querySelectorAll('g.series path, g.series circle')].map((el) => (el as unknown as Graphic).getBBox());
        const bars = [...svg.querySelectorAll('.error-bar')].map((el) => (el as unknown as Graphic).getBBox().height);
        const title = svg.querySelector('text') as unknown as { getComputedTextLength(): number } | null;
        return {
          id: svg.parentElement!.id,
          width: box.width,
          height: box.height,
          drawn: drawn.length,
          nonEmpty: drawn.filter((b) => b.width > 0 || b.height > 0).length,
          bars: bars.filter((h) => h > 0).length,
          titleLength: title ? title.getComputedTextLength() : 0,
        };
      }),
    );
    expect(figures.map((f) => f.id)).toEqual([...THESIS_FIGURES, ...FABRIC_MODEL_FIGURES]);
    for (const f of figures) {
      expect(f.width, f.id).toBeGreaterThan(200);
      expect(f.height, f.id).toBeGreaterThan(200);
      expect(f.drawn, f.id).toBeGreaterThan(0);
      expect(f.nonEmpty, f.id).toBe(f.drawn);
      expect(f.titleLength, f.id).toBeGreaterThan(50);
    }
    // Every figure carries simulated points with their confidence intervals: 10 points × 3 metrics
    // in the first, one bar per point and metric elsewhere (a bar of zero height is not counted).
    expect(figures[0]!.bars).toBe(30);
    for (const f of figures.slice(0, THESIS_FIGURES.length)) expect(f.bars, f.id).toBeGreaterThan(0);
    // The comparison section renders its own plots too.
    expect(await page.$$eval('.ibqos-comparison svg', (s) => s.length)).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    expect(requests).toEqual([url]);
    await page.close();
  });

  it('no text of any plot leaves its SVG, measured as drawn (issue 23: the credit panels\' subtitles were clipped at both ends)', async () => {
    const page = await context.newPage();
    await page.goto(pathToFileURL(join(outDir, 'report.html')).href, { waitUntil: 'load' });
    // Every innermost <svg> (figures and the comparison panels): each text's drawn box, carried
    // into the panel's own units (the rotated y-axis title too), against 0..width × 0..height.
    // (getBoundingClientRect would not do: a nested <svg>'s box grows with what overflows it.)
    const outside = await page.$$eval('svg', (svgs) =>
      svgs
        .filter((svg) => svg.querySelector('svg') === null)
        .flatMap((svg) => {
          const width = Number(svg.getAttribute('width'));
          const height = Number(svg.getAttribute('height'));
          return [...svg.querySelectorAll('text')].flatMap((el) => {
            const t = el as unknown as TextGraphic;
            const b = t.getBBox();
            // Text units → screen → the panel's own units (a stacked panel sits at a y offset).
            const m = (svg as unknown as TextGraphic).getScreenCTM().inverse().multiply(t.getScreenCTM());
            const corners = [
              [b.x, b.y],
              [b.x + b.width, b.y],
              [b.x, b.y + b.height],
              [b.x + b.width, b.y + b.height],
            ].map(([x, y]) => [m.a * x! + m.c * y! + m.e, m.b * x! + m.d * y! + m.f] as const);
            const xs = corners.map((c) => c[0]);
            const ys = corners.map((c) => c[1]);
            const [left, right, top, bottom] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
            const out = left < -0.5 || right > width + 0.5 || top < -0.5 || bottom > height + 0.5;
            return out ? [`${el.textContent} [${Math.round(left)}, ${Math.round(right)}] × [${Math.round(top)}, ${Math.round(bottom)}] in ${width}×${height}`] : [];
          });
        }),
    );
    expect(outside).toEqual([]);
    await page.close();
  });
});

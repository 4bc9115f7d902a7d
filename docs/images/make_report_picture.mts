/**
 * Writes docs/images/report.png, the picture of the report in README.md: `ibqos report --quick`
 * (with the library's simulators) rendered by Debian's headless Chromium (the same set-up as test/report/browser.test.ts).
 *
 *     npx tsx docs/images/make_report_picture.mts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { runExperiments, thesisExperiments, thesisSimulators, writeReport } from '../../src/index.js';
import { CHROMIUM_ARGS, ensureChromium } from '../../test/helpers/chromium.js';

const out = mkdtempSync(join(tmpdir(), 'ibqos-picture-'));
writeReport(await runExperiments(thesisExperiments(), { quick: true, simulators: thesisSimulators() }), out);
const profile = mkdtempSync(join(tmpdir(), 'ibqos-chromium-')); // a fresh browser profile, removed below
const context = await chromium.launchPersistentContext(profile, { executablePath: ensureChromium(), headless: true, args: [...CHROMIUM_ARGS], offline: true, viewport: { width: 1000, height: 1300 } });
const page = await context.newPage();
await page.goto(pathToFileURL(join(out, 'report.html')).href);
// The top of the page: the header, the list of experiments and the first figure.
await page.screenshot({ path: join(import.meta.dirname, 'report.png'), clip: { x: 0, y: 0, width: 1000, height: 1300 } });
await context.close();
rmSync(profile, { recursive: true, force: true });
rmSync(out, { recursive: true, force: true });
console.log('wrote docs/images/report.png');

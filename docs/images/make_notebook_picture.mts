/**
 * Writes docs/images/notebook-credit-me.png, the picture of an executed notebook in README.md:
 * docs/credit-me.ipynb executed in Deno's Jupyter kernel by `jupyter nbconvert --execute`, rendered
 * to HTML by nbconvert and photographed by Debian's headless Chromium (the set-up of
 * test/notebooks.test.ts and test/report/browser.test.ts). Needs the built dist/ (`npm run build`).
 *
 *     npx tsx docs/images/make_notebook_picture.mts
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, ensureChromium } from '../../test/helpers/chromium.js';
import { ensureNbconvert, installDenoKernel, jupyterEnv } from '../../test/helpers/jupyter.js';

const root = mkdtempSync(join(tmpdir(), 'ibqos-nb-picture-'));
ensureNbconvert();
installDenoKernel(root);
const notebook = join(import.meta.dirname, '..', 'credit-me.ipynb');
const run = spawnSync('jupyter', ['nbconvert', '--to', 'html', '--execute', '--output-dir', root, notebook], { encoding: 'utf8', env: jupyterEnv(root) });
if (run.status !== 0) throw new Error(run.stderr);
const profile = mkdtempSync(join(tmpdir(), 'ibqos-nb-chromium-'));
const context = await chromium.launchPersistentContext(profile, { executablePath: ensureChromium(), headless: true, args: [...CHROMIUM_ARGS], offline: true, viewport: { width: 1000, height: 1400 } });
const page = await context.newPage();
await page.goto(pathToFileURL(join(root, 'credit-me.html')).href);
// The credit chain's cell: its input, the result table and the plot of the two nodes' distributions.
const heading = page.locator('h4', { hasText: 'Credit-based tandem' }).first();
const top = (await heading.boundingBox())!.y;
await page.screenshot({ path: join(import.meta.dirname, 'notebook-credit-me.png'), fullPage: true, clip: { x: 0, y: Math.max(0, top - 70), width: 1000, height: 1000 } });
await context.close();
rmSync(profile, { recursive: true, force: true });
rmSync(root, { recursive: true, force: true });
console.log('wrote docs/images/notebook-credit-me.png');

/**
 * Speed of the report layer (run: npm run bench:report). Prints figures; passes or fails nothing.
 *
 * - renderPlot on a figure like the report's (4 series × 16 points, with error bars on one);
 * - runExperiments(thesisExperiments()) analytic-only, quick and full, and writing the files;
 * - the importers on the sample files of test/fixtures/validate (CSV, JSON, .sca v2 and v3).
 * The report is timed without its simulators (`thesisSimulators()`): the simulated parts are the
 * simulator's cost, which benchmarks/sim.ts and benchmarks/sim-fabric.ts measure.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  defaultMapping,
  parseResultsCsv,
  parseResultsJson,
  parseResultsSca,
  renderPlot,
  runExperiments,
  thesisExperiments,
  withMapping,
  writeReport,
} from '../src/index.js';
import { machineLine } from './harness.js';

function best(label: string, repeats: number, fn: () => unknown): number {
  fn(); // warm-up (JIT)
  let bestMs = Infinity;
  for (let k = 0; k < repeats; k++) {
    const t0 = performance.now();
    fn();
    bestMs = Math.min(bestMs, performance.now() - t0);
  }
  console.log(`${label.padEnd(52)} ${bestMs.toFixed(3).padStart(9)} ms (best of ${repeats})`);
  return bestMs;
}

async function bestAsync(label: string, repeats: number, fn: () => Promise<unknown>): Promise<number> {
  await fn();
  let bestMs = Infinity;
  for (let k = 0; k < repeats; k++) {
    const t0 = performance.now();
    await fn();
    bestMs = Math.min(bestMs, performance.now() - t0);
  }
  console.log(`${label.padEnd(52)} ${bestMs.toFixed(3).padStart(9)} ms (best of ${repeats})`);
  return bestMs;
}

console.log(machineLine());
console.log('');

const series = Array.from({ length: 4 }, (_, s) => ({
  name: `series ${s}`,
  mode: s === 3 ? ('markers' as const) : ('line' as const),
  points: Array.from({ length: 16 }, (_, k) => ({ x: k + 1, y: Math.log1p(k + s), ...(s === 3 ? { halfWidth: 0.1 } : {}) })),
}));
best('renderPlot, 4 series × 16 points (one with CIs)', 200, () => renderPlot({ title: 'bench', xLabel: 'x', yLabel: 'y', series }));

await bestAsync('runExperiments(thesisExperiments()), --quick', 10, () => runExperiments(thesisExperiments(), { quick: true }));
await bestAsync('runExperiments(thesisExperiments()), full', 10, () => runExperiments(thesisExperiments(), { quick: false }));
const report = await runExperiments(thesisExperiments());
const dir = mkdtempSync(join(tmpdir(), 'ibqos-bench-'));
const csvs = report.experiments.reduce((n, e) => n + e.figures.length, 0);
best(`writeReport (html, json, ${csvs} CSVs)`, 10, () => writeReport(report, dir));
rmSync(dir, { recursive: true, force: true });

const FIX = join(import.meta.dirname, '..', 'test', 'fixtures', 'validate');
const read = (n: string) => readFileSync(join(FIX, n), 'utf8');
const csv = read('credit_results.csv');
const json = read('et_results.json');
const sca2 = read('credit_omnetpp4.sca');
const sca3 = read('et_omnetpp6.sca');
best(`parseResultsCsv, credit_results.csv (${csv.length} bytes)`, 50, () => parseResultsCsv(csv, defaultMapping('credit')));
best(`parseResultsJson, et_results.json (${json.length} bytes)`, 50, () => parseResultsJson(json, defaultMapping('threshold')));
const m2 = withMapping(defaultMapping('credit'), { 'meanQueueLength.upstream': 'Tandem.node1.queue length:timeavg' });
best(`parseResultsSca v2, 50 runs (${sca2.length} bytes)`, 50, () => parseResultsSca(sca2, m2));
const m3 = withMapping(defaultMapping('threshold'), { meanQueueLength: 'queue length:timeavg' });
best(`parseResultsSca v3, 40 runs (${sca3.length} bytes)`, 50, () => parseResultsSca(sca3, m3));

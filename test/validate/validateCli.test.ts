/**
 * `ibqos validate` and validateResults: the sample files of test/fixtures/validate (model value ×
 * seeded noise, written by make_samples.py from independent numpy solutions) pass; their
 * `_perturbed` versions (some means × 1.3, listed in perturbed_points.json) fail. Data generated
 * here from the library's own analytic values plus small seeded noise pass, and fail when perturbed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDirForTest } from '../helpers/tempDir.js';
import { comparisonPlots, defaultMapping, gege1nThreshold, parseResultsCsv, seededStream, solveCreditChain, validateResults } from '../../src/index.js';
import { FIX, read } from './helpers.js';

const f = (name: string) => join(FIX, name);
const perturbed = JSON.parse(read('perturbed_points.json')) as { credit_m: number[]; et_lambda: number[] };

/** A results file with this text in a fresh temporary directory (removed after the test); returns its path. */
function resultsFile(text: string): string {
  const path = join(tempDirForTest('validate'), 'bad.csv');
  writeFileSync(path, text);
  return path;
}

const cli = (args: string[]) => runCli(['validate', ...args]);

const SCA4_MAP = ['--map', 'L1=Tandem.node1.queue length:timeavg,L2=Tandem.node2.queue length:timeavg', '--map', 'T=throughput:last', '--map', 'R=response time:histogram:mean'];
const SCA6_MAP = ['--map', 'L=queue length:timeavg,U=busy:timeavg,blocking=blocking probability'];

describe('ibqos validate on the sample files', () => {
  it.each([
    ['credit', 'credit_params.json', 'credit_results.csv', []],
    ['credit', 'credit_params.json', 'credit_omnetpp4.sca', SCA4_MAP],
    ['threshold', 'et_params.json', 'et_results.json', []],
    ['threshold', 'et_params.json', 'et_omnetpp6.sca', SCA6_MAP],
    ['gege1n', 'gege1n_params.json', 'gege1n_results.csv', []],
  ])('%s against %s + %s → PASS, exit 0', async (model, params, results, map) => {
    const r = await cli(['--model', model, '--params', f(params), '--results', f(results), ...map]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^PASS: 0 of \d+ point-metric pairs/m);
  });

  it('credit_results_perturbed.csv → FAIL, exit 1, and exactly the perturbed m values fail', async () => {
    const r = await cli(['--model', 'credit', '--params', f('credit_params.json'), '--results', f('credit_results_perturbed.csv'), '--json']);
    expect(r.code).toBe(1);
    const json = JSON.parse(r.out) as { comparison: { passed: boolean; metrics: { points: { label: string; passed: boolean }[] }[] } };
    expect(json.comparison.passed).toBe(false);
    for (const m of json.comparison.metrics) {
      expect(m.points.filter((p) => !p.passed).map((p) => p.label)).toEqual(perturbed.credit_m.map((v) => `downstreamCapacity=${v}`));
    }
  });

  it('et_results_perturbed.json → FAIL, exit 1; with --tolerance 0.5 it passes', async () => {
    const args = ['--model', 'threshold', '--params', f('et_params.json'), '--results', f('et_results_perturbed.json')];
    const r = await cli(args);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^FAIL: 6 of 24/m);
    expect((await cli([...args, '--tolerance', '0.5'])).code).toBe(0);
  });

  it('--plot writes an SVG with one panel per metric; --json is machine-readable', async () => {
    const dir = tempDirForTest('validate');
    const plot = join(dir, 'v.svg');
    const r = await cli(['--model', 'threshold', '--params', f('et_params.json'), '--results', f('et_omnetpp6.sca'), ...SCA6_MAP, '--plot', plot, '--json']);
    expect(r.code).toBe(0);
    const svg = readFileSync(plot, 'utf8');
    expect((svg.match(/<svg /g) ?? []).length).toBe(4);
    expect((svg.match(/class="error-bar"/g) ?? []).length).toBe(24);
    const json = JSON.parse(r.out) as { format: string; columns: Record<string, string> };
    expect(json.format).toBe('sca');
    expect(json.columns.meanQueueLength).toBe('queue length:timeavg');
  });

  it.each([
    [['--model', 'mm1'], /--model must be one of/],
    [['--results', '/nonexistent.csv'], /--results must be a readable file/],
    [['--results', 'x.txt'], /--format must be one of/],
    [['--tolerance', '-1'], /--tolerance must be a finite number >= 0/],
    [['--tolerance', '0x10'], /--tolerance must be a decimal number/],
    [['--map', 'L1'], /--map must be name=column pairs/],
    // A pair that matches nothing used to drop its metric from the comparison without a word.
    [['--map', 'L1=no_such_column'], /^ibqos: --map must be a column or scalar name present in .*credit_results\.csv, got "L1=no_such_column"\n$/],
    [['--map', 'm=no_such_column'], /^ibqos: --map must be a column or scalar name present in .*\(no point has it\), got "m=no_such_column"\n$/],
    [['--map', 'L9=L1'], /^ibqos: --map must be name=column with a metric or parameter of model 'credit' \(meanQueueLength\.upstream, .*\) or their short names, got "L9=L1"\n$/],
  ])('invalid input %j → exit 2 and the typed error', async (override, message) => {
    const base: Record<string, string> = { '--model': 'credit', '--params': f('credit_params.json'), '--results': f('credit_results.csv') };
    const extra: string[] = [];
    for (let k = 0; k < override.length; k += 2) {
      if (override[k]! in base) base[override[k]!] = override[k + 1]!;
      else extra.push(override[k]!, override[k + 1]!);
    }
    const r = await cli([...Object.entries(base).flat(), ...extra]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
  });

  it('a --plot file that cannot be written → exit 2 and a typed error naming --plot', async () => {
    const r = await cli(['--model', 'credit', '--params', f('credit_params.json'), '--results', f('credit_results.csv'), '--plot', '/nonexistent-dir/v.svg']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^ibqos: --plot must be a writable file/);
  });

  it('a usage error (no --results) → exit 2, never 1, which means a failed validation', async () => {
    const r = await cli(['--model', 'credit', '--params', f('credit_params.json')]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--results/);
  });

  it('a malformed results line → exit 2 with the file and line', async () => {
    const bad = resultsFile('m,L1\n2,0.7\n3,zero\n');
    const r = await cli(['--model', 'credit', '--params', f('credit_params.json'), '--results', bad]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`ibqos: ${bad}, line 3: column "L1" holds "zero", which is not a number\n`);
  });

  it('a parameter the model rejects names the results line', async () => {
    const bad = resultsFile('m,L1\n2,0.7\n0,0.8\n');
    const r = await cli(['--model', 'credit', '--params', f('credit_params.json'), '--results', bad]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/downstreamCapacity \(results csv line 3\) must be an integer >= 1, got 0/);
  });
});

describe('validateResults on data generated from the analytic model with small seeded noise', () => {
  /** Simulated-looking CSV: value × (1 + 0.02·u), u uniform in [−1, 1], and a half-width of 3 % of the value. */
  function noisyCsv(rows: { x: number; values: Record<string, number> }[], xName: string, perturbAt: number[] = []): string {
    const rng = seededStream(7);
    const names = Object.keys(rows[0]!.values);
    const lines = [[xName, ...names.flatMap((n) => [n, `${n}_hw`])].join(',')];
    for (const r of rows) {
      const k = perturbAt.includes(r.x) ? 1.25 : 1;
      lines.push([r.x, ...names.flatMap((n) => [r.values[n]! * (1 + 0.02 * (2 * rng.next() - 1)) * k, Math.abs(r.values[n]!) * 0.03])].join(','));
    }
    return `${lines.join('\n')}\n`;
  }

  const base = { lambda: 5, mu1: 6, mu2: 8, n: 12 };
  const credit = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((m) => {
    const r = solveCreditChain({ lambda: 5, mu1: 6, mu2: 8, upstreamCapacity: 12, downstreamCapacity: m });
    return { x: m, values: { L1: r.meanQueueLength.upstream, L2: r.meanQueueLength.downstream, T: r.throughput, R: r.responseTime } };
  });

  it('credit chain: passes unperturbed; fails exactly at the perturbed points', () => {
    const ok = validateResults('credit', base, parseResultsCsv(noisyCsv(credit, 'm'), defaultMapping('credit')));
    expect(ok.comparison.passed).toBe(true);
    expect(ok.comparison.x).toEqual({ label: 'downstreamCapacity', values: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11] });
    const bad = validateResults('credit', base, parseResultsCsv(noisyCsv(credit, 'm', [3, 9]), defaultMapping('credit')));
    expect(bad.comparison.passed).toBe(false);
    for (const m of bad.comparison.metrics) expect(m.points.filter((p) => !p.passed).map((p) => p.index)).toEqual([1, 7]);
  });

  it('two varying parameters (m and λ): x is one, one plotted line per value of the other, each over increasing x (issue 23: validate --plot zig-zagged)', () => {
    const rows: string[] = ['m,lambda,L1,L2'];
    for (const lambda of [4, 5]) {
      for (const m of [2, 3, 4, 5]) {
        const r = solveCreditChain({ lambda, mu1: 6, mu2: 8, upstreamCapacity: 12, downstreamCapacity: m });
        rows.push([m, lambda, r.meanQueueLength.upstream, r.meanQueueLength.downstream].join(','));
      }
    }
    const v = validateResults('credit', { mu1: 6, mu2: 8, n: 12 }, parseResultsCsv(`${rows.join('\n')}\n`, defaultMapping('credit')));
    // x is one of the two parameters; the configurations name the other's value at every point.
    const x = v.comparison.x!.label;
    const other = x === 'lambda' ? 'downstreamCapacity' : 'lambda';
    expect(['lambda', 'downstreamCapacity']).toContain(x);
    expect(v.comparison.configurations).toEqual(v.params.map((p) => `${other}=${String(p[other])}`));
    const otherValues = [...new Set(v.params.map((p) => String(p[other])))];
    for (const plot of comparisonPlots(v.comparison)) {
      const lines = plot.series.filter((s) => s.points.length > 1);
      for (const value of otherValues) expect(lines.filter((s) => s.name.includes(`${other}=${value}`)).length).toBeGreaterThan(0);
      for (const s of lines) {
        const xs = s.points.map((p) => p.x);
        expect(xs).toEqual([...xs].sort((a, b) => a - b));
        expect(new Set(xs).size).toBe(xs.length);
      }
    }
  });

  it('ET threshold queue over λ: passes unperturbed; fails when perturbed', () => {
    const et = { ca2: 5, cs2: 7, capacity: 16, thresholds: [8], mu: [8, 16] };
    const rows = [2, 4, 6, 8, 10, 12, 14, 16].map((lambda) => {
      const r = gege1nThreshold({ lambda, ...et });
      return { x: lambda, values: { L: r.meanQueueLength, U: r.utilization, blocking: r.blockingProbability } };
    });
    expect(validateResults('threshold', et, parseResultsCsv(noisyCsv(rows, 'lambda'), defaultMapping('threshold'))).comparison.passed).toBe(true);
    expect(validateResults('threshold', et, parseResultsCsv(noisyCsv(rows, 'lambda', [8]), defaultMapping('threshold'))).comparison.failures).toBe(3);
  });
});

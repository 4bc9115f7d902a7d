import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseResultsCsv, defaultMapping, withMapping } from '../../src/validate/index.js';
import { runCli } from '../helpers/cli.js';
import { tempDirForTest } from '../helpers/tempDir.js';

/** A fresh directory, removed when the test ends. */
const tempDir = (): string => tempDirForTest('sweep-cli');

const grid = ['--scenario', 'gege1n', '--lambda', '3,6', '--mu', '8', '--capacity', '6', '--replications', '2', '--jobs', '3000', '--workers', '2'];

describe('ibqos sweep', () => {
  it('sweep --lambda 3,6 → a table of 2 points, results.csv that ibqos validate reads', async () => {
    const out = join(tempDir(), 's');
    const r = await runCli(['sweep', ...grid, '--out', out]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/scenario gege1n: 2 points × 2 replications/);
    const csv = readFileSync(join(out, 'results.csv'), 'utf8');
    const imported = parseResultsCsv(csv, withMapping(defaultMapping('threshold'), {}));
    expect(imported.points.map((p) => p.params.lambda)).toEqual([3, 6]);
    expect(imported.points[0]!.metrics.meanQueueLength!.halfWidth).toBeGreaterThan(0);
  });

  it('the same command again → resumes (says so) and prints the same table', async () => {
    const out = join(tempDir(), 's');
    const first = await runCli(['sweep', ...grid, '--out', out]);
    const again = await runCli(['sweep', ...grid, '--out', out]);
    expect(again.err).toMatch(/resuming the sweep in .*: 4 of 4 tasks were done/);
    expect(again.out).toBe(first.out);
  });

  it('--status and --gather on a finished sweep', async () => {
    const out = join(tempDir(), 's');
    await runCli(['sweep', ...grid, '--out', out]);
    const status = await runCli(['sweep', '--status', '--out', out]);
    expect(status.out).toMatch(/2 points × 2 replications = 4 tasks\ndone 4, failed 0, not run 0/);
    const gathered = await runCli(['sweep', '--gather', '--json', '--out', out]);
    expect(JSON.parse(gathered.out)).toHaveLength(2);
  });

  it('an option of another scenario → exit 2 naming it', async () => {
    const r = await runCli(['sweep', ...grid, '--mu1', '4', '--out', join(tempDir(), 's')]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--mu1 must be absent: not an option of scenario 'gege1n'/);
  });

  it('a bad value at one point of the grid → exit 2 naming the option, nothing created', async () => {
    const out = join(tempDir(), 's');
    const r = await runCli(['sweep', '--scenario', 'gege1n', '--lambda', '3,-1', '--mu', '8', '--out', out]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--lambda \(params\.lambda/);
    expect(() => readdirSync(out)).toThrow();
  });

  it('--out holding another sweep → exit 2, its manifest unchanged', async () => {
    const out = join(tempDir(), 's');
    await runCli(['sweep', ...grid, '--out', out]);
    const before = readFileSync(join(out, 'manifest.json'), 'utf8');
    const r = await runCli(['sweep', ...grid, '--seed', '5', '--out', out]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--out must be a directory for this sweep: it holds the manifest of another sweep/);
    expect(readFileSync(join(out, 'manifest.json'), 'utf8')).toBe(before);
  });

  it('--out a folder of the user\'s files → exit 2, nothing written there', async () => {
    const out = tempDir();
    writeFileSync(join(out, 'notes.txt'), 'mine');
    const r = await runCli(['sweep', ...grid, '--out', out]);
    expect(r.code).toBe(2);
    expect(readdirSync(out)).toEqual(['notes.txt']);
  });

  it('--status of a folder without a sweep, --gather of an unfinished one → exit 2', async () => {
    const r = await runCli(['sweep', '--status', '--out', tempDir()]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--out must be a sweep results directory/);
    const out = join(tempDir(), 's');
    await runCli(['sweep', ...grid, '--out', out]);
    rmSync(join(out, 'tasks', '000002.json'));
    const g = await runCli(['sweep', '--gather', '--out', out]);
    expect(g.code).toBe(2);
    expect(g.err).toMatch(/3 of 4 tasks done, 0 failed, 1 not run/);
  });

  it('--workers 0, --backend pbs, no --out → exit 2 naming the option', async () => {
    expect((await runCli(['sweep', ...grid.slice(0, -2), '--workers', '0', '--out', join(tempDir(), 's')])).err).toMatch(/--workers must be an integer in 1\.\.1024/);
    expect((await runCli(['sweep', ...grid, '--backend', 'pbs', '--out', join(tempDir(), 's')])).err).toMatch(/--backend/);
    expect((await runCli(['sweep', ...grid])).err).toMatch(/--out must be a results directory/);
  });
});

describe('docs/sweep.md', () => {
  it('the local example prints the table the doc shows', async () => {
    const { readDoc } = await import('../helpers/docExamples.js');
    const doc = readDoc('docs/sweep.md');
    const command = /```sh\nnpx ibqos (sweep [^\n]*) --out sw\n```/.exec(doc)![1]!.split(' ');
    const shown = /```text\n([\s\S]*?)written:/.exec(doc)![1]!;
    const out = join(tempDir(), 'sw');
    const r = await runCli([...command, '--out', out]);
    expect(r.code).toBe(0);
    expect(r.out.split('written:')[0]).toBe(shown);
  });
});

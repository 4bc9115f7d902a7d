/**
 * The sweep written as if its paths and counts were hostile (issue 33): an --out that cannot be made
 * (under /proc: Node's recursive mkdir spun there for ever) or that names a file → exit 2 naming
 * --out; --workers far above the tasks and the machine → lowered, with the cap said; replications
 * whose metric keys differ (a port idle in one) → gathered, each partial metric with its count.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { cappedWorkers, gatherSweep, machineWorkerCap, readManifest, runSweep, sweepCsv, WORKER_MEMORY_MIB } from '../../src/sweep/index.js';
import { writeTaskRecord } from '../../src/sweep/taskFile.js';
import type { TaskRecord } from '../../src/sweep/task.js';
import { runCli } from '../helpers/cli.js';
import { tempDirForTest } from '../helpers/tempDir.js';

const grid = ['--scenario', 'gege1n', '--lambda', '3', '--mu', '8', '--capacity', '6', '--replications', '2', '--jobs', '1000'];
const MAIN = join(import.meta.dirname, '..', '..', 'src', 'cli', 'main.ts');

describe('sweep --out', () => {
  it('under /proc, where no folder can be made → exit 2 naming --out, at once (a child process, so a spin would be killed, not hang the suite)', () => {
    const started = performance.now();
    const r = spawnSync(process.execPath, ['--import', 'tsx', MAIN, 'sweep', ...grid, '--out', '/proc/ibqos-nope/sw'], { encoding: 'utf8', timeout: 60_000 });
    expect(r.signal, 'killed after 60 s: the sweep spun').toBeNull();
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/--out must be a directory that can be made and written .*got "\/proc\/ibqos-nope\/sw \(ENOENT\)"/);
    expect(performance.now() - started).toBeLessThan(60_000);
  });

  it('naming a file → exit 2 naming --out and the rule, the file untouched; a path under a file → the same', async () => {
    const file = join(tempDirForTest('sweep-out'), 'f.txt');
    writeFileSync(file, 'mine');
    const r = await runCli(['sweep', ...grid, '--out', file]);
    expect(r.code, r.err).toBe(2);
    expect(r.err).toMatch(/--out must be a directory \(new, empty or holding this sweep\), not a file/);
    const under = await runCli(['sweep', ...grid, '--out', join(file, 'sub')]);
    expect(under.code, under.err).toBe(2);
    expect(under.err).toMatch(/--out must be a directory that can be made .*\(ENOTDIR\)/);
    expect(readFileSync(file, 'utf8')).toBe('mine');
  });
});

describe('workers capped', () => {
  it('cappedWorkers(1000, 200) → at most the cores and one per 512 MiB, with the cap said', () => {
    const machine = machineWorkerCap();
    expect(machine.workers).toBeLessThanOrEqual(availableParallelism());
    expect(machine.workers).toBeLessThanOrEqual(Math.max(1, Math.floor(machine.memoryMiB / WORKER_MEMORY_MIB)));
    const c = cappedWorkers(1000, 200);
    expect(c.workers).toBe(Math.min(200, machine.workers));
    expect(c.note).toMatch(new RegExp(`^1000 workers lowered to ${c.workers} \\(this machine: ${machine.cores} cores`));
    expect(cappedWorkers(1000, 1)).toEqual({ workers: 1, note: '1000 workers lowered to 1 (1 task to run)' });
    expect(cappedWorkers(1, 10)).toEqual({ workers: 1 });
  });

  it('sweep --workers 1000 on 2 tasks → runs, and says it started at most 2', async () => {
    const r = await runCli(['sweep', ...grid, '--workers', '1000', '--out', join(tempDirForTest('sweep-w'), 's')]);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(/--workers: 1000 workers lowered to [12] \(/);
  });
});

describe('replications whose metric keys differ', () => {
  it('a metric missing from one replication (a port idle there) → --gather gives its interval over the others with their count, in JSON, CSV (<metric>_n) and the table', async () => {
    const out = join(tempDirForTest('sweep-keys'), 's');
    const spec = { scenario: 'gege1n', params: { mu: 8, capacity: 6 }, axes: [['lambda', [3, 5]]] as [string, number[]][], replications: 3, seed: 2, run: { jobs: 1000 } };
    const first = await runSweep(spec, { out, workers: 1 });
    const plan = readManifest(out);
    // Task 1 (point 0, replication 1) as a simulator that reports no port 'p1' there, and an extra metric.
    const read = (id: number) => JSON.parse(readFileSync(join(out, 'tasks', `00000${id}.json`), 'utf8')) as TaskRecord & { digest?: string };
    for (const id of [0, 2, 3, 4, 5]) {
      const r = read(id);
      writeTaskRecord(out, { ...r, metrics: { ...(r.metrics as object), ports: { p1: { util: id } } } });
    }
    const one = read(1);
    writeTaskRecord(out, { ...one, metrics: { ...(one.metrics as object), ports: {}, extra: 7 } });
    expect(plan.recordDigest).toBe('sha256');
    const points = gatherSweep(out);
    const m0 = points[0]!.metrics as Record<string, unknown>;
    expect((m0.ports as { p1: { util: unknown } }).p1.util).toMatchObject({ mean: 1, replications: 2 }); // tasks 0 and 2: util 0 and 2
    expect(m0.extra).toEqual({ mean: 7, halfWidth: Infinity, confidence: 0.95, replications: 1 });
    expect((points[1]!.metrics as Record<string, unknown>).extra).toBeUndefined();
    // Metrics all replications reported are unchanged.
    expect((m0 as { meanQueueLength: unknown }).meanQueueLength).toEqual((first.points![0]!.metrics as { meanQueueLength: unknown }).meanQueueLength);
    const csv = sweepCsv(points).split('\n');
    expect(csv[0]).toContain('ports.p1.util,ports.p1.util_hw,ports.p1.util_n');
    expect(csv[0]).toContain('extra,extra_hw,extra_n');
    expect(csv[0]).not.toContain('meanQueueLength_n');
    expect(csv[2]).toMatch(/,nan,nan,0,/); // point 1 has no 'extra'
    const g = await runCli(['sweep', '--gather', '--out', out]);
    expect(g.code, g.err).toBe(0);
    expect(g.out).toMatch(/\(2 of 3\)/);
    expect(g.out).toContain('—');
  });

  it('a metric that is a number in one replication and a record in another → exit 2 naming the task', async () => {
    const out = join(tempDirForTest('sweep-keys'), 's');
    await runSweep({ scenario: 'gege1n', params: { mu: 8, capacity: 6, lambda: 3 }, replications: 2, run: { jobs: 1000 } }, { out, workers: 1 });
    const r = JSON.parse(readFileSync(join(out, 'tasks', '000001.json'), 'utf8')) as TaskRecord;
    writeTaskRecord(out, { ...r, metrics: { ...(r.metrics as object), meanQueueLength: { a: 1 } } });
    const g = await runCli(['sweep', '--gather', '--out', out]);
    expect(g.code, g.err).toBe(2);
    expect(g.err).toMatch(/--out: task 1 \(point 0, replication 1\), metrics\.meanQueueLength must be a number/);
  });
});

describe('a large sweep says up front how large it is', () => {
  it('1000 tasks → a line on stderr with the count before they run; 2 tasks → none', async () => {
    const out = join(tempDirForTest('sweep-big'), 's');
    const big = await runCli(['sweep', '--scenario', 'gege1n', '--lambda', '1:200', '--mu', '500', '--replications', '5', '--jobs', '50', '--workers', '2', '--out', out]);
    expect(big.code, big.err).toBe(0);
    expect(big.err).toMatch(/^sweep: 1000 tasks \(points × replications\)/);
    const small = await runCli(['sweep', ...grid, '--out', join(tempDirForTest('sweep-big'), 's')]);
    expect(small.err).toBe('');
  });
});

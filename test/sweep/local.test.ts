import { readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalKey, deriveSeed, simulate } from '../../src/sim/index.js';
import { gatherSweep, planSweep, runSweep, sweepStatus, sweepTasks } from '../../src/sweep/index.js';
import { InvalidParameterError } from '../../src/core/errors.js';
import { tempDirForTest } from '../helpers/tempDir.js';

/** A fresh directory, removed when the test ends. */
const tempDir = (): string => tempDirForTest('sweep');

const spec = {
  scenario: 'gege1n',
  params: { mu: 8, capacity: 6, ca2: 2 },
  axes: [['lambda', [3, 6]]] as [string, number[]][],
  replications: 3,
  seed: 7,
  run: { jobs: 4000 },
};

describe('planSweep', () => {
  it('planSweep → one task per point and replication, seeds derived from the point only', () => {
    const plan = planSweep(spec);
    expect(plan.points).toEqual([
      { mu: 8, capacity: 6, ca2: 2, lambda: 3 },
      { mu: 8, capacity: 6, ca2: 2, lambda: 6 },
    ]);
    expect(sweepTasks(plan).length).toBe(6);
    expect(plan.seeds[1]).toBe(deriveSeed(7, canonicalKey({ scenario: 'gege1n', params: plan.points[1] })));
  });

  it('planSweep of an axis with no values → an error naming the axis', () => {
    expect(() => planSweep({ ...spec, axes: [['lambda', []]] })).toThrow(/sweep\.axes\[0\] \(lambda\) must be a non-empty list/);
  });

  it('planSweep with a parameter the scenario does not know → an error naming it', () => {
    expect(() => planSweep({ ...spec, params: { ...spec.params, lambada: 1 } })).toThrow(InvalidParameterError);
    expect(() => planSweep({ ...spec, params: { ...spec.params, lambada: 1 } })).toThrow(/lambada/);
  });
});

describe('runSweep on worker threads', () => {
  it('1 worker and 2 workers → bit-identical results, equal to simulate() of each point with its seed', async () => {
    const one = await runSweep(spec, { out: join(tempDir(), 'a'), workers: 1 });
    const two = await runSweep(spec, { out: join(tempDir(), 'b'), workers: 2 });
    expect(one.points).toBeDefined();
    expect(JSON.stringify(two.points)).toBe(JSON.stringify(one.points));
    one.points!.forEach((p, i) => {
      const direct = simulate({ scenario: 'gege1n', params: { ...p.params } }, { seed: one.plan.seeds[i]!, replications: 3, jobs: 4000 });
      expect(p.metrics).toEqual(direct.metrics);
      expect(p.run.events).toBe(direct.run.events);
    });
    expect(readFileSync(one.files!.csv, 'utf8').split('\n')[0]).toMatch(/^lambda,seed,.*meanQueueLength,meanQueueLength_hw/);
  });

  it('a rerun of a finished sweep → runs nothing and gathers the same', async () => {
    const out = join(tempDir(), 's');
    const first = await runSweep(spec, { out, workers: 2 });
    const again = await runSweep(spec, { out, workers: 2 });
    expect(again.resumed).toBe(true);
    expect(again.ran).toBe(0);
    expect(again.skipped).toBe(6);
    expect(again.points).toEqual(first.points);
  });

  it('a sweep whose task files were lost → resumes only those, nothing duplicated', async () => {
    const out = join(tempDir(), 's');
    const first = await runSweep(spec, { out, workers: 2 });
    rmSync(join(out, 'tasks', '000001.json'));
    rmSync(join(out, 'tasks', '000004.json'));
    expect(sweepStatus(out).pending).toEqual([1, 4]);
    const again = await runSweep(spec, { out, workers: 2 });
    expect(again.ran).toBe(2);
    expect(again.points).toEqual(first.points);
    expect(readdirSync(join(out, 'tasks')).filter((n) => n.endsWith('.json')).length).toBe(6);
  });

  it('a directory holding another sweep → an error, and nothing in it changes', async () => {
    const out = join(tempDir(), 's');
    await runSweep(spec, { out, workers: 1 });
    const before = readFileSync(join(out, 'manifest.json'), 'utf8');
    await expect(runSweep({ ...spec, seed: 8 }, { out, workers: 1 })).rejects.toThrow(/holds the manifest of another sweep/);
    expect(readFileSync(join(out, 'manifest.json'), 'utf8')).toBe(before);
  });

  it('a directory holding files of the user and no manifest → an error, nothing written', async () => {
    const out = tempDir();
    writeFileSync(join(out, 'mine.txt'), 'keep');
    await expect(runSweep(spec, { out, workers: 1 })).rejects.toThrow(/holds files and no manifest/);
    expect(readdirSync(out)).toEqual(['mine.txt']);
  });

  it('a task that fails every attempt → listed with its error, gather refuses; a rerun completes it', async () => {
    const out = join(tempDir(), 's');
    const first = await runSweep(spec, { out, workers: 2 });
    // Task 3's record cannot be stored while a directory stands in its place: a real failure.
    rmSync(join(out, 'tasks', '000003.json'));
    mkdirSync(join(out, 'tasks', '000003.json'));
    const r = await runSweep(spec, { out, workers: 2, retries: 1 });
    expect(r.failed.map((f) => [f.task, f.attempts])).toEqual([[3, 2]]);
    expect(r.points).toBeUndefined();
    expect(sweepStatus(out).failed.map((f) => f.task)).toEqual([3]);
    expect(() => gatherSweep(out)).toThrow(/5 of 6 tasks done, 1 failed, 0 not run — task 3 \(2 attempts\)/);
    rmSync(join(out, 'tasks', '000003.json'), { recursive: true });
    const again = await runSweep(spec, { out, workers: 2 });
    expect(again.ran).toBe(1);
    expect(again.points).toEqual(first.points);
    expect(sweepStatus(out).failed).toEqual([]);
  });
});

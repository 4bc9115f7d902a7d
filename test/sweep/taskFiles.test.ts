/**
 * Task files checked on status, resume and gather (issue 33): a cut, empty, binary, edited (NaN,
 * 1e308) task file, or one replaced by another task's record, is named with its reason, never
 * counted as done, refused by --gather (exit 2) and run again on resume — after which the gathered
 * numbers are those of the untouched sweep, bit for bit.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runSweep, sweepStatus } from '../../src/sweep/index.js';
import { runCli } from '../helpers/cli.js';
import { tempDirForFile, tempDirForTest } from '../helpers/tempDir.js';

const ROOT = tempDirForFile('sweep-taskfiles');
const FINISHED = join(ROOT, 'finished');
const spec = { scenario: 'gege1n', params: { mu: 8, capacity: 6, lambda: 3 }, replications: 3, seed: 5, run: { jobs: 2000 } };
let reference = '';

beforeAll(async () => {
  const r = await runSweep(spec, { out: FINISHED, workers: 1 });
  reference = JSON.stringify(r.points);
});

const task0 = (dir: string): string => join(dir, 'tasks', '000000.json');
const text0 = (): string => readFileSync(task0(FINISHED), 'utf8');

/** The damage done to task 0's file, each as a function of the finished folder's copy. */
const DAMAGE: Record<string, { write: (dir: string) => void; reason: RegExp }> = {
  'cut in half': { write: (d) => writeFileSync(task0(d), text0().slice(0, Math.floor(text0().length / 2))), reason: /not whole JSON/ },
  'cut by one character (the closing brace)': { write: (d) => writeFileSync(task0(d), text0().trimEnd().slice(0, -1)), reason: /not whole JSON/ },
  empty: { write: (d) => writeFileSync(task0(d), ''), reason: /empty/ },
  binary: { write: (d) => writeFileSync(task0(d), Buffer.from([0x7b, 0x00, 0xff, 0xfe, 0x01, 0x7d])), reason: /binary/ },
  'a metric made NaN': { write: (d) => writeFileSync(task0(d), text0().replace(/("meanQueueLength": )[-0-9.e+]+/, '$1"NaN"')), reason: /do not match its digest/ },
  'a metric made 1e308': { write: (d) => writeFileSync(task0(d), text0().replace(/("meanQueueLength": )[-0-9.e+]+/, '$1 1e308')), reason: /do not match its digest/ },
  "another task's record": { write: (d) => cpSync(join(d, 'tasks', '000001.json'), task0(d)), reason: /its task is 1, not 0 \(the record of another task/ },
  'the digest removed': { write: (d) => writeFileSync(task0(d), text0().replace(/,\s*"digest": "[0-9a-f]+"/, '')), reason: /digest is missing/ },
};

describe('a damaged task file', () => {
  it.each(Object.keys(DAMAGE))('%s → named by --status (not done) and --gather (exit 2); a resume runs it again and gathers the same numbers', async (name) => {
    const dir = join(tempDirForTest('sweep-damage'), 's');
    cpSync(FINISHED, dir, { recursive: true });
    DAMAGE[name]!.write(dir);
    const st = sweepStatus(dir);
    expect(st.done).toBe(2);
    expect(st.damaged.map((d) => d.task)).toEqual([0]);
    expect(st.damaged[0]!.reason).toMatch(DAMAGE[name]!.reason);
    const status = await runCli(['sweep', '--status', '--out', dir]);
    expect(status.out).toMatch(/done 2, failed 0, not run 0, damaged 1/);
    expect(status.out).toContain('000000.json');
    const gathered = await runCli(['sweep', '--gather', '--out', dir]);
    expect(gathered.code, gathered.err).toBe(2);
    expect(gathered.err).toMatch(/--out must be a finished sweep: 2 of 3 tasks done.*1 with a damaged task file \(.*000000\.json: /);
    const again = await runSweep(spec, { out: dir, workers: 1 });
    expect(again.damaged.map((d) => d.task)).toEqual([0]);
    expect(again.ran).toBe(1);
    expect(JSON.stringify(again.points)).toBe(reference);
  });

  it("another task's record in a sweep begun before digests (no recordDigest, no digests) → caught by the task, point and seed cross-check", () => {
    const dir = join(tempDirForTest('sweep-damage'), 's');
    cpSync(FINISHED, dir, { recursive: true });
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Record<string, unknown>;
    delete manifest.recordDigest;
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
    for (const id of ['000000', '000001', '000002']) {
      const path = join(dir, 'tasks', `${id}.json`);
      writeFileSync(path, readFileSync(path, 'utf8').replace(/,\s*"digest": "[0-9a-f]+"/, ''));
    }
    expect(sweepStatus(dir).done).toBe(3); // old records without digests still count
    const other = JSON.parse(readFileSync(join(dir, 'tasks', '000001.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(task0(dir), JSON.stringify({ ...other, task: 0 }));
    expect(sweepStatus(dir).damaged[0]!.reason).toMatch(/its replication is 1, not 0/);
  });
});

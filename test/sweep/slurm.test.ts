/**
 * The Slurm backend against a real Slurm: a one-node cluster on localhost started by
 * test/helpers/slurm.ts (it installs Debian's slurm and munge packages when missing). The array
 * tasks run the built command line (dist/cli/main.js, built by `npm ci`'s prepare step).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulate } from '../../src/sim/index.js';
import { gatherSweep, runSweep, sweepStatus, waitForJob } from '../../src/sweep/index.js';
import { startSlurm, type SlurmCluster } from '../helpers/slurm.js';
import { tempDirForFile } from '../helpers/tempDir.js';

let cluster: SlurmCluster;
let savedConf: string | undefined;
// The results directories live until the cluster is stopped (an array task may outlive its test):
// removed with this file's directory after the afterAll below (after-hooks run last-registered first).
const root = tempDirForFile('sweep-slurm');
let made = 0;
const tempDir = (): string => {
  const d = join(root, `run-${made++}`);
  mkdirSync(d);
  return d;
};

beforeAll(async () => {
  cluster = await startSlurm();
  savedConf = process.env.SLURM_CONF;
  process.env.SLURM_CONF = cluster.env.SLURM_CONF;
}, 600_000);

afterAll(async () => {
  if (savedConf === undefined) delete process.env.SLURM_CONF;
  else process.env.SLURM_CONF = savedConf;
  await cluster?.stop();
}, 60_000);

const spec = {
  scenario: 'gege1n',
  params: { mu: 8, capacity: 6, ca2: 2 },
  axes: [['lambda', [3, 6]]] as [string, number[]][],
  replications: 2,
  seed: 11,
  run: { jobs: 4000 },
};

describe('runSweep on a Slurm job array', () => {
  it('a 4-task array → submitted, waited for, gathered: bit-identical with the local pool', async () => {
    const out = join(tempDir(), 's');
    const r = await runSweep(spec, { out, backend: 'slurm', slurm: { throttle: 2 } });
    expect(r.submission?.arrayTasks).toBe(4);
    const script = readFileSync(r.submission!.script, 'utf8');
    expect(script).toMatch(/^#SBATCH --array=0-3%2$/m);
    await waitForJob(r.submission!.jobId, { pollMs: 300, timeoutMs: 120_000 });
    const slurm = gatherSweep(out);
    const local = await runSweep(spec, { out: join(tempDir(), 'l'), workers: 2 });
    expect(JSON.stringify(slurm)).toBe(JSON.stringify(local.points));
  }, 180_000);

  it("a results folder named with a space, a quote, $(…) and % → the real sbatch runs the array there, its logs inside the folder (issue 33)", async () => {
    const out = join(tempDir(), "it's $(touch pwned) 50%A");
    const r = await runSweep({ ...spec, axes: [['lambda', [3]]] }, { out, backend: 'slurm' });
    await waitForJob(r.submission!.jobId, { pollMs: 300, timeoutMs: 120_000 });
    expect(sweepStatus(out).done).toBe(2);
    const logs = readdirSync(join(out, 'slurm')).filter((n) => n.endsWith('.out'));
    expect(logs.map((n) => n.replace(/^\d+_/, ''))).toEqual(['0.out', '1.out']);
    expect(existsSync(join(process.cwd(), 'pwned'))).toBe(false);
  }, 180_000);

  it('an array task killed mid-run → its tasks are missing; resubmitting completes the sweep, nothing lost or duplicated', async () => {
    const out = join(tempDir(), 'k');
    // Tasks of ~0.5 s: 2 array tasks of 2 tasks each; one array task's process is killed.
    const long = { ...spec, run: { jobs: 3_000_000 } };
    const r = await runSweep(long, { out, backend: 'slurm', slurm: { arrayTasks: 2 } });
    const plan = r.submission!.plan;
    let killed: number | undefined;
    const end = Date.now() + 60_000;
    while (killed === undefined && Date.now() < end) {
      const p = spawnSync('pgrep', ['-f', `array-plan ${plan}`], { encoding: 'utf8' });
      const pids = p.stdout.split('\n').filter((x) => x !== '').map(Number);
      if (pids.length > 0) {
        killed = pids[0]!;
        process.kill(killed, 'SIGKILL');
      } else await new Promise((res) => setTimeout(res, 20));
    }
    expect(killed).toBeDefined();
    await waitForJob(r.submission!.jobId, { pollMs: 300, timeoutMs: 120_000 });
    const before = sweepStatus(out);
    expect(before.pending.length).toBeGreaterThan(0);
    expect(() => gatherSweep(out)).toThrow(/not run/);
    const again = await runSweep(long, { out, backend: 'slurm' });
    expect(again.resumed).toBe(true);
    expect(again.submission!.tasks).toBe(before.pending.length);
    await waitForJob(again.submission!.jobId, { pollMs: 300, timeoutMs: 120_000 });
    const points = gatherSweep(out);
    expect(readdirSync(join(out, 'tasks')).filter((n) => /^\d+\.json$/.test(n)).length).toBe(4);
    points.forEach((p, i) => {
      const direct = simulate({ scenario: 'gege1n', params: { ...p.params } }, { seed: again.plan.seeds[i]!, replications: 2, jobs: 3_000_000 });
      expect(p.metrics).toEqual(direct.metrics);
    });
  }, 300_000);

  it('ibqos sweep --status and --gather read the shared results directory', async () => {
    const out = join(tempDir(), 'c');
    const cli = join(import.meta.dirname, '..', '..', 'dist', 'cli', 'main.js');
    const args = ['sweep', '--scenario', 'gege1n', '--lambda', '3,6', '--mu', '8', '--capacity', '6', '--replications', '2', '--jobs', '4000', '--out', out, '--backend', 'slurm', '--wait'];
    const text = execFileSync(process.execPath, [cli, ...args], { env: process.env, encoding: 'utf8', timeout: 120_000 });
    expect(text).toMatch(/2 points × 2 replications/);
    const status = execFileSync(process.execPath, [cli, 'sweep', '--status', '--out', out], { env: process.env, encoding: 'utf8' });
    expect(status).toMatch(/done 4, failed 0, not run 0/);
    expect(status).toMatch(/slurm job \d+: no array task in the queue/);
    expect(existsSync(join(out, 'results.csv'))).toBe(true);
  }, 180_000);

  it('--backend slurm without sbatch on the PATH → a clear error, no directory created', async () => {
    const out = join(tempDir(), 'none');
    const path = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      await expect(runSweep(spec, { out, backend: 'slurm' })).rejects.toThrow(/backend must be 'local', or 'slurm' on a machine with Slurm's client commands/);
    } finally {
      process.env.PATH = path;
    }
    expect(existsSync(out)).toBe(false);
  });
});

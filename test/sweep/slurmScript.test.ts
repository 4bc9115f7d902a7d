/**
 * The Slurm backend written as if paths were hostile (issue 33), without a cluster: the batch
 * script quotes every path for the shell and names none in a #SBATCH line; a path holding a newline
 * (which would end the line it is on and inject a command) is refused; sbatch and squeue are called
 * with a time limit; an sbatch that prints no job id is an error naming the command. Fake `sbatch`
 * and `squeue` scripts stand in for Slurm's (the real cluster's tests are in slurm.test.ts).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { InvalidParameterError } from '../../src/core/errors.js';
import { jobStates, planSweep, runSweep, slurmScript, sweepTasks } from '../../src/sweep/index.js';
import { checkSlurmPath, slurmLogPattern, submitSlurm } from '../../src/sweep/slurm.js';
import { openSweepDir } from '../../src/sweep/store.js';
import { tempDirForTest } from '../helpers/tempDir.js';

const spec = { scenario: 'gege1n', params: { mu: 8, capacity: 6, lambda: 3 }, replications: 2, run: { jobs: 1000 } };

/** The words bash would pass to the `exec` line of a script (the command replaced by printf). */
function execWords(script: string): string[] {
  const line = script.split('\n').find((l) => l.startsWith('exec '))!;
  const r = spawnSync('bash', ['-c', `printf '%s\\0' ${line.slice('exec '.length)}`], { encoding: 'utf8' });
  return r.stdout.split('\0').slice(0, -1);
}

describe('slurmScript', () => {
  it("a folder named with quotes, $(…), spaces and % → every path one shell word, none in a #SBATCH line; the log pattern doubles %", () => {
    const dir = "/tmp/a b/it's $(touch pwned) `x` 50%A";
    const script = slurmScript(dir, `${dir}/slurm/array-0.json`, 4, {}, '/usr/bin/node', '/opt/ibqos/dist/cli/main.js');
    expect(execWords(script)).toEqual(['/usr/bin/node', '/opt/ibqos/dist/cli/main.js', 'sweep', '--array-task', '--out', dir, '--array-plan', `${dir}/slurm/array-0.json`]);
    for (const line of script.split('\n').filter((l) => l.startsWith('#SBATCH'))) expect(line).not.toContain('/tmp');
    expect(slurmLogPattern(dir)).toBe("/tmp/a b/it's $(touch pwned) `x` 50%%A/slurm/%A_%a.out");
  });

  it('a folder whose name holds a newline (a command after it) → refused naming out, no script text', () => {
    const dir = '/tmp/s\n#SBATCH --wrap=evil\ntouch /tmp/pwned';
    expect(() => slurmScript(dir, `${dir}/p.json`, 1, {}, '/usr/bin/node', '/x/main.js')).toThrow(InvalidParameterError);
    expect(() => slurmScript(dir, `${dir}/p.json`, 1, {}, '/usr/bin/node', '/x/main.js')).toThrow(/^out must be a path without control characters/);
    expect(() => checkSlurmPath('out', 'a\rb')).toThrow(/control characters/);
    expect(() => checkSlurmPath('out', 'a\\b')).toThrow(/backslashes/);
  });

  it('runSweep --backend slurm into such a folder → an error naming out before anything is made', async () => {
    const out = join(tempDirForTest('slurm-path'), 'bad\nname');
    await expect(runSweep(spec, { out, backend: 'slurm' })).rejects.toThrow(/^out must be a path without control characters/);
    expect(existsSync(out)).toBe(false);
  });
});

describe('sbatch and squeue that misbehave (fake commands on the PATH)', () => {
  const savedPath = process.env.PATH;
  afterEach(() => {
    process.env.PATH = savedPath;
  });

  /** A folder holding fake `sbatch` and `squeue` with these shell bodies, put first on the PATH. */
  function fakeSlurm(sbatch: string, squeue = 'exit 0'): void {
    const bin = tempDirForTest('fake-slurm');
    for (const [name, body] of [['sbatch', sbatch], ['squeue', squeue]] as const) {
      writeFileSync(join(bin, name), `#!/bin/sh\n${body}\n`);
      chmodSync(join(bin, name), 0o755);
    }
    process.env.PATH = `${bin}:${savedPath}`;
  }

  function sweepDir(): string {
    const out = join(tempDirForTest('fake-slurm-out'), 's');
    openSweepDir(out, planSweep(spec));
    return out;
  }

  it('an sbatch that prints nothing and exits 0 → an error naming sbatch, no job id recorded', () => {
    fakeSlurm('exit 0');
    const out = sweepDir();
    expect(() => submitSlurm(out, sweepTasks(planSweep(spec)), {})).toThrow(/sbatch that prints the job id it submitted \(`sbatch --parsable --output=.*` printed ""\)/);
    expect(existsSync(join(out, 'slurm', 'jobs.json'))).toBe(false);
  });

  it('an sbatch that hangs → an error naming it after the time limit, not a hang', () => {
    fakeSlurm('exec sleep 60');
    const started = performance.now();
    expect(() => submitSlurm(sweepDir(), sweepTasks(planSweep(spec)), { commandTimeoutMs: 500 })).toThrow(/'sbatch' that answers within 0\.5 s/);
    expect(performance.now() - started).toBeLessThan(20_000);
  });

  it('a squeue that hangs → jobStates names it after the time limit', () => {
    fakeSlurm('exit 0', 'exec sleep 60');
    expect(() => jobStates('42', 500)).toThrow(/'squeue' that answers within 0\.5 s \(`squeue -h -r -j 42 -o %i %T` did not/);
  });
});

/**
 * The command line loads only what the command needs (issue 33): `ibqos credit` loads the credit
 * chain's solvers and nothing of the simulator, the sweep, the report or the validators, nor
 * ml-matrix (used by the dense method alone) or cli-progress (drawn only on a terminal). Checked by
 * the modules a child process loads (a module-loading hook), not by wall time — the time is in
 * benchmarks/cli-startup.ts. `--scenario NAME --help` shows that scenario's options only.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

const MAIN = join(import.meta.dirname, '..', '..', 'src', 'cli', 'main.ts');
// A loader hook (registered from a data: URL) that writes each module it loads to stderr.
const HOOKS = `export async function load(url, context, next) { if (!url.startsWith('node:')) process.stderr.write('LOADED ' + url + '\\n'); return next(url, context); }`;
const REGISTER = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(HOOKS)}`)});`;

/** The modules `ibqos ...args` loads, as paths under src/ or package names. */
function loadedModules(args: readonly string[]): string[] {
  const r = spawnSync(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(REGISTER)}`, '--import', 'tsx', MAIN, ...args], { encoding: 'utf8', timeout: 60_000 });
  expect(r.status, r.stderr.split('\n').filter((l) => !l.startsWith('LOADED')).join('\n')).toBe(0);
  return [...r.stderr.matchAll(/^LOADED (.*)$/gm)].map((m) => m[1]!.replace(/^.*\/src\//, 'src/').replace(/^.*\/node_modules\/([^/]+)\/.*$/, '$1'));
}

describe('ibqos loads only what the command needs', () => {
  it('credit on a small chain → the credit solvers, not sim/, sweep/, report/, validate/, admission/, ml-matrix or cli-progress', () => {
    const loaded = loadedModules(['credit', '--lambda', '5', '--mu1', '6', '--mu2', '8', '--n', '12', '--m', '12']);
    expect(loaded).toContain('src/credit/solve.ts');
    expect(loaded).toContain('src/cli/credit.ts');
    for (const unwanted of ['src/sim/', 'src/network/', 'src/studies/', 'src/sweep/', 'src/report/', 'src/validate/', 'src/admission/', 'src/cli/sim.ts', 'src/cli/report.ts', 'ml-matrix', 'cli-progress', 'mathjs']) {
      expect(loaded.filter((m) => m.startsWith(unwanted)), unwanted).toEqual([]);
    }
  });

  it('the top-level help still lists every command', async () => {
    const r = await runCli(['--help']);
    for (const name of ['credit', 'me', 'rate', 'validate', 'report', 'admit', 'sim', 'topology', 'sweep']) expect(r.out).toMatch(new RegExp(`^  ${name} `, 'm'));
  });
});

describe('--scenario NAME --help', () => {
  it('sim --scenario gege1n --help → the run options and gege1n\'s, no option of another scenario', async () => {
    const all = await runCli(['sim', '--help']);
    const one = await runCli(['sim', '--scenario', 'gege1n', '--help']);
    expect(one.code).toBe(0);
    expect(one.out).toMatch(/--capacity <K>/);
    expect(one.out).toMatch(/--until-us/);
    expect(one.out).toMatch(/those of 'gege1n'/);
    expect(all.out).toMatch(/--mu1 /);
    expect(one.out).not.toMatch(/--mu1 /);
    expect(one.out.split('\n').length).toBeLessThan(all.out.split('\n').length / 2);
  });

  it('sweep --scenario=credit-tandem --help → credit-tandem\'s options only; an unknown scenario → every scenario\'s', async () => {
    const one = await runCli(['sweep', '--scenario=credit-tandem', '--help']);
    expect(one.out).toMatch(/--mu1 /);
    expect(one.out).not.toMatch(/--capacity <K>/);
    const unknown = await runCli(['sim', '--scenario', 'nope', '--help']);
    expect(unknown.out).toMatch(/--capacity <K>/);
  });
});

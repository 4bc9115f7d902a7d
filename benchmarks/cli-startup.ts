/**
 * How fast the command line answers (issue 33): `ibqos credit` on a small chain (the thesis's
 * 156-state experiment at one point) against Node's own start-up (`node -e 0`) in the same run,
 * alternately, each a fresh process; and, for scale, what loading the whole library costs
 * (`node -e "await import('dist/index.js')"`). Wall time from spawn to exit, median and the lower
 * quartile over ROUNDS rounds (default 15). Runs the built `dist/`: `npm run build` first.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { machineLine } from './harness.js';

const root = join(import.meta.dirname, '..');
const cli = join(root, 'dist', 'cli', 'main.js');
const index = join(root, 'dist', 'index.js');

const RUNS: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['node -e 0 (Node start-up alone)', ['-e', '0']],
  ['ibqos credit --n 12 --m 12 (156 states)', [cli, 'credit', '--lambda', '5', '--mu1', '6', '--mu2', '8', '--n', '12', '--m', '12']],
  ['ibqos sim --scenario gege1n --help', [cli, 'sim', '--scenario', 'gege1n', '--help']],
  ['import dist/index.js (the whole library)', ['--input-type=module', '-e', `await import(${JSON.stringify(index)})`]],
];

function wallSeconds(args: readonly string[]): number {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const s = (performance.now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} exited with ${r.status}: ${String(r.stderr)}`);
  return s;
}

const quantile = (xs: readonly number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * (s.length - 1) + 0.5))]!;
};

console.log(`# cli start-up benchmark — ${machineLine()}`);
const rounds = Number(process.env.ROUNDS ?? 15);
const times = RUNS.map(() => [] as number[]);
for (let k = 0; k < rounds; k++) RUNS.forEach(([, args], i) => times[i]!.push(wallSeconds(args)));
const base = quantile(times[0]!, 0.5);
for (const [i, [label]] of RUNS.entries()) {
  const med = quantile(times[i]!, 0.5);
  console.log(`${label.padEnd(46)} median ${med.toFixed(3)} s  lower quartile ${quantile(times[i]!, 0.25).toFixed(3)} s  (${(med - base).toFixed(3)} s above node -e 0)`);
}

/**
 * The sweep machinery's speed (issue 19): a 20-point fabric sweep (congestion-spreading over 20
 * victim loads, 2 replications of 1 s simulated each: 40 tasks) with 1 and with 2 worker threads, in the same
 * run, alternately, and the pool's own overhead per task (many tasks that do almost nothing: the
 * wall time less the worker start-up and the tasks' own time, per task). The library runs from the
 * built `dist/` (as users run it), so the workers need no TypeScript loader: `npm run build` first.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machineLine } from './harness.js';
import { FABRIC_SWEEP } from './sweep-spec.js';

// Paths in variables: the built modules, typed as their sources.
const distIndex = '../dist/index.js';
const distStore = '../dist/sweep/store.js';
const { runSweep, readManifest } = (await import(distIndex)) as typeof import('../src/index.js');
const { readTaskRecord } = (await import(distStore)) as typeof import('../src/sweep/store.js');

const fabric = FABRIC_SWEEP;

/**
 * The machine's ceiling, with no pool at all: `n` plain processes started together, process k running
 * the tasks k, k + n, … through `runReplication` (benchmarks/sweep-bare.ts); the wall time from the
 * first spawn to the last exit. Two such processes against one show what two cores give two
 * concurrent fabric simulations here (shared caches and memory bandwidth), whatever the pool does.
 */
async function bare(n: number): Promise<number> {
  const script = fileURLToPath(new URL('./sweep-bare.ts', import.meta.url));
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: n }, (_, k) =>
      new Promise<void>((done, fail) => {
        const child = spawn(process.execPath, ['--import', 'tsx', script, String(k), String(n)], { stdio: 'inherit' });
        child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`sweep-bare.ts ${k} ${n} exited with ${code}`))));
      }),
    ),
  );
  return (performance.now() - t0) / 1000;
}

async function timed(spec: Parameters<typeof runSweep>[0], workers: number): Promise<{ seconds: number; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'ibqos-bench-sweep-'));
  const t0 = performance.now();
  const r = await runSweep(spec, { out: join(dir, 's'), workers });
  const seconds = (performance.now() - t0) / 1000;
  if (r.points === undefined) throw new Error('the sweep did not finish');
  return { seconds, dir };
}

console.log(`# sweep benchmark — ${machineLine()}`);
const rounds = Number(process.env.ROUNDS ?? 2);
const one: number[] = [];
const two: number[] = [];
const bareOne: number[] = [];
const bareTwo: number[] = [];
for (let k = 0; k < rounds; k++) {
  for (const [workers, list] of [[1, one], [2, two]] as const) {
    const { seconds, dir } = await timed(fabric, workers);
    list.push(seconds);
    rmSync(dir, { recursive: true, force: true });
    console.log(`round ${k + 1}: 20-point fabric sweep (40 tasks), ${workers} worker(s): ${seconds.toFixed(2)} s`);
  }
  for (const [n, list] of [[1, bareOne], [2, bareTwo]] as const) {
    const seconds = await bare(n);
    list.push(seconds);
    console.log(`round ${k + 1}: the same 40 tasks in ${n} plain process(es), no pool: ${seconds.toFixed(2)} s`);
  }
}
const best = (xs: number[]): number => Math.min(...xs);
console.log(`best of ${rounds}: 1 worker ${best(one).toFixed(2)} s, 2 workers ${best(two).toFixed(2)} s, speed-up ${(best(one) / best(two)).toFixed(2)}×`);
console.log(
  `best of ${rounds}, no pool: 1 process ${best(bareOne).toFixed(2)} s, 2 processes ${best(bareTwo).toFixed(2)} s, the machine's ceiling ${(best(bareOne) / best(bareTwo)).toFixed(2)}×; ` +
    `the pool's speed-up over that ceiling ${((best(one) / best(two)) / (best(bareOne) / best(bareTwo))).toFixed(2)}`,
);

// Pool overhead: 400 tasks of one job each on 1 worker.
const tiny = { scenario: 'gege1n', params: { mu: 8, capacity: 4 }, axes: [['lambda', Array.from({ length: 200 }, (_, i) => 1 + i * 0.01)]] as [string, number[]][], replications: 2, run: { jobs: 1, warmup: 0 } };
const start = mkdtempSync(join(tmpdir(), 'ibqos-bench-sweep-'));
const t0 = performance.now();
await runSweep({ ...tiny, axes: [['lambda', [1]]] }, { out: join(start, 's'), workers: 1 });
const startup = performance.now() - t0; // one worker's start-up and 2 tasks
const { seconds, dir } = await timed(tiny, 1);
const manifest = readManifest(join(dir, 's'));
let own = 0;
for (let id = 0; id < manifest.points.length * manifest.replications; id++) own += readTaskRecord(join(dir, 's'), id).wallMs;
const tasks = manifest.points.length * manifest.replications;
console.log(
  `pool overhead: ${tasks} one-job tasks on 1 worker in ${seconds.toFixed(3)} s; worker start-up ≈ ${(startup / 1000).toFixed(3)} s; ` +
    `overhead per task ≈ ${((seconds * 1000 - startup - own) / tasks).toFixed(2)} ms (dispatch, store, gather; the tasks' own time ${own.toFixed(0)} ms excluded)`,
);
rmSync(dir, { recursive: true, force: true });
rmSync(start, { recursive: true, force: true });

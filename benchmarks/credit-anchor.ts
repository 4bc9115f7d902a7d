/**
 * Issues 22 and 35: ibqos's unbounded-source credit chain side by side with plain cyclic reduction
 * in numpy + OpenBLAS (benchmarks/anchors/credit_cr_numpy.py), in one run on one machine: ibqos
 * on one thread and on its default threads (the machine's available parallelism), numpy on one
 * OpenBLAS thread and on OpenBLAS's default threads; the ratios, and how far apart the two
 * solvers' L1 and L2 are.
 *
 *   npm run bench:credit-anchor                       (∞, 256 / 512 / 1024), both rate sets
 *   npm run bench:credit-anchor -- --m 256,512,1024,2048
 *   npm run bench:credit-anchor -- --m 2048 --rates thesis      one rate set (thesis | heavy)
 *   npm run bench:credit-anchor -- --method geometric           a method by name (default: auto)
 *
 * The last columns name the method that ran and, when it is not the dense `geometric` kernel (the
 * reference: entrywise accurate), how far its L1 and L2 are from that kernel's (an untimed
 * extra solve, m ≤ 1024).
 *
 * The anchor runs under Debian's python3 (/usr/bin/python3) with Debian's python3-numpy on
 * Debian's OpenBLAS, installed with apt-get (as root) when missing, with python3-threadpoolctl to
 * report which OpenBLAS kernel runs. OPENBLAS_CORETYPE and OPENBLAS_L2_SIZE are removed from the
 * anchor's environment only (the machine notes ask for that for a fair comparison: they slow a
 * current OpenBLAS). Each (rates, m) runs ibqos (1 thread, then default), then numpy (1, then
 * default), back to back, so that the ratios compare like with like under the same load; the
 * load average is printed before and after. Times: best of 3 whole solves for m ≤ 512, else one
 * (ibqos's first call, with the JIT warm-up and the workers' start, included in the best-of, and
 * its threaded first call printed on its own: in a fresh process the first threaded solve pays
 * the workers' start). The 1-minute load average before each row is printed beside it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { solveCreditChain } from '../src/credit/index.js';
import type { CreditMethod } from '../src/credit/params.js';
import { stopGemmThreads } from '../src/linalg/gemmThreads.js';
import { machineLine } from './harness.js';

const PYTHON = '/usr/bin/python3';
const ANCHOR = fileURLToPath(new URL('./anchors/credit_cr_numpy.py', import.meta.url));

const RATES = [
  { name: 'thesis', lambda: 5, mu1: 6, mu2: 8 },
  { name: 'heavy', lambda: 5.5, mu1: 6, mu2: 6 },
] as const;

interface AnchorResult {
  readonly seconds: number;
  readonly L1: number;
  readonly L2: number;
  readonly numpy: string;
  readonly blas: string;
  readonly kernel: string;
  readonly blasThreads: number | null;
}

function ensureNumpy(): void {
  const probe = spawnSync(PYTHON, ['-c', 'import numpy, threadpoolctl'], { encoding: 'utf8' });
  if (probe.status === 0) return;
  console.log('installing python3-numpy and python3-threadpoolctl (apt-get) for the anchor …');
  spawnSync('apt-get', ['update'], { stdio: 'ignore', timeout: 600_000 }); // failure not fatal
  const r = spawnSync(
    'apt-get',
    ['install', '-y', '--no-install-recommends', 'python3-numpy', 'python3-threadpoolctl', 'libopenblas0-pthread'],
    { encoding: 'utf8', timeout: 600_000, env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } },
  );
  if (r.status !== 0 || !existsSync(PYTHON)) {
    throw new Error(
      `cannot install python3-numpy: ${r.stderr?.trim() || r.error?.message}; as root: apt-get install -y python3-numpy python3-threadpoolctl`,
    );
  }
}

/** numpy's cyclic reduction; `threads` 1, or undefined for OpenBLAS's default. */
function runAnchor(lambda: number, mu1: number, mu2: number, m: number, repeats: number, threads: 1 | undefined): AnchorResult {
  const env: Record<string, string | undefined> = { ...process.env };
  delete env.OPENBLAS_CORETYPE;
  delete env.OPENBLAS_L2_SIZE;
  delete env.OPENBLAS_NUM_THREADS;
  delete env.OMP_NUM_THREADS;
  if (threads === 1) Object.assign(env, { OPENBLAS_NUM_THREADS: '1', OMP_NUM_THREADS: '1' });
  const r = spawnSync(PYTHON, [ANCHOR, String(lambda), String(mu1), String(mu2), String(m), String(repeats)], {
    encoding: 'utf8',
    env,
    timeout: 30 * 60_000,
  });
  if (r.status !== 0) throw new Error(`anchor failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as AnchorResult;
}

function runOurs(
  lambda: number, mu1: number, mu2: number, m: number, repeats: number, threads: number, method: CreditMethod,
) { // prettier-ignore
  let best = Infinity;
  let first = NaN;
  let result;
  for (let k = 0; k < repeats; k++) {
    const t0 = performance.now();
    result = solveCreditChain(
      { lambda, mu1, mu2, upstreamCapacity: Infinity, downstreamCapacity: m },
      { method, threads },
    );
    const t = (performance.now() - t0) / 1000;
    if (k === 0) first = t;
    best = Math.min(best, t);
  }
  return { seconds: best, first, result: result! };
}

function loadAverage(): string {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return '?';
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const at = args.indexOf('--m');
  const sizes = at >= 0 ? args[at + 1]!.split(',').map(Number) : [256, 512, 1024];
  const only = args.indexOf('--rates');
  const rateSets = RATES.filter((r) => only < 0 || args[only + 1]!.split(',').includes(r.name));
  const threads = availableParallelism();
  const mAt = args.indexOf('--method');
  const method = (mAt >= 0 ? args[mAt + 1]! : 'auto') as CreditMethod;
  ensureNumpy();
  console.log(`ibqos credit (∞, m) vs numpy cyclic reduction — ${machineLine()}`);
  console.log(`load average before: ${loadAverage()}; ibqos default threads = ${threads}`);
  const header = [
    'rates', 'm', 'ibqos 1 thr (s)', `ibqos ${threads} thr (s)`, 'numpy 1 thr (s)', 'numpy default (s)',
    `ibqos ${threads} / numpy default`, 'ibqos 1 / numpy 1', 'L1 rel. diff', 'L2 rel. diff', 'residual',
    'method', 'L1 / L2 vs geometric', `ibqos ${threads} thr first call (s)`, 'load before',
  ]; // prettier-ignore
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map(() => '---').join('|')}|`);
  let blas = '';
  for (const r of rateSets) {
    for (const m of sizes) {
      const repeats = m <= 512 ? 3 : 1;
      const load = loadAverage().split(' ')[0];
      const one = runOurs(r.lambda, r.mu1, r.mu2, m, repeats, 1, method);
      const many = runOurs(r.lambda, r.mu1, r.mu2, m, repeats, threads, method);
      const np1 = runAnchor(r.lambda, r.mu1, r.mu2, m, repeats, 1);
      const npDefault = runAnchor(r.lambda, r.mu1, r.mu2, m, repeats, undefined);
      blas = `numpy ${npDefault.numpy}, ${npDefault.blas}, OpenBLAS kernel ${npDefault.kernel} (threadpoolctl), default threads ${npDefault.blasThreads}`;
      const l1 = many.result.meanQueueLength.upstream;
      const l2 = many.result.meanQueueLength.downstream;
      const rel = (x: number, y: number) => (Math.abs(x - y) / Math.abs(y)).toExponential(1);
      // the dense, entrywise-accurate kernel (the reference), untimed, when another method ran (m ≤ 1024)
      const reference = (res: typeof many.result): string => {
        if (res.diagnostics.method === 'geometric' || m > 1024) return '–';
        const d = runOurs(r.lambda, r.mu1, r.mu2, m, 1, threads, 'geometric').result;
        return `${rel(l1, d.meanQueueLength.upstream)} / ${rel(l2, d.meanQueueLength.downstream)}`;
      };
      console.log(
        `| ${r.name} (${r.lambda}, ${r.mu1}, ${r.mu2}) | ${m} | ${one.seconds.toFixed(3)} | ${many.seconds.toFixed(3)} | ` +
          `${np1.seconds.toFixed(3)} | ${npDefault.seconds.toFixed(3)} | ${(many.seconds / npDefault.seconds).toFixed(2)} | ` +
          `${(one.seconds / np1.seconds).toFixed(2)} | ${rel(l1, npDefault.L1)} | ${rel(l2, npDefault.L2)} | ` +
          `${many.result.diagnostics.residual.toExponential(1)} | ${many.result.diagnostics.method} | ${reference(many.result)} | ` +
          `${many.first.toFixed(3)} | ${load} |`,
      );
      if (one.result.meanQueueLength.upstream !== l1 || one.result.meanQueueLength.downstream !== l2) {
        console.log(`  ibqos with 1 and ${threads} threads differ (they must not): L1 ${one.result.meanQueueLength.upstream} / ${l1}`);
      }
    }
  }
  console.log(`anchor: ${blas}; OPENBLAS_CORETYPE and OPENBLAS_L2_SIZE unset for the anchor`);
  console.log(`load average after: ${loadAverage()}`);
  await stopGemmThreads();
}

await main();

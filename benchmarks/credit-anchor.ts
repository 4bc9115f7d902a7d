/**
 * Issue 22: ibqos's unbounded-source credit chain side by side with plain cyclic reduction in numpy
 * + OpenBLAS on one thread (benchmarks/anchors/credit_cr_numpy.py), in one run on one machine,
 * printing both times, their ratio and how far apart L1 and L2 are (two independent solvers).
 *
 *   npm run bench:credit-anchor                 (∞, 512) for both rate sets
 *   npm run bench:credit-anchor -- --m 256,512,2048
 *
 * The anchor runs under Debian's python3 (/usr/bin/python3) with Debian's python3-numpy on Debian's OpenBLAS,
 * installed with `apt-get install -y python3-numpy libopenblas0-pthread` (as root) when missing. OPENBLAS_CORETYPE and
 * OPENBLAS_L2_SIZE are removed from the anchor's environment, as the machine notes ask for a fair
 * comparison; OPENBLAS_NUM_THREADS=1. ibqos's side: best of `solveCreditChain(…, { method })` in
 * this process (first call included), the anchor's: best of 3 whole solves.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { solveCreditChain } from '../src/credit/index.js';
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
}

function ensureNumpy(): void {
  const probe = spawnSync(PYTHON, ['-c', 'import numpy'], { encoding: 'utf8' });
  if (probe.status === 0) return;
  console.log('installing python3-numpy (apt-get) for the anchor …');
  spawnSync('apt-get', ['update'], { stdio: 'ignore', timeout: 600_000 }); // failure not fatal
  const r = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'python3-numpy', 'libopenblas0-pthread'], {
    encoding: 'utf8',
    timeout: 600_000,
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (r.status !== 0 || !existsSync(PYTHON)) {
    throw new Error(`cannot install python3-numpy: ${r.stderr?.trim() || r.error?.message}; as root: apt-get install -y python3-numpy`);
  }
}

function runAnchor(lambda: number, mu1: number, mu2: number, m: number, repeats: number): AnchorResult {
  const env: Record<string, string | undefined> = { ...process.env, OPENBLAS_NUM_THREADS: '1', OMP_NUM_THREADS: '1' };
  delete env.OPENBLAS_CORETYPE;
  delete env.OPENBLAS_L2_SIZE;
  const r = spawnSync(PYTHON, [ANCHOR, String(lambda), String(mu1), String(mu2), String(m), String(repeats)], {
    encoding: 'utf8',
    env,
    timeout: 30 * 60_000,
  });
  if (r.status !== 0) throw new Error(`anchor failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as AnchorResult;
}

function runOurs(lambda: number, mu1: number, mu2: number, m: number, repeats: number) {
  let best = Infinity;
  let result;
  for (let k = 0; k < repeats; k++) {
    const t0 = performance.now();
    result = solveCreditChain(
      { lambda, mu1, mu2, upstreamCapacity: Infinity, downstreamCapacity: m },
      { method: 'geometric' },
    );
    best = Math.min(best, (performance.now() - t0) / 1000);
  }
  return { seconds: best, result: result! };
}

function main(): void {
  const args = process.argv.slice(2);
  const at = args.indexOf('--m');
  const sizes = at >= 0 ? args[at + 1]!.split(',').map(Number) : [512];
  ensureNumpy();
  console.log(`ibqos credit (∞, m) vs numpy cyclic reduction — ${machineLine()}`);
  const header = ['rates', 'm', 'ibqos (s)', 'numpy CR (s)', 'ratio ibqos/numpy', 'L1 rel. diff', 'L2 rel. diff', 'residual'];
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map(() => '---').join('|')}|`);
  let blas = '';
  for (const r of RATES) {
    for (const m of sizes) {
      const repeats = m <= 512 ? 3 : 1;
      const ours = runOurs(r.lambda, r.mu1, r.mu2, m, repeats);
      const anchor = runAnchor(r.lambda, r.mu1, r.mu2, m, repeats);
      blas = `numpy ${anchor.numpy}, ${anchor.blas}`;
      const l1 = ours.result.meanQueueLength.upstream;
      const l2 = ours.result.meanQueueLength.downstream;
      console.log(
        `| ${r.name} (${r.lambda}, ${r.mu1}, ${r.mu2}) | ${m} | ${ours.seconds.toFixed(3)} | ${anchor.seconds.toFixed(3)} | ` +
          `${(ours.seconds / anchor.seconds).toFixed(2)} | ${(Math.abs(l1 - anchor.L1) / anchor.L1).toExponential(1)} | ` +
          `${(Math.abs(l2 - anchor.L2) / anchor.L2).toExponential(1)} | ${ours.result.diagnostics.residual.toExponential(1)} |`,
      );
    }
  }
  console.log(`anchor: ${blas}, one thread, OPENBLAS_CORETYPE unset`);
}

main();

/**
 * Issue 35: the one-level rank-structured step of cyclic reduction (src/credit/split/splitStep.ts)
 * against the dense step, per step and for the whole (∞, m) solve, in the same run: wall time of
 * every step, the recompressions' share, the largest off-diagonal rank of each iterate after the
 * step, and how far L1 and L2 move from the dense (reference) kernel's.
 *
 *   node --expose-gc --import tsx benchmarks/credit-split.ts [--m 512,1024] [--tol 1e-16] [--threads 1]
 *     [--graded 1|0] [--rates thesis|heavy] [--dense 0 (the split alone)]
 *
 * With --dense 0 the split solve alone, and where its time goes (the kernel's `times`: first step,
 * split reduction with N̂⁻¹ from the split form, π0, level sums, residual).
 * Each (rates, m): the dense solve, then the split one, then the dense one again (best of the two
 * dense runs is kept, so that a load change shows). Run with nice -n 10 on a shared machine.
 */
import { loadavg } from 'node:os';
import { geometricKernel } from '../src/credit/geometric/geometric.js';
import { SPLIT_TOLERANCE, type SplitStepRecord } from '../src/credit/split/splitReduction.js';
import { arenaHighWater } from '../src/credit/split/lowRank.js';
import { stopGemmThreads, withGemmThreads } from '../src/linalg/gemmThreads.js';
import { machineLine } from './harness.js';

const RATES = [
  { name: 'thesis', lambda: 5, mu1: 6, mu2: 8 },
  { name: 'heavy', lambda: 5.5, mu1: 6, mu2: 6 },
] as const;

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
}

const ms = arg('m', '512,1024').split(',').map(Number);
const tol = Number(arg('tol', String(SPLIT_TOLERANCE)));
const threads = Number(arg('threads', '1'));
const only = arg('rates', '');
const graded = arg('graded', '1') === '1';
const withDense = arg('dense', '1') === '1';
const denseSteps = Number(arg('dense-steps', '0'));

function metrics(r: ReturnType<typeof geometricKernel>): { L1: number; L2: number } {
  let L1 = 0;
  let L2 = 0;
  for (let j = 0; j < r.phases; j++) {
    L1 += r.levelMoment[j]!;
    L2 += j * r.levelSum[j]!;
  }
  return { L1, L2 };
}

const load = (): string => loadavg().map((x) => x.toFixed(2)).join(' ');
console.log(machineLine());
console.log(`threads ${threads}, truncation tolerance ${tol} (relative to the diagonal blocks' Frobenius norm), graded ${graded}`);
withGemmThreads(threads, () => {
  geometricKernel(5, 6, 8, 128, 1e-12); // warm-up of both paths
  geometricKernel(5, 6, 8, 128, 1e-12, { split: { tolerance: tol } });
  for (const rates of RATES) {
    if (only && rates.name !== only) continue;
    for (const m of ms) {
      const { lambda, mu1, mu2 } = rates;
      console.log(`\n(∞, ${m}) ${rates.name} λ=${lambda} μ1=${mu1} μ2=${mu2}   load ${load()}`);
      const runDense = (): { s: number; steps: number[]; r: ReturnType<typeof geometricKernel> } => {
        globalThis.gc?.();
        const steps: number[] = [];
        const t = performance.now();
        const r = geometricKernel(lambda, mu1, mu2, m, 1e-12, { stepTimes: steps });
        return { s: (performance.now() - t) / 1000, steps, r };
      };
      if (!withDense) {
        // the split alone (m = 2048: the dense solve takes minutes), its steps and ranks
        let steps: readonly SplitStepRecord[] = [];
        const times: Record<string, number> = {};
        const t = performance.now();
        geometricKernel(lambda, mu1, mu2, m, 1e-12, { split: { tolerance: tol, graded, onSteps: (s) => (steps = s) }, times });
        console.log(`split solve ${((performance.now() - t) / 1000).toFixed(3)} s`);
        // the solve's parts (ms): first step, split reduction (its steps, N̂⁻¹ from the split form), then the tail
        console.log(`  parts (ms): ${Object.entries(times).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ')}`);
        for (const [k, s] of steps.entries()) {
          const r = s.ranks;
          console.log(`  ${k + 2}  ${s.ms.toFixed(1)} ms, recompressions ${s.recompressMs.toFixed(1)} ms (${s.recompressions})  ranks ${r.n} ${r.nHat} ${r.dn} ${r.up} ${r.x} ${r.y}`);
        }
        continue;
      }
      const d1 = runDense();
      globalThis.gc?.();
      let split: readonly SplitStepRecord[] = [];
      const t = performance.now();
      const rs = geometricKernel(lambda, mu1, mu2, m, 1e-12, { split: { tolerance: tol, graded, denseSteps, onSteps: (s) => (split = s) } });
      const splitS = (performance.now() - t) / 1000;
      if (split.length === 0) console.log('  the split reduction failed (a pivot): the dense one ran');
      const d2 = runDense();
      const dense = d1.s <= d2.s ? d1 : d2;
      const a = metrics(dense.r);
      const b = metrics(rs);
      console.log(`whole solve: dense ${dense.s.toFixed(3)} s (other run ${(d1.s <= d2.s ? d2 : d1).s.toFixed(3)} s), split ${splitS.toFixed(3)} s, ratio split/dense ${(splitS / dense.s).toFixed(2)}`);
      console.log(`  dense iterations ${dense.r.iterations}, split ${rs.iterations}; L1 ${a.L1} vs ${b.L1} (rel ${(Math.abs(a.L1 - b.L1) / a.L1).toExponential(2)}), L2 ${a.L2} vs ${b.L2} (rel ${(Math.abs(a.L2 - b.L2) / a.L2).toExponential(2)}); residual ${rs.residual.toExponential(2)}`);
      console.log('  step  dense ms  split ms  recompress ms (count)  ranks N N̂ Dn Up X Y');
      // dense step k (k = 0 is the second doubling: the first is by hand in both) against split step k
      const n = Math.max(dense.steps.length, split.length);
      for (let k = 0; k < n; k++) {
        const s = split[k];
        const d = dense.steps[k];
        const ranks = s ? `${s.ranks.n} ${s.ranks.nHat} ${s.ranks.dn} ${s.ranks.up} ${s.ranks.x} ${s.ranks.y}` : '';
        console.log(
          `  ${String(k + 2).padStart(4)}  ${d === undefined ? '       -' : d.toFixed(1).padStart(8)}  ${s ? s.ms.toFixed(1).padStart(8) : '       -'}  ${s ? `${s.recompressMs.toFixed(1).padStart(8)} (${s.recompressions})` : ''}${s?.last ? ' last' : ''}  ${ranks}`,
        );
      }
      const sum = (xs: readonly number[]): number => xs.reduce((x, y) => x + y, 0);
      const dSum = sum(dense.steps);
      const sSum = sum(split.map((s) => s.ms));
      const rSum = sum(split.map((s) => s.recompressMs));
      const phase = (k: 'factor' | 'solve' | 'multiply' | 'add'): string => sum(split.map((s) => s.phases[k])).toFixed(0);
      console.log(`  split phases (ms, recompressions included): factor ${phase('factor')}, solves ${phase('solve')}, products ${phase('multiply')}, sums ${phase('add')}`);
      console.log(`  arena high water ${(arenaHighWater.doubles / (m + 1) ** 2).toFixed(2)} b²`);
      console.log(`  loop: dense ${dSum.toFixed(0)} ms, split ${sSum.toFixed(0)} ms (recompressions ${rSum.toFixed(0)} ms, ${((100 * rSum) / sSum).toFixed(0)} %)   load ${load()}`);
    }
  }
});
stopGemmThreads();

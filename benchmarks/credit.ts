/**
 * Times each applicable method of solveCreditChain at the sizes named in issue 2, printing the
 * time, the residual ‖πQ‖∞ and the peak memory (max RSS) beside each. Every (case, method) runs
 * in a fresh child process, so peak memory is that solve's own; the time is the best of several
 * runs in that process (10 when a solve takes under 50 ms, 5 under a second, else 1), the first
 * run, with the JIT warm-up, among them.
 *
 *   npm run bench:credit              all cases
 *   npm run bench:credit -- --quick   skip the direct solve of a million states (≈ 9 s)
 *
 * Two rate sets: the thesis's (λ = 5, μ1 = 6, μ2 = 8), where Node 2 is rarely full, and a
 * heavy-traffic set (λ = 5.5 / 6, μ1 = μ2 = 6) where blocking shapes the whole distribution.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { solveCreditChain } from '../src/credit/index.js';
import { machineLine } from './harness.js';

type Method = 'dense' | 'exact' | 'structured' | 'multilevel' | 'geometric';
interface Case {
  readonly n: number;
  readonly m: number;
  readonly methods: readonly Method[];
}
interface RateSet {
  readonly name: string;
  readonly lambda: number;
  readonly lambdaInfinite: number;
  readonly mu1: number;
  readonly mu2: number;
}

const RATES: readonly RateSet[] = [
  { name: 'thesis', lambda: 5, lambdaInfinite: 5, mu1: 6, mu2: 8 },
  { name: 'heavy', lambda: 6, lambdaInfinite: 5.5, mu1: 6, mu2: 6 },
];

const CASES: readonly Case[] = [
  { n: 12, m: 11, methods: ['dense', 'exact', 'structured', 'multilevel'] },
  { n: 100, m: 100, methods: ['structured', 'multilevel'] },
  { n: 300, m: 300, methods: ['structured', 'multilevel'] },
  { n: 1000, m: 100, methods: ['structured', 'multilevel'] },
  { n: 1000, m: 1000, methods: ['structured', 'multilevel'] },
  { n: Infinity, m: 64, methods: ['geometric'] },
  { n: Infinity, m: 256, methods: ['geometric'] },
  { n: Infinity, m: 512, methods: ['geometric'] },
];

interface Measurement {
  readonly seconds: number;
  readonly residual: number;
  readonly iterations: number | undefined;
  readonly maxRssMiB: number;
  readonly throughput: number;
}

function runOne(rates: RateSet, n: number, m: number, method: Method): Measurement {
  const lambda = n === Infinity ? rates.lambdaInfinite : rates.lambda;
  const params = { lambda, mu1: rates.mu1, mu2: rates.mu2, upstreamCapacity: n, downstreamCapacity: m };
  const once = () => {
    const t0 = performance.now();
    const result = solveCreditChain(params, { method, threads: 1 });
    return { seconds: (performance.now() - t0) / 1000, result };
  };
  let best = once();
  const repeats = best.seconds < 0.05 ? 9 : best.seconds < 1 ? 4 : 0;
  for (let r = 0; r < repeats; r++) {
    const next = once();
    if (next.seconds < best.seconds) best = next;
  }
  return {
    seconds: best.seconds,
    residual: best.result.diagnostics.residual,
    iterations: best.result.diagnostics.iterations,
    maxRssMiB: process.resourceUsage().maxRSS / 1024,
    throughput: best.result.throughput,
  };
}

function fmtN(n: number): string {
  return n === Infinity ? '∞' : String(n);
}

function main(): void {
  const args = process.argv.slice(2);
  const one = args.indexOf('--one');
  if (one >= 0) {
    const [rateName, n, m, method] = JSON.parse(args[one + 1]!) as [string, number | null, number, Method];
    const rates = RATES.find((r) => r.name === rateName)!;
    process.stdout.write(JSON.stringify(runOne(rates, n ?? Infinity, m, method)));
    return;
  }
  const quick = args.includes('--quick');
  const self = fileURLToPath(import.meta.url);
  console.log(`ibqos credit-chain benchmark — ${machineLine()}`);
  console.log('one core per solve (threads: 1; bench:credit-anchor times the default threads); time = best of 10 / 5 / 1 runs (under 50 ms / under 1 s / longer)\n');
  const header = ['rates', 'n', 'm', 'states', 'method', 'time (s)', 'residual', 'iterations', 'peak RSS (MiB)', 'T'];
  const rows: string[][] = [];
  for (const rates of RATES) {
    for (const c of CASES) {
      for (const method of c.methods) {
        if (quick && method === 'structured' && c.n * c.m >= 1_000_000) continue;
        const child = spawnSync(
          process.execPath,
          ['--import', 'tsx', self, '--one', JSON.stringify([rates.name, c.n === Infinity ? null : c.n, c.m, method])],
          { encoding: 'utf8', maxBuffer: 1 << 20, timeout: 15 * 60_000 },
        );
        const states = c.n === Infinity ? '∞' : String((c.n + 1) * (c.m + 1));
        if (child.status !== 0) {
          const why = child.error ? child.error.message : (child.stderr.trim().split('\n').pop() ?? 'failed');
          rows.push([rates.name, fmtN(c.n), String(c.m), states, method, 'failed', why, '', '', '']);
        } else {
          const r = JSON.parse(child.stdout) as Measurement;
          rows.push([
            rates.name,
            fmtN(c.n),
            String(c.m),
            states,
            method,
            r.seconds.toFixed(3),
            r.residual.toExponential(1),
            r.iterations === undefined ? '' : String(r.iterations),
            r.maxRssMiB.toFixed(0),
            r.throughput.toPrecision(10),
          ]);
        }
        printRow(rows[rows.length - 1]!, header);
      }
    }
  }
  console.log('\nMarkdown:\n');
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map(() => '---').join('|')}|`);
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
}

let printedHeader = false;
function printRow(row: string[], header: string[]): void {
  const widths = [6, 5, 5, 8, 11, 9, 9, 10, 14, 14];
  if (!printedHeader) {
    console.log(header.map((h, k) => h.padStart(widths[k]!)).join(' '));
    printedHeader = true;
  }
  console.log(row.map((v, k) => v.padStart(widths[k]!)).join(' '));
}

main();

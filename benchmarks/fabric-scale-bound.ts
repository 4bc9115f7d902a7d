/**
 * Issue 32's scale point, bounded (session 22): packet-hops per CPU-second of the bound
 * (fabric-scale-bound-kernel.ts: bench:scale's case on a minimal, hand-laid-out simulator) at
 * k = 16 and k = 32, beside the real simulator's (fabric-scale.ts's child) in the same run. Each
 * (case, k) runs in its own child process: build, a warm-up, then a fixed simulated window whose
 * CPU time (process.cpuUsage) gives the rate. Rounds alternate k (k = 16 first in odd rounds) and
 * rotate the cases' order, so a shared machine's load falls on all alike; per round and case the
 * ratio k = 32 / k = 16.
 *
 *     npx tsx benchmarks/fabric-scale-bound.ts [rounds] [warm-up µs] [window k=16 µs] [window k=32 µs] [CASE…]
 *     npx tsx benchmarks/fabric-scale-bound.ts 3 50 1000 200 real one64:heap one64:wheel one128:wheel split4:wheel
 *
 *     npx tsx benchmarks/fabric-scale-bound.ts 9 300 2000 400 real pack32:wheel:w90 pack64:wheel:w90 one64:wheel:w90 split4:wheel:w90
 *
 * CASE: `real` (src/ of this tree, fabric-scale.ts's child: the standard engine), `lean` (the same child on
 * src/sim/fabric/lean, the lean engine) or LAYOUT:CALENDAR[:wN][:xM] of the bound
 * (fabric-scale-bound-cases.ts), LAYOUT one64 | one128 | split4 | pack32 | pack64, CALENDAR heap | wheel,
 * wN: N rounds of cache-resident work per event (w90 ≈ the real simulator's k = 16 time per hop), xM: M
 * extra per-port tables touched per event (pack layouts). Printed per child: packet-hops in the window and
 * per simulated µs (the two simulators must move the same traffic), events per hop, CPU, the rate,
 * peak RSS, the load average.
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machineLine } from './harness.js';
import { boundCase, buildCase } from './fabric-scale-bound-cases.js';

interface Result {
  readonly hops: number;
  readonly events: number;
  readonly cpuSeconds: number;
  readonly peakRssMiB: number;
}

/** Child: one bound case at one k; prints one JSON line. */
function child(name: string, k: number, warmUs: number, windowUs: number): void {
  const b = buildCase(k, name);
  const warm = warmUs * 1e-6;
  b.run(warm);
  const before = b.counts();
  const c0 = process.cpuUsage();
  b.run(warm + windowUs * 1e-6);
  const c = process.cpuUsage(c0);
  const after = b.counts();
  const result: Result = {
    hops: after.hops - before.hops,
    events: after.events - before.events,
    cpuSeconds: (c.user + c.system) / 1e6,
    peakRssMiB: process.resourceUsage().maxRSS / 1024,
  };
  console.log(JSON.stringify(result));
}

const args = process.argv.slice(2);
if (args[0] === '--child') {
  child(args[1]!, Number(args[2]), Number(args[3]), Number(args[4]));
} else {
  const [roundsArg = '3', warmArg = '50', w16Arg = '1000', w32Arg = '200', ...caseArgs] = args;
  const cases = caseArgs.length > 0 ? caseArgs : ['real', 'one64:heap', 'one64:wheel'];
  const engineCase = (c: string): boolean => c === 'real' || c === 'lean';
  for (const c of cases) if (!engineCase(c)) boundCase(c);
  const here = resolve(fileURLToPath(import.meta.url), '../..');
  const script = fileURLToPath(import.meta.url);
  const realScript = resolve(here, 'benchmarks/fabric-scale.ts');
  const windows: Record<number, number> = { 16: Number(w16Arg), 32: Number(w32Arg) };
  const rounds = Number(roundsArg);
  console.log(`# fabric-scale-bound — ${machineLine()}; warm-up ${warmArg} µs; windows k=16 ${w16Arg} µs, k=32 ${w32Arg} µs; cases ${cases.join(', ')}`);
  console.log('| round | case | k | packet-hops | hops / simulated µs | events/hop | CPU (s) | M packet-hops/CPU-s | peak RSS (MiB) | load |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  const rate = (r: Result): number => r.hops / r.cpuSeconds / 1e6;
  const ratios = new Map<string, number[]>(cases.map((c) => [c, []]));
  const rates = new Map<string, number[]>();
  for (let round = 1; round <= rounds; round++) {
    const ks = round % 2 === 1 ? [16, 32] : [32, 16];
    const got = new Map<string, Result>();
    for (const k of ks) {
      const shift = (round - 1 + (k === 32 ? 1 : 0)) % cases.length;
      const order = [...cases.slice(shift), ...cases.slice(0, shift)];
      for (const c of order) {
        const out =
          engineCase(c)
            ? execFileSync(process.execPath, ['--import', 'tsx', realScript, '--child', String(k), here, warmArg, String(windows[k]), c === 'lean' ? 'lean' : 'standard'], { cwd: here, encoding: 'utf8', maxBuffer: 1 << 24 })
            : execFileSync(process.execPath, ['--import', 'tsx', script, '--child', c, String(k), warmArg, String(windows[k])], { cwd: here, encoding: 'utf8', maxBuffer: 1 << 24 });
        const r = JSON.parse(out.trim().split('\n').pop()!) as Result;
        got.set(`${c}|${k}`, r);
        const key = `${c}|${k}`;
        rates.set(key, [...(rates.get(key) ?? []), rate(r)]);
        console.log(
          `| ${round} | ${c} | ${k} | ${r.hops} | ${(r.hops / windows[k]!).toFixed(1)} | ${(r.events / r.hops).toFixed(3)} | ${r.cpuSeconds.toFixed(3)} | ${rate(r).toFixed(3)} | ${r.peakRssMiB.toFixed(0)} | ${loadavg()[0]!.toFixed(1)} |`,
        );
      }
    }
    for (const c of cases) {
      const s = rate(got.get(`${c}|32`)!) / rate(got.get(`${c}|16`)!);
      ratios.get(c)!.push(s);
      console.log(`round ${round}: ${c} k=32 / k=16 = ${s.toFixed(3)}`);
    }
  }
  const median = (x: number[]): number => [...x].sort((p, q) => p - q)[x.length >> 1]!;
  console.log('| case | k = 16 (median M/CPU-s) | k = 32 (median) | k = 32 / k = 16 per round | median ratio |');
  console.log('|---|---|---|---|---|');
  for (const c of cases) {
    const r = ratios.get(c)!;
    console.log(`| ${c} | ${median(rates.get(`${c}|16`)!).toFixed(3)} | ${median(rates.get(`${c}|32`)!).toFixed(3)} | ${r.map((x) => x.toFixed(3)).join(' / ')} | ${median(r).toFixed(3)} |`);
  }
}

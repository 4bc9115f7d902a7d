/**
 * Simulated cache misses per packet-hop of the bound (fabric-scale-bound-kernel.ts), as
 * fabric-scale-misses.ts measures the real simulator: each case runs in its own
 * `valgrind --tool=callgrind --instr-atstart=no` child; build and warm-up run uninstrumented, this
 * process switches instrumentation on (`callgrind_control -i on PID`) for the window alone. Caches:
 * D1 32 KiB 8-way, LL `--ll MiB` 16-way (default 4: how this guest's share of the L3 behaves,
 * session 19), 64-byte lines, no TLB. node runs `--single-threaded`.
 *
 *     nice -n 19 npx tsx benchmarks/fabric-scale-bound-misses.ts K WARM_US WINDOW_US [--ll MiB] CASE…
 *     nice -n 19 npx tsx benchmarks/fabric-scale-bound-misses.ts 32 300 40 one64:wheel one64:heap
 *
 * CASE: LAYOUT:CALENDAR (fabric-scale-bound.ts). Put a dummy case first: the first child of a run
 * was not repeatable in session 20.
 */
import { fileURLToPath } from 'node:url';
import { buildCase } from './fabric-scale-bound-cases.js';
import { callgrindWindow, childWindow } from './callgrind-window.js';

/** Child: build, warm up; between the flags in `dir`, the window; prints its packet-hops. */
function child(name: string, k: number, warmUs: number, windowUs: number, dir: string): void {
  const b = buildCase(k, name);
  const warm = warmUs * 1e-6;
  b.run(warm);
  const before = b.counts();
  childWindow(dir, () => b.run(warm + windowUs * 1e-6));
  const after = b.counts();
  console.log(JSON.stringify({ hops: after.hops - before.hops, events: after.events - before.events }));
}

async function run(name: string, k: number, warmUs: number, windowUs: number, llMiB: number): Promise<{ hops: number; events: number; t: Record<string, number> }> {
  const script = fileURLToPath(import.meta.url);
  const { out, totals } = await callgrindWindow('fabric-scale-bound-misses', script, (dir) => [name, String(k), String(warmUs), String(windowUs), dir], llMiB);
  return { hops: out.hops!, events: out.events!, t: totals };
}

const args = process.argv.slice(2);
if (args[0] === '--child') {
  child(args[1]!, Number(args[2]), Number(args[3]), Number(args[4]), args[5]!);
} else {
  const llAt = args.indexOf('--ll');
  const llMiB = llAt >= 0 ? Number(args[llAt + 1]) : 4;
  const rest = args.filter((_, i) => llAt < 0 || (i !== llAt && i !== llAt + 1));
  const [kArg = '32', warmArg = '300', windowArg = '40', ...cases] = rest;
  console.log(`# fabric-scale-bound-misses — k = ${kArg}, warm-up ${warmArg} µs, window ${windowArg} µs; callgrind D1 32 KiB 8-way, LL ${llMiB} MiB 16-way, 64-byte lines`);
  console.log('| case | k | packet-hops | events / hop | instructions / hop | data refs / hop | D1 misses / hop | LL data misses / hop |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const name of cases.length > 0 ? cases : ['one64:wheel']) {
    const { hops, events, t } = await run(name, Number(kArg), Number(warmArg), Number(windowArg), llMiB);
    const d = (x: number): string => (x / hops).toFixed(1);
    console.log(`| ${name} | ${kArg} | ${hops} | ${(events / hops).toFixed(3)} | ${d(t.Ir!)} | ${d(t.Dr! + t.Dw!)} | ${d(t.D1mr! + t.D1mw!)} | ${d(t.DLmr! + t.DLmw!)} |`);
  }
}

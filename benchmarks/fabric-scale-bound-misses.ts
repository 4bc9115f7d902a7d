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
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCase } from './fabric-scale-bound-cases.js';

function waitFor(file: string): void {
  const cell = new Int32Array(new SharedArrayBuffer(4));
  while (!existsSync(file)) Atomics.wait(cell, 0, 0, 20);
}

/** Child: build, warm up; between the flags in `dir`, the window; prints its packet-hops. */
function child(name: string, k: number, warmUs: number, windowUs: number, dir: string): void {
  const b = buildCase(k, name);
  const warm = warmUs * 1e-6;
  b.run(warm);
  const before = b.counts();
  writeFileSync(join(dir, 'ready'), '');
  waitFor(join(dir, 'go'));
  b.run(warm + windowUs * 1e-6);
  writeFileSync(join(dir, 'done'), '');
  waitFor(join(dir, 'end'));
  const after = b.counts();
  console.log(JSON.stringify({ hops: after.hops - before.hops, events: after.events - before.events }));
}

function totals(file: string): Record<string, number> {
  const text = readFileSync(file, 'utf8');
  const events = /^events: (.*)$/m.exec(text)![1]!.trim().split(/\s+/);
  const summary = /^totals: (.*)$/m.exec(text)![1]!.trim().split(/\s+/).map(Number);
  return Object.fromEntries(events.map((e, i) => [e, summary[i] ?? 0]));
}

async function until(file: string, exited: () => boolean): Promise<void> {
  while (!existsSync(file)) {
    if (exited()) throw new Error(`fabric-scale-bound-misses: the valgrind child exited before ${file}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function run(name: string, k: number, warmUs: number, windowUs: number, llMiB: number): Promise<{ hops: number; events: number; t: Record<string, number> }> {
  const dir = mkdtempSync(join(tmpdir(), 'fabric-scale-bound-misses-'));
  const file = join(dir, 'callgrind.out');
  const vg = spawn(
    'valgrind',
    ['--tool=callgrind', '--instr-atstart=no', '--cache-sim=yes', '--D1=32768,8,64', `--LL=${llMiB * 1024 * 1024},16,64`, `--callgrind-out-file=${file}`, process.execPath, '--single-threaded', '--import', 'tsx', fileURLToPath(import.meta.url), '--child', name, String(k), String(warmUs), String(windowUs), dir],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  let out = '';
  vg.stdout.on('data', (d) => (out += String(d)));
  let gone = false;
  const exited = new Promise<void>((r) => vg.on('exit', () => ((gone = true), r())));
  await until(join(dir, 'ready'), () => gone);
  execFileSync('callgrind_control', ['-i', 'on', String(vg.pid)], { stdio: 'ignore' });
  writeFileSync(join(dir, 'go'), '');
  await until(join(dir, 'done'), () => gone);
  execFileSync('callgrind_control', ['-i', 'off', String(vg.pid)], { stdio: 'ignore' });
  writeFileSync(join(dir, 'end'), '');
  await exited;
  const t = totals(file);
  rmSync(dir, { recursive: true, force: true });
  const r = JSON.parse(out.trim().split('\n').pop()!);
  return { hops: r.hops, events: r.events, t };
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

/**
 * Simulated cache misses per packet-hop on bench:scale's case (issue 32; session 19): this VM has no
 * miss counters (perf reports `<not supported>`), and the same-process A/B resolves only ±5 % at the
 * usual load, so a layout step that saves a line or two per hop cannot be told from the noise.
 * Valgrind's callgrind simulates the caches instead, and the machine's load does not enter it. Each
 * (tree, k) runs in its own `valgrind --tool=callgrind --instr-atstart=no` child: the build, warm-up
 * and the warm-up's reset run uninstrumented; then this process switches instrumentation on
 * (`callgrind_control -i on PID`), the child runs the window, and instrumentation goes off before it
 * reports and exits — so the totals are the window's alone. (Two whole runs' difference, tried first,
 * moved by ~10³ instructions per hop from run to run: the build's and warm-up's JIT and GC differ.)
 *
 * The caches simulated: D1 32 KiB 8-way (Zen 3's), LL `--ll MiB` 16-way (default 16: a share of the
 * 32 MiB L3 that this guest shares with the other guests; no TLB). Lines of 64 bytes. node runs with
 * `--single-threaded` (valgrind serializes threads; V8's background compilation would run late).
 *
 *     nice -n 19 npx tsx benchmarks/fabric-scale-misses.ts [k] [warm-up µs] [window µs] [--ll MiB] [--case all|pods|spread] TREE…
 *     nice -n 19 npx tsx benchmarks/fabric-scale-misses.ts 32 50 10 /tmp/main .
 *
 * `--case pods|spread`: fabric-scale-causes.ts's confined senders (1,024 hosts packed in pods 0–3, or
 * every eighth host). Prints per tree: instructions, data references, D1 misses and LL data misses per packet-hop.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { confinedFlows, scaleFlows } from './derangement.js';

interface Totals {
  readonly ir: number;
  readonly dr: number;
  readonly dw: number;
  readonly d1mr: number;
  readonly d1mw: number;
  readonly dlmr: number;
  readonly dlmw: number;
}

/** Waits (polling; valgrind reads its commands while the process runs) until `file` exists. */
function waitFor(file: string): void {
  const cell = new Int32Array(new SharedArrayBuffer(4));
  while (!existsSync(file)) Atomics.wait(cell, 0, 0, 20);
}

/** Child: build, warm up, reset; then, between the flags in `dir`, the window; prints its packet-hops. */
async function child(k: number, tree: string, warmUs: number, windowUs: number, dir: string, which: string): Promise<void> {
  const N = await import(pathToFileURL(resolve(tree, 'src/network/index.ts')).href);
  const F = await import(pathToFileURL(resolve(tree, 'src/sim/fabric/index.ts')).href);
  const topology = N.fatTreeTopology(k);
  const flows = which === 'pods' || which === 'spread' ? confinedFlows(topology.hosts, which) : scaleFlows(topology.hosts);
  const fabric = F.buildFabric({ topology, seed: 1, flows });
  const warm = warmUs * 1e-6;
  fabric.run(warm, warm);
  fabric.run(warm + 1e-12); // the warm-up's reset
  const hops0 = fabric.measurements().packetHops;
  writeFileSync(join(dir, 'ready'), '');
  waitFor(join(dir, 'go'));
  fabric.run(warm + windowUs * 1e-6);
  writeFileSync(join(dir, 'done'), '');
  waitFor(join(dir, 'end'));
  console.log(JSON.stringify({ hops: fabric.measurements().packetHops - hops0 }));
}

/** Callgrind's totals from its output file's `totals:` line (events Ir … DLmw, in --cache-sim order). */
function totals(file: string): Totals {
  const text = readFileSync(file, 'utf8');
  const events = /^events: (.*)$/m.exec(text)![1]!.trim().split(/\s+/);
  const summary = /^totals: (.*)$/m.exec(text)![1]!.trim().split(/\s+/).map(Number);
  const get = (name: string): number => summary[events.indexOf(name)]!;
  return { ir: get('Ir'), dr: get('Dr'), dw: get('Dw'), d1mr: get('D1mr'), d1mw: get('D1mw'), dlmr: get('DLmr'), dlmw: get('DLmw') };
}

/** Polls (async) until `file` exists; throws if the child has exited first. */
async function until(file: string, exited: () => boolean): Promise<void> {
  while (!existsSync(file)) {
    if (exited()) throw new Error(`fabric-scale-misses: the valgrind child exited before ${file}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function run(k: number, tree: string, warmUs: number, windowUs: number, llMiB: number, which: string): Promise<{ hops: number; t: Totals }> {
  const dir = mkdtempSync(join(tmpdir(), 'fabric-scale-misses-'));
  const file = join(dir, 'callgrind.out');
  const script = fileURLToPath(import.meta.url);
  const vg = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      '--instr-atstart=no',
      '--cache-sim=yes',
      '--D1=32768,8,64',
      `--LL=${llMiB * 1024 * 1024},16,64`,
      `--callgrind-out-file=${file}`,
      process.execPath,
      // V8's background compilation and GC threads, serialized by valgrind, would run late
      '--single-threaded',
      '--import',
      'tsx',
      script,
      '--child',
      String(k),
      tree,
      String(warmUs),
      String(windowUs),
      dir,
      which,
    ],
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
  if (process.env.KEEP_MISSES === undefined) rmSync(dir, { recursive: true, force: true });
  const line = out.trim().split('\n').pop()!;
  return { hops: JSON.parse(line).hops, t };
}

const args = process.argv.slice(2);
if (args[0] === '--child') {
  await child(Number(args[1]), args[2]!, Number(args[3]), Number(args[4]), args[5]!, args[6]!);
} else {
  const llAt = args.indexOf('--ll');
  const llMiB = llAt >= 0 ? Number(args[llAt + 1]) : 16;
  const caseAt = args.indexOf('--case');
  const which = caseAt >= 0 ? args[caseAt + 1]! : 'all';
  if (!['all', 'pods', 'spread'].includes(which)) throw new Error(`--case: all, pods or spread (fabric-scale-causes.ts's cases), not ${which}`);
  const options = new Set([llAt, llAt + 1, caseAt, caseAt + 1].filter((i) => i > 0 || (i === 0 && args[0]!.startsWith('--'))));
  const rest = args.filter((_, i) => !options.has(i));
  const [kArg = '32', warmArg = '50', windowArg = '10', ...trees] = rest;
  const k = Number(kArg);
  const warmUs = Number(warmArg);
  const windowUs = Number(windowArg);
  console.log(`# fabric-scale-misses — k = ${k}, warm-up ${warmUs} µs, window ${windowUs} µs; callgrind D1 32 KiB 8-way, LL ${llMiB} MiB 16-way, 64-byte lines; senders: ${which}`);
  console.log('| tree | packet-hops | instructions / hop | data refs / hop | D1 misses / hop | LL data misses / hop |');
  console.log('|---|---|---|---|---|---|');
  for (const tree of trees.length > 0 ? trees : ['.']) {
    const full = await run(k, tree, warmUs, windowUs, llMiB, which);
    const h = full.hops;
    const d = (f: (t: Totals) => number): string => (f(full.t) / h).toFixed(1);
    console.log(
      `| ${tree} | ${h} | ${d((t) => t.ir)} | ${d((t) => t.dr + t.dw)} | ${d((t) => t.d1mr + t.d1mw)} | ${d((t) => t.dlmr + t.dlmw)} |`,
    );
  }
}

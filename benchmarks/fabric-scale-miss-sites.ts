/**
 * Where a k = 32 packet-hop's simulated cache misses happen, by JavaScript function (issue 32; session 25).
 * fabric-scale-misses.ts counts callgrind's simulated misses per hop for a whole window; this script runs the same
 * child (the same build, warm-up, reset and window; callgrind-window.ts's flag files) with callgrind's
 * `--dump-instr=yes` and node's `--perf-basic-prof`, and attributes every instruction's counts to the JIT function (or
 * V8 builtin) whose code holds it, by the map V8 writes (/tmp/perf-PID.map: start, size, name of each code object).
 * With `--no-inline` node also runs with `--no-turbo-inlining`: the optimizing compiler then keeps the small accessors
 * (PacketPool.size, Links.busy, …) as functions of their own, so a miss is charged to the accessor whose load takes it —
 * nearly a per-table count (the data accesses are the same; the instructions are more: calls). With inlining (the
 * default, as the simulator runs) a miss is charged to the handler its accessor was inlined into.
 * Code outside V8's map is charged to its object (node's C++: the collector, the runtime; libc).
 *
 *     nice -n 19 npx tsx benchmarks/fabric-scale-miss-sites.ts [k] [warm-up µs] [window µs] [--ll MiB] [--no-inline] [--top N] TREE
 *     nice -n 19 npx tsx benchmarks/fabric-scale-miss-sites.ts 32 50 10 --ll 4 --no-inline .
 *
 * Prints the window's totals per hop, then per function: LL misses per hop (read, write), D1 misses, instructions.
 * With FABRIC_ENGINE=lean in the environment the child runs the lean engine (src/sim/fabric/lean; session 27).
 * With KEEP_MISSES set, the callgrind file and V8's map stay in the temporary folder (printed) for a closer look.
 */
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { scaleFlows } from './derangement.js';
import { childWindow } from './callgrind-window.js';

/** Child: fabric-scale-misses.ts's (build, warm up, reset; the window between the flags); prints its packet-hops. */
async function child(k: number, tree: string, warmUs: number, windowUs: number, dir: string): Promise<void> {
  const N = await import(pathToFileURL(resolve(tree, 'src/network/index.ts')).href);
  const lean = process.env.FABRIC_ENGINE === 'lean';
  const F = await import(pathToFileURL(resolve(tree, lean ? 'src/sim/fabric/lean/index.ts' : 'src/sim/fabric/index.ts')).href);
  const topology = N.fatTreeTopology(k);
  const fabric = (lean ? F.buildLeanFabric : F.buildFabric)({ topology, seed: 1, flows: scaleFlows(topology.hosts) });
  const warm = warmUs * 1e-6;
  fabric.run(warm, warm);
  fabric.run(warm + 1e-12);
  const hops0 = fabric.measurements().packetHops;
  childWindow(dir, () => fabric.run(warm + windowUs * 1e-6));
  console.log(JSON.stringify({ hops: fabric.measurements().packetHops - hops0 }));
}

async function until(file: string, exited: () => boolean): Promise<void> {
  while (!existsSync(file)) {
    if (exited()) throw new Error(`fabric-scale-miss-sites: the valgrind child exited before ${file}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Runs the child under callgrind (per-instruction counts); returns its packet-hops, the output file and V8's map. */
async function measure(k: number, tree: string, warmUs: number, windowUs: number, llMiB: number, noInline: boolean, dir: string): Promise<{ hops: number; out: string; map: string }> {
  const out = join(dir, 'callgrind.out');
  const script = fileURLToPath(import.meta.url);
  const nodeFlags = ['--single-threaded', '--perf-basic-prof', ...(noInline ? ['--no-turbo-inlining'] : [])];
  const vg = spawn(
    'valgrind',
    ['--tool=callgrind', '--instr-atstart=no', '--dump-instr=yes', '--cache-sim=yes', '--D1=32768,8,64', `--LL=${llMiB * 1024 * 1024},16,64`,
      `--callgrind-out-file=${out}`, process.execPath, ...nodeFlags, '--import', 'tsx', script, '--child', String(k), tree, String(warmUs), String(windowUs), dir],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  let text = '';
  vg.stdout.on('data', (d) => (text += String(d)));
  let gone = false;
  const exited = new Promise<void>((r) => vg.on('exit', () => ((gone = true), r())));
  await until(join(dir, 'ready'), () => gone);
  execFileSync('callgrind_control', ['-i', 'on', String(vg.pid)], { stdio: 'ignore' });
  writeFileSync(join(dir, 'go'), '');
  await until(join(dir, 'done'), () => gone);
  execFileSync('callgrind_control', ['-i', 'off', String(vg.pid)], { stdio: 'ignore' });
  writeFileSync(join(dir, 'end'), '');
  await exited;
  return { hops: JSON.parse(text.trim().split('\n').pop()!).hops, out, map: `/tmp/perf-${vg.pid}.map` };
}

interface CodeRange {
  readonly start: number;
  readonly end: number;
  readonly name: string;
}

/** V8's perf map: one code object a line, `start size name` (hex); sorted by start. */
function readMap(file: string): CodeRange[] {
  const ranges: CodeRange[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const a = line.indexOf(' ');
    const b = line.indexOf(' ', a + 1);
    if (a < 0 || b < 0) continue;
    const start = parseInt(line.slice(0, a), 16);
    ranges.push({ start, end: start + parseInt(line.slice(a + 1, b), 16), name: line.slice(b + 1) });
  }
  return ranges.sort((x, y) => x.start - y.start);
}

/** The code object holding address `a` (the latest of up to 64 candidates before it, as code is replaced), or null. */
function codeAt(ranges: readonly CodeRange[], a: number): string | null {
  let lo = 0;
  let hi = ranges.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ranges[mid]!.start <= a) lo = mid + 1;
    else hi = mid;
  }
  for (let j = lo - 1; j >= 0 && j >= lo - 64; j--) if (ranges[j]!.start <= a && a < ranges[j]!.end) return ranges[j]!.name;
  return null;
}

/**
 * Self counts per function from a callgrind file written with `--dump-instr=yes` (positions `instr line`): each cost
 * line's address (absolute, `+n`/`-n` relative to the previous one, `*` the same) charged to V8's code object holding
 * it, else to its object file; a `calls=` line's following line (the call's inclusive cost) is skipped.
 */
function attribute(file: string, ranges: readonly CodeRange[]): { events: string[]; byName: Map<string, number[]> } {
  const text = readFileSync(file, 'utf8');
  const events = /^events: (.*)$/m.exec(text)![1]!.trim().split(/\s+/);
  const obNames = new Map<string, string>();
  const byName = new Map<string, number[]>();
  let ob = '';
  let last = 0;
  let skip = false;
  for (const line of text.split('\n')) {
    const c0 = line.charCodeAt(0);
    if (line.startsWith('ob=')) {
      const m = /^ob=\((\d+)\)(?: (.*))?$/.exec(line)!;
      if (m[2] !== undefined) obNames.set(m[1]!, m[2]);
      ob = obNames.get(m[1]!) ?? '???';
      continue;
    }
    if (line.startsWith('calls=')) {
      skip = true;
      continue;
    }
    // cost lines start with 0x…, +, -, or *
    if (!(c0 === 48 || c0 === 43 || c0 === 45 || c0 === 42)) continue;
    const parts = line.split(' ');
    const p = parts[0]!;
    const addr = p.startsWith('0x') ? parseInt(p, 16) : p === '*' ? last : last + Number(p);
    last = addr;
    if (skip) {
      skip = false;
      continue;
    }
    const name = codeAt(ranges, addr) ?? `[${ob.split('/').pop()}]`;
    let t = byName.get(name);
    if (t === undefined) byName.set(name, (t = new Array<number>(events.length).fill(0)));
    for (let i = 2; i < parts.length; i++) t[i - 2]! += Number(parts[i]);
  }
  return { events, byName };
}

const args = process.argv.slice(2);
if (args[0] === '--child') {
  await child(Number(args[1]), args[2]!, Number(args[3]), Number(args[4]), args[5]!);
} else {
  const take = (flag: string): string | undefined => {
    const i = args.indexOf(flag);
    return i < 0 ? undefined : args.splice(i, 2)[1];
  };
  const llMiB = Number(take('--ll') ?? 4);
  const top = Number(take('--top') ?? 40);
  const noInline = args.includes('--no-inline');
  const rest = args.filter((a) => a !== '--no-inline');
  const [kArg = '32', warmArg = '50', windowArg = '10', tree = '.'] = rest;
  const dir = mkdtempSync(join(tmpdir(), 'fabric-scale-miss-sites-'));
  const { hops, out, map } = await measure(Number(kArg), tree, Number(warmArg), Number(windowArg), llMiB, noInline, dir);
  const { events, byName } = attribute(out, readMap(map));
  if (process.env.KEEP_MISSES === undefined) rmSync(dir, { recursive: true, force: true });
  else copyFileSync(map, join(dir, 'perf.map'));
  rmSync(map, { force: true });
  const ix = (e: string): number => events.indexOf(e);
  const [ir, d1r, d1w, llr, llw] = ['Ir', 'D1mr', 'D1mw', 'DLmr', 'DLmw'].map(ix) as [number, number, number, number, number];
  const total = new Array<number>(events.length).fill(0);
  for (const t of byName.values()) t.forEach((v, i) => (total[i]! += v));
  const f = (v: number, d: number): string => (v / hops).toFixed(d);
  if (process.env.KEEP_MISSES !== undefined) console.log(`# kept: ${dir}`);
  console.log(`# fabric-scale-miss-sites — k = ${kArg}, warm-up ${warmArg} µs, window ${windowArg} µs, tree ${tree}; LL ${llMiB} MiB 16-way, D1 32 KiB 8-way; inlining ${noInline ? 'off' : 'on'}`);
  console.log(`# ${hops} packet-hops; per hop: ${f(total[ir]!, 0)} instructions, ${f(total[d1r]! + total[d1w]!, 1)} D1 misses, ${f(total[llr]! + total[llw]!, 2)} LL misses (${f(total[llr]!, 2)} read, ${f(total[llw]!, 2)} write)`);
  console.log('| LL misses / hop | read | write | D1 misses / hop | instructions / hop | function (V8 code object or object file) |');
  console.log('|---|---|---|---|---|---|');
  const rows = [...byName.entries()].sort((a, b) => b[1][llr]! + b[1][llw]! - (a[1][llr]! + a[1][llw]!));
  for (const [name, t] of rows.slice(0, top)) {
    console.log(`| ${f(t[llr]! + t[llw]!, 3)} | ${f(t[llr]!, 3)} | ${f(t[llw]!, 3)} | ${f(t[d1r]! + t[d1w]!, 2)} | ${f(t[ir]!, 0)} | ${name.replace(/\|/g, '/').slice(0, 120)} |`);
  }
}

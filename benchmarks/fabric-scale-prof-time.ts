/**
 * The k = 32 hop's extra time by function, measured in time (issue 32; session 26, H43prof). bench:scale's case
 * (fabric-scale.ts: k-ary fat-tree, fabric defaults, seed 1, scaleFlows: Poisson 2 KB packets at 50 % to a seeded
 * permutation) at k = 16 and k = 32, each in its own child process, rounds alternating which k goes first. Per round
 * and k, two children of the same build, warm-up and window:
 *  - **profiled**: V8's sampling profiler (the inspector; interval `--interval` µs, default 20) over the window only —
 *    not the build, not the warm-up; self time per function (V8's inlining folds callees into callers) and per file,
 *    "(garbage collector)", "(program)" and "(idle)" as the profile's own nodes. Each row's ns per packet-hop is its
 *    share of the samples × the PLAIN child's CPU ns per hop of the same round (the profiler samples wall time and
 *    costs 1.3–1.9× at 20 µs; at 20 µs this VM takes ~7,000–10,000 samples per second, so give ≥ 2.5 s windows).
 *  - **plain** (no profiler; `--trace-deopt` into a file per child): the window's CPU ns per hop, its GC pauses (a
 *    PerformanceObserver's 'gc' entries inside the window) and its deopts (the trace file's `[bailout` lines written
 *    during the window: V8's code tracer closes the file after each trace, so its size at the window's ends splits it).
 *
 *     nice -n 19 npx tsx benchmarks/fabric-scale-prof-time.ts [rounds] [warm-up µs] [window k=16 µs] [window k=32 µs] [--interval µs] [--rows n] [--no-inline] [--huge-pages | --pair-huge K]
 *     nice -n 19 npx tsx benchmarks/fabric-scale-prof-time.ts 3 100 6000 400
 *     nice -n 19 npx tsx benchmarks/fabric-scale-prof-time.ts 3 100 3500 250 --no-inline
 *     nice -n 19 npx tsx benchmarks/fabric-scale-prof-time.ts 4 100 3500 250 --no-inline --pair-huge 32   # 4 KiB against huge pages, k = 32
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, existsSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PerformanceObserver, performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { machineLine } from './harness.js';
import { scaleFlows } from './derangement.js';
import { profileWindow } from './profile-window.js';

interface Profiled {
  readonly k: number;
  readonly hops: number;
  readonly cpuSeconds: number;
  readonly samples: number;
  /** µs of samples' time by function and by file. */
  readonly byFunction: Record<string, number>;
  readonly byFile: Record<string, number>;
}
interface Plain {
  readonly k: number;
  readonly hops: number;
  readonly cpuSeconds: number;
  readonly gcMs: number;
  readonly gcCount: number;
  readonly deopts: number;
  readonly deoptFunctions: Record<string, number>;
  /** Anonymous memory on transparent huge pages at the window's end (MiB). */
  readonly hugeMiB: number;
}

async function start(k: number, warmUs: number): Promise<{ fabric: { run: (t: number, w?: number) => void; measurements: () => { packetHops: number } }; warm: number }> {
  const here = resolve(fileURLToPath(import.meta.url), '../..');
  const N = await import(pathToFileURL(resolve(here, 'src/network/index.ts')).href);
  const F = await import(pathToFileURL(resolve(here, 'src/sim/fabric/index.ts')).href);
  const topology = N.fatTreeTopology(k);
  const fabric = F.buildFabric({ topology, seed: 1, flows: scaleFlows(topology.hosts) });
  const warm = warmUs * 1e-6;
  fabric.run(warm, warm);
  return { fabric, warm };
}

async function profiledChild(k: number, warmUs: number, windowUs: number, interval: number): Promise<void> {
  const { fabric, warm } = await start(k, warmUs);
  const w = await profileWindow(() => fabric.run(warm + windowUs * 1e-6), interval);
  const r: Profiled = { k, hops: fabric.measurements().packetHops, ...w };
  console.log(JSON.stringify(r));
}

async function plainChild(k: number, warmUs: number, windowUs: number, traceFile: string): Promise<void> {
  const { fabric, warm } = await start(k, warmUs);
  const gcs: { start: number; duration: number }[] = [];
  const obs = new PerformanceObserver((list) => list.getEntries().forEach((e) => gcs.push({ start: e.startTime, duration: e.duration })));
  obs.observe({ entryTypes: ['gc'] });
  const size = (): number => (existsSync(traceFile) ? statSync(traceFile).size : 0);
  const s0 = size();
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  fabric.run(warm + windowUs * 1e-6);
  const c = process.cpuUsage(c0);
  const t1 = performance.now();
  const s1 = size();
  await new Promise((r) => setTimeout(r, 50)); // the observer's entries arrive after the synchronous window
  obs.disconnect();
  const inWindow = gcs.filter((g) => g.start >= t0 && g.start <= t1);
  const text = existsSync(traceFile) ? readFileSync(traceFile).subarray(s0, s1).toString('utf8') : '';
  const deoptFunctions: Record<string, number> = {};
  let deopts = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith('[bailout')) continue;
    deopts++;
    const m = /<JSFunction (\S+)/.exec(line);
    const reason = /reason: ([^)]*)\)/.exec(line);
    const key = `${m?.[1] ?? '?'}: ${reason?.[1] ?? '?'}`;
    deoptFunctions[key] = (deoptFunctions[key] ?? 0) + 1;
  }
  const r: Plain = {
    k,
    hops: fabric.measurements().packetHops,
    cpuSeconds: (c.user + c.system) / 1e6,
    gcMs: inWindow.reduce((x, g) => x + g.duration, 0),
    gcCount: inWindow.length,
    deopts,
    deoptFunctions,
    hugeMiB: Number(/AnonHugePages:\s+(\d+) kB/.exec(readFileSync('/proc/self/smaps_rollup', 'utf8'))?.[1] ?? 0) / 1024,
  };
  console.log(JSON.stringify(r));
}

const args = process.argv.slice(2);
const option = (name: string, fallback: string): string => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1]! : fallback;
};
if (args[0] === '--profiled') {
  await profiledChild(Number(args[1]), Number(args[2]), Number(args[3]), Number(args[4]));
} else if (args[0] === '--plain') {
  await plainChild(Number(args[1]), Number(args[2]), Number(args[3]), args[4]!);
} else {
  const interval = option('--interval', '20');
  // --no-inline: V8's optimizing compiler inlines nothing (--no-turbo-inlining), so each function's self time is its
  // own — a different program from the default one, slower, but one whose rows do not move between the sizes
  // --huge-pages: as fabric-scale.ts's (glibc's large blocks, the typed arrays, and node's code on transparent huge pages)
  // --pair-huge K: the two columns are k = K on 4 KiB pages and k = K with --huge-pages (same rounds, order alternating)
  const huge = args.includes('--huge-pages');
  const pairK = args.includes('--pair-huge') ? Number(option('--pair-huge', '32')) : 0;
  const inline = args.includes('--no-inline') ? ['--no-turbo-inlining'] : [];
  interface Column {
    readonly k: number;
    readonly huge: boolean;
    readonly label: string;
  }
  const columns: Column[] =
    pairK > 0
      ? [
          { k: pairK, huge: false, label: `k = ${pairK}, 4 KiB` },
          { k: pairK, huge: true, label: `k = ${pairK}, huge` },
        ]
      : [16, 32].map((k) => ({ k, huge, label: `k = ${k}` }));
  const v8Flags = (c: Column): string[] => [...inline, ...(c.huge ? ['--use-largepages=on'] : [])];
  const envOf = (c: Column): NodeJS.ProcessEnv => (c.huge ? { ...process.env, GLIBC_TUNABLES: 'glibc.malloc.hugetlb=1' } : process.env);
  const rows = Number(option('--rows', '30'));
  const positional = args.filter((a, i) => !a.startsWith('--') && !(i > 0 && ['--interval', '--rows', '--pair-huge'].includes(args[i - 1]!)));
  const [roundsArg = '3', warm = '100', w16 = '2500', w32 = '300'] = positional;
  const windows: Record<number, string> = { 16: w16, 32: w32 };
  const here = resolve(fileURLToPath(import.meta.url), '../..');
  const script = fileURLToPath(import.meta.url);
  const dir = mkdtempSync(join(tmpdir(), 'prof-time-'));
  const node = (c: Column, flags: string[], rest: string[]): string =>
    execFileSync(process.execPath, [...v8Flags(c), ...flags, '--import', 'tsx', script, ...rest], { cwd: here, env: envOf(c), encoding: 'utf8', maxBuffer: 1 << 26 }).split('\n').find((line) => line.startsWith('{"k"'))!; // --trace-deopt's marking lines go to stdout
  console.log(`# fabric-scale-prof-time — ${machineLine()}; warm-up ${warm} µs; windows k=16 ${w16} µs, k=32 ${w32} µs; interval ${interval} µs; columns ${columns.map((c) => `${c.label} (V8 flags ${v8Flags(c).join(' ') || 'none'}${c.huge ? ', GLIBC_TUNABLES=glibc.malloc.hugetlb=1' : ''})`).join(' against ')}`);
  console.log('| round | column | child | packet-hops | CPU (s) | ns/hop | samples | GC in window (ms, count) | deopts in window | huge (MiB) | load | time (UTC) |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  const prof: Profiled[][] = [[], []];
  const plain: Plain[][] = [[], []];
  const rounds = Number(roundsArg);
  const clock = (): string => new Date().toISOString().slice(11, 19);
  for (let round = 1; round <= rounds; round++) {
    for (const j of round % 2 === 1 ? [0, 1] : [1, 0]) {
      const c = columns[j]!;
      const k = c.k;
      const p = JSON.parse(node(c, [], ['--profiled', String(k), warm, windows[k]!, interval])) as Profiled;
      prof[j]!.push(p);
      console.log(`| ${round} | ${c.label} | profiled | ${p.hops} | ${p.cpuSeconds.toFixed(2)} | ${((p.cpuSeconds / p.hops) * 1e9).toFixed(0)} | ${p.samples} | — | — | — | ${loadavg()[0]!.toFixed(1)} | ${clock()} |`);
      const trace = join(dir, `deopt-${round}-${j}-${k}.txt`);
      const q = JSON.parse(node(c, ['--trace-deopt', '--redirect-code-traces', `--redirect-code-traces-to=${trace}`], ['--plain', String(k), warm, windows[k]!, trace])) as Plain;
      plain[j]!.push(q);
      console.log(`| ${round} | ${c.label} | plain | ${q.hops} | ${q.cpuSeconds.toFixed(2)} | ${((q.cpuSeconds / q.hops) * 1e9).toFixed(0)} | — | ${q.gcMs.toFixed(1)}, ${q.gcCount} | ${q.deopts} | ${q.hugeMiB.toFixed(0)} | ${loadavg()[0]!.toFixed(1)} | ${clock()} |`);
      const top = Object.entries(q.deoptFunctions).sort((a, b) => b[1] - a[1]).slice(0, 5);
      if (top.length > 0) console.log(`deopts (round ${round}, ${c.label}): ${top.map(([f, n]) => `${f} ×${n}`).join('; ')}`);
    }
  }
  writeFileSync(join(dir, 'runs.json'), JSON.stringify({ columns, prof, plain }));
  // ns per hop of each row: its share of the profiled window's samples × the PLAIN child's CPU ns per hop of the same
  // round (the profiler's own cost, 0.3–0.9× the window at 20 µs, falls on the samples alike; the plain child is
  // the time without it), the mean of the rounds
  const plainNsOf = (j: number): number[] => plain[j]!.map((q) => (q.cpuSeconds / q.hops) * 1e9);
  const nsPerHop = (j: number, key: 'byFunction' | 'byFile', name: string): number[] =>
    prof[j]!.map((r, i) => {
      const total = Object.values(r[key]).reduce((x, y) => x + y, 0);
      return ((r[key][name] ?? 0) / total) * plainNsOf(j)[i]!;
    });
  const mean = (x: number[]): number => x.reduce((a, b) => a + b, 0) / x.length;
  const range = (x: number[]): string => `${Math.min(...x).toFixed(0)}–${Math.max(...x).toFixed(0)}`;
  const special = ['(garbage collector)', '(program)', '(idle)', '(root)'];
  const table = (key: 'byFunction' | 'byFile', n: number): void => {
    const names = [...new Set([...prof[0]!, ...prof[1]!].flatMap((r) => Object.keys(r[key])))];
    const d = (name: string): number => mean(nsPerHop(1, key, name)) - mean(nsPerHop(0, key, name));
    names.sort((a, b) => Math.abs(d(b)) - Math.abs(d(a)));
    const shownNames = [...names.slice(0, n), ...special.filter((x) => !names.slice(0, n).includes(x))];
    console.log(`\n| ${key === 'byFunction' ? 'function (file)' : 'file'} | ${columns[0]!.label} ns/hop (runs) | ${columns[1]!.label} ns/hop (runs) | difference | ratio | share of the difference |`);
    console.log('|---|---|---|---|---|---|');
    const total = mean(plainNsOf(1)) - mean(plainNsOf(0));
    let shown = 0;
    for (const name of shownNames) {
      const a = nsPerHop(0, key, name);
      const b = nsPerHop(1, key, name);
      shown += d(name);
      console.log(`| ${name} | ${mean(a).toFixed(0)} (${range(a)}) | ${mean(b).toFixed(0)} (${range(b)}) | ${d(name) >= 0 ? '+' : ''}${d(name).toFixed(0)} | ${mean(a) > 0 ? (mean(b) / mean(a)).toFixed(2) : '—'} | ${((d(name) / total) * 100).toFixed(1)} % |`);
    }
    console.log(`| (the rows above) | | | ${shown.toFixed(0)} | | ${((shown / total) * 100).toFixed(1)} % |`);
    console.log(`| **all** (plain ns/hop) | ${mean(plainNsOf(0)).toFixed(0)} | ${mean(plainNsOf(1)).toFixed(0)} | ${total.toFixed(0)} | ${(mean(plainNsOf(1)) / mean(plainNsOf(0))).toFixed(2)} | 100 % |`);
  };
  table('byFile', 20);
  table('byFunction', rows);
  console.log(`\nprofiled ns/hop: ${columns[0]!.label} ${prof[0]!.map((r) => ((r.cpuSeconds / r.hops) * 1e9).toFixed(0)).join(', ')}; ${columns[1]!.label} ${prof[1]!.map((r) => ((r.cpuSeconds / r.hops) * 1e9).toFixed(0)).join(', ')}`);
  const plainNs = plainNsOf;
  console.log(`plain ns/hop: ${columns[0]!.label} ${plainNs(0).map((x) => x.toFixed(0)).join(', ')}; ${columns[1]!.label} ${plainNs(1).map((x) => x.toFixed(0)).join(', ')}`);
  const gcNs = (j: number): string => plain[j]!.map((q) => ((q.gcMs * 1e6) / q.hops).toFixed(0)).join(', ');
  console.log(`GC pauses in the plain windows, ns/hop: ${columns[0]!.label} ${gcNs(0)}; ${columns[1]!.label} ${gcNs(1)}`);
  console.log(`deopt traces and the runs' JSON (runs.json) in ${dir}`);
}

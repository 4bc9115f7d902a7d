/**
 * Where a packet-hop's time goes at k = 16 and at k = 32 (issue 32): bench:scale's case
 * (fabric-scale.ts: a k-ary fat-tree, fabric defaults, Poisson 2 KB packets at 50 % to a seeded
 * random permutation) built and warmed up in a child process per k, then V8's sampling profiler
 * (the inspector, 100 µs interval) over one window only — not the build, not the warm-up — and the
 * self time per packet-hop by source file and by function, side by side. The profiler slows both
 * sizes alike (about 2×); compare the columns, not the totals with bench:scale's. V8 inlines
 * differently from run to run and between the sizes, so single functions move between rows; the
 * rows by file are the steadier reading.
 *
 *     nice -n 10 npx tsx benchmarks/fabric-scale-profile.ts [window k=16 µs] [window k=32 µs] [warm-up µs] [TREE]
 *     nice -n 10 npx tsx benchmarks/fabric-scale-profile.ts 600 80 100
 *     nice -n 10 npx tsx benchmarks/fabric-scale-profile.ts 600 600 100 --spread
 *
 * `--pods` / `--spread`: in the k = 32 column only the hosts of fabric-scale-causes.ts's confined
 * cases send (derangement.ts's confinedFlows); give it k = 16's window.
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { machineLine } from './harness.js';
import { confinedFlows } from './derangement.js';
import { profileWindow } from './profile-window.js';

/** A child's answer: packet-hops of the window and µs of self time by file and by function. */
interface Result {
  readonly k: number;
  readonly hops: number;
  readonly cpuSeconds: number;
  readonly byFile: Record<string, number>;
  readonly byFunction: Record<string, number>;
}

/** Child: one k; prints one JSON line. */
async function child(k: number, tree: string, warmUs: number, windowUs: number, which: 'all' | 'pods' | 'spread'): Promise<void> {
  const N = await import(pathToFileURL(resolve(tree, 'src/network/index.ts')).href);
  const F = await import(pathToFileURL(resolve(tree, 'src/sim/fabric/index.ts')).href);
  const topology = N.fatTreeTopology(k);
  const fabric = F.buildFabric({ topology, seed: 1, flows: confinedFlows(topology.hosts, which) });
  const warm = warmUs * 1e-6;
  fabric.run(warm, warm);
  const w = await profileWindow(() => fabric.run(warm + windowUs * 1e-6), 100);
  const result: Result = { k, hops: fabric.measurements().packetHops, cpuSeconds: w.cpuSeconds, byFile: w.byFile, byFunction: w.byFunction };
  console.log(JSON.stringify(result));
}

/**
 * The rows of `key` by k = 32's ns per packet-hop, largest first, with k = 16's beside them. The
 * profiler samples wall time (a shared machine's other jobs stretch it), so each row is its share of
 * the samples times the window's CPU time per packet-hop.
 */
function table(title: string, a: Result, b: Result, key: 'byFile' | 'byFunction', rows: number): void {
  const total = (r: Result): number => Object.values(r[key]).reduce((x, y) => x + y, 0);
  const ta = total(a);
  const tb = total(b);
  const ns = (r: Result, t: number, name: string): number => (((r[key][name] ?? 0) / t) * r.cpuSeconds * 1e9) / r.hops;
  const names = [...new Set([...Object.keys(a[key]), ...Object.keys(b[key])])].sort((x, y) => ns(b, tb, y) - ns(b, tb, x));
  console.log(`\n| ${title} | k = 16 ns/hop | k = 32 ns/hop | k = 32 / k = 16 |`);
  console.log('|---|---|---|---|');
  for (const name of names.slice(0, rows)) {
    const x = ns(a, ta, name);
    const y = ns(b, tb, name);
    console.log(`| ${name} | ${x.toFixed(0)} | ${y.toFixed(0)} | ${x > 0 ? (y / x).toFixed(2) : '—'} |`);
  }
}

const all = process.argv.slice(2);
const which = all.includes('--pods') ? 'pods' : all.includes('--spread') ? 'spread' : 'all';
const args = all.filter((a) => a !== '--pods' && a !== '--spread');
if (args[0] === '--child') {
  await child(Number(args[1]), args[2]!, Number(args[3]), Number(args[4]), which);
} else {
  const [w16 = '600', w32 = '80', warm = '100', treeArg] = args;
  const here = resolve(fileURLToPath(import.meta.url), '../..');
  const tree = treeArg === undefined ? here : resolve(treeArg);
  const script = fileURLToPath(import.meta.url);
  const run = (k: number, w: string): Result => {
    const confined = k === 32 && which !== 'all' ? [`--${which}`] : [];
    const out = execFileSync(process.execPath, ['--import', 'tsx', script, '--child', String(k), tree, warm, w, ...confined], { cwd: tree, encoding: 'utf8', maxBuffer: 1 << 26 });
    return JSON.parse(out.trim().split('\n').pop()!) as Result;
  };
  const a = run(16, w16);
  const b = run(32, w32);
  console.log(`# fabric-scale-profile — ${machineLine()}; tree ${tree}; warm-up ${warm} µs; windows k=16 ${w16} µs, k=32 ${w32} µs${which === 'all' ? '' : ` (k = 32: only the hosts of --${which} send)`}; load ${loadavg()[0]!.toFixed(1)}`);
  for (const r of [a, b]) {
    console.log(`k = ${r.k}: ${r.hops} packet-hops in ${r.cpuSeconds.toFixed(2)} CPU-s under the profiler (${((r.cpuSeconds / r.hops) * 1e9).toFixed(0)} ns/hop)`);
  }
  table('file', a, b, 'byFile', 16);
  table('function', a, b, 'byFunction', 24);
}

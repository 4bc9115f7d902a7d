/**
 * Does a packet-hop cost more in a bigger fabric? (issue 32). The k-ary fat-trees k = 16 (1,024 hosts,
 * 320 switches) and k = 32 (8,192 hosts, 1,280 switches) of the generator (src/network/generators),
 * the fabric's defaults (two data VLs, of which SL 0's VL 0 carries everything; 8 KB per input VL),
 * every host sending Poisson traffic of 2 KB packets at 50 % of its link's rate to one fixed other
 * host: a random permutation (seeded, no host to itself), the case issue 32 measured. Each case runs
 * in its own child process: build (topology, forwarding tables, fabric), a warm-up, then a fixed simulated window whose
 * CPU time (process.cpuUsage) gives the packet-hops per CPU-second. Rounds alternate k (k = 16 first
 * in odd rounds), so the load of a shared machine falls on both alike; each round prints its own
 * ratio k = 32 / k = 16. Also printed: events per packet-hop, build time, peak RSS of the child.
 *
 *     nice -n 10 npm run bench:scale -- [rounds] [warm-up µs] [window k=16 µs] [window k=32 µs] [TREE…]
 *     nice -n 10 npm run bench:scale -- 3 50 1000 200
 *     nice -n 10 npm run bench:scale -- 3 50 1000 200 /tmp/ab/main .
 *     nice -n 10 npm run bench:scale -- 2 50 1000 200 --huge-pages
 *     nice -n 10 npm run bench:scale -- 5 50 1000 200 --engines standard,lean
 *
 * With TREEs (directories holding a version's src/ beside the project's package.json, e.g. a
 * worktree), every round runs each k on each tree, the trees' order alternating too: the per-round
 * ratio of the second tree to the first is the A/B figure.
 *
 * `--huge-pages` (anywhere among the arguments) runs the children with transparent huge pages where
 * the kernel gives them on request (THP mode `madvise`, as on this VM since session 16): glibc's
 * malloc asks for them for its large blocks (GLIBC_TUNABLES=glibc.malloc.hugetlb=1: the typed
 * arrays' memory) and node maps its own code on them (--use-largepages=on); V8's heap stays on 4 KiB
 * pages. The column "huge (MiB)" says how much of the child's memory got them. The issue's figures
 * are the default runs; this one separates what the TLB costs from what the caches cost.
 *
 * `--engines standard,lean` (anywhere among the arguments; default `standard`) runs each case on each
 * engine named — `lean` is src/sim/fabric/lean (docs/fabric.md § the lean engine), which runs this case
 * (inside its subset) as the same simulation — the engines' order alternating by round and k. Each
 * (tree, engine) gets its own k = 32 / k = 16 ratio per round, and with two engines on one tree the
 * per-round ratio lean / standard per k is printed too.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { machineLine } from './harness.js';
import { scaleFlows } from './derangement.js';

interface Result {
  readonly k: number;
  readonly tree: string;
  readonly engine: string;
  readonly hosts: number;
  readonly buildSeconds: number;
  readonly hops: number;
  readonly events: number;
  readonly cpuSeconds: number;
  readonly wallSeconds: number;
  readonly peakRssMiB: number;
  /** Anonymous memory on transparent huge pages at the end (MiB; 0 where none or unknown). */
  readonly hugeMiB: number;
}

/** AnonHugePages of this process (MiB), 0 where /proc says nothing. */
function hugePagesMiB(): number {
  try {
    const m = /AnonHugePages:\s+(\d+) kB/.exec(readFileSync('/proc/self/smaps_rollup', 'utf8'));
    return m === null ? 0 : Number(m[1]) / 1024;
  } catch {
    return 0;
  }
}


/** Child: one (tree, k) case; prints one JSON line. */
async function child(k: number, tree: string, warmUs: number, windowUs: number, engine: string): Promise<void> {
  const N = await import(pathToFileURL(resolve(tree, 'src/network/index.ts')).href);
  const F = await import(pathToFileURL(resolve(tree, engine === 'lean' ? 'src/sim/fabric/lean/index.ts' : 'src/sim/fabric/index.ts')).href);
  const t0 = process.hrtime.bigint();
  const topology = N.fatTreeTopology(k);
  const hosts: { name: string }[] = topology.hosts;
  const fabric = (engine === 'lean' ? F.buildLeanFabric : F.buildFabric)({
    topology,
    seed: 1,
    flows: scaleFlows(hosts),
  });
  const buildSeconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const warm = warmUs * 1e-6;
  fabric.run(warm, warm);
  // The counters reset at `warm` itself, an event of the next run call: the window's packet-hops are
  // the final figure as it stands; the events (counted from the start) are a difference.
  const events0 = fabric.measurements().events;
  const c0 = process.cpuUsage();
  const w0 = process.hrtime.bigint();
  fabric.run(warm + windowUs * 1e-6);
  const c = process.cpuUsage(c0);
  const wallSeconds = Number(process.hrtime.bigint() - w0) / 1e9;
  const m = fabric.measurements();
  const result: Result = {
    k,
    tree,
    engine,
    hosts: hosts.length,
    buildSeconds,
    hops: m.packetHops,
    events: m.events - events0,
    cpuSeconds: (c.user + c.system) / 1e6,
    wallSeconds,
    peakRssMiB: process.resourceUsage().maxRSS / 1024,
    hugeMiB: hugePagesMiB(),
  };
  console.log(JSON.stringify(result));
}

const args = process.argv.slice(2);
if (args[0] === '--child') {
  await child(Number(args[1]), args[2]!, Number(args[3]), Number(args[4]), args[5] ?? 'standard');
} else {
  const huge = args.includes('--huge-pages');
  const e = args.indexOf('--engines');
  const engines = e >= 0 ? args[e + 1]!.split(',') : ['standard'];
  for (const name of engines) if (name !== 'standard' && name !== 'lean') throw new Error(`--engines: 'standard' and/or 'lean', not '${name}'`);
  const rest = args.filter((a, i) => a !== '--huge-pages' && (e < 0 || (i !== e && i !== e + 1)));
  const [roundsArg = '3', warmArg = '50', w16Arg = '1000', w32Arg = '200', ...treeArgs] = rest;
  const childEnv = huge ? { ...process.env, GLIBC_TUNABLES: 'glibc.malloc.hugetlb=1' } : process.env;
  const childFlags = huge ? ['--use-largepages=on'] : [];
  const here = resolve(fileURLToPath(import.meta.url), '../..');
  const trees = treeArgs.length > 0 ? treeArgs.map((t) => resolve(t)) : [here];
  const rounds = Number(roundsArg);
  const windows: Record<number, number> = { 16: Number(w16Arg), 32: Number(w32Arg) };
  const script = fileURLToPath(import.meta.url);
  console.log(`# fabric scale — ${machineLine()}; warm-up ${warmArg} µs; windows k=16 ${w16Arg} µs, k=32 ${w32Arg} µs${huge ? '; --huge-pages' : ''}; engines ${engines.join(', ')}`);
  console.log('| round | tree | engine | k | hosts | build (s) | packet-hops | events/hop | CPU (s) | M packet-hops/CPU-s | peak RSS (MiB) | huge (MiB) | load |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  const rate = (r: Result): number => r.hops / r.cpuSeconds / 1e6;
  // One series per (tree, engine).
  const series = trees.flatMap((tree) => engines.map((engine) => ({ tree, engine })));
  const scale: number[][] = series.map(() => []);
  const ab: number[][] = [[], []];
  const engineAb: number[][] = [[], []];
  for (let round = 1; round <= rounds; round++) {
    const ks = round % 2 === 1 ? [16, 32] : [32, 16];
    const byTree = new Map<string, Result>();
    for (const k of ks) {
      const order = (round + (k === 32 ? 1 : 0)) % 2 === 1 ? trees : [...trees].reverse();
      const engineOrder = (round + (k === 32 ? 1 : 0)) % 2 === 1 ? engines : [...engines].reverse();
      for (const tree of order) {
        for (const engine of engineOrder) {
          const out = execFileSync(process.execPath, [...childFlags, '--import', 'tsx', script, '--child', String(k), tree, warmArg, String(windows[k]), engine], {
            cwd: tree,
            env: childEnv,
            encoding: 'utf8',
            maxBuffer: 1 << 24,
          });
          const r = JSON.parse(out.trim().split('\n').pop()!) as Result;
          byTree.set(`${tree}|${engine}|${k}`, r);
          const load = loadavg()[0]!.toFixed(1);
          console.log(
            `| ${round} | ${tree} | ${engine} | ${k} | ${r.hosts} | ${r.buildSeconds.toFixed(2)} | ${r.hops} | ${(r.events / r.hops).toFixed(3)} | ${r.cpuSeconds.toFixed(2)} | ${rate(r).toFixed(3)} | ${r.peakRssMiB.toFixed(0)} | ${r.hugeMiB.toFixed(0)} | ${load} |`,
          );
        }
      }
    }
    series.forEach(({ tree, engine }, i) => {
      const s = rate(byTree.get(`${tree}|${engine}|32`)!) / rate(byTree.get(`${tree}|${engine}|16`)!);
      scale[i]!.push(s);
      console.log(`round ${round}: ${tree} ${engine} k=32 / k=16 = ${s.toFixed(3)}`);
    });
    if (trees.length === 1 && engines.length === 2) {
      for (const [j, k] of [16, 32].entries()) {
        const x = rate(byTree.get(`${trees[0]}|${engines[1]}|${k}`)!) / rate(byTree.get(`${trees[0]}|${engines[0]}|${k}`)!);
        engineAb[j]!.push(x);
        console.log(`round ${round}: k=${k} ${engines[1]} / ${engines[0]} = ${x.toFixed(3)}`);
      }
    }
    if (trees.length === 2 && engines.length === 1) {
      for (const [j, k] of [16, 32].entries()) {
        const x = rate(byTree.get(`${trees[1]}|${engines[0]}|${k}`)!) / rate(byTree.get(`${trees[0]}|${engines[0]}|${k}`)!);
        ab[j]!.push(x);
        console.log(`round ${round}: k=${k} second tree / first = ${x.toFixed(3)}`);
      }
    }
  }
  const median = (x: number[]): number => [...x].sort((p, q) => p - q)[x.length >> 1]!;
  series.forEach(({ tree, engine }, i) => console.log(`median k=32 / k=16 (${tree}, ${engine}): ${median(scale[i]!).toFixed(3)}`));
  if (trees.length === 2 && engines.length === 1) [16, 32].forEach((k, j) => console.log(`median second / first, k=${k}: ${median(ab[j]!).toFixed(3)}`));
  if (trees.length === 1 && engines.length === 2) [16, 32].forEach((k, j) => console.log(`median ${engines[1]} / ${engines[0]}, k=${k}: ${median(engineAb[j]!).toFixed(3)}`));
}

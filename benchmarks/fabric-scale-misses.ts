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
 * every eighth host). `--engine lean`: the lean engine (src/sim/fabric/lean; session 27) instead of the
 * standard one. Prints per tree: instructions, data references, D1 misses and LL data misses per packet-hop.
 */
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { confinedFlows, scaleFlows } from './derangement.js';
import { callgrindWindow, childWindow } from './callgrind-window.js';

interface Totals {
  readonly ir: number;
  readonly dr: number;
  readonly dw: number;
  readonly d1mr: number;
  readonly d1mw: number;
  readonly dlmr: number;
  readonly dlmw: number;
}

/** Child: build, warm up, reset; then, between the flags in `dir`, the window; prints its packet-hops. */
async function child(k: number, tree: string, warmUs: number, windowUs: number, dir: string, which: string, engine: string): Promise<void> {
  const N = await import(pathToFileURL(resolve(tree, 'src/network/index.ts')).href);
  const F = await import(pathToFileURL(resolve(tree, engine === 'lean' ? 'src/sim/fabric/lean/index.ts' : 'src/sim/fabric/index.ts')).href);
  const topology = N.fatTreeTopology(k);
  const flows = which === 'pods' || which === 'spread' ? confinedFlows(topology.hosts, which) : scaleFlows(topology.hosts);
  const fabric = (engine === 'lean' ? F.buildLeanFabric : F.buildFabric)({ topology, seed: 1, flows });
  const warm = warmUs * 1e-6;
  fabric.run(warm, warm);
  fabric.run(warm + 1e-12); // the warm-up's reset
  const hops0 = fabric.measurements().packetHops;
  childWindow(dir, () => fabric.run(warm + windowUs * 1e-6));
  console.log(JSON.stringify({ hops: fabric.measurements().packetHops - hops0 }));
}

async function run(k: number, tree: string, warmUs: number, windowUs: number, llMiB: number, which: string, engine: string): Promise<{ hops: number; t: Totals }> {
  const script = fileURLToPath(import.meta.url);
  const keep = process.env.KEEP_MISSES !== undefined;
  const { out, totals: c } = await callgrindWindow('fabric-scale-misses', script, (dir) => [String(k), tree, String(warmUs), String(windowUs), dir, which, engine], llMiB, keep);
  return { hops: out.hops!, t: { ir: c.Ir!, dr: c.Dr!, dw: c.Dw!, d1mr: c.D1mr!, d1mw: c.D1mw!, dlmr: c.DLmr!, dlmw: c.DLmw! } };
}

const args = process.argv.slice(2);
if (args[0] === '--child') {
  await child(Number(args[1]), args[2]!, Number(args[3]), Number(args[4]), args[5]!, args[6]!, args[7] ?? 'standard');
} else {
  const llAt = args.indexOf('--ll');
  const llMiB = llAt >= 0 ? Number(args[llAt + 1]) : 16;
  const caseAt = args.indexOf('--case');
  const which = caseAt >= 0 ? args[caseAt + 1]! : 'all';
  if (!['all', 'pods', 'spread'].includes(which)) throw new Error(`--case: all, pods or spread (fabric-scale-causes.ts's cases), not ${which}`);
  const engineAt = args.indexOf('--engine');
  const engine = engineAt >= 0 ? args[engineAt + 1]! : 'standard';
  if (!['standard', 'lean'].includes(engine)) throw new Error(`--engine: standard or lean, not ${engine}`);
  const options = new Set([llAt, llAt + 1, caseAt, caseAt + 1, engineAt, engineAt + 1].filter((i) => i > 0 || (i === 0 && args[0]!.startsWith('--'))));
  const rest = args.filter((_, i) => !options.has(i));
  const [kArg = '32', warmArg = '50', windowArg = '10', ...trees] = rest;
  const k = Number(kArg);
  const warmUs = Number(warmArg);
  const windowUs = Number(windowArg);
  console.log(`# fabric-scale-misses — k = ${k}, warm-up ${warmUs} µs, window ${windowUs} µs; callgrind D1 32 KiB 8-way, LL ${llMiB} MiB 16-way, 64-byte lines; senders: ${which}; engine ${engine}`);
  console.log('| tree | packet-hops | instructions / hop | data refs / hop | D1 misses / hop | LL data misses / hop |');
  console.log('|---|---|---|---|---|---|');
  for (const tree of trees.length > 0 ? trees : ['.']) {
    const full = await run(k, tree, warmUs, windowUs, llMiB, which, engine);
    const h = full.hops;
    const d = (f: (t: Totals) => number): string => (f(full.t) / h).toFixed(1);
    console.log(
      `| ${tree} | ${h} | ${d((t) => t.ir)} | ${d((t) => t.dr + t.dw)} | ${d((t) => t.d1mr + t.d1mw)} | ${d((t) => t.dlmr + t.dlmw)} |`,
    );
  }
}

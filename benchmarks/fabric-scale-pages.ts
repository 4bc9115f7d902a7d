/**
 * Which pages a packet-hop touches, counted (issue 32; Linux only, as root or the process's owner).
 * This VM has no hardware counters (no `perf`), so sessions 10–13 estimated pages and lines from the
 * layouts; here the kernel counts them: writing 1 to /proc/self/clear_refs clears the accessed bit
 * of every page of the process, and after a window of simulated time /proc/self/smaps says, per
 * mapping, how many pages were accessed since ("Referenced"). bench:scale's case (fabric-scale.ts:
 * k-ary fat-tree, Poisson 2 KB packets at 50 % to a seeded random permutation), built, warmed up
 * (50 µs, then 50 µs more), then one window per size given (µs of simulated time): the pages it
 * referenced, by mapping, with the fabric's large typed arrays named in the mapping that holds them
 * (found afterwards by touching each array's pages alone and seeing which mapping's count moves);
 * V8's heap (objects, young generation, compiled code) is the many mappings of 256 KiB.
 *
 * A window of ~3,000 packet-hops (k = 16: 7 µs, k = 32: 1 µs) references about as many distinct
 * pages as a hop's TLB (~2,048 entries of 4 KiB) would have to hold to hit; the counts are of
 * distinct pages, not of accesses. The reading of smaps itself touches a few pages of code.
 *
 *     nice -n 10 npx tsx benchmarks/fabric-scale-pages.ts [k] [window µs …] [TREE]
 *     nice -n 10 npx tsx benchmarks/fabric-scale-pages.ts 32 1 5
 *     nice -n 10 npx tsx benchmarks/fabric-scale-pages.ts 16 7 35
 *     nice -n 10 npx tsx benchmarks/fabric-scale-pages.ts 32 7 --spread
 *
 * `--pods` / `--spread`: only the hosts of fabric-scale-causes.ts's confined cases send
 * (derangement.ts's confinedFlows: hosts 0–1,023, or every eighth host).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { machineLine } from './harness.js';
import { confinedFlows } from './derangement.js';

interface Mapping {
  readonly start: number;
  readonly name: string;
  /** Pages of the mapping, and those referenced since the last clear. */
  readonly pages: number;
  referenced: number;
}

const PAGE = 4096;
/** V8's heap pages (256 KiB): each its own mapping. */
const V8_PAGE_PAGES = 64;

function mappings(): Mapping[] {
  const out: Mapping[] = [];
  let cur: Mapping | null = null;
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const m = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (m !== null) {
      const start = parseInt(m[1]!, 16);
      cur = { start, name: m[3] === '' ? '[anon]' : m[3]!, pages: (parseInt(m[2]!, 16) - start) / PAGE, referenced: 0 };
      out.push(cur);
      continue;
    }
    const r = /^Referenced:\s+(\d+) kB/.exec(line);
    if (r !== null && cur !== null) cur.referenced = Number(r[1]) / 4;
  }
  return out;
}

function clearReferenced(): void {
  writeFileSync('/proc/self/clear_refs', '1');
}

/** The typed arrays of ≥ 64 KiB reachable from `root` (first path found to each buffer). */
function largeArrays(root: object): Map<ArrayBufferLike, string> {
  const seen = new Set<unknown>();
  const found = new Map<ArrayBufferLike, string>();
  const walk = (o: unknown, path: string, depth: number): void => {
    if (o === null || typeof o !== 'object' || seen.has(o) || depth > 6) return;
    seen.add(o);
    if (ArrayBuffer.isView(o)) {
      if (o.byteLength >= 65536 && !found.has(o.buffer)) found.set(o.buffer, path);
      return;
    }
    if (Array.isArray(o)) {
      if (o.length > 0) walk(o[0], `${path}[0]`, depth + 1);
      return;
    }
    for (const key of Object.getOwnPropertyNames(o)) {
      let v: unknown;
      try {
        v = (o as Record<string, unknown>)[key];
      } catch {
        continue;
      }
      walk(v, `${path}.${key}`, depth + 1);
    }
  };
  walk(root, 'fabric', 0);
  return found;
}

const all = process.argv.slice(2);
const which = all.includes('--pods') ? 'pods' : all.includes('--spread') ? 'spread' : 'all';
const args = all.filter((a) => a !== '--pods' && a !== '--spread');
const k = Number(args[0] ?? 32);
const tree = args.length > 1 && Number.isNaN(Number(args[args.length - 1])) ? args.pop()! : '.';
const windows = args.slice(1).map(Number);
if (windows.length === 0) windows.push(k >= 32 ? 1 : 7);
const N = await import(pathToFileURL(resolve(tree, 'src/network/index.ts')).href);
const F = await import(pathToFileURL(resolve(tree, 'src/sim/fabric/index.ts')).href);
const topology = N.fatTreeTopology(k);
const hosts: { name: string }[] = topology.hosts;
const fabric = F.buildFabric({ topology, seed: 1, flows: confinedFlows(hosts, which) });
let t = 50e-6;
fabric.run(t, t);
t += 50e-6;
fabric.run(t);
console.log(`# fabric-scale-pages — ${machineLine()}; tree ${tree}; k = ${k} (${hosts.length} hosts)${which === 'all' ? '' : `; only the hosts of --${which} send`}`);
const found = largeArrays(fabric);
const results: { w: number; hops: number; maps: Mapping[] }[] = [];
for (const w of windows) {
  const h0 = fabric.measurements().packetHops;
  clearReferenced();
  t += w * 1e-6;
  fabric.run(t);
  const maps = mappings();
  results.push({ w, hops: fabric.measurements().packetHops - h0, maps });
}
// Which mapping holds each large array: touch its pages alone.
const named = new Map<number, string[]>();
let sink = 0;
for (const [buffer, path] of found) {
  clearReferenced();
  const bytes = new Uint8Array(buffer);
  for (let i = 0; i < bytes.length; i += PAGE) sink += bytes[i]!;
  const best = mappings()
    .filter((m) => m.name === '[anon]' || m.name === '[heap]')
    .sort((a, b) => b.referenced - a.referenced)[0];
  if (best === undefined) continue;
  const list = named.get(best.start) ?? [];
  list.push(`${path.replace(/^fabric\./, '')} ${Math.ceil(buffer.byteLength / PAGE)}`);
  named.set(best.start, list);
}
for (const { w, hops, maps } of results) {
  const total = maps.reduce((s, m) => s + m.referenced, 0);
  const v8 = maps.filter((m) => m.pages === V8_PAGE_PAGES && m.name === '[anon]');
  const v8Referenced = v8.reduce((s, m) => s + m.referenced, 0);
  const code = maps.filter((m) => m.name.startsWith('/')).reduce((s, m) => s + m.referenced, 0);
  console.log(`\nwindow ${w} µs: ${hops} packet-hops; ${total} pages referenced (${((total * PAGE) / 2 ** 20).toFixed(1)} MiB)`);
  console.log('| mapping | pages referenced | of pages | large arrays in it (pages) |');
  console.log('|---|---|---|---|');
  for (const m of maps.filter((x) => named.has(x.start) && x.referenced > 0).sort((a, b) => b.referenced - a.referenced)) {
    console.log(`| ${m.name} | ${m.referenced} | ${m.pages} | ${named.get(m.start)!.join(', ')} |`);
  }
  const other = maps.filter((x) => !named.has(x.start) && !(x.pages === V8_PAGE_PAGES && x.name === '[anon]') && !x.name.startsWith('/'));
  console.log(`| V8 heap (${v8.length} mappings of 256 KiB) | ${v8Referenced} | ${v8.length * V8_PAGE_PAGES} | objects, young generation, compiled code |`);
  console.log(`| other anonymous | ${other.reduce((s, m) => s + m.referenced, 0)} | ${other.reduce((s, m) => s + m.pages, 0)} | |`);
  console.log(`| files (node's code, libraries) | ${code} | | |`);
}
if (sink < 0) console.log(sink);

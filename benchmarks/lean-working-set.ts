/**
 * The lean engine's working set by structure (issue 32; session 28, benchmarks/README.md twentieth pass): on
 * bench:scale's case, which typed arrays a window of the run touches and how much of each. After the warm-up
 * (and its reset), every typed array the engine keeps is replaced by a recording proxy (the same array
 * underneath: the simulation is unchanged, only ~100 × slower), and the window runs. Per structure (arrays
 * that share one buffer count as one: the packets' integers and doubles, the wheel's nodes, a flow record's
 * fields), it prints:
 * - allocated bytes;
 * - bytes touched in the window: distinct 64-byte lines × 64 (offsets from the buffer's start: a buffer is
 *   taken to begin on a line; off by at most one line per structure);
 * - lines per packet-hop: the distinct lines of the structure each event touches (an event: a handle or a
 *   deferred choice, with the calendar's scan for the next event counted with it), summed, over the hops;
 * - accesses (element reads and writes) per packet-hop.
 *
 *     nice -n 10 npx tsx benchmarks/lean-working-set.ts [k] [warm-up µs] [window µs] [tree]
 *     nice -n 10 npx tsx benchmarks/lean-working-set.ts 32 300 40 .
 *
 * A structure the tree does not have (renamed or merged away) is left out of the table; an array replaced
 * during the window (a pool that grew) is reported as such.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { scaleFlows } from './derangement.js';

type Typed = Int32Array | Float64Array | Uint16Array | Uint32Array | Uint8Array | Int16Array;

interface Tally {
  readonly name: string;
  readonly buffers: ArrayBufferLike[];
  allocated: number;
  readonly lines: Set<number>;
  readonly stepLines: Set<number>;
  lineSteps: number;
  accesses: number;
}

/** The structures: a name and where its arrays are, as dotted paths from the fabric (first found wins per path). */
const STRUCTURES: readonly (readonly [string, readonly string[]])[] = [
  ['link records', ['R']],
  ['packets', ['packets.i32', 'packets.f64']],
  ['queued packets (send-queue slots)', ['sources.slotF', 'sources.slotI']],
  ['queued creation times (per-flow rings)', ['sources.rings.t']],
  ['wheel nodes', ['cal.nF', 'cal.nI', 'cal.nodes']],
  ['wheel node links', ['cal.next']],
  ['wheel buckets', ['cal.head']],
  ['far heap', ['cal.far.t', 'cal.far.s', 'cal.far.a', 'cal.far.b']],
  ['flow draw records (FlowTable)', ['sources.table.f64', 'sources.table.i32']],
  ['flow source records (the queue; from session 28 also the draws)', ['sources.q', 'sources.d']],
  ['flow hop records (bytes, recorder, path)', ['fI32', 'fPath']],
  ['flow recorders', ['stats.flowRec']],
  ['paths', ['paths']],
  ['flow bytes', ['flowBytes']],
  ['flow blocks', ['flowBlocks']],
  ['flow of host', ['c.flowOfHost', 'flowOfHost']],
  ['stall since', ['stats.stallSince']],
  ['stall since and time (side by side)', ['stats.stall']],
  ['stall time', ['stats.stallTime']],
  ['cut-through stretch', ['stats.stretch']],
  ['bytes wraps', ['stats.bytesWrapped']],
  ['link classes', ['classRate', 'classDelay']],
  ['choice ring', ['chooseOut', 'chooseIn']],
];

function at(root: Record<string, unknown>, path: string): { owner: Record<string, unknown>; key: string } | null {
  const parts = path.split('.');
  let o: unknown = root;
  for (const p of parts.slice(0, -1)) {
    if (o === null || typeof o !== 'object') return null;
    o = (o as Record<string, unknown>)[p];
  }
  if (o === null || typeof o !== 'object') return null;
  const key = parts[parts.length - 1]!;
  return ArrayBuffer.isView((o as Record<string, unknown>)[key]) ? { owner: o as Record<string, unknown>, key } : null;
}

function recording(a: Typed, t: Tally): Typed {
  // Lines of the structure's buffers apart: buffer j's line n is j · 2^32 + n.
  const base = t.buffers.indexOf(a.buffer) * 2 ** 32 * 64 + a.byteOffset;
  const bpe = a.BYTES_PER_ELEMENT;
  const touch = (prop: string): void => {
    const c = prop.charCodeAt(0);
    if (c < 48 || c > 57) return;
    const line = Math.floor((base + Number(prop) * bpe) / 64);
    t.accesses++;
    t.lines.add(line);
    if (!t.stepLines.has(line)) (t.stepLines.add(line), t.lineSteps++);
  };
  return new Proxy(a, {
    get(target, prop) {
      if (typeof prop === 'string') touch(prop);
      const v = Reflect.get(target, prop, target);
      return typeof v === 'function' ? v.bind(target) : v;
    },
    set(target, prop, value) {
      if (typeof prop === 'string') touch(prop);
      return Reflect.set(target, prop, value, target);
    },
  });
}

const [kArg = '32', warmArg = '300', windowArg = '40', tree = '.'] = process.argv.slice(2);
const k = Number(kArg);
const warm = Number(warmArg) * 1e-6;
const N = await import(pathToFileURL(resolve(tree, 'src/network/index.ts')).href);
const L = await import(pathToFileURL(resolve(tree, 'src/sim/fabric/lean/index.ts')).href);
const topology = N.fatTreeTopology(k);
const fabric = L.buildLeanFabric({ topology, seed: 1, flows: scaleFlows(topology.hosts) }) as Record<string, unknown> & { run(t: number, w?: number): void; measurements(): { packetHops: number } };
fabric.run(warm, warm);
fabric.run(warm + 1e-12);
const hops0 = fabric.measurements().packetHops;

const tallies: Tally[] = [];
const wrapped: { owner: Record<string, unknown>; key: string; proxy: unknown; tally: Tally }[] = [];
for (const [name, paths] of STRUCTURES) {
  for (const path of paths) {
    const place = at(fabric, path);
    if (place === null) continue;
    const a = place.owner[place.key] as Typed;
    let t = tallies.find((x) => x.name === name);
    if (t === undefined) {
      t = { name, buffers: [], allocated: 0, lines: new Set(), stepLines: new Set(), lineSteps: 0, accesses: 0 };
      tallies.push(t);
    }
    if (!t.buffers.includes(a.buffer)) (t.buffers.push(a.buffer), (t.allocated += a.buffer.byteLength));
    const proxy = recording(a, t);
    place.owner[place.key] = proxy;
    wrapped.push({ owner: place.owner, key: place.key, proxy, tally: t });
  }
}
// An event's step: each handle and each deferred choice (the calendar's scan for the next event goes with the step before it).
let steps = 0;
const newStep = (): void => {
  steps++;
  for (const t of tallies) t.stepLines.clear();
};
for (const method of ['handle', 'choose']) {
  const f = (fabric[method] as (...x: unknown[]) => void).bind(fabric);
  fabric[method] = (...x: unknown[]): void => (newStep(), f(...x));
}
const t0 = Date.now();
fabric.run(warm + Number(windowArg) * 1e-6);
// (the hop count from the statistics' field: measurements() would read every port's tables)
const hops = (fabric.stats as { hops: number }).hops - hops0;
const replaced = wrapped.filter((w) => w.owner[w.key] !== w.proxy).map((w) => `${w.tally.name} (${w.key})`);

console.log(`# lean-working-set — k = ${k}, warm-up ${warmArg} µs, window ${windowArg} µs, tree ${tree}: ${hops} packet-hops, ${(steps / hops).toFixed(2)} events / hop (${((Date.now() - t0) / 1000).toFixed(0)} s recorded)`);
const pool = fabric.packets as { live?: number; used?: number } | undefined;
const src = fabric.sources as { slotUsed?: number } | undefined;
const cal = fabric.cal as { inWheel?: number; used?: number; far?: { n?: number } } | undefined;
console.log(`# at the window's end: packets live ${pool?.live}, packet records ever used ${pool?.used}${src?.slotUsed !== undefined ? `, send-queue slots ever used ${src.slotUsed}` : ''}; wheel events ${cal?.inWheel}, wheel nodes ever used ${cal?.used}, far heap ${cal?.far?.n}`);
if (replaced.length > 0) console.log(`# replaced during the window (their later accesses not counted): ${replaced.join(', ')}`);
console.log('| structure | allocated (KiB) | touched in the window (KiB) | lines / hop | accesses / hop |');
console.log('|---|---|---|---|---|');
let sumA = 0;
let sumT = 0;
let sumL = 0;
let sumX = 0;
for (const t of [...tallies].sort((a, b) => b.lines.size - a.lines.size)) {
  const touched = (t.lines.size * 64) / 1024;
  (sumA += t.allocated / 1024), (sumT += touched), (sumL += t.lineSteps / hops), (sumX += t.accesses / hops);
  console.log(`| ${t.name} | ${(t.allocated / 1024).toFixed(0)} | ${touched.toFixed(0)} | ${(t.lineSteps / hops).toFixed(2)} | ${(t.accesses / hops).toFixed(1)} |`);
}
console.log(`| all | ${sumA.toFixed(0)} | ${sumT.toFixed(0)} | ${sumL.toFixed(2)} | ${sumX.toFixed(1)} |`);

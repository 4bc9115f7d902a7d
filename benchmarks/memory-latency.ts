/**
 * What one random read costs on this machine as the data a program touches spreads over more
 * memory and more pages (issue 32: why a packet-hop at k = 32 costs twice one at k = 16). A pointer
 * chase (each read's address is the value read before, so no two reads overlap) through `lines`
 * cache lines of 64 bytes placed at random, `perPage` of them in each 4 KiB page of a region of
 * `region` MiB. With 64 per page the lines fill the region; with fewer, the same pages hold fewer
 * lines: the cache footprint (lines × 64 B) and the page footprint (pages, one TLB entry each) move
 * apart. Prints ns per read, best of `reps` passes of 4 M reads.
 *
 *     nice -n 10 npx tsx benchmarks/memory-latency.ts [reps]
 */
import { machineLine } from './harness.js';

const LINE_INTS = 16;
const PAGE_INTS = 1024;

function chase(regionMiB: number, perPage: number, reps: number): number {
  const pages = (regionMiB * 2 ** 20) / 4096;
  const a = new Int32Array(pages * PAGE_INTS);
  const at: number[] = [];
  for (let p = 0; p < pages; p++) for (let l = 0; l < perPage; l++) at.push(p * PAGE_INTS + l * LINE_INTS);
  let s = 12345;
  for (let i = at.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    const j = s % (i + 1);
    const t = at[i]!;
    at[i] = at[j]!;
    at[j] = t;
  }
  for (let i = 0; i < at.length; i++) a[at[i]!] = at[(i + 1) % at.length]!;
  const n = 4e6;
  let x = at[0]!;
  let best = Infinity;
  for (let r = 0; r < reps; r++) {
    for (let i = 0; i < 2e5; i++) x = a[x]!;
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < n; i++) x = a[x]!;
    best = Math.min(best, Number(process.hrtime.bigint() - t0) / n);
  }
  if (x < 0) console.log(x); // keeps the chase live
  return best;
}

const reps = Number(process.argv[2] ?? 3);
console.log(`# memory latency — ${machineLine()}`);
console.log('| region (MiB) | pages | lines per page | lines (MiB) | ns per read |');
console.log('|---|---|---|---|---|');
const cases: [number, number][] = [
  [0.25, 64],
  [2, 64],
  [8, 64],
  [8, 4],
  [32, 64],
  [32, 16],
  [32, 4],
  [32, 1],
  [128, 4],
  [128, 1],
];
for (const [mib, perPage] of cases) {
  const pages = (mib * 2 ** 20) / 4096;
  console.log(`| ${mib} | ${pages} | ${perPage} | ${((pages * perPage * 64) / 2 ** 20).toFixed(2)} | ${chase(mib, perPage, reps).toFixed(1)} |`);
}

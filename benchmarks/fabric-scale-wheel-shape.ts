/**
 * The timing wheel's shape during a k = 32 bench:scale run from time 0 (session 26, eighteenth pass): at 20, 40, 60
 * and 80 µs, rebuilds so far, events pending, groups in the heap, the wheel's events (or groups, main's), buckets and
 * their width; for the layout of branch i43cal-tried (events in bucket lines) also the non-empty buckets, chained
 * ones, the longest chain and the pool lines used. Reads private fields (instrumentation only).
 *
 *     nice -n 19 npx tsx benchmarks/fabric-scale-wheel-shape.ts TREE
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { scaleFlows } from './derangement.js';
const tree = process.argv[2] ?? '.';
const N = await import(pathToFileURL(resolve(tree, 'src/network/index.ts')).href);
const F = await import(pathToFileURL(resolve(tree, 'src/sim/fabric/index.ts')).href);
const E = await import(pathToFileURL(resolve(tree, 'src/sim/engine/timingWheel.ts')).href);
const proto = E.TimingWheel.prototype as any;
let rebuilds = 0;
const rb = proto.rebuild;
proto.rebuild = function (...args: any[]) { rebuilds++; return rb.apply(this, args); };
const topology = N.fatTreeTopology(32);
const fabric = F.buildFabric({ topology, seed: 1, flows: scaleFlows(topology.hosts) });
for (const t of [20, 40, 60, 80]) {
  fabric.run(t * 1e-6);
  const e = (fabric as any).engine;
  let nonEmpty = 0, maxChain = 0, chains = 0;
  if (e.lineI && e.buckets) {
    for (let b = 0; b < e.buckets; b++) {
      let l = b, len = 0;
      if ((e.lineI[l * 16 + 15] & 3) === 0) continue;
      nonEmpty++;
      while (l >= 0) { len++; l = (e.lineI[l * 16 + 15] >> 2) - 1; }
      if (len > 1) chains++;
      maxChain = Math.max(maxChain, len);
    }
  }
  console.log(JSON.stringify({ t, rebuilds, pending: e.pending, heap: e.n, wheel: e.wheelEntries ?? e.wheelGroups, buckets: e.buckets, width_ns: 1e9 / e.inv, nonEmpty, chains, maxChain, poolUsed: e.poolUsed - e.firstPool, lines: e.lines }));
}

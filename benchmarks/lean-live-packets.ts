/**
 * Does bench:scale's case settle? (issue 32; session 28, benchmarks/README.md twentieth pass, second part.) The lean
 * engine on bench:scale's case (the k-ary fat-tree, every host a Poisson flow of 2 KB packets at 50 % of its link to
 * its partner in the seeded permutation, send queues of 256), run from 0 to each time given; at each it prints the
 * packets in the system (created, not yet delivered), those held at their sources (queued or in transmission from
 * their host: the send queues' counts) and the flows holding one, and the packet-hops of the step before — so
 * whether the packet count levels off, and at what.
 *
 *     nice -n 10 npx tsx benchmarks/lean-live-packets.ts [k] [times µs, comma-separated] [tree]
 *     nice -n 10 npx tsx benchmarks/lean-live-packets.ts 16 300,1000,3000 .
 *
 * Reads the engine's private fields (the packet pool's `live`; the sources' records: integer 10 of each 16-integer
 * flow record is the packets it holds, integer 15 from session 28's rings on the packets queued outside the pool).
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { scaleFlows } from './derangement.js';

const [kArg = '16', timesArg = '300,1000,3000', tree = '.'] = process.argv.slice(2);
const k = Number(kArg);
const N = await import(pathToFileURL(resolve(tree, 'src/network/index.ts')).href);
const L = await import(pathToFileURL(resolve(tree, 'src/sim/fabric/lean/index.ts')).href);
const topology = N.fatTreeTopology(k);
const fabric = L.buildLeanFabric({ topology, seed: 1, flows: scaleFlows(topology.hosts) }) as Record<string, unknown> & { run(t: number): void; measurements(): { packetHops: number } };
const pool = fabric.packets as { live: number };
const sources = fabric.sources as { q: Int32Array; rings?: unknown };
console.log(`# lean-live-packets — k = ${k}, tree ${tree}, ${topology.hosts.length} flows`);
console.log('| time (µs) | packets in the system | held at their sources | flows holding one | packet-hops in the step | CPU s of the step |');
console.log('|---|---|---|---|---|---|');
let hops0 = 0;
for (const us of timesArg.split(',').map(Number)) {
  const c0 = process.cpuUsage();
  fabric.run(us * 1e-6);
  const cpu = process.cpuUsage(c0);
  const q = sources.q;
  let held = 0;
  let flows = 0;
  let outside = 0;
  for (let r = 0; r < q.length; r += 16) {
    held += q[r + 10]!;
    if (q[r + 10]! > 0) flows++;
    if (sources.rings !== undefined) outside += q[r + 15]!;
  }
  const hops = fabric.measurements().packetHops;
  console.log(`| ${us} | ${pool.live + outside} | ${held} | ${flows} | ${hops - hops0} | ${((cpu.user + cpu.system) / 1e6).toFixed(1)} |`);
  hops0 = hops;
}

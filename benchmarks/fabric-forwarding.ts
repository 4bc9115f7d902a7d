/**
 * Building the forwarding tables of large fat-trees (validateFabricTopology, which completes the
 * tables by destination-modulo routing): k = 16 (1,024 hosts, 320 switches) and k = 32 (8,192
 * hosts, 1,280 switches, 10.5 million table entries). Issue 23 measured minutes and 1.5 GB for
 * k = 32 with a BFS per host over Maps and `queue.shift()`; the target is under 5 s. Each case
 * runs three times; the best time and the heap after the last build are printed, with the time
 * of k = 32 per table entry against k = 16's (a peer in the same run: equal means linear in the
 * table size, O(hosts · switches)).
 *
 *   npm run bench:forwarding
 */
import { fatTreeTopology, validateFabricTopology } from '../src/sim/fabric/index.js';
import { machineLine } from './harness.js';

console.log(machineLine());
const perEntry: number[] = [];
for (const k of [16, 32]) {
  const spec = fatTreeTopology(k);
  let best = Infinity;
  let entries = 0;
  for (let run = 0; run < 3; run++) {
    (globalThis as { gc?: () => void }).gc?.();
    const started = performance.now();
    const topology = validateFabricTopology(spec);
    best = Math.min(best, performance.now() - started);
    entries = topology.switches.length * topology.hosts.length;
  }
  const heapMb = process.memoryUsage().heapUsed / 2 ** 20;
  perEntry.push(best / entries);
  console.log(
    `k = ${k}: ${spec.hosts.length} hosts, ${spec.switches.length} switches, ${entries} table entries: best ${(best / 1000).toFixed(2)} s ` +
      `(${((1e6 * best) / entries).toFixed(0)} ns per entry), heap ${heapMb.toFixed(0)} MB`,
  );
}
console.log(`k = 32 / k = 16 time per entry: ${(perEntry[1]! / perEntry[0]!).toFixed(2)}`);

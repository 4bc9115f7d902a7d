/**
 * An imported 1,300-host cluster at scale (issue 32): the 200-switch HDR fat-tree of
 * test/fixtures/import/hdrFatTree.ts as ibnetdiscover text (prompt line, CRLF, loopbacks), imported
 * with each routing engine (median of 5: time; heap after), then one replication of `fabric` with
 * uniform Poisson traffic at LOAD (default 0.5) of each host's link for UNTIL_US (default 1000 µs):
 * build and run times (wall, and the run's CPU time: on a shared machine the wall time says more
 * about the other jobs), events, packet-hops per CPU-second and peak RSS.
 *
 *     nice -n 10 npx tsx benchmarks/cluster-scale.ts [UNTIL_US] [LOAD]
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { buildFabric, clusterScenario, importCluster, type FabricOptions } from '../src/index.js';
import { hdrFatTreeIbnetdiscover } from '../test/fixtures/import/hdrFatTree.js';
import { machineLine } from './harness.js';

const untilUs = Number(process.argv[2] ?? 1000);
const load = Number(process.argv[3] ?? 0.5);
const text = hdrFatTreeIbnetdiscover();
console.log(machineLine());
console.log(`ibnetdiscover text ${(text.length / 1024).toFixed(0)} KiB`);
for (const engine of ['minhop', 'ftree', 'updn'] as const) {
  const times: number[] = [];
  for (let k = 0; k < 5; k++) {
    const t0 = performance.now();
    importCluster({ ibnetdiscover: text, routingEngine: [engine] });
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(`import with ${engine.padEnd(6)} median ${times[2]!.toFixed(0)} ms (min ${times[0]!.toFixed(0)}), heap ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MB`);
}
const cluster = importCluster({ ibnetdiscover: text, routingEngine: ['ftree'] });
const params = clusterScenario(cluster, { load, until: untilUs * 1e-6 }).params as unknown as FabricOptions;
const t0 = performance.now();
const fabric = buildFabric({ ...params, seed: 1 });
const built = performance.now() - t0;
const c0 = process.cpuUsage();
fabric.run(untilUs * 1e-6, 0);
const c = process.cpuUsage(c0);
const cpu = (c.user + c.system) / 1e6;
const wall = (performance.now() - t0) / 1000;
const m = fabric.measurements();
console.log(
  `simulate ${untilUs} µs at load ${load}: build ${built.toFixed(0)} ms, build + run wall ${wall.toFixed(1)} s, run CPU ${cpu.toFixed(1)} s, ` +
    `${m.events} events, ${m.packetHops} packet-hops (${(m.packetHops / cpu / 1e6).toFixed(2)} M per CPU-s), ` +
    `peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB, load average ${loadavg()[0]!.toFixed(1)}`,
);

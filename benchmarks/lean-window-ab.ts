/**
 * The CPU time of one window of bench:scale's case on the lean engine, from a given simulated time (issue 32; session
 * 28, benchmarks/README.md twentieth pass, second part): build, run to `from` µs untimed, then time `window` µs
 * (process.cpuUsage). For A/B pairs at a later window than bench:scale's (its k = 32 window starts at 50 µs while the
 * send queues are still filling): run it once per tree, the trees' order alternating, e.g.
 *
 *     for t in /tmp/main .; do nice -n 10 node --import tsx benchmarks/lean-window-ab.ts $t 32 1000 500; done
 *
 * Prints the tree, the window, its packet-hops and CPU seconds.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { scaleFlows } from './derangement.js';

const [tree = '.', kArg = '32', fromArg = '1000', windowArg = '200'] = process.argv.slice(2);
const N = await import(pathToFileURL(resolve(tree, 'src/network/index.ts')).href);
const L = await import(pathToFileURL(resolve(tree, 'src/sim/fabric/lean/index.ts')).href);
const topology = N.fatTreeTopology(Number(kArg));
const fabric = L.buildLeanFabric({ topology, seed: 1, flows: scaleFlows(topology.hosts) }) as { run(t: number): void; measurements(): { packetHops: number } };
const from = Number(fromArg) * 1e-6;
fabric.run(from);
const hops0 = fabric.measurements().packetHops;
const c0 = process.cpuUsage();
fabric.run(from + Number(windowArg) * 1e-6);
const c = process.cpuUsage(c0);
const cpu = (c.user + c.system) / 1e6;
const hops = fabric.measurements().packetHops - hops0;
console.log(`${tree} k = ${kArg} from ${fromArg} µs, window ${windowArg} µs: ${hops} packet-hops, ${cpu.toFixed(2)} s CPU, ${(hops / cpu / 1e6).toFixed(3)} M packet-hops per CPU-second`);

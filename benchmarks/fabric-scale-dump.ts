/**
 * The results-identical check of a k = 32 run (session 25's, named in benchmarks/README.md's seventeenth
 * pass; written as a script in session 26): bench:scale's case at k = 32, warm-up 20 µs, run to 60 µs;
 * `measurements()`, `busyTimes()`, `packetLedger()` and `auditCredits()` as one JSON, and its md5 and
 * packet-hops printed (main's: fa27f972…, 114,755 packet-hops).
 *
 *     nice -n 19 npx tsx benchmarks/fabric-scale-dump.ts TREE [k] [warm-up µs] [end µs]
 */
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { scaleFlows } from './derangement.js';

const [tree = '.', kArg = '32', warmArg = '20', endArg = '60'] = process.argv.slice(2);
const N = await import(pathToFileURL(resolve(tree, 'src/network/index.ts')).href);
const F = await import(pathToFileURL(resolve(tree, 'src/sim/fabric/index.ts')).href);
const topology = N.fatTreeTopology(Number(kArg));
const fabric = F.buildFabric({ topology, seed: 1, flows: scaleFlows(topology.hosts) });
fabric.run(Number(endArg) * 1e-6, Number(warmArg) * 1e-6);
const json = JSON.stringify([fabric.measurements(), fabric.busyTimes(), fabric.packetLedger(), fabric.auditCredits()]);
const md5 = createHash('md5').update(json).digest('hex');
console.log(JSON.stringify({ tree, md5, bytes: json.length, packetHops: fabric.measurements().packetHops }));

/**
 * The k = 32 same-results check (issue 32, session 25's md5 made repeatable; session 26, H43port): bench:scale's
 * case (fabric-scale.ts: k-ary fat-tree, fabric defaults, seed 1, scaleFlows) run to 60 µs with a 20 µs warm-up;
 * measurements(), busyTimes(), packetLedger() and auditCredits() as one JSON; prints its md5 and the packet-hops.
 * Unlike fabric-scale-ab.ts --same (k = 4), this reaches the k = 32 fabric's large tables (page-aligned memory).
 *
 *     npx tsx benchmarks/fabric-scale-dump.ts [tree] [k]
 */
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { scaleFlows } from './derangement.js';

const tree = process.argv[2] ?? '.';
const k = Number(process.argv[3] ?? 32);
const N = await import(pathToFileURL(resolve(tree, 'src/network/index.ts')).href);
const F = await import(pathToFileURL(resolve(tree, 'src/sim/fabric/index.ts')).href);
const topology = N.fatTreeTopology(k);
const fabric = F.buildFabric({ topology, seed: 1, flows: scaleFlows(topology.hosts) });
fabric.run(60e-6, 20e-6);
const m = fabric.measurements();
const text = JSON.stringify({ m, busy: [...fabric.busyTimes()], ledger: fabric.packetLedger(), audit: fabric.auditCredits() });
console.log(`${createHash('md5').update(text).digest('hex')} ${m.packetHops} packet-hops, ${text.length} characters (${tree}, k = ${k})`);

/**
 * Same-results check of two trees over the simulator's paths that `fabric-scale-ab.ts --same` (k = 4, FIFO, two VLs,
 * Poisson and mixed sources, one varied-links case) does not reach (review H43rv, session 26, of H43port's port-record
 * layout): virtual output queues, output-buffered switches, 1, 4, 5, 7, 8 and 15 VLs, the shared input buffer (credits
 * folded on VL ≥ 1), ECN and IB CC marking with credit stalls, the host receive cap, vl-fifo host queues and high/low
 * arbitration tables, links of varied rates and delays with exponential service, a link class per link, store-and-forward
 * on a torus, the Gran IB CC fabric (traffic adapter), and the deadlock watchdog (FIFO and VoQ: message and cycle). Each
 * case: measurements(), busyTimes(), packetLedger() and auditCredits() as one JSON string, compared between the trees.
 * A tree is a directory with the project's src/ and package.json beside it, and node_modules linked.
 *
 *     nice -n 19 npx tsx benchmarks/fabric-scale-ab-paths.ts A_TREE B_TREE [case,case,…]
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createHash } from 'node:crypto';
const [a, b, only] = process.argv.slice(2);
if (a === undefined || b === undefined) throw new Error('usage: fabric-scale-ab-paths.ts A_TREE B_TREE [case,case,…]');
async function load(tree: string) {
  const N = await import(pathToFileURL(resolve(tree, 'src/network/index.ts')).href);
  const F = await import(pathToFileURL(resolve(tree, 'src/sim/fabric/index.ts')).href);
  const S = await import(pathToFileURL(resolve(tree, 'src/studies/gran/ibccFatTree.ts')).href);
  const C = await import(pathToFileURL(resolve(tree, 'src/sim/random/streams.ts')).href);
  return { N, F, S, C };
}
const R = 2.5e9 / 8 / 2048;
type T = Awaited<ReturnType<typeof load>>;
function dump(f: any): string {
  return JSON.stringify({ m: f.measurements(), busy: [...f.busyTimes()], ledger: f.packetLedger(), audit: f.auditCredits() });
}
function flowsOf(hosts: any[], V: number, load: number, extra: (i: number) => object = () => ({})) {
  return hosts.map((h: any, i: number) => ({ name: h.name, source: h.name, destination: i % 5 === 0 ? hosts[(i + 1) % hosts.length].name : 'uniform', sl: i % V,
    traffic: { kind: 'poisson', rate: load * R }, packetBytes: { kind: 'mix', bytes: [256, 1024, 2048], weights: [1, 1, 2] }, sendQueuePackets: 16, ...extra(i) }));
}
function varied(topology: any, expo: boolean) {
  return { ...topology, links: topology.links.map((l: any, i: number) => ({ ...l, rateGbps: [2.5, 5, 10, 2.5][i % 4], delayNs: [10, 25, 40, 5, 100][i % 5], ...(expo && i % 7 === 0 ? { service: 'exponential' } : {}) })) };
}
const cases: Record<string, (t: T) => string> = {
  voq4vl: (t) => { const topology = t.N.fatTreeTopology(4); const f = t.F.buildFabric({ topology, vls: 4, inputQueueing: 'voq', seed: 5, flows: flowsOf(topology.hosts, 4, 0.85) }); f.run(2e-3, 5e-4); return dump(f); },
  fifo8vl: (t) => { const topology = t.N.fatTreeTopology(4); const f = t.F.buildFabric({ topology, vls: 8, seed: 6, flows: flowsOf(topology.hosts, 8, 0.95) }); f.run(2e-3, 5e-4); return dump(f); },
  fifo15vlShared: (t) => { const topology = t.N.fatTreeTopology(4); const f = t.F.buildFabric({ topology, vls: 15, inputBufferSharing: 'shared', seed: 7, flows: flowsOf(topology.hosts, 15, 0.95) }); f.run(2e-3, 5e-4); return dump(f); },
  shared2vlVoq: (t) => { const topology = t.N.fatTreeTopology(4); const f = t.F.buildFabric({ topology, vls: 2, inputQueueing: 'voq', inputBufferSharing: 'shared', seed: 8, flows: flowsOf(topology.hosts, 2, 0.95) }); f.run(2e-3, 5e-4); return dump(f); },
  outBuf3vl: (t) => { const topology = t.N.fatTreeTopology(4); const f = t.F.buildFabric({ topology, vls: 3, outputBufferBytes: 4096, crossbarSpeedup: 2, seed: 9, flows: flowsOf(topology.hosts, 3, 0.9) }); f.run(2e-3, 5e-4); return dump(f); },
  outBufVariedExpo: (t) => { const topology = varied(t.N.fatTreeTopology(4), true); const f = t.F.buildFabric({ topology, vls: 2, outputBufferBytes: 8192, seed: 10, flows: flowsOf(topology.hosts, 2, 0.6) }); f.run(2e-3, 5e-4); return dump(f); },
  voqVariedExpo4vl: (t) => { const topology = varied(t.N.fatTreeTopology(4), true); const f = t.F.buildFabric({ topology, vls: 4, inputQueueing: 'voq', seed: 11, flows: flowsOf(topology.hosts, 4, 0.6) }); f.run(2e-3, 5e-4); return dump(f); },
  meshVariedSaf: (t) => { const topology = varied(t.N.meshTopology(4, 4, { torus: true, datelines: true }), false); const f = t.F.buildFabric({ topology, vls: 2, cutThrough: false, seed: 12, flows: flowsOf(topology.hosts, 1, 0.5) }); f.run(2e-3, 5e-4); return dump(f); },
  ecnPerVl4: (t) => { const topology = t.N.fatTreeTopology(4); const f = t.F.buildFabric({ topology, vls: 4, marking: { kind: 'ecn', perVl: true }, seed: 13, flows: flowsOf(topology.hosts, 4, 0.95) }); f.run(2e-3, 5e-4); return dump(f); },
  ibccHot: (t) => { const topology = t.N.fatTreeTopology(4); const hosts = topology.hosts; const f = t.F.buildFabric({ topology, vls: 2, marking: { kind: 'ibcc', thresholdFraction: 0.5 }, seed: 14,
    flows: hosts.map((h: any, i: number) => ({ name: h.name, source: h.name, destination: i === 0 ? hosts[1].name : hosts[0].name, sl: i % 2, traffic: { kind: 'saturated' }, rateControl: { kind: 'ibcc' }, sendQueuePackets: 8 })) }); f.run(2e-3, 5e-4); return dump(f); },
  hostRecvVlFifoArb: (t) => { const topology = t.N.fatTreeTopology(4); const f = t.F.buildFabric({ topology, vls: 4, hostReceiveGbps: 1.5, hostQueueing: 'vl-fifo', seed: 15,
    arbitration: { high: [{ vl: 3, weight: 4 }], low: [{ vl: 0, weight: 2 }, { vl: 1, weight: 8 }, { vl: 2, weight: 1 }, { vl: 0, weight: 3 }], limitOfHighPriority: 2 }, flows: flowsOf(topology.hosts, 4, 0.8) }); f.run(2e-3, 5e-4); return dump(f); },
  gran: (t) => { const s = t.C ? new t.C.RandomStreams(3) : null; const { fabric } = t.S.ibccFatTreeFabric(t.S.parseIbccFatTree({ radix: 4, hotspots: 1 }), s); fabric.run(1e-3, 2e-4); return dump(fabric); },
  distinctClasses: (t) => { const base = t.N.fatTreeTopology(4); const topology = { ...base, links: base.links.map((l: any, i: number) => ({ ...l, rateGbps: 2.5 + 0.01 * i, delayNs: 10 + i })) }; const f = t.F.buildFabric({ topology, vls: 2, seed: 16, flows: flowsOf(topology.hosts, 2, 0.8) }); f.run(2e-3, 5e-4); return dump(f); },
  vl1: (t) => { const topology = t.N.fatTreeTopology(4); const f = t.F.buildFabric({ topology, vls: 1, seed: 17, flows: flowsOf(topology.hosts, 1, 0.95) }); f.run(2e-3, 5e-4); return dump(f); },
  vl5voq: (t) => { const topology = t.N.fatTreeTopology(4); const f = t.F.buildFabric({ topology, vls: 5, inputQueueing: 'voq', seed: 18, flows: flowsOf(topology.hosts, 5, 0.95) }); f.run(2e-3, 5e-4); return dump(f); },
  vl7shared: (t) => { const topology = t.N.fatTreeTopology(4); const f = t.F.buildFabric({ topology, vls: 7, inputBufferSharing: 'shared', seed: 19, flows: flowsOf(topology.hosts, 7, 0.95) }); f.run(2e-3, 5e-4); return dump(f); },
  vl15voqOut: (t) => { const topology = t.N.fatTreeTopology(4); const f = t.F.buildFabric({ topology, vls: 15, outputBufferBytes: 4096, seed: 20, flows: flowsOf(topology.hosts, 15, 0.95) }); f.run(2e-3, 5e-4); return dump(f); },
  deadlockFifo: (t) => { const topology = t.N.meshTopology(4, 4, { torus: true, datelines: false }); try { t.F.buildFabric({ topology, vls: 2, deadlockUs: 100, seed: 3, flows: topology.hosts.map((h: any) => ({ name: h.name, source: h.name, destination: 'uniform' })) }).run(10e-3); return 'none'; } catch (e: any) { return `${e.message} ${JSON.stringify(e.cycle)}`; } },
  deadlockVoq: (t) => { const topology = t.N.meshTopology(4, 4, { torus: true, datelines: false }); try { t.F.buildFabric({ topology, vls: 2, inputQueueing: 'voq', deadlockUs: 100, seed: 3, flows: topology.hosts.map((h: any) => ({ name: h.name, source: h.name, destination: 'uniform' })) }).run(10e-3); return 'none'; } catch (e: any) { return `${e.message} ${JSON.stringify(e.cycle)}`; } },
};
const [A, B] = await Promise.all([load(a), load(b)]);
let all = true;
for (const [name, fn] of Object.entries(cases)) {
  if (only && !only.split(',').includes(name)) continue;
  let x: string, y: string;
  try { x = fn(A); } catch (e: any) { x = 'THROW ' + e.message; }
  try { y = fn(B); } catch (e: any) { y = 'THROW ' + e.message; }
  const same = x === y; all &&= same;
  console.log(`${name}: ${same ? 'identical' : 'DIFFERENT'} (${x.length} chars, md5 ${createHash('md5').update(x).digest('hex').slice(0, 8)}) ${x.startsWith('THROW') || !same ? x.slice(0, 300) + ' || ' + y.slice(0, 300) : ''}`);
}
if (!all) process.exitCode = 1;

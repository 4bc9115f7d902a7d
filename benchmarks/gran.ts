/**
 * Seed gran-…'s Table II at 648 nodes (the `ibcc-fat-tree` scenario), and the fabric's speed on that
 * topology.
 *
 *   npm run bench:gran                                  # Table II, 648 nodes, 5 ms warm-up + 10 ms
 *   npm run bench:gran -- --warmup-ms 30 --measure-ms 10 # CC's steady state
 *   npm run bench:gran -- --warmup-ms 0 --measure-ms 100 # the paper's 0.1 s timeslot from t = 0
 *   npm run bench:gran -- --radix 12 --seeds 1,2,3
 *   npm run bench:gran -- --cases hotspots --warmup-ms 0 --measure-ms 100   # only the hotspot cases
 *
 * Speed: every case prints the CPU and wall time of the whole run (warm-up + measured), and the
 * packet-hops (packets sent on links, host links included) of the measured window over that
 * window's CPU time; the peer in the same run is the fabric benchmark's 128-host k = 8 fat-tree at
 * 70 % uniform load (benchmarks/sim-fabric.ts), so the ratio survives a busy machine.
 */
import { fatTreeTopology } from '../src/network/index.js';
import { buildFabric } from '../src/sim/fabric/index.js';
import { ibccFatTreeFabric, parseIbccFatTree, type IbccFatTreeParams } from '../src/studies/index.js';
import { RandomStreams } from '../src/sim/random/streams.js';
import { machineLine } from './harness.js';

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1]! : fallback;
}
const radix = Number(option('radix', '36'));
const warmup = Number(option('warmup-ms', '5')) * 1e-3;
const measure = Number(option('measure-ms', '10')) * 1e-3;
const seeds = option('seeds', '1').split(',').map(Number);
/** 'all' (default) or 'hotspots' (only the two cases with hotspots: long windows). */
const which = option('cases', 'all');

/** Seed gran-…'s Table II (Gb/s). */
const PAPER = {
  noHotspotsNoCc: 2.699,
  noHotspotsCc: 2.701,
  hotspotNoCc: 13.602,
  nonHotspotNoCc: 0.168,
  hotspotCc: 13.279,
  nonHotspotCc: 2.246,
  totalNoCc: 216.073,
  totalCc: 1543.793,
};

interface Run {
  readonly hotspot: number;
  readonly nonHotspot: number;
  readonly average: number;
  readonly total: number;
  readonly hops: number;
  /** CPU seconds of the whole run and of the measured window. */
  readonly cpu: number;
  readonly cpuWindow: number;
  readonly wall: number;
}

function runCase(params: Partial<IbccFatTreeParams>, seed: number): Run {
  const p = parseIbccFatTree({ radix, ...params });
  const { fabric, traffic } = ibccFatTreeFabric(p, new RandomStreams(seed), 0);
  const cpuSeconds = (c: NodeJS.CpuUsage): number => (c.user + c.system) / 1e6;
  const c0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  fabric.run(warmup, warmup); // stops just before the statistics reset at `warmup`
  const c1 = process.cpuUsage();
  fabric.run(warmup + measure);
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  const m = fabric.measurements();
  const r = traffic.receiveRates(warmup + measure);
  return { ...r, hops: m.packetHops, cpu: cpuSeconds(process.cpuUsage(c0)), cpuWindow: cpuSeconds(process.cpuUsage(c1)), wall };
}

function mean(runs: readonly Run[], pick: (r: Run) => number): number {
  return runs.reduce((s, r) => s + pick(r), 0) / runs.length;
}

function peerSpeed(): number {
  const topology = fatTreeTopology(8);
  const R = 2.5e9 / 8 / 2048;
  const fabric = buildFabric({
    topology,
    vls: 1,
    flows: topology.hosts.map((h) => ({ name: h.name, source: h.name, destination: 'uniform', traffic: { kind: 'poisson' as const, rate: 0.7 * R }, sendQueuePackets: 256 })),
  });
  const c0 = process.cpuUsage();
  fabric.run(0.02);
  const c = process.cpuUsage(c0);
  return fabric.measurements().packetHops / ((c.user + c.system) / 1e6);
}

console.log(`# ibcc-fat-tree (Gran et al. Table II) — ${machineLine()}`);
console.log(`radix ${radix} (${(radix * radix) / 2} hosts), warm-up ${warmup * 1e3} ms, measured ${measure * 1e3} ms, seeds ${seeds.join(',')}`);
peerSpeed(); // JIT warm-up of the shared fabric code
const peer = peerSpeed();
const cases: [string, Partial<IbccFatTreeParams>][] = [
  ['no hotspots, no CC', { hotspots: 0, cc: 'off' }],
  ['no hotspots, CC on', { hotspots: 0, cc: 'on' }],
  ['hotspots, no CC', { cc: 'off' }],
  ['hotspots, CC on', { cc: 'on' }],
];
const results = new Map<string, Run[]>();
console.log('');
console.log('| case | packet-hops (measured window) | CPU, whole run (s) | wall, whole run (s) | packet-hops/CPU-s (measured window) | ratio to peer |');
console.log('|---|---|---|---|---|---|');
for (const [name, params] of cases) {
  if (which === 'hotspots' && params.hotspots === 0) continue;
  const runs = seeds.map((s) => runCase(params, s));
  results.set(name, runs);
  const r = runs[0]!;
  const speed = r.hops / r.cpuWindow;
  console.log(`| ${name} | ${r.hops} | ${r.cpu.toFixed(2)} | ${r.wall.toFixed(2)} | ${(speed / 1e6).toFixed(2)} M | ${(speed / peer).toFixed(2)} |`);
}
console.log(`| peer: fat-tree k=8, 128 hosts, uniform 70 %, 20 ms | | | | ${(peer / 1e6).toFixed(2)} M | 1 |`);

const row = (label: string, paper: number, ours: number): string =>
  `| ${label} | ${paper.toFixed(3)} | ${ours.toFixed(3)} | ${(ours / paper).toFixed(3)} |`;
const get = (name: string, pick: (r: Run) => number): number => (results.has(name) ? mean(results.get(name)!, pick) : NaN);
console.log('');
console.log('| Table II (Gb/s) | paper | ours | ours/paper |');
console.log('|---|---|---|---|');
console.log(row('no hotspots, no CC: avg. receive rate', PAPER.noHotspotsNoCc, get('no hotspots, no CC', (r) => r.average)));
console.log(row('no hotspots, CC on: avg. receive rate', PAPER.noHotspotsCc, get('no hotspots, CC on', (r) => r.average)));
console.log(row('hotspots, no CC: hotspots avg. rcv.', PAPER.hotspotNoCc, get('hotspots, no CC', (r) => r.hotspot)));
console.log(row('hotspots, no CC: non-hotspots avg. rcv.', PAPER.nonHotspotNoCc, get('hotspots, no CC', (r) => r.nonHotspot)));
console.log(row('hotspots, CC on: hotspots avg. rcv.', PAPER.hotspotCc, get('hotspots, CC on', (r) => r.hotspot)));
console.log(row('hotspots, CC on: non-hotspots avg. rcv.', PAPER.nonHotspotCc, get('hotspots, CC on', (r) => r.nonHotspot)));
console.log(row('total network throughput, hotspots, without CC', PAPER.totalNoCc, get('hotspots, no CC', (r) => r.total)));
console.log(row('total network throughput, hotspots, with CC', PAPER.totalCc, get('hotspots, CC on', (r) => r.total)));
const gain = get('hotspots, CC on', (r) => r.total) / get('hotspots, no CC', (r) => r.total);
console.log(`| CC's total-throughput gain | ${(PAPER.totalCc / PAPER.totalNoCc).toFixed(2)} | ${gain.toFixed(2)} | ${(gain / (PAPER.totalCc / PAPER.totalNoCc)).toFixed(3)} |`);

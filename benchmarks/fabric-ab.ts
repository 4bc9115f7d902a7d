/**
 * Same-process A/B of two source trees on `npm run bench:fabric`'s cases (benchmarks/sim-fabric.ts):
 * congestion-spreading in its former set-up without rate control, with FIMD and with IB CC, and the
 * 128-host k = 8 fat-tree at 50 % and 70 % uniform load. Per case both trees' fabrics are built and
 * advanced alternately by segments of simulated time (the tree that goes first alternates), the CPU
 * time of each segment measured (process.cpuUsage), so the load of a shared machine hits both alike;
 * prints, per case, M packet-hops per CPU-second (medians) and the median and range of the
 * per-segment ratio B / A, and whether both trees sent the same packet-hops.
 *
 *   npx tsx benchmarks/fabric-ab.ts A_TREE B_TREE [segments]
 *   npx tsx benchmarks/fabric-ab.ts /tmp/base . 8
 *
 * A tree is a directory with the project's src/ (git archive <commit> src), package.json and a
 * node_modules link beside it (benchmarks/gran-ab.ts says why). Each tree is read through its
 * src/index.ts, so any layout of src/ works.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { hopsPerCpuSecond } from './harness.js';

interface Run {
  run(until: number): void;
  measurements(): { packetHops: number };
}
interface Lib {
  buildFabric(o: unknown): Run;
  fatTreeTopology(k: number): { hosts: { name: string }[] };
  congestionSpreadingFabric(p: unknown): Run;
  parseCongestionSpreading(p: unknown): unknown;
  CONGESTION_SPREADING_FORMER_SET_UP: object;
}

const [a, b, segArg = '8'] = process.argv.slice(2);
if (a === undefined || b === undefined) throw new Error('usage: fabric-ab.ts A_TREE B_TREE [segments]');
const segments = Number(segArg);
const libs = (await Promise.all([a, b].map((tree) => import(pathToFileURL(resolve(tree, 'src/index.ts')).href)))) as Lib[];

const R = 2.5e9 / 8 / 2048;
const fatTree = (L: Lib, load: number): Run => {
  const topology = L.fatTreeTopology(8);
  const flows = topology.hosts.map((h) => ({ name: h.name, source: h.name, destination: 'uniform', traffic: { kind: 'poisson', rate: load * R }, sendQueuePackets: 256 }));
  return L.buildFabric({ topology, vls: 1, flows });
};
const spreading = (L: Lib, rateControl: string): Run => L.congestionSpreadingFabric(L.parseCongestionSpreading({ rateControl, ...L.CONGESTION_SPREADING_FORMER_SET_UP }));
const CASES: readonly { name: string; build: (L: Lib) => Run; until: number }[] = [
  { name: 'congestion-spreading, none', build: (L) => spreading(L, 'none'), until: 0.5 },
  { name: 'congestion-spreading, fimd', build: (L) => spreading(L, 'fimd'), until: 0.5 },
  { name: 'congestion-spreading, ibcc', build: (L) => spreading(L, 'ibcc'), until: 0.5 },
  { name: 'fat-tree k=8, uniform 50 %', build: (L) => fatTree(L, 0.5), until: 0.02 },
  { name: 'fat-tree k=8, uniform 70 %', build: (L) => fatTree(L, 0.7), until: 0.02 },
];
const median = (x: number[]): number => [...x].sort((p, q) => p - q)[x.length >> 1]!;

for (const c of CASES) {
  const fabrics = libs.map((L) => c.build(L));
  const step = c.until / (segments + 1);
  for (const f of fabrics) f.run(step); // the first segment warms the JIT up, unmeasured
  const rates: number[][] = [[], []];
  for (let k = 1; k <= segments; k++) {
    const t = step * (k + 1);
    for (let i = 0; i < 2; i++) {
      const which = (i + k) % 2;
      const f = fabrics[which]!;
      rates[which]!.push(hopsPerCpuSecond(() => f.measurements().packetHops, () => f.run(t)));
    }
  }
  const ratios = rates[0]!.map((r, i) => rates[1]![i]! / r);
  const hops = fabrics.map((f) => f.measurements().packetHops);
  console.log(
    `${c.name}: A ${median(rates[0]!).toFixed(3)} M/s, B ${median(rates[1]!).toFixed(3)} M/s, B/A median ${median(ratios).toFixed(3)} [${Math.min(...ratios).toFixed(3)}, ${Math.max(...ratios).toFixed(3)}]; packet-hops ${hops[0] === hops[1] ? `identical (${hops[0]})` : `DIFFER ${hops.join(' vs ')}`}`,
  );
}

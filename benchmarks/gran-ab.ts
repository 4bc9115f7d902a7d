/**
 * Same-process A/B of two source trees on the 648-node `ibcc-fat-tree` (issue 16's speed work): both
 * trees' fabrics are built (seed 1) and run to 2.1 ms (warm-up ends at 2 ms), then advanced
 * alternately by segments, the CPU time of each segment measured (process.cpuUsage), so the load of
 * a shared machine hits both alike. Prints M packet-hops per CPU-second per segment, the medians and
 * the median and range of the per-segment ratio B / A.
 *
 *   npx tsx benchmarks/gran-ab.ts A_TREE B_TREE [cc on|off] [hotspots 0|default] [segments] [segment ms]
 *   npx tsx benchmarks/gran-ab.ts /tmp/main-copy . on 0 12 0.5
 *
 * A tree is a directory with the project's src/ (e.g. `git archive <commit> src | tar -x -C DIR`).
 * Put the project's package.json beside that src/ and link node_modules, in *both* trees: without
 * package.json ("type": "module") the same source ran 1.24–1.42× slower (benchmarks/README.md, gran).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { hopsPerCpuSecond } from './harness.js';

interface Run {
  run(until: number, warmUp?: number): void;
  measurements(): { packetHops: number };
}

const [a, b, cc = 'on', hotspots = 'default', segArg = '12', msArg = '0.5'] = process.argv.slice(2);
if (a === undefined || b === undefined) throw new Error('usage: gran-ab.ts A_TREE B_TREE [cc] [hotspots] [segments] [segment ms]');
const segments = Number(segArg);
const segment = Number(msArg) * 1e-3;
const fabrics: Run[] = [];
for (const tree of [a, b]) {
  // the seed studies moved from src/sim/fabric to src/studies (issue 30): either layout is read
  const studies = resolve(tree, 'src/studies/index.ts');
  const F = await import(pathToFileURL(existsSync(studies) ? studies : resolve(tree, 'src/sim/fabric/index.ts')).href);
  const S = await import(pathToFileURL(resolve(tree, 'src/sim/random/streams.ts')).href);
  const params = F.parseIbccFatTree({ radix: 36, cc, ...(hotspots === '0' ? { hotspots: 0 } : {}) });
  const { fabric } = F.ibccFatTreeFabric(params, new S.RandomStreams(1), 0) as { fabric: Run };
  fabric.run(0.0021, 0.002);
  fabrics.push(fabric);
}
const rates: number[][] = [[], []];
let t = 0.0021;
for (let k = 0; k < segments; k++) {
  t += segment;
  for (let i = 0; i < 2; i++) {
    const which = (i + k) % 2; // alternate which tree goes first
    const f = fabrics[which]!;
    rates[which]!.push(hopsPerCpuSecond(() => f.measurements().packetHops, () => f.run(t)));
  }
}
const median = (x: number[]): number => [...x].sort((p, q) => p - q)[x.length >> 1]!;
const ratios = rates[0]!.map((r, i) => rates[1]![i]! / r);
console.log(
  JSON.stringify({
    cc,
    hotspots,
    a: rates[0]!.map((x) => +x.toFixed(3)),
    b: rates[1]!.map((x) => +x.toFixed(3)),
    medianA: +median(rates[0]!).toFixed(3),
    medianB: +median(rates[1]!).toFixed(3),
    medianRatio: +median(ratios).toFixed(3),
    ratioRange: [+Math.min(...ratios).toFixed(3), +Math.max(...ratios).toFixed(3)],
  }),
);

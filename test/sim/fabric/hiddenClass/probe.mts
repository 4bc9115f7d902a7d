// Run by hiddenClass.test.ts as `node --allow-natives-syntax --import tsx probe.mts`: builds two
// identical ibcc-fat-tree fabrics (radix 4), runs both to just before the statistics reset at the
// warm-up's end, runs one past it, and prints whether each statistics object kept its hidden class.
import { ibccFatTreeFabric, parseIbccFatTree } from '../../../../src/studies/index.js';
import { RandomStreams } from '../../../../src/sim/random/streams.js';

// %HaveSameMap is V8 syntax, not TypeScript: built with new Function so that tsx passes it through.
const haveSameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;

const warm = 200e-6;
const runs = [0, 1].map(() => {
  const { fabric, traffic } = ibccFatTreeFabric(parseIbccFatTree({ radix: 4, hotspots: 1, cc: 'on' }), new RandomStreams(1), 0);
  fabric.run(warm, warm);
  return { fabric, traffic };
});
runs[0]!.fabric.run(warm + 50e-6);
const stats = (f: unknown): object => (f as { stats: object }).stats;
console.log(
  JSON.stringify({
    stats: haveSameMap(stats(runs[0]!.fabric), stats(runs[1]!.fabric)),
    traffic: haveSameMap(runs[0]!.traffic as object, runs[1]!.traffic as object),
    fabric: haveSameMap(runs[0]!.fabric, runs[1]!.fabric),
  }),
);

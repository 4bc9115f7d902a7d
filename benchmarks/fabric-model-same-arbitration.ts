/**
 * fabric-model-same.ts for the ports the reference cases do not reach (issue 31, speed work, session 17):
 * one-VL VoQ networks whose arbitration tables take the general port step of the one-VL pass
 * (src/model/fixedPoint/oneVlVoqPorts.ts) — VL 0 in the high table, in both tables with a limit of high
 * priority, a host table of its own — on three reference topologies at 30, 70, 95, 120 and 200 % of the
 * simulated saturation load. Both trees solve the same params; a solve differs where the iteration count
 * or `JSON.stringify` of the flows or channels differs (bit for bit, to the character).
 *
 *   node --import tsx benchmarks/fabric-model-same-arbitration.ts /path/to/other/src
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as here from '../src/model/index.js';

const other = process.argv[2];
if (other === undefined) throw new Error('usage: fabric-model-same-arbitration.ts /path/to/other/src');
const there = (await import(join(other, 'model', 'index.ts'))) as typeof here;
const DIR = join(import.meta.dirname, '..', 'test', 'fixtures', 'fabric-model');
const tables = [
  { arbitration: { high: [{ vl: 0, weight: 4 }], low: [], limitOfHighPriority: 255 } },
  { hostArbitration: { high: [{ vl: 0, weight: 4 }], low: [{ vl: 0, weight: 2 }], limitOfHighPriority: 10 } },
  { arbitration: { high: [{ vl: 0, weight: 4 }], low: [{ vl: 0, weight: 8 }], limitOfHighPriority: 3 } },
];
let solves = 0;
let differing = 0;
for (const name of ['4ary2tree-uniform-1sl', 'mesh8x8-transpose-1sl', 'alfaro16-bitcomp-1sl']) {
  const c = JSON.parse(readFileSync(join(DIR, `${name}.json`), 'utf8')) as { scenarioFile: string; points: { label: string; flowRatePps: number }[] };
  const scenario = JSON.parse(readFileSync(join(DIR, c.scenarioFile), 'utf8')) as { params: { flows: object[] } & Record<string, unknown> };
  const saturation = c.points.find((p) => p.label === '90%')!.flowRatePps / 0.9;
  for (const table of tables) {
    for (const share of [0.3, 0.7, 0.95, 1.2, 2]) {
      const params = { ...scenario.params, ...table, inputQueueing: 'voq', flows: scenario.params.flows.map((f) => ({ ...f, traffic: { kind: 'poisson', rate: share * saturation } })) };
      const a = there.solveFabric(there.fabricModelNetwork(params));
      const b = here.solveFabric(here.fabricModelNetwork(params));
      solves++;
      if (a.diagnostics.iterations !== b.diagnostics.iterations || JSON.stringify(a.flows) !== JSON.stringify(b.flows) || JSON.stringify(a.channels) !== JSON.stringify(b.channels)) {
        differing++;
        console.log(`${name} ${JSON.stringify(table)} at ${share} of saturation: differs`);
      }
    }
  }
}
console.log(`${solves} solves, ${differing} differ`);

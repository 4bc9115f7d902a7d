/**
 * Prints the table "What the files hold" of test/fixtures/fabric-model/README.md from the case files:
 * per case the saturation load, the accepted load at overload, and per point the replications,
 * the flows whose latency half-width is within 2 % of the mean, and the simulator's CPU time per
 * replication.
 *
 *   npx tsx benchmarks/fabric-model-reference/table.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const DIR = join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'fabric-model');

interface Point {
  label: string;
  replications: number;
  latencyQualified: [number, number];
  cost: { cpuMsPerReplication: number[] };
}

const rows = ['| case | saturation load | accepted at load 1 | SL 1 share, busy switch ports (median) | 1 % | 50 % | 70 % | 90 % | CPU s (case) |', '|---|---|---|---|---|---|---|---|---|'];
for (const f of readdirSync(DIR).filter((n) => n.endsWith('.json')).sort()) {
  const c = JSON.parse(readFileSync(join(DIR, f), 'utf8'));
  const cell = (p: Point): string => `${p.replications} × ${(p.cost.cpuMsPerReplication[0]! / 1000).toFixed(2)} s, ${p.latencyQualified[0]}/${p.latencyQualified[1]}`;
  const share = c.saturation.overload.slShareOnBusyPorts?.switch;
  rows.push(
    `| ${c.case} | ${c.saturation.load.toFixed(3)} | ${c.saturation.overload.acceptedLoad[0].toFixed(3)} ± ${c.saturation.overload.acceptedLoad[1].toFixed(3)} | ${share?.ports ? `${share.sl1ShareMedian.toFixed(3)} (${share.ports} ports)` : '–'} | ${c.points.map(cell).join(' | ')} | ${c.cpuSecondsForCase} |`,
  );
}
process.stdout.write(`${rows.join('\n')}\n\nPoint cells: replications × CPU s per replication, flows with latency half-width ≤ 2 % of the mean / flows.\n`);

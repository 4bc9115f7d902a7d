/**
 * H44c (issue 31, entry 391): per flow of one fixture point, the simulator's mean latency ± its 95 % half-width, whether the
 * score counts it (half-width within 2 % of the mean), the model's latency and its error, and the queueing delays (latency
 * less the 1 % point's, both sides) — the flows behind a point's max, largest error first. As fabric-model-score.ts solves
 * them (every flow Poisson at the point's rate; solveFabric's defaults).
 *
 *     npx tsx benchmarks/model-flow-errors.ts alfaro16-bitcomp-1sl 90% [--rows 12] [--scored]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fabricModelNetwork } from '../src/model/spec/scenario.js';
import { solveFabric } from '../src/model/index.js';

const args = process.argv.slice(2);
const [name, label] = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--rows');
if (name === undefined || label === undefined) throw new Error('usage: model-flow-errors.ts CASE LABEL [--rows N] [--scored]');
const rowsWanted = args.includes('--rows') ? Number(args[args.indexOf('--rows') + 1]) : 12;
const dir = join(import.meta.dirname, '..', 'test', 'fixtures', 'fabric-model');
const c = JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8'));
const sc = JSON.parse(readFileSync(join(dir, c.scenarioFile), 'utf8'));
const at = (pps: number) => ({ ...sc.params, flows: sc.params.flows.map((f: object) => ({ ...f, traffic: { kind: 'poisson', rate: pps } })) });
const pt = c.points.find((p: { label: string }) => p.label === label);
const base = c.points.find((p: { label: string }) => p.label === '1%');
if (pt === undefined || base === undefined) throw new Error(`model-flow-errors.ts: ${name} has no point ${label} (or no 1 % point)`);
const r = solveFabric(fabricModelNetwork(at(pt.flowRatePps)));
const r0 = solveFabric(fabricModelNetwork(at(base.flowRatePps)));
const rows: [string, boolean, number, number, number, number, number, number][] = [];
for (const [flow, v] of Object.entries(pt.flows) as [string, number[]][]) {
  const model = r.metrics.latency[flow];
  if (model === undefined) continue;
  const scored = v[2]! > 0 && Math.abs(v[3]!) <= 0.02 * v[2]!;
  if (args.includes('--scored') && !scored) continue;
  const simWait = v[2]! - base.flows[flow][2];
  const modelWait = model - r0.metrics.latency[flow]!;
  rows.push([flow, scored, v[2]!, v[3]!, model, (model - v[2]!) / v[2]!, simWait, (modelWait - simWait) / simWait]);
}
rows.sort((a, b) => Math.abs(b[5]) - Math.abs(a[5]));
console.log('flow | scored | sim µs ± hw | model µs | error | sim queueing µs | queueing error');
for (const [flow, scored, m, hw, model, err, w, werr] of rows.slice(0, rowsWanted))
  console.log(`${flow} | ${scored ? 'yes' : 'no'} | ${m.toFixed(3)} ± ${hw.toFixed(3)} | ${model.toFixed(3)} | ${(100 * err).toFixed(1)} % | ${w.toFixed(3)} | ${(100 * werr).toFixed(1)} %`);

/**
 * Why a case fails "each SL's share of a saturated link within 3 %" (docs/fabric-model.md, session 14
 * H31e): for each switch port the simulator saturates at offered load 1 where the model's SL 1 share is
 * more than 0.03 off, the flows that cross it — their VL there, the model's rate and what caps it, the
 * simulator's rate and delivered/offered — and the per-VL Gb/s of both sides; beside the model, the
 * plain weighted max-min (max-min over the links with each port's VL shares by its arbitration table,
 * a VL's share its table share or its demand, whichever is less, the leftover to the others; no head
 * times, no credit waits) — what the links and tables alone give.
 *
 *     npx tsx benchmarks/fabric-model-share-causes.ts CASE [--all]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fabricModelNetwork } from '../src/model/spec/scenario.js';
import { solveModel } from '../src/model/solve.js';
import { modelResult } from '../src/model/results/assemble.js';
import { weightedMaxMin } from '../src/model/routes/weightedMaxmin.js';
import { compiledModel } from '../src/model/spec/compile.js';
import { simSl1Share, modelSl1Share } from './fabric-model-reference/slShare.js';

const args = process.argv.slice(2);
const name = args[0];
if (name === undefined) throw new Error('usage: fabric-model-share-causes.ts CASE [--all]');
const dir = join(import.meta.dirname, '..', 'test', 'fixtures', 'fabric-model');
const c = JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8'));
const scenario = JSON.parse(readFileSync(join(dir, c.scenarioFile), 'utf8'));
const pps = (c.rateGbps * 1e9) / (2048 * 8) / c.flowsPerSender;
const params = { ...scenario.params, flows: scenario.params.flows.map((f: Record<string, unknown>) => ({ ...f, traffic: { kind: 'poisson', rate: pps } })) };
const net = fabricModelNetwork(params);
const sm = solveModel(net, 1e-7, 200, 0.5);
const r = modelResult(sm);
const m = compiledModel(net);
const law = weightedMaxMin(m, net, args.includes('--heads') ? { headTime: sm.s.headTime } : {});
const sim = c.saturation.overload.summary as { ports: Record<string, number[]>; flows: Record<string, number[]> };
const V = c.vls as number;
const half = V / 2;
const portIndex = new Map(net.ports.map((p, i) => [p.name, i]));
const gbps = (pkts: number, f: number) => (pkts * net.flows[f]!.meanBytes * 8) / 1e9;
console.log(`${name}: model converged ${sm.converged} (${sm.iterations} it., residual ${sm.residual.toExponential(2)})${sm.overloadScale !== undefined ? `, overload scale ${sm.overloadScale}` : ''}; weighted max-min: ${law.rounds} rounds, settled ${law.settled}`);
let lawWithin = 0;
let lawLargest = 0;
let lawPorts = 0;
for (const [pname, row] of Object.entries(sim.ports)) {
  if (!pname.includes(':') || !(row[0]! >= 0.97)) continue;
  const p = portIndex.get(pname)!;
  const simShare = simSl1Share(row, V);
  const modelShare = modelSl1Share(r, pname, V);
  let lt = 0;
  let l1 = 0;
  for (let v = 0; v < V; v++) ((lt += law.channelLoad[p * V + v]!), v >= half && (l1 += law.channelLoad[p * V + v]!));
  const lawShare = lt > 0 ? l1 / lt : NaN;
  lawPorts++;
  const dl = Math.abs(lawShare - simShare);
  if (dl <= 0.03) lawWithin++;
  lawLargest = Math.max(lawLargest, dl);
  const d = Math.abs(modelShare - simShare);
  if (d <= 0.03 && !args.includes('--all')) continue;
  const simVl: number[] = [];
  for (let i = 4; i < row.length; i += 2) simVl.push(row[i]!);
  const modelVl = Array.from({ length: V }, (_, v) => (r.channels.find((x) => x.port === pname && x.vl === v)?.utilization ?? 0) * c.rateGbps);
  const lawVl = Array.from({ length: V }, (_, v) => law.channelLoad[p * V + v]! * c.rateGbps);
  console.log(`\n${pname}: SL1 share model ${modelShare.toFixed(3)} law ${lawShare.toFixed(3)} sim ${simShare.toFixed(3)} (|Δ| ${d.toFixed(3)}); util model ${(r.ports.find((x) => x.name === pname)?.utilization ?? 0).toFixed(3)}`);
  console.log(`  per-VL Gb/s model ${modelVl.map((x) => x.toFixed(3)).join(' ')} | law ${lawVl.map((x) => x.toFixed(3)).join(' ')} | sim ${simVl.map((x) => x.toFixed(3)).join(' ')}`);
  net.flows.forEach((f, i) => {
    const h = f.path.indexOf(p);
    if (h < 0) return;
    const fr = r.flows[i]!;
    const s = sim.flows[f.name];
    console.log(`  ${f.name.padEnd(10)} VL ${f.vls[h]} hop ${h}/${f.path.length - 1}  model ${fr.throughput.toFixed(3)} (${fr.cappedBy || '–'})  law ${gbps(law.rate[i]!, i).toFixed(3)} (${resourceName(law.bottleneck[i]!)})  sim ${s ? s[0]!.toFixed(3) : '–'} (d/o ${s ? s[4]!.toFixed(3) : '–'})`);
  });
}
console.log(`\nweighted max-min: within 0.03 on ${lawWithin} of ${lawPorts} ports, largest ${lawLargest.toFixed(3)}`);

function resourceName(b: number): string {
  if (b < 0) return '–';
  if (b < m.P) return net.ports[b]!.name;
  if (b < m.P + m.C) return `${net.ports[((b - m.P) / m.V) | 0]!.name} VL ${(b - m.P) % m.V}`;
  return `input after ${net.ports[((b - m.P - m.C) / m.V) | 0]!.name} VL ${(b - m.P - m.C) % m.V}`;
}

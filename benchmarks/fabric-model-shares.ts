/**
 * The model's allocation at offered load 1 beside the simulator's overload point (the reference's
 * `saturation.overload.summary`), port by port and flow by flow: what "each SL's share of a
 * saturated link" compares (benchmarks/fabric-model-score.ts prints only the medians).
 *
 *     npx tsx benchmarks/fabric-model-shares.ts CASE [--ports all|busy] [--flows]
 *
 * Per port: utilisation and SL 1's share of what it sent, model / simulator (SL 1 on the upper half
 * of the VLs, as make.ts's slShares). Per flow (`--flows`): throughput in Gb/s, model / simulator.
 *
 * The last line is the acceptance point "each SL's share of a saturated link within 3 %" as read in
 * docs/fabric-model.md (fabric-model-reference/slShare.ts: every switch port the simulator saturates,
 * the model's SL 1 share there within 0.03, busy or not in the model); the medians over each side's own
 * busy ports (the scoreboard's older figure) are printed beside it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fabricModelNetwork } from '../src/model/spec/scenario.js';
import { solveFabric } from '../src/model/index.js';
import { slShareAcceptance } from './fabric-model-reference/slShare.js';

const args = process.argv.slice(2);
const name = args[0];
if (name === undefined) throw new Error('usage: fabric-model-shares.ts CASE [--ports all|busy] [--flows]');
const dir = join(import.meta.dirname, '..', 'test', 'fixtures', 'fabric-model');
const c = JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8'));
const scenario = JSON.parse(readFileSync(join(dir, c.scenarioFile), 'utf8'));
const pps = (c.rateGbps * 1e9) / (2048 * 8) / c.flowsPerSender;
const params = { ...scenario.params, flows: scenario.params.flows.map((f: Record<string, unknown>) => ({ ...f, traffic: { kind: 'poisson', rate: pps } })) };
const r = solveFabric(fabricModelNetwork(params));
const sim = c.saturation.overload.summary as { ports: Record<string, number[]>; flows: Record<string, number[]> };
const allPorts = args.includes('--ports') && args[args.indexOf('--ports') + 1] === 'all';
const half = c.vls / 2;
console.log(`${name}: converged ${r.diagnostics.converged}, iterations ${r.diagnostics.iterations}; per SL accepted (model / sim): ${perSl(r.flows.map((f) => [f.name, f.throughput])).map((x) => x.toFixed(3)).join(', ')} / ${c.saturation.overload.acceptedLoadPerSl.map((x: number[]) => x[0].toFixed(3)).join(', ')}`);
console.log('port  util model / sim  SL1 share model / sim  per-VL Gb/s model | sim');
const both: number[][] = [];
const modelOnly: number[] = [];
const simOnly: number[] = [];
for (const p of r.ports) {
  const s = sim.ports[p.name];
  const simVl: number[] = [];
  if (s) for (let i = 4; i < s.length; i += 2) simVl.push(s[i]!);
  const simTotal = simVl.reduce((a, b) => a + b, 0);
  const simShare = simTotal > 0 ? simVl.slice(half).reduce((a, b) => a + b, 0) / simTotal : NaN;
  const ch = r.channels.filter((x) => x.port === p.name);
  const modelVl = Array.from({ length: c.vls }, (_, v) => (ch.find((x) => x.vl === v)?.utilization ?? 0) * c.rateGbps);
  const mTotal = modelVl.reduce((a, b) => a + b, 0);
  const mShare = mTotal > 0 ? modelVl.slice(half).reduce((a, b) => a + b, 0) / mTotal : NaN;
  const simUtil = s ? s[0]! : 0;
  if (p.name.includes(':')) {
    if (p.utilization >= 0.97 && simUtil >= 0.97) both.push([mShare, simShare]);
    else if (p.utilization >= 0.97) modelOnly.push(mShare);
    else if (simUtil >= 0.97) simOnly.push(simShare);
  }
  if (!allPorts && p.utilization < 0.97 && simUtil < 0.97) continue;
  console.log(`${p.name.padEnd(8)} ${p.utilization.toFixed(3)} / ${simUtil.toFixed(3)}   ${mShare.toFixed(3)} / ${simShare.toFixed(3)}   ${modelVl.map((x) => x.toFixed(3)).join(' ')} | ${simVl.map((x) => x.toFixed(3)).join(' ')}`);
}
const upper = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[xs.length >> 1]!.toFixed(3) : '–');
const worst = both.reduce((a, [x, y]) => Math.max(a, Math.abs(x - y)), 0);
console.log(`switch ports ≥ 97 % busy on both sides: ${both.length}, SL 1 share (upper median) model ${upper(both.map((b) => b[0]!))} / sim ${upper(both.map((b) => b[1]!))}, largest difference ${worst.toFixed(3)}; busy in the model only: ${modelOnly.length} (median ${upper(modelOnly)}); in the simulator only: ${simOnly.length} (median ${upper(simOnly)})`);
// The acceptance point (module comment; slShare.ts).
const acc = slShareAcceptance(r, sim.ports, c.vls);
console.log(`acceptance: switch ports the simulator saturates ${acc.ports} (the model saturates ${acc.modelSaturated} of them); scored (the simulator's half-width within 2 % of its share) ${acc.scored}; SL share within 0.03 on ${acc.within} of them (${acc.withinAll} of all); |Δ| median ${acc.medianDiff.toFixed(3)}, largest ${acc.largestDiff.toFixed(3)} at ${acc.largestAt} (all ports); holds ${acc.holds ?? 'n/a (no saturated switch port decided by the simulator)'} (on every port: ${acc.holdsAllPorts ?? 'n/a'})`);
if (args.includes('--flows')) {
  for (const f of r.flows) {
    const s = sim.flows[f.name];
    console.log(`${f.name.padEnd(12)} ${f.throughput.toFixed(3)} / ${s ? s[0]!.toFixed(3) : "–"} Gb/s  delivered/offered sim ${s ? s[4]!.toFixed(3) : "–"}  capped by ${f.cappedBy || "–"}  ${f.flags.join(",")}`);
  }
}

function perSl(rows: [string, number][]): number[] {
  const out = [0, 0];
  for (const [n, t] of rows) out[n.endsWith('-sl1') ? 1 : 0]! += t / c.senders / c.rateGbps;
  return out;
}

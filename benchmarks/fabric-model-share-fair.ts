/**
 * The input-fair fluid allocation (src/model/saturation/inputFair.ts) at offered load 1 against the
 * simulator's overload point, on its own (not through solveFabric): per case the acceptance point of
 * "each SL's share of a saturated link within 3 %" as slShare.ts reads it (every switch port the
 * simulator saturates, SL 1's share of what the port sent), beside the plain weighted max-min
 * (weightedMaxmin.ts, no held flows, no head times), and per SL the accepted load.
 *
 *     npx tsx benchmarks/fabric-model-share-fair.ts [CASE ...] [--ports]
 *
 * `--model`: the model's own answer (solveFabric at offered load 1) beside.
 * Default: every two-SL case of at most 64 hosts. `--ports`: each failing port with its per-VL Gb/s;
 * `--flows` with it: the flows crossing it, their rate and the channel that caps them, beside the simulator's.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fabricModelNetwork } from '../src/model/spec/scenario.js';
import { compiledModel } from '../src/model/spec/compile.js';
import { vlShares } from '../src/model/queues/arbitration.js';
import { inputFairRates } from '../src/model/saturation/inputFair.js';
import { weightedMaxMin } from '../src/model/routes/weightedMaxmin.js';
import { simSl1Share, slShareAcceptance } from './fabric-model-reference/slShare.js';
import { solveFabric } from '../src/model/index.js';

const args = process.argv.slice(2);
const dir = join(import.meta.dirname, '..', 'test', 'fixtures', 'fabric-model');
const named = args.filter((a) => !a.startsWith('--'));
const cases = named.length ? named : readdirSync(dir).filter((f) => f.endsWith('-2sl.json') && !f.startsWith('8ary3tree')).map((f) => f.replace(/\.json$/, ''));
let holding = 0;
let applying = 0;
for (const name of cases) {
  const c = JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8'));
  const scenario = JSON.parse(readFileSync(join(dir, c.scenarioFile), 'utf8'));
  const pps = (c.rateGbps * 1e9) / (2048 * 8) / c.flowsPerSender;
  const params = { ...scenario.params, flows: scenario.params.flows.map((f: Record<string, unknown>) => ({ ...f, traffic: { kind: 'poisson', rate: pps } })) };
  const net = fabricModelNetwork(params);
  const m = compiledModel(net);
  const V = m.V;
  const shares = net.ports.map((p) => vlShares(p.arbitration, new Float64Array(V).fill(2048), V));
  const t0 = performance.now();
  const fair = inputFairRates(m, shares);
  const ms = performance.now() - t0;
  const law = weightedMaxMin(m, net);
  const sim = c.saturation.overload.summary as { ports: Record<string, number[]> };
  const portIndex = new Map(net.ports.map((p, i) => [p.name, i]));
  const score = (load: Float64Array) => {
    let n = 0;
    let within = 0;
    let largest = 0;
    let at = '–';
    const bad: string[] = [];
    for (const [pname, row] of Object.entries(sim.ports)) {
      if (!pname.includes(':') || !(row[0]! >= 0.97)) continue;
      const p = portIndex.get(pname)!;
      let t = 0;
      let s1 = 0;
      for (let v = 0; v < V; v++) ((t += load[p * V + v]!), v >= V / 2 && (s1 += load[p * V + v]!));
      const d = Math.abs(s1 / t - simSl1Share(row, V));
      n++;
      if (d <= 0.03) within++;
      else bad.push(pname);
      if (d > largest) ((largest = d), (at = pname));
    }
    return { n, within, largest, at, bad };
  };
  const a = score(fair.channelLoad);
  const b = score(law.channelLoad);
  const perSl = [0, 0];
  fair.rate.forEach((r, f) => (perSl[/-sl1(→|$)/.test(net.flows[f]!.name) ? 1 : 0]! += (r * 2048 * 8) / 1e9 / c.senders / c.rateGbps));
  const model = args.includes('--model') ? solveFabric(net) : undefined;
  const modelSl = [0, 0];
  model?.flows.forEach((f) => (modelSl[/-sl1(→|$)/.test(f.name) ? 1 : 0]! += f.throughput / c.senders / c.rateGbps));
  const modelAcc = model ? slShareAcceptance(model, sim.ports, V) : undefined;
  const simSl = c.saturation.overload.acceptedLoadPerSl.map((x: number[]) => x[0]);
  if (a.n > 0) ((applying += 1), a.within === a.n && (holding += 1));
  console.log(`${name.padEnd(24)} ports ${a.n}: fair within ${a.within} (largest ${a.largest.toFixed(3)} at ${a.at}), law ${b.within} (${b.largest.toFixed(3)}); per SL fair ${perSl.map((x) => x.toFixed(3)).join(' / ')} sim ${simSl.map((x: number) => x.toFixed(3)).join(' / ')}${model ? `; model (solveFabric) within ${modelAcc!.within}, per SL ${modelSl.map((x) => x.toFixed(3)).join(' / ')}` : ''}; ${fair.rounds} rounds${fair.settled ? '' : ' NOT settled'}, ${ms.toFixed(0)} ms`);
  if (args.includes('--ports')) {
    for (const pname of a.bad) {
      const p = portIndex.get(pname)!;
      const row = sim.ports[pname]!;
      const simVl: number[] = [];
      for (let i = 4; i < row.length; i += 2) simVl.push(row[i]!);
      const fv = Array.from({ length: V }, (_, v) => fair.channelLoad[p * V + v]! * c.rateGbps);
      console.log(`  ${pname.padEnd(8)} fair ${fv.map((x) => x.toFixed(3)).join(' ')} | sim ${simVl.map((x) => x.toFixed(3)).join(' ')}`);
      if (args.includes('--flows')) {
        const simFlows = c.saturation.overload.summary.flows as Record<string, number[]>;
        net.flows.forEach((fl, f) => {
          const h = fl.path.indexOf(p);
          if (h < 0) return;
          const b = fair.bottleneck[f]!;
          console.log(`    ${fl.name.padEnd(10)} VL ${fl.vls[h]} hop ${h}/${fl.path.length - 1} fair ${((fair.rate[f]! * fl.meanBytes * 8) / 1e9).toFixed(3)} (${b >= 0 ? `${net.ports[((b - m.P) / V) | 0]!.name} VL ${(b - m.P) % V}` : '–'}) sim ${simFlows[fl.name]?.[0]?.toFixed(3) ?? '–'}`);
        });
      }
    }
  }
}
console.log(`the point holds on ${holding} of ${applying} cases where it applies`);

/**
 * The fabric model against the simulator's reference data (test/fixtures/fabric-model, written by
 * benchmarks/fabric-model-reference/make.ts): per case and load point, each flow's mean-latency error
 * and queueing-delay error (latency less the simulator's latency at 1 % load), scored only where the
 * simulator's 95 % half-width is within 2 % of its mean (the acceptance); the saturation load
 * beside the simulator's; each SL's share of the busy links under 2sl (`shareHolds`: the acceptance point as
 * fabric-model-reference/slShare.ts reads it). Prints a table; `--json` the records.
 *
 *     npx tsx benchmarks/fabric-model-score.ts [--dir test/fixtures/fabric-model] [--cases a,b] [--skip a,b] [--latency-only] [--json]
 *
 * `--latency-only`: the load points alone (no overload point, no saturation bisection), and a last
 * line counting the 50–90 % points that hold (latency: max ≤ 10 %, median ≤ 5 %; queueing delay:
 * max ≤ 20 %, median ≤ 10 %) among those with scored flows.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fabricModelNetwork } from '../src/model/spec/scenario.js';
import { solveFabric } from '../src/model/index.js';
import { saturationLoad } from '../src/model/saturation/saturation.js';
import { slShareAcceptance, type SimPortRows } from './fabric-model-reference/slShare.js';

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const dir = opt('--dir') ?? join(import.meta.dirname, '..', 'test', 'fixtures', 'fabric-model');
const only = opt('--cases')?.split(',');
const skip = opt('--skip')?.split(',') ?? [];
const json = args.includes('--json');
const latencyOnly = args.includes('--latency-only');

type Interval = [number, number];
interface Point { label: string; load: number; flowRatePps: number; flows: Record<string, number[]> }
interface Case { case: string; scenarioFile: string; vls: number; saturation: { load: number; overload: { acceptedLoad: Interval; slShareOnBusyPorts?: { switch: { sl1ShareMedian: number } } } }; points: Point[]; rateGbps: number }

const median = (xs: number[]) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const scorable = (m: number, hw: number) => m > 0 && Math.abs(hw) <= 0.02 * m;

const rows: Record<string, unknown>[] = [];
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
  const c = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Case;
  if ((only && !only.includes(c.case)) || skip.includes(c.case)) continue;
  const scenario = JSON.parse(readFileSync(join(dir, c.scenarioFile), 'utf8'));
  const at = (pps: number) => ({ ...scenario.params, flows: scenario.params.flows.map((f: Record<string, unknown>) => ({ ...f, traffic: { kind: 'poisson', rate: pps } })) });
  const base = c.points.find((p) => p.label === '1%');
  for (const point of c.points) {
    const t0 = performance.now();
    const r = solveFabric(fabricModelNetwork(at(point.flowRatePps)));
    const ms = performance.now() - t0;
    const lat: number[] = [];
    const wait: number[] = [];
    const signed: number[] = [];
    let scored = 0;
    for (const [name, v] of Object.entries(point.flows)) {
      const model = r.metrics.latency[name];
      if (model === undefined) continue;
      if (scorable(v[2]!, v[3]!)) {
        scored++;
        lat.push(Math.abs(model - v[2]!) / v[2]!);
        signed.push((model - v[2]!) / v[2]!);
        const b = base?.flows[name];
        if (b && point.label !== '1%') {
          const simWait = v[2]! - b[2]!;
          const modelBase = solveBase(name);
          if (simWait > 0) wait.push(Math.abs(model - modelBase - simWait) / simWait);
        }
      }
    }
    function solveBase(name: string): number {
      return baseModel!.metrics.latency[name]!;
    }
    var baseModel = base ? solveFabric(fabricModelNetwork(at(base.flowRatePps))) : undefined;
    rows.push({ case: c.case, point: point.label, load: point.load, flows: Object.keys(point.flows).length, scored, latMax: Math.max(...lat), latMedian: median(lat), latBias: median(signed), waitMax: wait.length ? Math.max(...wait) : NaN, waitMedian: median(wait), iterations: r.diagnostics.iterations, converged: r.diagnostics.converged, ms });
  }
  if (latencyOnly) continue;
  // Offered load 1 (the reference's overload point): accepted load per SL and SL 1's share of busy ports.
  const fps = (c as unknown as { flowsPerSender: number }).flowsPerSender;
  const senders = (c as unknown as { senders: number }).senders;
  const over = solveFabric(fabricModelNetwork(at((c.rateGbps * 1e9) / (2048 * 8) / fps)));
  const perSl = [0, 0];
  for (const f of over.flows) perSl[f.name.endsWith('-sl1') ? 1 : 0]! += f.throughput / senders / c.rateGbps;
  const busy = over.ports.filter((p) => p.utilization >= 0.97).map((p) => {
    const vl1 = over.channels.filter((ch) => ch.port === p.name && ch.vl >= c.vls / 2).reduce((a, ch) => a + ch.utilization, 0);
    return vl1 / p.utilization;
  });
  // The simulator's figure (make.ts's slShares) is over switch ports only ("S:n"), the upper median: the same here.
  const busySwitch = over.ports.filter((p) => p.utilization >= 0.97 && p.name.includes(':')).map((p) => over.channels.filter((ch) => ch.port === p.name && ch.vl >= c.vls / 2).reduce((a, ch) => a + ch.utilization, 0) / p.utilization).sort((a, b) => a - b);
  const ref = c.saturation.overload as unknown as { acceptedLoadPerSl?: [number, number][]; slShareOnBusyPorts?: { switch: { ports: number; sl1ShareMedian?: number } } };
  // The acceptance point as docs/fabric-model.md reads it (fabric-model-reference/slShare.ts): the simulator's saturated switch ports, the model's share there within 0.03.
  const acc = fps === 2 ? slShareAcceptance(over, (c.saturation.overload as unknown as { summary: { ports: SimPortRows } }).summary.ports, c.vls) : undefined;
  const shareFields = acc ? { shareSimSaturatedPorts: acc.ports, shareScoredPorts: acc.scored, shareWithin3: acc.within, shareWithin3AllPorts: acc.withinAll, shareLargestDiff: acc.largestDiff, shareHolds: acc.holds ?? 'n/a', shareHoldsAllPorts: acc.holdsAllPorts ?? 'n/a' } : {};
  rows.push({ case: c.case, point: 'overload', ...shareFields, modelPerSl: fps === 2 ? perSl : [perSl[0]], simPerSl: ref.acceptedLoadPerSl?.map((x) => x[0]), modelSl1ShareMedian: fps === 2 ? median(busy) : NaN, modelSl1ShareSwitch: fps === 2 && busySwitch.length ? busySwitch[Math.floor(busySwitch.length / 2)] : NaN, switchBusyPorts: busySwitch.length, simSl1ShareMedian: ref.slShareOnBusyPorts?.switch.sl1ShareMedian, busyPorts: busy.length });
  const sat = saturationLoad(at, c.rateGbps, 2048, (c as unknown as { flowsPerSender: number }).flowsPerSender);
  rows.push({ case: c.case, point: 'saturation', simLoad: c.saturation.load, simAccepted: c.saturation.overload.acceptedLoad[0], modelLoad: sat.load, cappedBy: sat.cappedBy });
}
if (json) console.log(JSON.stringify(rows, null, 1));
else for (const r of rows) console.log(Object.entries(r).map(([k, v]) => `${k}=${typeof v === 'number' ? +v.toPrecision(4) : v}`).join(' '));
if (!json) {
  const loaded = rows.filter((r) => ['50%', '70%', '90%'].includes(r.point as string) && (r.scored as number) > 0);
  const latHolds = loaded.filter((r) => (r.latMax as number) <= 0.1 && (r.latMedian as number) <= 0.05).length;
  const waitHolds = loaded.filter((r) => (r.waitMax as number) <= 0.2 && (r.waitMedian as number) <= 0.1).length;
  console.log(`points 50-90 % with scored flows: ${loaded.length}; latency holds ${latHolds}; queueing delay holds ${waitHolds}`);
}

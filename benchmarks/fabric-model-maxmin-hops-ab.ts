/**
 * routes/maxminHops.ts (the hop-by-hop max-min filling that a solve takes once a flow is capped) of
 * this tree against another tree's, in one process on the same input (issue 31, session 19): the
 * compiled model and the state of a 'plain' solve of a reference case at a load above saturation after
 * `--iterations` iterations (the inputs a saturation bisection step feeds the filling), then each
 * tree's filling timed (CPU, best of `--repeat`) and the answers compared bit for bit.
 *
 *     node --import tsx benchmarks/fabric-model-maxmin-hops-ab.ts /path/to/other/src [case] [load] [--iterations 8] [--repeat 3]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fabricModelNetwork } from '../src/model/spec/scenario.js';
import { solveModel } from '../src/model/solve.js';
import { hopArrays } from '../src/model/spec/compile.js';
import { maxMinRatesByHop } from '../src/model/routes/maxminHops.js';

const args = process.argv.slice(2);
const opt = (name: string, d: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1]! : d;
};
const positional = args.filter((a, i) => !a.startsWith('--') && !(i > 0 && args[i - 1]!.startsWith('--')));
const other = positional[0];
if (other === undefined) throw new Error('usage: fabric-model-maxmin-hops-ab.ts /path/to/other/src [case] [load]');
const name = positional[1] ?? '8ary3tree-uniform-2sl';
const load = Number(positional[2] ?? 0.605);
const iterations = Number(opt('--iterations', '8'));
const repeat = Number(opt('--repeat', '3'));
const there = (await import(join(other, 'model', 'routes', 'maxminHops.ts'))) as { maxMinRatesByHop: typeof maxMinRatesByHop };
const dir = join(import.meta.dirname, '..', 'test', 'fixtures', 'fabric-model');
const c = JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8'));
const scenario = JSON.parse(readFileSync(join(dir, c.scenarioFile), 'utf8'));
const pps = (load * c.rateGbps * 1e9) / (2048 * 8) / c.flowsPerSender;
const params = { ...scenario.params, flows: scenario.params.flows.map((f: Record<string, unknown>) => ({ ...f, traffic: { kind: 'poisson', rate: pps } })) };
const sm = solveModel(fabricModelNetwork(params), 1e-7, iterations, 0.5, 'plain');
const hops = hopArrays(sm.m);
const input = { channelCapacity: sm.s.capacity, headTime: sm.s.headTime };
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e3;
};
const time = (fill: typeof maxMinRatesByHop) => {
  let best = Infinity;
  let out;
  for (let i = 0; i < repeat; i++) {
    const t = cpu();
    out = fill(sm.m, hops, input);
    best = Math.min(best, cpu() - t);
  }
  return { best, out: out! };
};
const mine = time(maxMinRatesByHop);
const theirs = time(there.maxMinRatesByHop);
let differ = 0;
let capped = 0;
for (let f = 0; f < sm.m.F; f++) {
  if (!Object.is(mine.out.rate[f], theirs.out.rate[f]) || mine.out.bottleneck[f] !== theirs.out.bottleneck[f]) differ++;
  if (mine.out.bottleneck[f]! >= 0) capped++;
}
console.log(`${name} at ${load}, after ${sm.iterations} iterations: ${sm.m.F} flows, ${hops.hopStart[sm.m.F]} hops, ${capped} capped; maxMinRatesByHop CPU best of ${repeat}: other ${theirs.best.toFixed(0)} ms, this ${mine.best.toFixed(0)} ms, ratio ${(theirs.best / mine.best).toFixed(1)}; flows whose rate or bottleneck differ: ${differ}`);

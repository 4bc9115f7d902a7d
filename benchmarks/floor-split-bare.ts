/**
 * The floor's split between the two VLs of one spaced link, bare mechanism (docs/fabric-model.md
 * measurement 115 / change 125, H31fs): one switch s, hosts a and b each sending SL 0 (VL 0, weight 32)
 * and SL 1 (VL 1, weight 96) to host o at `load`/4 of the link each (so s's output to o runs at
 * `load`), 2 KB packets, buffers of four packets, cut-through. Per SL: the simulator's mean latency
 * (replications, 95 % half-width) beside the model's, and the model's floor part, in transmissions x.
 *
 *     npx tsx benchmarks/floor-split-bare.ts [LOAD ...] [--reps N] [--packets N] [--only-a-both]
 *
 * `--only-a-both`: b sends SL 0 only (at `load`/2), a both SLs at `load`/4 each.
 */
import { takeNumber } from './harness.js';
import { TWO_SLS, twoIntoOne } from '../test/helpers/twoSls.js';
import { simulate } from '../src/index.js';
import { fabricModelNetwork } from '../src/model/spec/scenario.js';
import { solveModel } from '../src/model/solve.js';
import { modelResult } from '../src/model/results/assemble.js';

const MTU_US = (2048 * 8) / 2.5e3;
const argv = process.argv.slice(2);
const reps = takeNumber(argv, '--reps', 5);
const packets = takeNumber(argv, '--packets', 10000);
const asym = argv.includes('--only-a-both');
const loads = argv.filter((a) => !a.startsWith('--')).map(Number);
const noSim = process.argv.includes('--no-sim');

export function bareParams(load: number, bothOnB = true) {
  const r = load / 4 / (MTU_US * 1e-6);
  const flows = [
    { name: 'a-sl0', source: 'a', destination: 'o', sl: 0, rate: r },
    { name: 'a-sl1', source: 'a', destination: 'o', sl: 1, rate: r },
    ...(bothOnB ? [{ name: 'b-sl0', source: 'b', destination: 'o', sl: 0, rate: r }, { name: 'b-sl1', source: 'b', destination: 'o', sl: 1, rate: r }] : [{ name: 'b-sl0', source: 'b', destination: 'o', sl: 0, rate: 2 * r }]),
  ];
  return {
    topology: twoIntoOne(),
    ...TWO_SLS,
    flows: flows.map(({ rate, ...f }) => ({ ...f, traffic: { kind: 'poisson' as const, rate }, packetBytes: 2048 })),
    minRate: r,
  };
}

for (const load of loads) {
  const { minRate, ...params } = bareParams(load, !asym);
  const net = fabricModelNetwork(params as never);
  const solved = solveModel(net, 1e-7, 500, 1);
  const { m, s } = solved;
  const res = modelResult(solved as never) as unknown as { flows: { name: string; latency: number }[] };
  const floorOf = new Map<string, number>();
  // the floor per flow: its turn at s (the only switch)
  for (let t = 0; t < m.turnIn.length; t++) {
    const v = m.turnIn[t]! % m.V;
    const pu = (m.turnIn[t]! / m.V) | 0;
    floorOf.set(`${net.ports[pu]!.name}/${v}`, s.floorExtra[t]! / (MTU_US * 1e-6));
  }
  console.log(`load ${load}${asym ? ' (b: SL 0 only)' : ''}: model floor per (input port/VL) in x: ${[...floorOf].map(([k, f]) => `${k} ${f.toFixed(3)}`).join(', ')}`);
  let simLat: Record<string, { mean: number; halfWidth?: number }> = {};
  if (!noSim) {
    const until = packets / minRate;
    const sim = simulate({ scenario: 'fabric', params } as never, { replications: reps, seed: 1, until, warmup: until / 5 }) as unknown as { metrics: { latency: Record<string, { mean: number; halfWidth?: number }> } };
    simLat = sim.metrics.latency;
  }
  for (const f of res.flows) {
    const sm = simLat[f.name];
    const x = (v: number) => (v / MTU_US).toFixed(3);
    console.log(`  ${f.name}: model ${x(f.latency)} x` + (sm ? `  sim ${x(sm.mean)} x ± ${sm.halfWidth !== undefined ? ((100 * sm.halfWidth) / sm.mean).toFixed(1) : '?'} %  err ${(100 * (f.latency / sm.mean - 1)).toFixed(1)} %` : ''));
  }
}

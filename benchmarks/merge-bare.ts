/**
 * A light branch merging into a busy link, bare mechanism (docs/fabric-model.md measurement 140, H31hi):
 * one switch s whose output to host o carries 4λ: hosts a and b send λ each (Poisson), and the third input
 * brings 2λ — from host c directly (two Poisson flows c-1, c-2), or with `--fed` from an upstream switch t
 * fed by hosts c and d (λ each: a spaced stream, as on the torus's and mesh's busy lines). The fixtures'
 * switch (2 KB packets, 2.5 Gb/s, four-packet buffers, cut-through, one VL). Per flow: the simulator's mean
 * latency (replications, 95 % half-width) beside the model's, in transmissions x.
 *
 * `--split`: a's input instead brings two flows from an upstream switch u (hosts p and q, λ each): p's to the busy
 * output o, q's to an idle output (host i) — the buffer split over a busy and an idle output of measurement 140 (a).
 *
 *     npx tsx benchmarks/merge-bare.ts [LAMBDA_X ...] [--reps N] [--packets N] [--fed] [--split] [--no-sim]
 */
import { takeNumber } from './harness.js';
import { simulate } from '../src/index.js';
import { fabricModelNetwork } from '../src/model/scenario.js';
import { solveModel } from '../src/model/solve.js';
import { modelResult } from '../src/model/assemble.js';

const MTU_US = (2048 * 8) / 2.5e3;
const argv = process.argv.slice(2);
const reps = takeNumber(argv, '--reps', 5);
const packets = takeNumber(argv, '--packets', 10000);
const fed = argv.includes('--fed') || argv.includes('--split');
const split = argv.includes('--split');
const noSim = argv.includes('--no-sim');
const loads = argv.filter((a) => !a.startsWith('--')).map(Number);

function params(lx: number) {
  const r = lx / (MTU_US * 1e-6);
  const link = (a: string, b: string) => ({ a, b, rateGbps: 2.5 });
  const topology = fed
    ? { switches: [{ name: 's', ports: 4 }, { name: 't', ports: 3 }], hosts: ['a', 'b', 'c', 'd', 'o'].map((name) => ({ name })),
        links: [link('a', 's:1'), link('b', 's:2'), link('t:3', 's:3'), link('o', 's:4'), link('c', 't:1'), link('d', 't:2')] }
    : { switches: [{ name: 's', ports: 4 }], hosts: ['a', 'b', 'c', 'o'].map((name) => ({ name })),
        links: [link('a', 's:1'), link('b', 's:2'), link('c', 's:3'), link('o', 's:4')] };
  if (split) {
    topology.switches[0]!.ports = 5;
    topology.switches.push({ name: 'u', ports: 3 });
    topology.hosts = topology.hosts.filter((h) => h.name !== 'a').concat(['p', 'q', 'i'].map((name) => ({ name })));
    topology.links = topology.links.filter((l) => l.a !== 'a').concat([link('u:3', 's:1'), link('p', 'u:1'), link('q', 'u:2'), link('i', 's:5')]);
  }
  const flows = [...(split ? [['p', 'p'], ['q', 'q']] : [['a', 'a']]), ['b', 'b'], ['c-1', 'c'], [fed ? 'd' : 'c-2', fed ? 'd' : 'c']].map(([name, source]) => ({ name, source, destination: name === 'q' ? 'i' : 'o', sl: 0 }));
  return {
    topology, vls: 1, slToVl: Array<number>(16).fill(0),
    arbitration: { high: [], low: [{ vl: 0, weight: 32 }], limitOfHighPriority: 0 },
    mtu: 2048, bufferBytes: 4 * 2048, switchLatencyNs: 100, cutThrough: true,
    flows: flows.map((f) => ({ ...f, traffic: { kind: 'poisson' as const, rate: r }, packetBytes: 2048 })),
    minRate: r,
  };
}

for (const lx of loads) {
  const { minRate, ...p } = params(lx);
  const solved = solveModel(fabricModelNetwork(p as never), 1e-7, 500, 1);
  const res = modelResult(solved as never) as unknown as { flows: { name: string; latency: number }[] };
  let simLat: Record<string, { mean: number; halfWidth?: number }> = {};
  if (!noSim) {
    const until = packets / minRate;
    const sim = simulate({ scenario: 'fabric', params: p } as never, { replications: reps, seed: 1, until, warmup: until / 5 }) as unknown as { metrics: { latency: Record<string, { mean: number; halfWidth?: number }> } };
    simLat = sim.metrics.latency;
  }
  console.log(`λx ${lx} per flow, output ${(4 * lx).toFixed(2)}${fed ? ' (third input fed by switch t)' : ''}`);
  for (const f of res.flows) {
    const sm = simLat[f.name];
    const x = (v: number) => (v / MTU_US).toFixed(3);
    console.log(`  ${f.name}: model ${x(f.latency)} x` + (sm ? `  sim ${x(sm.mean)} x ± ${sm.halfWidth !== undefined ? ((100 * sm.halfWidth) / sm.mean).toFixed(1) : '?'} %  err ${(100 * (f.latency / sm.mean - 1)).toFixed(1)} %` : ''));
  }
}

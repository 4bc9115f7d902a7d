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
 * `--json FILE`: also writes the simulator's per-flow means and 95 % half-widths (in x) per load to FILE (the reference
 * of test/model/splitFifo.test.ts: test/fixtures/floor/split_fifo_reference.json, written with `0.10 0.15 0.20 0.21 --split --reps 10 --packets 150000`).
 *
 *     npx tsx benchmarks/merge-bare.ts [LAMBDA_X ...] [--reps N] [--packets N] [--fed] [--split] [--no-sim] [--json FILE]
 */
import { renameSync, writeFileSync } from 'node:fs';
import { takeNumber } from './harness.js';
import { MTU_US, mergeBare } from '../test/helpers/mergeBare.js';
import { simulate } from '../src/index.js';
import { fabricModelNetwork } from '../src/model/spec/scenario.js';
import { solveModel } from '../src/model/solve.js';
import { modelResult } from '../src/model/results/assemble.js';

const argv = process.argv.slice(2);
const reps = takeNumber(argv, '--reps', 5);
const packets = takeNumber(argv, '--packets', 10000);
const fed = argv.includes('--fed') || argv.includes('--split');
const split = argv.includes('--split');
const noSim = argv.includes('--no-sim');
const jsonAt = argv.indexOf('--json');
const jsonFile = jsonAt >= 0 ? argv.splice(jsonAt, 2)[1] : undefined;
if (jsonAt >= 0 && (jsonFile === undefined || jsonFile.startsWith('--') || noSim)) throw new Error(`--json: expected a file name (and the simulation, not --no-sim), got ${jsonFile ?? 'nothing'}`);
const points: { lambdaX: number; flows: Record<string, { mean: number; halfWidth: number }> }[] = [];
const loads = argv.filter((a) => !a.startsWith('--')).map(Number);

for (const lx of loads) {
  const { rate: minRate, params: p } = mergeBare(lx, fed, split);
  const solved = solveModel(fabricModelNetwork(p as never), 1e-7, 500, 1);
  const res = modelResult(solved as never) as unknown as { flows: { name: string; latency: number }[] };
  let simLat: Record<string, { mean: number; halfWidth?: number }> = {};
  if (!noSim) {
    const until = packets / minRate;
    const sim = simulate({ scenario: 'fabric', params: p } as never, { replications: reps, seed: 1, until, warmup: until / 5 }) as unknown as { metrics: { latency: Record<string, { mean: number; halfWidth?: number }> } };
    simLat = sim.metrics.latency;
  }
  if (jsonFile) points.push({ lambdaX: lx, flows: Object.fromEntries(Object.entries(simLat).map(([k, v]) => [k, { mean: v.mean / MTU_US, halfWidth: (v.halfWidth ?? NaN) / MTU_US }])) });
  console.log(`λx ${lx} per flow, output ${(4 * lx).toFixed(2)}${fed ? ' (third input fed by switch t)' : ''}`);
  for (const f of res.flows) {
    const sm = simLat[f.name];
    const x = (v: number) => (v / MTU_US).toFixed(3);
    console.log(`  ${f.name}: model ${x(f.latency)} x` + (sm ? `  sim ${x(sm.mean)} x ± ${sm.halfWidth !== undefined ? ((100 * sm.halfWidth) / sm.mean).toFixed(1) : '?'} %  err ${(100 * (f.latency / sm.mean - 1)).toFixed(1)} %` : ''));
  }
}

if (jsonFile) {
  const doc = { written: `npx tsx benchmarks/merge-bare.ts ${process.argv.slice(2).join(' ')} (the simulator; latency in transmissions x, 95 % half-width)`, fed, split, reps, packets, points };
  writeFileSync(`${jsonFile}.tmp`, JSON.stringify(doc, null, 1) + '\n');
  renameSync(`${jsonFile}.tmp`, jsonFile);
}

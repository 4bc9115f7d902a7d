/**
 * Per port and VL, what the model's input-fair allocation knows of the buffer at the far end of the link
 * (docs/fabric-model.md, measurement 167): whether it is a head-of-line server there (inputFair.ts
 * holBuffers: a FIFO with several outputs, not fed in rotation) and its head time S / x from the solve
 * at offered load 1 (the state withSharesByLoad hands the allocation). A head-of-line buffer caps the
 * VL feeding it at x / S of the link; beside the simulator's `fabric-model-share-visits.ts`, which shows
 * whether that VL's visits end by credits.
 *
 *     npx tsx benchmarks/fabric-model-share-hol.ts CASE PORT [PORT …]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fabricModelNetwork } from '../src/model/spec/scenario.js';
import { solveModel } from '../src/model/solve.js';
import { hopArrays } from '../src/model/spec/compile.js';
import { holBuffers } from '../src/model/saturation/inputFair.js';

const [name, ...ports] = process.argv.slice(2);
if (name === undefined || ports.length === 0) throw new Error('usage: fabric-model-share-hol.ts CASE PORT [PORT …]');
const dir = join(import.meta.dirname, '..', 'test', 'fixtures', 'fabric-model');
const c = JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8'));
const sc = JSON.parse(readFileSync(join(dir, c.scenarioFile), 'utf8'));
const pps = (c.rateGbps * 1e9) / (2048 * 8) / c.flowsPerSender;
const net = fabricModelNetwork({ ...sc.params, flows: sc.params.flows.map((f: object) => ({ ...f, traffic: { kind: 'poisson', rate: pps } })) });
const sm = solveModel(net, 1e-7, 200, 0.5);
const m = sm.m;
const V = m.V;
const hops = hopArrays(m);
const group = new Int32Array(hops.hopStart[m.F]!);
for (let f = 0; f < m.F; f++) for (let h = hops.hopStart[f]!; h < hops.hopStart[f + 1]!; h++) group[h] = h === hops.hopStart[f] ? m.C + hops.hopChannel[h]! : hops.hopChannel[h - 1]!;
const hol = holBuffers(m, hops, group);
console.log(`${name}: solve at offered load 1 converged ${sm.converged}`);
for (const pn of ports) {
  const p = net.ports.findIndex((q) => q.name === pn);
  if (p < 0) throw new Error(`no port ${pn}`);
  for (let v = 0; v < V; v++) {
    const ch = p * V + v;
    const sx = (sm.s.headTime[ch]! * m.rate[p]!) / 2048;
    if (sx > 0) console.log(`  ${pn} VL ${v}: far-end buffer head-of-line ${hol[ch] ? 'yes' : 'no'}, S/x ${sx.toFixed(3)} (cap x/S ${(1 / sx).toFixed(3)} of the link)`);
  }
}

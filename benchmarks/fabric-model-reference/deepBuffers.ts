/**
 * The simulator's per-flow latency of one fixture case at one load point with deeper input buffers
 * (H31c, session 14; docs/fabric-model.md change 96): the case's own scenario and load (test/fixtures/
 * fabric-model/CASE.json, its scenario file and the point's flow rate), only `bufferBytes` changed,
 * the same seed, run length and warm-up as the fixture's point, five replications; per flow the mean
 * latency (µs) and its 95 % Student-t half-width. Written to test/fixtures/fabric-model-deep/CASE-LABEL.json
 * (through a temporary file: nothing half-written is left). test/model/deepBuffers.test.ts reads it
 * beside the case's own (4-packet) point: where a full buffer's wait goes.
 *
 *     nice -n 10 npx tsx benchmarks/fabric-model-reference/deepBuffers.ts [CASE] [LABEL] [BUFFER_BYTES]
 *     (defaults: mesh8x8-uniform-1sl 90% 131072 — 64 packets of 2 KB; about 40 s of CPU)
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { replicate } from './replicate.js';

const [name = 'mesh8x8-uniform-1sl', label = '90%', bytesArg = '131072'] = process.argv.slice(2);
const bufferBytes = Number(bytesArg);
if (!(bufferBytes > 0)) throw new Error(`deepBuffers.ts: BUFFER_BYTES must be a positive number of bytes, got ${bytesArg}`);
const root = join(import.meta.dirname, '..', '..', 'test', 'fixtures');
const c = JSON.parse(readFileSync(join(root, 'fabric-model', `${name}.json`), 'utf8'));
const sc = JSON.parse(readFileSync(join(root, 'fabric-model', c.scenarioFile), 'utf8'));
const pt = c.points.find((p: { label: string }) => p.label === label);
if (pt === undefined) throw new Error(`deepBuffers.ts: ${name} has no point labelled ${label}`);
const REPS = 5;
const T95_4 = 2.7764451051977987; // t_{0.975, 4}
const params = { ...sc.params, bufferBytes, flows: sc.params.flows.map((f: object) => ({ ...f, traffic: { kind: 'poisson', rate: pt.flowRatePps } })) };
const runs = Array.from({ length: REPS }, (_, r) => replicate(params, pt.seed, r, pt.untilS, pt.warmupS));
const flows: Record<string, [number, number]> = {};
for (const f of Object.keys(runs[0]!.flows)) {
  const xs = runs.map((r) => r.flows[f]![1]);
  const mean = xs.reduce((a, b) => a + b, 0) / REPS;
  const sd = Math.sqrt(xs.reduce((a, b) => a + (b - mean) * (b - mean), 0) / (REPS - 1));
  flows[f] = [Number(mean.toPrecision(6)), Number(((T95_4 * sd) / Math.sqrt(REPS)).toPrecision(4))];
}
const out = join(root, 'fabric-model-deep', `${name}-${label.replace('%', '')}.json`);
const record = { script: 'benchmarks/fabric-model-reference/deepBuffers.ts', case: name, label, load: pt.load, flowRatePps: pt.flowRatePps, bufferBytes, seed: pt.seed, untilS: pt.untilS, warmupS: pt.warmupS, replications: REPS, flows };
writeFileSync(`${out}.tmp`, `${JSON.stringify(record)}\n`);
renameSync(`${out}.tmp`, out);
console.log(`wrote ${out}: ${Object.keys(flows).length} flows, ${runs.reduce((a, r) => a + r.cpuMs, 0).toFixed(0)} ms CPU`);

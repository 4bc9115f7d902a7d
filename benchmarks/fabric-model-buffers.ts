/**
 * Per-VL input-buffer times, the fabric model beside the simulator (docs/fabric-model.md, session 11
 * H31y): for one fixture case and load point, each switch input buffer's mean time beyond one
 * transmission — the simulator's from its mean occupancy (`buffers`, packets) by Little, the model's
 * as FIFO wait + head time − x — grouped by the link's kind (host>leaf, leaf>spine, …) and VL, in
 * transmissions; then the model's head time split into its parts (wait for the output, wait for the
 * input port, the output-queued floor, the credit wait of the output) and the buffer's load λS with
 * the head wait's E[H²]/H². A measuring aid, not a score: the fixtures' scores are fabric-model-score.ts.
 *
 *     npx tsx benchmarks/fabric-model-buffers.ts 8ary2tree-uniform-2sl [90%]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fabricModelNetwork } from '../src/model/scenario.js';
import { solveModel } from '../src/model/solve.js';

const dir = join(import.meta.dirname, '..', 'test', 'fixtures', 'fabric-model');
const [name, label = '90%'] = process.argv.slice(2);
if (name === undefined) throw new Error('usage: fabric-model-buffers.ts CASE [LABEL]: CASE a fixture of test/fixtures/fabric-model (e.g. 8ary2tree-uniform-2sl)');
const c = JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8'));
const sc = JSON.parse(readFileSync(join(dir, c.scenarioFile), 'utf8'));
const pt = c.points.find((p: { label: string }) => p.label === label);
if (pt === undefined) throw new Error(`${name}: no point labelled ${label} (have ${c.points.map((p: { label: string }) => p.label).join(', ')})`);
const params = { ...sc.params, flows: sc.params.flows.map((f: object) => ({ ...f, traffic: { kind: 'poisson', rate: pt.flowRatePps } })) };
const net = fabricModelNetwork(params);
const { m, s } = solveModel(net, 1e-7, 500, 1);
const peer = new Map<string, string>();
for (const l of sc.params.topology.links as { a: string; b: string }[]) (peer.set(l.a, l.b), peer.set(l.b, l.a));
const level = (portName: string) => portName.split(':')[0]!.replace(/_\d+$/, '');
const sums = new Map<string, number[]>();
const add = (key: string, xs: number[]) => {
  const g = sums.get(key) ?? xs.map(() => 0);
  xs.forEach((x, i) => (g[i]! += x));
  sums.set(key, g);
};
net.ports.forEach((p, pi) => {
  const far = peer.get(p.name);
  if (far === undefined || !far.includes(':')) return; // into a host: no buffer
  const kind = `${p.host ? 'host' : level(p.name)}>${level(far)}`;
  for (let v = 0; v < m.V; v++) {
    const u = pi * m.V + v;
    const l = s.lam[u]!;
    const sim = pt.buffers[`${far}/${v}`];
    if (!(l > 0) || sim === undefined) continue;
    const x = s.xbar[u]!;
    const parts = [0, 0, 0, 0, 0];
    for (let i = m.turnsStart[u]!; i < m.turnsStart[u + 1]!; i++) {
      const t = m.turnsOf[i]!;
      const lt = s.lamT[t]!;
      parts[0]! += (lt * (s.headWait[t]! - s.portWait[t]!)) / x / l;
      parts[1]! += (lt * s.portWait[t]!) / x / l;
      parts[2]! += (lt * s.floorExtra[t]!) / x / l;
      parts[3]! += (lt * s.beta[m.turnOut[t]!]!) / x / l;
      parts[4]! += (lt * s.headWait2[t]!) / l;
    }
    const hw = s.headTime[u]! - x;
    add(`${kind} VL${v}`, [1, (sim[0] / l - x) / x, (s.fifoWait[u]! + hw) / x, hw / x, ...parts.slice(0, 4), l * s.headTime[u]!, hw > 0 ? parts[4]! / (hw * hw) : 0]);
  }
});
console.log(`${name} ${label}: per input buffer, mean over the buffers of each kind and VL, in transmissions x`);
console.log('buffers          n    sim  model   head | output  port  floor  credit |  λS    E[H²]/H²');
for (const [k, g] of [...sums].sort()) {
  const f = (i: number, d = 2) => (g[i]! / g[0]!).toFixed(d).padStart(6);
  console.log(`${k.padEnd(14)} ${String(g[0]).padStart(3)} ${f(1)} ${f(2)} ${f(3)} | ${f(4)} ${f(5)} ${f(6)} ${f(7)} | ${f(8, 3)} ${f(9)}`);
}

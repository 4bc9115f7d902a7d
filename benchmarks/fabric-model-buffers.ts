/**
 * Per-VL input-buffer times, the fabric model beside the simulator (docs/fabric-model.md, session 11
 * H31y): for one fixture case and load point, each switch input buffer's mean time beyond one
 * transmission — the simulator's from its mean occupancy (`buffers`, packets) by Little, the model's
 * as FIFO wait + head time − x — grouped by the link's kind (host>leaf, leaf>spine, …) and VL, in
 * transmissions; then the model's head time split into its parts (wait for the output, wait for the
 * input port, the output-queued floor, the credit wait of the output) and the buffer's load λS with
 * the head wait's E[H²]/H². A measuring aid, not a score: the fixtures' scores are fabric-model-score.ts.
 *
 *     npx tsx benchmarks/fabric-model-buffers.ts 8ary2tree-uniform-2sl [90%] [--flows N]
 *
 * `--turns` (with --flows): under each hop every turn of its buffer (share, output load, head wait, floor, split wait).
 * `--flows N` (or `--flows NAME,NAME`): then the N scored flows (or the named ones) of largest latency error hop by hop (H31p): per buffer on the
 * path, the simulator's time beyond one transmission (the whole buffer's, by Little) beside the model's
 * for this flow's turn — FIFO wait, head wait for the output, for the input port, the floor — in x.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fabricModelNetwork } from '../src/model/spec/scenario.js';
import { solveModel } from '../src/model/solve.js';
import { modelResult } from '../src/model/results/assemble.js';
import { hopArrays } from '../src/model/spec/compile.js';

const dir = join(import.meta.dirname, '..', 'test', 'fixtures', 'fabric-model');
const argv = process.argv.slice(2);
const flowsAt = argv.indexOf('--flows');
const flowsArg = flowsAt >= 0 ? argv.splice(flowsAt, 2)[1]! : '';
const turnsAt = argv.indexOf('--turns');
const showTurns = turnsAt >= 0 && argv.splice(turnsAt, 1).length > 0;
const named = /^\d+$/.test(flowsArg) ? [] : flowsArg.split(',').filter((n) => n !== '');
const worst = named.length > 0 ? named.length : Number(flowsArg || 0);
const [name, label = '90%'] = argv;
if (name === undefined) throw new Error('usage: fabric-model-buffers.ts CASE [LABEL]: CASE a fixture of test/fixtures/fabric-model (e.g. 8ary2tree-uniform-2sl)');
const c = JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8'));
const sc = JSON.parse(readFileSync(join(dir, c.scenarioFile), 'utf8'));
const pt = c.points.find((p: { label: string }) => p.label === label);
if (pt === undefined) throw new Error(`${name}: no point labelled ${label} (have ${c.points.map((p: { label: string }) => p.label).join(', ')})`);
const params = { ...sc.params, flows: sc.params.flows.map((f: object) => ({ ...f, traffic: { kind: 'poisson', rate: pt.flowRatePps } })) };
const net = fabricModelNetwork(params);
const solved = solveModel(net, 1e-7, 500, 1);
const { m, s } = solved;
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

if (worst > 0) {
  const r = modelResult(solved);
  const hops = hopArrays(m);
  const ranked = r.flows
    .map((f, i) => ({ f, i, sim: pt.flows[f.name] as number[] | undefined }))
    .filter((e) => e.sim !== undefined && (named.length > 0 ? named.includes(e.f.name) : e.sim[2]! > 0 && Math.abs(e.sim[3]!) <= 0.02 * e.sim[2]!))
    .sort((a, b) => Math.abs(b.f.latency / b.sim![2]! - 1) - Math.abs(a.f.latency / a.sim![2]! - 1))
    .slice(0, worst);
  for (const { f, i, sim } of ranked) {
    const x0 = s.xbar[hops.hopChannel[hops.hopStart[i]!]!]!;
    console.log(`\n${f.name}: sim ${sim![2]!.toFixed(2)} µs, model ${f.latency.toFixed(2)} (${(100 * (f.latency / sim![2]! - 1)).toFixed(1)} %); host wait ${(s.hostWait[hops.hopChannel[hops.hopStart[i]!]!]! / x0).toFixed(2)} x`);
    console.log('  buffer (far end of)     λx    sim | model = fifo + output + port + floor + credit   (turn: λx, inputs)');
    for (let h = hops.hopStart[i]!; h < hops.hopStart[i + 1]! - 1; h++) {
      const c = hops.hopChannel[h]!;
      const t = hops.hopTurn[h + 1]!;
      const pi = (c / m.V) | 0;
      const v = c % m.V;
      const far = peer.get(net.ports[pi]!.name)!;
      const b = pt.buffers[`${far}/${v}`] as number[] | undefined;
      const x = s.xbar[c]!;
      const l = s.lam[c]!;
      const simT = b === undefined ? NaN : (b[0]! / l - x) / x;
      const parts = [s.fifoWait[c]! + s.splitWait[t]!, s.headWait[t]! - s.portWait[t]!, s.portWait[t]!, s.floorExtra[t]!, s.beta[m.turnOut[t]!]!].map((y) => y / x);
      const out = m.turnOut[t]!;
      const inputs = new Set<number>();
      for (let k = m.intoStart[out]!; k < m.intoStart[out + 1]!; k++) if (s.lamT[m.intoOf[k]!]! > 0) inputs.add(m.turnIn[m.intoOf[k]!]!);
      const tot = parts.reduce((a, y) => a + y, 0);
      console.log(`  ${(far + '/' + v).padEnd(20)} ${(l * x).toFixed(2)} ${simT.toFixed(2).padStart(6)} | ${tot.toFixed(2).padStart(5)} = ${parts.map((y) => y.toFixed(2)).join(' + ')}   (→ ${net.ports[(out / m.V) | 0]!.name}: ${(s.lamT[t]! * x).toFixed(2)} of ${(s.lam[out]! * s.xbar[out]!).toFixed(2)}, ${inputs.size} inputs)`);
      if (!showTurns) continue;
      // --turns (H34ps): every turn of this buffer — its share, output load, head wait, floor, split wait; the buffer's W₀ and W.
      console.log(`      W0 ${(s.fifoWait[c]! / x).toFixed(2)}  W(split) ${(s.fifoSplit[c]! / x).toFixed(2)}`);
      for (let k = m.turnsStart[c]!; k < m.turnsStart[c + 1]!; k++) {
        const tt = m.turnsOf[k]!;
        if (!(s.lamT[tt]! > 0)) continue;
        const o = m.turnOut[tt]!;
        const ys = [s.headWait[tt]!, s.floorExtra[tt]!, s.splitWait[tt]!, s.splitHead[tt]!].map((y) => (y / x).toFixed(2));
        console.log(`      → ${net.ports[(o / m.V) | 0]!.name}/${o % m.V}: ${(s.lamT[tt]! * x).toFixed(2)} of ${(s.lam[o]! * s.xbar[o]!).toFixed(2)}  head ${ys[0]} floor ${ys[1]} split ${ys[2]} splitHead ${ys[3]}`);
      }
    }
  }
}

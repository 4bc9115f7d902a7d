/**
 * The turns into named switch output ports, the fabric model's solved terms beside the simulator's whole input buffers (H41shf,
 * session 24, docs/fabric-model.md entry 300): per output channel its load and credit wait β, then per turn into it the input
 * buffer, the buffer's λx and the turn's, the turn's head wait (its port-wait part), change 30's floor top-up, change 145's split
 * wait and split head, and the buffer's time beyond x — the simulator's by Little from the fixture's mean occupancy, the model's
 * FIFO wait + S − x (floor and split not in it). In x. A measuring aid for a merge's split between its inputs; not a score.
 *
 *     npx tsx benchmarks/model-merge-turns.ts mesh8x8-shuffle-1sl 90% s1_4:5,s3_4:5
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fabricModelNetwork } from '../src/model/spec/scenario.js';
import { solveModel } from '../src/model/solve.js';
const dir = join(import.meta.dirname, '..', 'test', 'fixtures', 'fabric-model');
const [name, label = '90%', portList] = process.argv.slice(2);
if (name === undefined || portList === undefined) throw new Error('usage: model-merge-turns.ts CASE LABEL PORT[,PORT…]: CASE a fixture of test/fixtures/fabric-model, PORT a switch port (e.g. s1_4:5)');
const c = JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8'));
const sc = JSON.parse(readFileSync(join(dir, c.scenarioFile), 'utf8'));
const pt = c.points.find((p: { label: string }) => p.label === label);
if (pt === undefined) throw new Error(`model-merge-turns.ts: ${name} has no point labelled ${label}`);
const params = { ...sc.params, flows: sc.params.flows.map((f: object) => ({ ...f, traffic: { kind: 'poisson', rate: pt.flowRatePps } })) };
const net = fabricModelNetwork(params);
const { m, s } = solveModel(net, 1e-7, 500, 1);
const peer = new Map<string, string>();
for (const l of sc.params.topology.links as { a: string; b: string }[]) (peer.set(l.a, l.b), peer.set(l.b, l.a));
const wanted = portList!.split(',');
for (let o = 0; o < net.ports.length * m.V; o++) {
  const pn = net.ports[(o / m.V) | 0]!.name;
  if (!wanted.includes(pn) || !(s.lam[o]! > 0)) continue;
  const xo = s.xbar[o]!;
  console.log(`${pn}/${o % m.V}: λx ${(s.lam[o]! * xo).toFixed(3)} beta ${(s.beta[o]! / xo).toFixed(3)}`);
  for (let k = m.intoStart[o]!; k < m.intoStart[o + 1]!; k++) {
    const t = m.intoOf[k]!;
    if (!(s.lamT[t]! > 0)) continue;
    const u = m.turnIn[t]!;
    const x = s.xbar[u]!;
    const far = u >= 0 ? peer.get(net.ports[(u / m.V) | 0]!.name) : '?';
    const b = pt.buffers[`${far}/${u % m.V}`] as number[] | undefined;
    const simT = b === undefined ? NaN : (b[0]! / s.lam[u]! - x) / x;
    const model = (s.fifoWait[u]! + s.headTime[u]! - x) / x;
    const f = (y: number) => (y / x).toFixed(3);
    console.log(`  ← ${far}/${u % m.V} λx ${(s.lam[u]! * x).toFixed(2)} turn ${(s.lamT[t]! * x).toFixed(2)}  head ${f(s.headWait[t]!)} port ${f(s.portWait[t]!)} floor ${f(s.floorExtra[t]!)} split ${f(s.splitWait[t]!)} splitHead ${f(s.splitHead[t]!)} | buffer sim ${simT.toFixed(3)} model ${model.toFixed(3)} (fifo ${f(s.fifoWait[u]!)} S-x ${f(s.headTime[u]! - x)})`);
  }
}

/**
 * The fabric model's solved terms per switch input buffer and per output (H41tree, session 24, docs/fabric-model.md entry 305):
 * for a fixture case and load point, each named input buffer (by its input port, e.g. s1_6:1) per VL — λx, its head time
 * beyond x (S − x), its FIFO wait, change 233's split FIFO, λS, the credit wait β and blocking of its link — and each of its
 * turns (output, share, head wait H with its port and run parts, P(wait), the floor's top-up, the split's parts, the
 * output's load); then, for each named output port, the turns into it from every input buffer. In transmissions x. Beside
 * benchmarks/sim-head-times.ts `--ports` (the simulator's head times of the same buffers). A measuring aid, not a score.
 *
 *     npx tsx benchmarks/model-buffer-terms.ts 4ary3tree-transpose-1sl 90% s1_6:1,s1_6:2 [s1_6:5,s1_6:7]
 *     npx tsx benchmarks/model-buffer-terms.ts 4ary3tree-transpose-1sl 90% --paths h17,h2   (the flows' output ports and the input buffers they enter)
 */
import { fabricModelNetwork } from '../src/model/spec/scenario.js';
import { solveModel } from '../src/model/solve.js';
import { simCaseParams } from './sim-case-params.js';

const args = process.argv.slice(2);
const [name, label, list = '', outList = ''] = args.filter((a) => !a.startsWith('--'));
if (name === undefined || label === undefined) throw new Error('usage: model-buffer-terms.ts CASE LABEL INPUTS [OUTPUTS] | --paths FLOWS');
const { params } = simCaseParams(name, label, 0);
const net = fabricModelNetwork(params);
const peer = new Map<string, string>();
for (const l of params.topology.links as { a: string; b: string }[]) (peer.set(l.a, l.b), peer.set(l.b, l.a));
if (args.includes('--paths')) {
  const wanted = list.split(',');
  for (const f of net.flows) {
    if (!wanted.includes(f.name) && !wanted.includes(f.name.replace(/-sl\d+$/, ''))) continue;
    const hops = f.path.map((p) => `${net.ports[p]!.name} → ${peer.get(net.ports[p]!.name) ?? '?'}`);
    console.log(`${f.name}: ${hops.join(', ')}`);
  }
  process.exit(0);
}
const { m, s } = solveModel(net, 1e-7, 500, 1);
const x = (2048 * 8) / ((params.topology.links[0].rateGbps ?? 2.5) * 1e9);
const f = (v: number) => (v / x).toFixed(3);
const inputs = list.split(',').filter((z) => z !== '');
const outputs = outList.split(',').filter((z) => z !== '');
net.ports.forEach((p, pi) => {
  const far = peer.get(p.name);
  if (far === undefined || !inputs.includes(far)) return;
  for (let v = 0; v < m.V; v++) {
    const u = pi * m.V + v;
    const l = s.lam[u]!;
    if (!(l > 0)) continue;
    console.log(`${far} (from ${p.name}) VL${v}: λx ${(l * s.xbar[u]!).toFixed(3)}, S−x ${f(s.headTime[u]! - s.xbar[u]!)}, FIFO ${f(s.fifoWait[u]!)}, split FIFO ${f(s.fifoSplit[u]!)}, λS ${(l * s.headTime[u]!).toFixed(3)}; link β ${f(s.beta[u]!)}, blocked ${s.blocked[u]!.toFixed(3)}`);
    for (let i = m.turnsStart[u]!; i < m.turnsStart[u + 1]!; i++) {
      const t = m.turnsOf[i]!;
      const c = m.turnOut[t]!;
      console.log(`   → ${net.ports[(c / m.V) | 0]!.name} VL${c % m.V}: share ${(s.lamT[t]! / l).toFixed(3)}, H ${f(s.headWait[t]!)} (port ${f(s.portWait[t]!)}, runs ${f(s.runWait[t]!)}), P(wait) ${s.headWaitProb[t]!.toFixed(3)}, floor ${f(s.floorExtra[t]!)}, split head ${f(s.splitHead[t]!)} / wait ${f(s.splitWait[t]!)}; output λx ${(s.lam[c]! * s.xbar[c]!).toFixed(3)}, β ${f(s.beta[c]!)}`);
    }
  }
});
net.ports.forEach((p, pi) => {
  if (!outputs.includes(p.name)) return;
  for (let v = 0; v < m.V; v++) {
    const c = pi * m.V + v;
    if (!(s.lam[c]! > 0)) continue;
    console.log(`output ${p.name} VL${v}: λx ${(s.lam[c]! * s.xbar[c]!).toFixed(3)}`);
    for (let t = 0; t < s.lamT.length; t++) {
      if (m.turnOut[t] !== c || !(s.lamT[t]! > 0)) continue;
      const u = m.turnIn[t]!;
      console.log(`   from ${peer.get(net.ports[(u / m.V) | 0]!.name)} VL${u % m.V} (buffer λx ${(s.lam[u]! * s.xbar[u]!).toFixed(3)}, S−x ${f(s.headTime[u]! - s.xbar[u]!)}, FIFO ${f(s.fifoWait[u]!)}): turn λx ${(s.lamT[t]! * s.xbar[c]!).toFixed(3)}, H ${f(s.headWait[t]!)}, P(wait) ${s.headWaitProb[t]!.toFixed(3)}, floor ${f(s.floorExtra[t]!)}`);
    }
  }
});

// H44d scratch: the floor's pieces at named outputs (needs floor.ts's __h44dFloor hook, scratch only).
import { fabricModelNetwork } from '../src/model/spec/scenario.js';
import { solveModel } from '../src/model/solve.js';
import { simCaseParams } from '../benchmarks/sim-case-params.js';
const [name, label, list] = process.argv.slice(2);
const { params } = simCaseParams(name!, label!);
const net = fabricModelNetwork(params);
const outs = list!.split(',');
let last = new Map<number, any>();
(globalThis as any).__h44dFloor = (d: any) => last.set(d.c, d);
const { m, s } = solveModel(net, 1e-7, 500, 1);
const V = m.V;
for (const [c, d] of [...last].sort((a, b) => a[0] - b[0])) {
  const pn = net.ports[(c / V) | 0]!.name;
  if (!outs.includes(pn)) continue;
  const x = s.xbar[c]!;
  const f = (y: number) => (y / x).toFixed(3);
  let own = 0, tot = 0;
  for (const t of d.turns) { own += t.lt * (s.headWait[t.t]! + s.fifoWait[t.u]!); tot += t.lt * (s.headWait[t.t]! + s.fifoWait[t.u]! + s.floorExtra[t.t]!); }
  console.log(`${pn}/${d.v}: seff ${f(s.seff[c]!)} portWait·λ/λ_c ${f(d.turns.reduce((a: number, t: any) => a + t.lt * s.portWait[t.t]!, 0) / d.lc)} 1/μ ${f(1 / d.mu)} λx ${(d.lc * x).toFixed(3)} g ${d.g.toFixed(3)} W_OQ ${f(d.wOq)} gW ${f(d.g * d.wOq)} lower ${f(d.lowerTerm)} spillIn/λ ${f(d.spillIn / d.lc)} floor pre-spill ${f(d.floorBeforeSpill)} spilled/λ ${f(d.spilled / d.lc)} floor ${f(d.floor)}  own mean ${f(own / d.lc)} total ${f(tot / d.lc)}`);
  for (const t of d.turns) console.log(`   from ${net.ports[(t.u / V) | 0]!.name}/${t.u % V} λx ${(t.lt * x).toFixed(3)} head ${f(s.headWait[t.t]!)} fifo ${f(s.fifoWait[t.u]!)} own ${f(s.headWait[t.t]! + s.fifoWait[t.u]!)} (at the floor's call ${f(t.head + t.fifo)} = head ${f(t.head)} + fifo ${f(t.fifo)}) W_i ${t.byIn !== undefined ? f(t.byIn) : '-'} train ${f(t.train)} top-up ${f(s.floorExtra[t.t]!)} spill ${(s.floorSpill[t.t]!).toFixed(3)}`);
}

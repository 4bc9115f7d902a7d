/**
 * The model's host-fed buffers at one 8-port switch with two SLs (sim-case-params.ts switch8-2sl; H38one, docs/fabric-model.md
 * entry 220), host 0's two VLs, in transmissions x: λx, S/x, Cs² of the head time, λS, the host's send wait, the tandem
 * identity's W(λ, S) − S, the buffer's FIFO wait and credit wait β; then each SL's mean latency. A measuring aid.
 *
 *     npx tsx benchmarks/model-host-fed-parts.ts 0.6
 */
import { fabricModelNetwork } from '../src/model/spec/scenario.js';
import { solveFabric, solveModel } from '../src/model/solve.js';
import { finiteQueue } from '../src/model/queues/queue.js';
import { simCaseParams } from './sim-case-params.js';
const label = process.argv[2] ?? '0.6';
const { params } = simCaseParams('switch8-2sl', label);
const net = fabricModelNetwork(params);
const { m, s } = solveModel(net, 1e-7, 500, 1);
const us: number[] = [];
for (let u = 0; u < m.C; u++) if (m.hostChannel[u] === 1 && s.headTime[u]! > 0 && us.length < 2) us.push(u);
for (const u of us) {
  const x = s.xbar[u]!;
  const S = s.headTime[u]!;
  let S2 = 0;
  for (let i = m.turnsStart[u]!; i < m.turnsStart[u + 1]!; i++) {
    const t = m.turnsOf[i]!;
    const c = m.turnOut[t]!;
    const pr = s.lamT[t]! / s.lam[u]!;
    S2 += pr * (s.seff2[c]! + 2 * s.headWait[t]! * s.seff[c]! + s.headWait2[t]!);
  }
  const cs2 = S2 / (S * S) - 1;
  const l = s.lam[u]!;
  const tot = finiteQueue(s.hostOffered[u]!, 1 / S, s.ca2in[u]!, cs2, Infinity, false).responseTime;
  const alone = finiteQueue(s.hostOffered[u]!, 1 / x, s.ca2in[u]!, Math.max(0, s.x2[u]! / (x * x) - 1), Infinity, false).responseTime - x;
  console.log(`u${u} VL${u % m.V}: λx ${(l * x).toFixed(3)} offered·x ${(s.hostOffered[u]! * x).toFixed(3)} S/x ${(S / x).toFixed(3)} Cs² ${cs2.toFixed(3)} ρ=λS ${(l * S).toFixed(3)} ca2in ${s.ca2in[u]!.toFixed(3)} cd2 ${s.cd2[u]!.toFixed(3)} hostWait ${(s.hostWait[u]! / x).toFixed(3)} alone ${(alone / x).toFixed(3)} W(λ,S)−S ${((tot - S) / x).toFixed(3)} fifo ${(s.fifoWait[u]! / x).toFixed(3)} β ${(s.beta[u]! / x).toFixed(3)} blocked ${s.blocked[u]!.toFixed(3)}`);
}
{
  // Each SL's mean latency over its flows, in x (heads.test.ts's switch at this load).
  const r = solveFabric(net);
  const x = (2048 * 8) / 2.5e9 / 1e-6;
  for (const sl of [0, 1]) {
    const f = r.flows.filter((q) => q.name.endsWith(`sl${sl}`));
    console.log(`SL${sl} model latency ${(f.reduce((a, q) => a + q.latency, 0) / f.length / x).toFixed(4)} x`);
  }
}

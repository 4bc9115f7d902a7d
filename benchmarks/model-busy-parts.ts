/**
 * The fabric model's busy-found chance by its parts (H46a, docs/fabric-model.md entry 490): per FIFO head class (host- or
 * switch-fed buffer, VL, output to a host or to a switch), λ-weighted over the turns, the MVA's b = λ_o·s̄/avail
 * (iterate.ts portWaits, heads.ts headWaitMva; state `headWaitProb`) split by what s̄ holds at the output's level:
 * transmissions x̄, the credit waits β (s_eff = x̄ + β), and the idle term of change 36 — Σ_t λ_t e_t e^{−(A − A_i)}, the
 * output idling while a head waits for its own input port (docs/models.md §13.4). Beside the simulator's P(busy at ready)
 * (`BY_OUTPUT=1 benchmarks/sim-head-starts.ts`, its "busy found" line). A measuring aid; src/ unchanged.
 *
 *     npx tsx benchmarks/model-busy-parts.ts switch8-2sl 0.6
 *     npx tsx benchmarks/model-busy-parts.ts 4ary2tree-uniform-2sl 90%
 */
import { fabricModelNetwork } from '../src/model/spec/scenario.js';
import { solveModel } from '../src/model/solve.js';
import { simCaseParams } from './sim-case-params.js';
import { waitingTerm } from '../src/model/fixedPoint/waiting.js';

const [name = 'switch8-2sl', label = '0.6'] = process.argv.slice(2);
const { params } = simCaseParams(name, label, 0);
const net = fabricModelNetwork(params);
const { m, s } = solveModel(net, 1e-7, 500, 1);
const V = m.V;
/** Whether port p's link leads to a host (no credit-limited buffer at its far end). */
const toHost = (p: number) => m.bufferBlocks[p] === Infinity;
/** Per switch output port: [Σλx̄, Σλ·s_eff, Σλ_t e_t e^{−(A − A_i)}] over its channels (every VL: these cases have one level). */
const parts = new Map<number, [number, number, number]>();
for (let p = 0; p < m.P; p++) {
  const base = p * V;
  if (m.hostChannel[base] === 1) continue;
  const ready = new Map<number, number>();
  let readyAll = 0;
  for (let c = base; c < base + V; c++)
    for (let i = m.intoStart[c]!; i < m.intoStart[c + 1]!; i++) {
      const t = m.intoOf[i]!;
      const pu = (m.turnIn[t]! / V) | 0;
      const r = waitingTerm(s, t);
      ready.set(pu, (ready.get(pu) ?? 0) + r);
      readyAll += r;
    }
  let sx = 0, ss = 0, se = 0;
  for (let c = base; c < base + V; c++) {
    const l = s.lam[c]!;
    if (!(l > 0)) continue;
    sx += l * s.xbar[c]!;
    ss += l * s.seff[c]!;
    for (let i = m.intoStart[c]!; i < m.intoStart[c + 1]!; i++) {
      const t = m.intoOf[i]!;
      const pu = (m.turnIn[t]! / V) | 0;
      se += s.lamT[t]! * s.portWait[t]! * Math.exp(-Math.max(0, readyAll - ready.get(pu)!));
    }
  }
  parts.set(p, [sx, ss, se]);
}
for (const hostFed of [true, false]) {
  for (const outHost of [true, false]) {
    for (let v = 0; v < V; v++) {
      let lt = 0, busy = 0, bx = 0, bb = 0, be = 0;
      for (let u = v; u < m.C; u += V) {
        if (!(s.lam[u]! > 0) || (m.hostChannel[u] === 1) !== hostFed) continue;
        for (let i = m.turnsStart[u]!; i < m.turnsStart[u + 1]!; i++) {
          const t = m.turnsOf[i]!;
          const q = (m.turnOut[t]! / V) | 0;
          if (toHost(q) !== outHost) continue;
          const pr = parts.get(q);
          if (pr === undefined) continue;
          const [sx, ss, se] = pr;
          const l = s.lamT[t]!;
          const b = s.headWaitProb[t]!;
          const all = ss + se;
          (lt += l), (busy += l * b), (bx += (l * b * sx) / all), (bb += (l * b * (ss - sx)) / all), (be += (l * b * se) / all);
        }
      }
      if (lt > 0) console.log(`${hostFed ? 'host' : 'switch'}-fed VL${v} to a ${outHost ? 'host' : 'switch'}: busy ${(busy / lt).toFixed(3)} = transmissions ${(bx / lt).toFixed(3)} + credit waits ${(bb / lt).toFixed(3)} + idle behind a port wait ${(be / lt).toFixed(3)}`);
    }
  }
}

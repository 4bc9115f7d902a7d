/**
 * Entry 480 (H45g, tried; a measuring aid on branch i45g-tried): the model's tie share τ_t (fixedPoint/tieShare.ts (1)), its
 * successors' share σ_u and the other VLs' chance to have a request at a tie p_other,v ((2), `TRY480=1` or `2`), λ-weighted per
 * buffer class (host- or switch-fed), VL and output class (to a host or a switch) — beside entry 470's simulator table
 * (`BY_OUTPUT=1 benchmarks/sim-head-starts.ts`'s busy-found line). One level (every VL served alike) assumed.
 *
 *     TRY450=D TRY480=2 npx tsx benchmarks/model-tie-share.ts 4ary2tree-uniform-2sl 90%
 */
import { fabricModelNetwork } from '../src/model/spec/scenario.js';
import { solveModel } from '../src/model/solve.js';
import { simCaseParams } from './sim-case-params.js';
import { waitingTerm } from '../src/model/fixedPoint/waiting.js';
import { otherReadyAtTie, tauT, tiePass } from '../src/model/fixedPoint/tieShare.js';

const [name = 'switch8-2sl', label = '0.6'] = process.argv.slice(2);
const { params } = simCaseParams(name, label, 0);
const net = fabricModelNetwork(params);
const { m, s } = solveModel(net, 1e-7, 500, 1);
const V = m.V;
const toHost = (p: number) => m.bufferBlocks[p] === Infinity;
const all = () => true;
const tau = new Float64Array(m.turnIn.length);
const pOther = new Float64Array(m.turnIn.length);
const byInput = new Float64Array(m.P);
const waiting = new Float64Array(16);
for (let q = 0; q < m.P; q++) {
  const base = q * V;
  byInput.fill(0);
  waiting.fill(0);
  let any = false;
  for (let v = 0; v < V; v++)
    for (let i = m.intoStart[base + v]!; i < m.intoStart[base + v + 1]!; i++) {
      const t = m.intoOf[i]!;
      if (!(s.lamT[t]! > 0)) continue;
      any = true;
      byInput[(m.turnIn[t]! / V) | 0]! += s.lamT[t]!;
      waiting[v]! += waitingTerm(s, t);
    }
  if (!any) continue;
  tiePass(m, s, base, all, byInput);
  for (let v = 0; v < V; v++) {
    const p = otherReadyAtTie(waiting, V, v, all);
    for (let i = m.intoStart[base + v]!; i < m.intoStart[base + v + 1]!; i++) ((tau[m.intoOf[i]!] = tauT[m.intoOf[i]!]!), (pOther[m.intoOf[i]!] = p));
  }
}
function successorShare(u: number): number {
  let lu = 0, h = 0;
  for (let i = m.turnsStart[u]!; i < m.turnsStart[u + 1]!; i++) ((lu += s.lamT[m.turnsOf[i]!]!), (h += s.lamT[m.turnsOf[i]!]! * s.headWait[m.turnsOf[i]!]!));
  return lu > 0 ? Math.min(1, h / Math.max(1e-12, 1 - lu * s.xbar[u]!)) : 0;
}
for (const hostFed of [true, false])
  for (const outHost of [false, true])
    for (let v = 0; v < V; v++) {
      let lt = 0, ta = 0, po = 0, sg = 0, bz = 0, bx = 0;
      for (let u = v; u < m.C; u += V) {
        if (!(s.lam[u]! > 0) || (m.hostChannel[u] === 1) !== hostFed) continue;
        for (let i = m.turnsStart[u]!; i < m.turnsStart[u + 1]!; i++) {
          const t = m.turnsOf[i]!;
          if (toHost((m.turnOut[t]! / V) | 0) !== outHost) continue;
          const l = s.lamT[t]!;
          (lt += l), (ta += l * tau[t]!), (po += l * pOther[t]!), (sg += l * successorShare(u));
          // The head's busy-found chance as main's MVA gives it (headWaitProb, found in s̄ = x̄ + β) and in transmissions (× x̄/s̄ of the output).
          const c = m.turnOut[t]!;
          (bz += l * s.headWaitProb[t]!), (bx += l * s.headWaitProb[t]! * Math.min(1, s.xbar[c]! / s.seff[c]!));
        }
      }
      if (lt > 0) console.log(`${hostFed ? 'host' : 'switch'}-fed VL${v} to a ${outHost ? 'host' : 'switch'}: σ ${(sg / lt).toFixed(3)} τ ${(ta / lt).toFixed(3)} p_other ${(po / lt).toFixed(3)} busy ${(bz / lt).toFixed(3)} busy_x ${(bx / lt).toFixed(3)}`);
    }

/**
 * The model's count of heads ahead (iterate.ts's `ahead`, without the table's runs) at each FIFO head, λ-weighted per VL
 * and buffer class, in heads: all of Σ λ(H − e) of the other buffers' heads into the same output (change 67's count), and
 * the port-free part of try 367 (heads.ts portFreeShare). Beside benchmarks/sim-head-starts.ts's heads found (all / port
 * free). A measuring aid (H43ahd, entry 367). On main the model is main's (try 367's factor lives on branch i43ahd-tried,
 * queues/heads.ts portFreeShare, env TRY367=1); the share is formed here the same way to print the port-free part.
 *
 *     TRY367=1 npx tsx benchmarks/model-heads-ahead.ts switch8-2sl 0.6
 */
import { fabricModelNetwork } from '../src/model/spec/scenario.js';
import { solveModel } from '../src/model/solve.js';
import { simCaseParams } from './sim-case-params.js';
import { waitingTerm } from '../src/model/fixedPoint/waiting.js';
import type { CompiledModel } from '../src/model/spec/compile.js';
import type { ModelState } from '../src/model/fixedPoint/state.js';

const [name = 'switch8-2sl', label = '0.6'] = process.argv.slice(2);
const { params } = simCaseParams(name, label, 0);
const { m, s } = solveModel(fabricModelNetwork(params), 1e-7, 500, 1);
for (const hostFed of [true, false]) {
  for (let v = 0; v < m.V; v++) {
    let lt = 0, all = 0, free = 0, share = 0;
    for (let u = v; u < m.C; u += m.V) {
      if (!(s.lam[u]! > 0) || (m.hostChannel[u] === 1) !== hostFed) continue;
      for (let i = m.turnsStart[u]!; i < m.turnsStart[u + 1]!; i++) {
        const t = m.turnsOf[i]!;
        const l = s.lamT[t]!;
        const q = (m.turnOut[t]! / m.V) | 0;
        let sl = 0, s1 = 0, s2 = 0;
        for (let c = q * m.V; c < (q + 1) * m.V; c++) ((sl += s.lam[c]!), (s1 += s.lam[c]! * s.seff[c]!), (s2 += s.lam[c]! * s.seff2[c]!));
        const res = s1 > 0 ? s2 / (2 * s1) : 0;
        let a = 0, f = 0;
        for (let c = q * m.V; c < (q + 1) * m.V; c++)
          for (let j = m.intoStart[c]!; j < m.intoStart[c + 1]!; j++) {
            const t2 = m.intoOf[j]!;
            if (m.turnIn[t2] === m.turnIn[t]) continue;
            const x = waitingTerm(s, t2);
            a += x;
            f += x * portFreeShare(m, s, t2, res);
          }
        lt += l;
        all += l * a;
        free += l * f;
        share += l * portFreeShare(m, s, t, res);
      }
    }
    if (lt > 0) console.log(`${hostFed ? 'host' : 'switch'}-fed VL ${v}: ahead ${(all / lt).toFixed(3)}, port-free part ${(free / lt).toFixed(3)} (own share ${(share / lt).toFixed(3)})`);
  }
}

/** Try 367's share (i43ahd-tried queues/heads.ts portFreeShare, the same expression): 1 − π·R_port/(R_out + R_port). */
function portFreeShare(m: CompiledModel, s: ModelState, t: number, outResidual: number): number {
  if (m.V === 1) return 1;
  const inCh = m.turnIn[t]!;
  const first = inCh - (inCh % m.V);
  let busy = 0;
  let second = 0;
  for (let w = first; w < first + m.V; w++) if (w !== inCh) ((busy += s.lam[w]! * s.xbar[w]!), (second += s.lam[w]! * s.x2[w]!));
  if (!(busy > 0)) return 1;
  const rPort = second / (2 * busy);
  return 1 - (Math.min(1, busy) * rPort) / (Math.max(1e-12, outResidual) + rPort);
}

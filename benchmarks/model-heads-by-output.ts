/**
 * The fabric model's FIFO heads split by buffer class (host- or switch-fed), VL and output class (to a host or to a switch),
 * λ-weighted over the turns, in transmissions x: the head's wait b = H (port wait included), the port wait e, the chance the
 * output is busy, the count of other input ports' waiting heads at the output, Σ λ(H − e) (iterate.ts's `ahead` before
 * the table's runs), and the wait the turn's hop reports beside b: the floor's top-up (floorExtra) and splitWait. Beside `BY_OUTPUT=1 benchmarks/sim-head-starts.ts` (the simulator's, same split). A measuring aid (H44a,
 * docs/fabric-model.md entry 371).
 *
 *     npx tsx benchmarks/model-heads-by-output.ts 4ary2tree-uniform-2sl 90%
 *     TRY370=1 npx tsx benchmarks/model-heads-by-output.ts switch8-2sl 0.6
 *     OUTPUT=o npx tsx benchmarks/model-heads-by-output.ts leaf-merge-sw-2sl 0.552/0.69
 */
import { fabricModelNetwork } from '../src/model/spec/scenario.js';
import { solveModel } from '../src/model/solve.js';
import { simCaseParams } from './sim-case-params.js';
import { waitingTerm } from '../src/model/fixedPoint/waiting.js';
import { raisedHead } from '../src/model/queues/heads.js';

const [name = 'switch8-2sl', label = '0.6'] = process.argv.slice(2);
const { params } = simCaseParams(name, label, 0);
const net = fabricModelNetwork(params);
const { m, s } = solveModel(net, 1e-7, 500, 1);
const x = (2048 * 8) / ((params.topology.links[0].rateGbps ?? 2.5) * 1e9);
/** Whether port p's link leads to a host (no credit-limited buffer at its far end). */
const toHost = (p: number) => m.bufferBlocks[p] === Infinity;
/**
 * With `OUTPUT=NAME` (a host): the output whose link leads to NAME against every other output, in place of host / switch;
 * with `OUTPUT=merge`: outputs where one input port brings more than half of the load against the rest (sim-head-starts.ts's
 * `BY_OUTPUT=merge`).
 */
const named = process.env.OUTPUT;
const peer = new Map<string, string>();
for (const l of params.topology.links as { a: string; b: string }[]) (peer.set(l.a, l.b), peer.set(l.b, l.a));
const outClass = (p: number) => (named === undefined ? toHost(p) : named === 'merge' ? merge(p) : peer.get(net.ports[p]!.name) === named);
function merge(q: number): boolean {
  const byInput = new Map<number, number>();
  let total = 0;
  for (let c = q * m.V; c < (q + 1) * m.V; c++)
    for (let i = m.intoStart[c]!; i < m.intoStart[c + 1]!; i++) {
      const t = m.intoOf[i]!;
      const input = (m.turnIn[t]! / m.V) | 0;
      byInput.set(input, (byInput.get(input) ?? 0) + s.lamT[t]! * s.xbar[c]!);
      total += s.lamT[t]! * s.xbar[c]!;
    }
  return total > 0 && Math.max(...byInput.values()) > 0.5 * total;
}
for (const hostFed of [true, false]) {
  for (const outHost of [true, false]) {
    for (let v = 0; v < m.V; v++) {
      let lt = 0, h = 0, e = 0, busy = 0, ahead = 0, fl = 0, sp = 0, h2 = 0, hr = 0, hr2 = 0;
      for (let u = v; u < m.C; u += m.V) {
        if (!(s.lam[u]! > 0) || (m.hostChannel[u] === 1) !== hostFed) continue;
        for (let i = m.turnsStart[u]!; i < m.turnsStart[u + 1]!; i++) {
          const t = m.turnsOf[i]!;
          const q = (m.turnOut[t]! / m.V) | 0;
          if (outClass(q) !== outHost) continue;
          const l = s.lamT[t]!;
          let a = 0;
          for (let c = q * m.V; c < (q + 1) * m.V; c++)
            for (let j = m.intoStart[c]!; j < m.intoStart[c + 1]!; j++) {
              const t2 = m.intoOf[j]!;
              if (((m.turnIn[t2]! / m.V) | 0) !== ((m.turnIn[t]! / m.V) | 0)) a += waitingTerm(s, t2);
            }
          // Entry 430 (H45b): the head's second moment E[H²] (headWait2), and with the floor's top-up on the waiting heads (heads.ts raisedHead, as splitFifo.ts reads it).
          const c = m.turnOut[t]!;
          const [ht, ht2] = raisedHead(s.headWait[t]!, s.headWait2[t]!, s.floorExtra[t]!, Math.min(1, s.lam[c]! * s.seff[c]!));
          (h2 += l * s.headWait2[t]!), (hr += l * ht), (hr2 += l * ht2);
          (lt += l), (h += l * s.headWait[t]!), (fl += l * s.floorExtra[t]!), (sp += l * s.splitWait[t]!), (e += l * s.portWait[t]!), (busy += l * s.headWaitProb[t]!), (ahead += l * a);
        }
      }
      if (lt > 0) console.log(`${hostFed ? 'host' : 'switch'}-fed VL${v} ${named === undefined ? `to a ${outHost ? 'host' : 'switch'}` : outHost ? (named === 'merge' ? 'at a merge' : `to ${named}`) : 'elsewhere'}: b ${(h / lt / x).toFixed(3)} e ${(e / lt / x).toFixed(3)} busy ${(busy / lt).toFixed(3)} ahead ${(ahead / lt).toFixed(3)} floor ${(fl / lt / x).toFixed(3)} split ${(sp / lt / x).toFixed(3)} E[b²] ${(h2 / lt / x / x).toFixed(3)} (E[b²]/b² ${((h2 / lt) / (h / lt) ** 2).toFixed(2)}) with the floor: b ${(hr / lt / x).toFixed(3)} E[b²] ${(hr2 / lt / x / x).toFixed(3)}`);
    }
  }
}

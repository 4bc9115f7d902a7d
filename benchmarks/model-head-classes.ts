/**
 * The fabric model's FIFO heads by buffer class (H42sw, session 25, docs/fabric-model.md entries 316–319): for a fixture case or
 * one switch (sim-case-params.ts) at a load, per VL and per class (host-fed, switch-fed input buffers), λ-weighted over the
 * turns: the head's wait for its output b = H (port wait included), the port wait e, the chance the output is busy, the port's
 * busy chance π (the every-packet readout's, portBusyAll), and, λ-weighted over the buffers, the head time S and the FIFO wait;
 * in transmissions x. Beside benchmarks/sim-head-starts.ts and sim-head-ready-fifo.ts (the simulator's). A measuring aid.
 *
 *     npx tsx benchmarks/model-head-classes.ts switch8-2sl 0.6
 *     npx tsx benchmarks/model-head-classes.ts 4ary2tree-uniform-2sl 90%
 */
import { fabricModelNetwork } from '../src/model/spec/scenario.js';
import { solveModel } from '../src/model/solve.js';
import { simCaseParams } from './sim-case-params.js';
import { waitingElsewhere } from '../src/model/fixedPoint/waiting.js';

const [name = 'switch8-2sl', label = '0.6'] = process.argv.slice(2);
const { params } = simCaseParams(name, label, 0);
const net = fabricModelNetwork(params);
const { m, s } = solveModel(net, 1e-7, 500, 1);
const x = (2048 * 8) / ((params.topology.links[0].rateGbps ?? 2.5) * 1e9);
for (const hostFed of [true, false]) {
  for (let v = 0; v < m.V; v++) {
    let lt = 0, h = 0, e = 0, pb = 0, busy = 0, lu = 0, S = 0, fifo = 0, th = 0, lo = 0, phi = 0;
    for (let u = v; u < m.C; u += m.V) {
      if (!(s.lam[u]! > 0) || m.turnsStart[u] === m.turnsStart[u + 1] || (m.hostChannel[u] === 1) !== hostFed || s.headTime[u] === 0) continue;
      lu += s.lam[u]!;
      S += s.lam[u]! * s.headTime[u]!;
      fifo += s.lam[u]! * s.fifoWait[u]!;
      for (let i = m.turnsStart[u]!; i < m.turnsStart[u + 1]!; i++) {
        const t = m.turnsOf[i]!;
        const l = s.lamT[t]!;
        lt += l;
        h += l * s.headWait[t]!;
        e += l * s.portWait[t]!;
        pb += l * s.portBusyAll[t]!;
        busy += l * s.headWaitProb[t]!;
        // Entry 335 (H42lt): change 290's terms of the lost turn at the output q — θ (a head of another input port waiting at q),
        // λ_o·x_q (q's load from the other input ports) and φ = E[e^{−λ_o R}] with R uniform on (0, x_q).
        const q = (m.turnOut[t]! / m.V) | 0;
        const input = (m.turnIn[t]! / m.V) | 0;
        let o = 0;
        for (let c = q * m.V; c < (q + 1) * m.V; c++)
          for (let i = m.intoStart[c]!; i < m.intoStart[c + 1]!; i++) if (((m.turnIn[m.intoOf[i]!]! / m.V) | 0) !== input) o += s.lamT[m.intoOf[i]!]! * s.xbar[c]!;
        th += l * waitingElsewhere(m, q, input, t);
        lo += l * o;
        phi += l * (o > 0 ? -Math.expm1(-o) / o : 1);
      }
    }
    if (!(lt > 0)) continue;
    const f = (z: number, n: number) => (z / n / x).toFixed(3);
    console.log(`${hostFed ? 'host' : 'switch'}-fed VL ${v}: b ${f(h, lt)} e ${f(e, lt)} busy ${(busy / lt).toFixed(3)} π ${(pb / lt).toFixed(3)} S ${f(S, lu)} FIFO ${f(fifo, lu)} θ ${(th / lt).toFixed(3)} λ_o·x ${(lo / lt).toFixed(3)} φ ${(phi / lt).toFixed(3)}`);
  }
}

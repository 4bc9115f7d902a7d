/**
 * The fabric model's FIFO head wait b and its second moment E[b²] by the terms that form them (H45b, docs/fabric-model.md
 * entry 430), per buffer class (host- or switch-fed), VL and output class (to a host or to a switch), λ-weighted over the
 * turns, in transmissions x — beside the simulator's parts (`BY_OUTPUT=1 benchmarks/sim-head-starts.ts`, its "spread" line):
 * the residual part (busy·R, its square busy·E[s³]/(3s̄)), the heads ahead (the table's count gq·ahead·s̄, its square with the
 * binomial count of heads.ts headWaitMva, E[N²] = a + a²(1 − 1/heads)), their cross term, the table's runs (runs.ts) and the
 * port wait e (portReadout.ts; E[e²] and the cross term 2h₀e). The MVA's terms are read by hooks on iterate.ts and
 * inputBuffers.ts (globalThis.__h45bMva, __h45bHead, __h45bPort: on branch i45b-tried only), the last pass's values.
 *
 *     npx tsx benchmarks/model-head-spread.ts 4ary2tree-uniform-2sl 90%
 */
import { fabricModelNetwork } from '../src/model/spec/scenario.js';
import { solveModel } from '../src/model/solve.js';
import { simCaseParams } from './sim-case-params.js';
import { third } from '../src/model/queues/heads.js';

const [name = '4ary2tree-uniform-2sl', label = '90%'] = process.argv.slice(2);
const { params } = simCaseParams(name, label, 0);
const net = fabricModelNetwork(params);
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const mva = new Map<number, any>(), head = new Map<number, any>(), port = new Map<number, any>();
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const g = globalThis as any;
g.__h45bMva = (t: number, o: object) => mva.set(t, o);
g.__h45bHead = (t: number, o: object) => head.set(t, o);
g.__h45bPort = (t: number, o: object) => port.set(t, o);
const { m, s } = solveModel(net, 1e-7, 500, 1);
const x = (2048 * 8) / ((params.topology.links[0].rateGbps ?? 2.5) * 1e9);
const toHost = (p: number) => m.bufferBlocks[p] === Infinity;
const names = ['b', 'E[b²]', 'E[b²]/b²', 'busy·R', 'E[R²]', 'count gq·a·s̄', 'E[count²]', 'Var/mean of count', 'a', 'heads', 'gq', '2E[R·count]', 'runs', 'e', 'E[e²]', '2h₀e'];
for (const hostFed of [true, false]) {
  for (const outHost of [true, false, undefined]) {
    for (let v = 0; v < m.V; v++) {
      const acc = new Array<number>(names.length).fill(0);
      let lt = 0;
      for (let u = v; u < m.C; u += m.V) {
        if (!(s.lam[u]! > 0) || (m.hostChannel[u] === 1) !== hostFed) continue;
        for (let i = m.turnsStart[u]!; i < m.turnsStart[u + 1]!; i++) {
          const t = m.turnsOf[i]!;
          const q = (m.turnOut[t]! / m.V) | 0;
          if (outHost !== undefined && toHost(q) !== outHost) continue;
          const l = s.lamT[t]!;
          const hd = head.get(t), mv = mva.get(t), pt = port.get(t);
          if (hd === undefined || pt === undefined) continue;
          lt += l;
          const parts = new Array<number>(names.length).fill(0);
          parts[0] = s.headWait[t]! / x;
          parts[1] = s.headWait2[t]! / (x * x);
          if (mv !== undefined) {
            const sEff = mv.sMean / mv.avail;
            const a = Math.max(0, mv.ahead);
            const n2 = a + a * a * (1 - 1 / Math.max(1, mv.heads));
            const k2 = hd.k * hd.k;
            parts[3] = hd.res / x;
            parts[4] = (k2 * hd.busy * third(sEff, mv.cs2)) / (3 * sEff) / (x * x);
            parts[5] = (hd.gq * a * sEff) / x;
            parts[6] = (k2 * sEff * sEff * (n2 + a * mv.cs2)) / (x * x);
            parts[8] = a;
            parts[9] = mv.heads;
            parts[10] = hd.gq;
            parts[11] = (k2 * 2 * mv.residual * a * sEff) / (x * x);
          }
          parts[12] = (pt.h0 - (hd.res + hd.gq * (hd.w - hd.res)) - hd.lowerTerm) / x;
          parts[13] = pt.e / x;
          parts[14] = pt.e2 / (x * x);
          parts[15] = (2 * pt.h0 * pt.e) / (x * x);
          for (let j = 0; j < names.length; j++) acc[j] += l * parts[j]!;
        }
      }
      if (!(lt > 0)) continue;
      const r = acc.map((z) => z / lt);
      r[2] = r[1]! / (r[0]! * r[0]!);
      r[7] = (r[6]! - r[5]! * r[5]!) / Math.max(1e-12, r[5]!);
      console.log(`${hostFed ? 'host' : 'switch'}-fed VL${v} ${outHost === undefined ? 'all outputs' : `to a ${outHost ? 'host' : 'switch'}`} (x): ${names.map((n, j) => `${n} ${r[j]!.toFixed(3)}`).join('; ')}`);
    }
  }
}

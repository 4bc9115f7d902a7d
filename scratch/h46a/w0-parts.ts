/**
 * H46a scratch: the delay cycle's parts per head class (TRY450=D / TRY490=2 / 3 with DBG450=1): busy·R, the same-VL heads found
 * (aSame), W0, σ, W (x), λ-weighted over the turns of each class, from tableDelayCycle's last debug line per turn.
 *     TRY490=3 DBG450=1 npx tsx scratch/h46a/w0-parts.ts 4ary2tree-uniform-2sl 90%
 */
import { fabricModelNetwork } from '../../src/model/spec/scenario.js';
import { solveModel } from '../../src/model/solve.js';
import { simCaseParams } from '../../benchmarks/sim-case-params.js';

const [name = 'switch8-2sl', label = '0.6'] = process.argv.slice(2);
const { params } = simCaseParams(name, label, 0);
const net = fabricModelNetwork(params);
const last = new Map<number, Record<string, number>>();
const err = console.error;
console.error = (msg: string) => {
  const p = String(msg).split(' ');
  if (p[0] !== 't') return;
  const rec: Record<string, number> = {};
  for (let i = 0; i + 1 < p.length; i += 2) rec[p[i]!] = Number(p[i + 1]);
  last.set(rec.t!, rec);
};
const { m, s } = solveModel(net, 1e-7, 500, 1);
console.error = err;
const toHost = (p: number) => m.bufferBlocks[p] === Infinity;
for (const hostFed of [true, false])
  for (const outHost of [true, false])
    for (let v = 0; v < m.V; v++) {
      const acc: Record<string, number> = {};
      let lt = 0;
      for (let u = v; u < m.C; u += m.V) {
        if (!(s.lam[u]! > 0) || (m.hostChannel[u] === 1) !== hostFed) continue;
        for (let i = m.turnsStart[u]!; i < m.turnsStart[u + 1]!; i++) {
          const t = m.turnsOf[i]!;
          if (toHost((m.turnOut[t]! / m.V) | 0) !== outHost) continue;
          const r = last.get(t);
          if (r === undefined) continue;
          const l = s.lamT[t]!;
          lt += l;
          for (const k of ['busy·R', 'aSame', 'w0', 'table', 'all', 'pi', 'sigma', 'W']) acc[k] = (acc[k] ?? 0) + l * r[k]!;
          acc.busy = (acc.busy ?? 0) + l * s.headWaitProb[t]!;
        }
      }
      if (lt > 0) console.log(`${hostFed ? 'host' : 'switch'}-fed VL${v} to a ${outHost ? 'host' : 'switch'}: ${Object.entries(acc).map(([k, a]) => `${k} ${(a / lt).toFixed(3)}`).join(' ')}`);
    }

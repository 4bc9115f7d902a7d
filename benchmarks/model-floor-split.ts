/**
 * How the fabric model splits a merge's conservation floor over its turns (H42stair, session 25, docs/fabric-model.md entries
 * 325–329): for each named switch output port, per turn into it the input buffer's λx and the turn's, the turn's head wait
 * (MVA), its buffer's FIFO wait and head time beyond x, the train term d_t (trainsAhead.ts, over the level's 1/μ taken as the
 * output's x) and the top-up floor.ts wrote (floorExtra); then the λ-weighted means. In x of the output. CASE as
 * sim-case-params.ts (a fixture case and label, `stair-bare HEAVY/LIGHT`, `merge-bare-split λx`). A measuring aid, not a score.
 *
 *     npx tsx benchmarks/model-floor-split.ts stair-bare 0.77/0.13 s:3
 */
import { fabricModelNetwork } from '../src/model/spec/scenario.js';
import { solveModel } from '../src/model/solve.js';
import { trainsAhead } from '../src/model/queues/trainsAhead.js';
import { simCaseParams } from './sim-case-params.js';

const [name, label, portList] = process.argv.slice(2);
if (name === undefined || label === undefined || portList === undefined) throw new Error('usage: model-floor-split.ts CASE LABEL PORT[,PORT…]');
const { params } = simCaseParams(name, label);
const net = fabricModelNetwork(params);
const { m, s } = solveModel(net, 1e-7, 500, 1);
const wanted = portList.split(',');
for (let o = 0; o < net.ports.length * m.V; o++) {
  const pn = net.ports[(o / m.V) | 0]!.name;
  if (!wanted.includes(pn) || !(s.lam[o]! > 0)) continue;
  const xo = s.xbar[o]!;
  const f = (y: number) => (y / xo).toFixed(3);
  console.log(`${pn}/${o % m.V}: λx ${(s.lam[o]! * xo).toFixed(3)}`);
  let l = 0, own = 0, ext = 0;
  for (let k = m.intoStart[o]!; k < m.intoStart[o + 1]!; k++) {
    const t = m.intoOf[k]!;
    const lt = s.lamT[t]!;
    if (!(lt > 0)) continue;
    const u = m.turnIn[t]!;
    const d = trainsAhead(m, s, o, (u / m.V) | 0) * xo;
    const mine = s.headWait[t]! + s.fifoWait[u]!;
    (l += lt), (own += lt * mine), (ext += lt * s.floorExtra[t]!);
    console.log(`  ← ${net.ports[(u / m.V) | 0]!.name}/${u % m.V} buffer λx ${(s.lam[u]! * xo).toFixed(3)} turn ${(lt * xo).toFixed(3)}: head ${f(s.headWait[t]!)} fifo ${f(s.fifoWait[u]!)} S−x ${f(s.headTime[u]! - s.xbar[u]!)} trains d ${f(d)} floorExtra ${f(s.floorExtra[t]!)} split ${f(s.splitWait[t]!)} → own+extra ${f(mine + s.floorExtra[t]!)}`);
  }
  console.log(`  λ-mean: own ${f(own / l)} extra ${f(ext / l)} total ${f((own + ext) / l)}`);
}

/**
 * A flow's path through the fabric model, turn by turn (H43shf, session 26, docs/fabric-model.md entry 347): for each named
 * flow of a case at one load point, per turn (input buffer → output channel) the output's λx and how many input ports feed
 * it, the buffer's λx and the turn's, the turn's head wait, the buffer's FIFO wait, the train term d (trainsAhead.ts, a
 * count of requests), change 30/312's floor top-up and change 145's split wait, in x of the output — to find which hop kind
 * a failing flow's error sits at, beside benchmarks/sim-flow-hops.ts's simulated hops (its hop i ≥ 1 is the i-th line
 * here). `--buffers B,…` instead lists the flows through each turn of the named buffers (as printed, e.g. s1_5:5/0).
 * CASE as sim-case-params.ts. A measuring aid, not a score.
 *
 *     npx tsx benchmarks/model-flow-turns.ts mesh8x8-shuffle-1sl 90% h4_3,h6_4
 *     npx tsx benchmarks/model-flow-turns.ts mesh8x8-shuffle-1sl 90% --buffers s1_5:5/0,s0_4:2/0
 */
import { fabricModelNetwork } from '../src/model/spec/scenario.js';
import { solveModel } from '../src/model/solve.js';
import { trainsAhead } from '../src/model/queues/trainsAhead.js';
import { simCaseParams } from './sim-case-params.js';

const args = process.argv.slice(2);
const bi = args.indexOf('--buffers');
const buffers = bi >= 0 ? (args[bi + 1] ?? '').split(',') : undefined;
const [name, label, flowList] = args.filter((a, i) => !a.startsWith('--') && !(bi >= 0 && i === bi + 1));
if (name === undefined || label === undefined || (flowList === undefined && buffers === undefined)) throw new Error('usage: model-flow-turns.ts CASE LABEL FLOW[,FLOW…] | --buffers BUFFER[,BUFFER…]');
const { params } = simCaseParams(name, label);
const net = fabricModelNetwork(params);
const { m, s } = solveModel(net, 1e-7, 500, 1);
const pn = (c: number) => `${net.ports[(c / m.V) | 0]!.name}/${c % m.V}`;
/** Each turn of flow f in path order. */
const turnsOf = (f: number) => {
  const out: number[] = [];
  for (let n = m.flowRest[f]!, t = m.flowTurn[f]!; n >= 0 && t >= 0; t = m.nodeTurn[n]!, n = m.nodeNext[n]!) out.push(t);
  return out;
};
if (buffers !== undefined) {
  const byTurn = new Map<string, string[]>();
  for (let f = 0; f < m.F; f++)
    for (const t of turnsOf(f)) {
      if (!buffers.includes(pn(m.turnIn[t]!))) continue;
      const k = `${pn(m.turnIn[t]!)} → ${pn(m.turnOut[t]!)}`;
      byTurn.set(k, [...(byTurn.get(k) ?? []), net.flows[f]!.name]);
    }
  for (const [k, v] of byTurn) console.log(k, v.join(','));
} else {
  for (const fname of flowList!.split(',')) {
    const f = net.flows.findIndex((x) => x.name === fname);
    if (f < 0) throw new Error(`model-flow-turns.ts: ${name} has no flow ${fname}`);
    console.log(fname);
    for (const t of turnsOf(f)) {
      const o = m.turnOut[t]!;
      const u = m.turnIn[t]!;
      const xo = s.xbar[o]!;
      const g = (y: number) => (y / xo).toFixed(3);
      const ports = new Set<number>();
      for (let k = m.intoStart[o]!; k < m.intoStart[o + 1]!; k++) if (s.lamT[m.intoOf[k]!]! > 0) ports.add((m.turnIn[m.intoOf[k]!]! / m.V) | 0);
      const d = trainsAhead(m, s, o, (u / m.V) | 0);
      console.log(`  ${pn(u)} → ${pn(o)} out λx ${(s.lam[o]! * xo).toFixed(3)} input ports ${ports.size} buffer λx ${(s.lam[u]! * xo).toFixed(3)} turn ${(s.lamT[t]! * xo).toFixed(3)}: head ${g(s.headWait[t]!)} fifo ${g(s.fifoWait[u]!)} trains ${d.toFixed(3)} floor ${g(s.floorExtra[t]!)} split ${g(s.splitWait[t]!)}`);
    }
  }
}

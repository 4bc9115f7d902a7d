/**
 * H44e (issue 31, entry 410): the model's head time at the inputs of one output, by kind — the successors' wait by the
 * oldest-first rule (queues/heads.ts successorsAhead, `TRY410=1`) beside the MVA's one head wait — to set against
 * sim-wrap-head.ts's fresh / succ-same / all rows. Per turn into output PORT/v (in x = the output's transmission): λx, the
 * head wait H + β (what the simulator's ready → start holds, credit idle included), the successors' share σ·λ_t/λ_u, the
 * heads they find N and the window's E[W²]/E[W]. CASE a fixture case scaled to LOAD, or `merge2-bare` (sim-case-params.ts)
 * with LOAD each flow's λx. (Every VL of the port counted as one level: the cases here have one table level.) Run with and without TRY410=1 (the env switch is read as the model's modules load).
 *
 *     TRY410=1 npx tsx benchmarks/model-successor-heads.ts "$PWD/src" torus8x8-bitcomp-1sl 90% 0.40,0.42,0.45 s0_0:3/1
 *     TRY410=1 npx tsx benchmarks/model-successor-heads.ts "$PWD/src" merge2-bare - 0.30,0.40,0.45 s:3/0
 */
import { join } from 'node:path';
import { solveFixturePoint } from './model-fixture-point.js';
import { simCaseParams } from './sim-case-params.js';

const [src, cname, label, loads, chan] = process.argv.slice(2) as [string, string, string, string, string];
if (chan === undefined) throw new Error('usage: model-successor-heads.ts SRC CASE LABEL LOAD[,LOAD…] PORT/v');
const { successorsAhead } = await import(join(src, 'model/queues/heads.ts'));
const f3 = (v: number) => v.toFixed(3);
console.log(`TRY410=${process.env.TRY410 ?? ''}; per turn into ${chan}: load | input | λx | H+β (x) | fresh share | successors' N | σ·λt/λu | E[W²]/E[W] (x) | buffer S−x (x)`);
for (const load of loads.split(',').map(Number)) {
  let solved;
  if (cname === 'merge2-bare') {
    const { fabricModelNetwork } = await import(join(src, 'model/spec/scenario.ts'));
    const { solveModel } = await import(join(src, 'model/solve.ts'));
    const net = fabricModelNetwork(simCaseParams('merge2-bare', String(load)).params);
    solved = { net, ...solveModel(net, 1e-7, 200, 0.5) };
  } else solved = await solveFixturePoint(src, cname, label, load);
  const { net, m, s } = solved;
  const nm = (u: number) => `${net.ports[(u / m.V) | 0].name}/${u % m.V}`;
  let o = -1;
  for (let c = 0; c < m.C; c++) if (nm(c) === chan) o = c;
  if (o < 0) throw new Error(`model-successor-heads.ts: no channel ${chan}`);
  const x = s.xbar[o];
  const base = ((o / m.V) | 0) * m.V;
  let heads = 0;
  for (let i = m.intoStart[o]; i < m.intoStart[o + 1]; i++) if (s.lamT[m.intoOf[i]] > 0) heads++;
  for (let i = m.intoStart[o]; i < m.intoStart[o + 1]; i++) {
    const t = m.intoOf[i];
    if (!(s.lamT[t] > 0)) continue;
    const u = m.turnIn[t];
    const [n, , share] = successorsAhead(m, s, t, o, base, m.V, () => true, heads - 1);
    const lu = s.lam[u], xu = s.xbar[u];
    const sigma = Math.min(1, Math.max(0, (lu * (s.headTime[u] - xu)) / (1 - lu * xu)));
    const h = s.headWait[t], b = s.beta[o];
    const ew = h + b + sigma * xu;
    const ew2 = s.headWait2[t] + 2 * h * b + b * b + sigma * (xu * xu + 2 * xu * (h + b));
    console.log([String(load), nm(u), f3(s.lamT[t] * x), f3((h + b) / x), f3(1 - sigma), f3(n), f3(share), f3(ew2 / ew / x), f3((s.headTime[u] - xu) / x)].join(' | '));
  }
}

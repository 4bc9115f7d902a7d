/**
 * H45c (issue 31, entries 440–449): the credit chain along a path, the fabric model's terms per channel (main's solve of a
 * fixture point, as model-fixture-point.ts). For each named channel u (`PORT/VL`, the output feeding the far buffer): its
 * load λx, the far buffer's head time S/x and SCV (inputBuffers.ts's mix over its turns), the shifted queue's arrivals
 * (rate λ′ = 1/(1/λ − x), Ca²′) and hold h = S + loop − x, the slots, the full chance π, the blocked packet's wait w/x and
 * β/x = πw/x, λβ (the stall share); then the far buffer's turns: share p_t, head wait H_t/x, the output's x_c + β_c in x and
 * p_t·(H_t + β_c)/x, the part of S beyond x each turn carries. In x (the channel's transmission). An aid, not the model.
 *
 *     npx tsx benchmarks/model-credit-chain.ts "$PWD/src" alfaro16-bitcomp-1sl 90% s0:8 s6:5/0,s8:6/0,s9:7/0
 */
import { join } from 'node:path';
import { solveFixturePoint } from './model-fixture-point.js';

const [src, name, label, list] = process.argv.slice(2) as [string, string, string, string | undefined];
if (list === undefined) throw new Error('usage: model-credit-chain.ts SRC CASE LABEL PORT/v[,…]');
const { finiteQueue } = await import(join(src, 'model/queues/queue.ts'));
const { net, m, s } = await solveFixturePoint(src, name, label);
const nm = (u: number) => `${net.ports[(u / m.V) | 0].name}/${u % m.V}`;
const f3 = (v: number) => v.toFixed(3);
for (const chan of list.split(',')) {
  let u = -1;
  for (let c = 0; c < m.C; c++) if (nm(c) === chan) u = c;
  if (u < 0) throw new Error(`model-credit-chain.ts: no channel ${chan}`);
  const p = (u / m.V) | 0;
  const l = s.lam[u];
  const x = s.xbar[u];
  const S = s.headTime[u];
  let S2 = 0;
  const turns: string[] = [];
  for (let i = m.turnsStart[u]; i < m.turnsStart[u + 1]; i++) {
    const t = m.turnsOf[i];
    const pr = s.lamT[t] / l;
    if (!(pr > 0)) continue;
    const o = m.turnOut[t];
    S2 += pr * (s.seff2[o] + 2 * s.headWait[t] * s.seff[o] + s.headWait2[t]);
    turns.push(`→${nm(o)} p ${f3(pr)} H ${f3(s.headWait[t] / x)} seff ${f3(s.seff[o] / x)} (β ${f3(s.beta[o] / x)}) p(H+β) ${f3((pr * (s.headWait[t] + s.seff[o] - s.xbar[o])) / x)}`);
  }
  const loop = m.creditLoop[p];
  const slots = Math.max(1, Math.floor(m.bufferBlocks[p] / Math.max(1, Math.ceil(s.b1[u] / l / 64))));
  const shift = 1 / l - x > 0 ? x : 0;
  const lt = 1 / (1 / l - shift);
  const ca2t = s.cd2[u] * (lt / l) * (lt / l);
  const ht = S + loop - shift;
  const varS = Math.max(0, S2 - S * S);
  const q = finiteQueue(lt, 1 / ht, ca2t, varS / (ht * ht), slots, true);
  const tau = Math.min(1, 2 / (1 + ca2t));
  console.log(
    `${chan} (u ${u}): λx ${f3(l * x)} S/x ${f3(S / x)} SCV ${f3(varS / (S * S))} | shifted λ′h ${f3(lt * ht)} Ca²′ ${f3(ca2t)} τ ${f3(tau)} h/x ${f3(ht / x)} loop/x ${f3(loop / x)} slots ${slots} | π ${s.blocked[u].toFixed(4)} (recomputed ${q.blockingProbability.toFixed(4)}) w/x ${f3(s.resid[u] / x)} β/x ${f3(s.beta[u] / x)} λβ ${(l * s.beta[u]).toFixed(4)} | fifo/x ${f3(s.fifoWait[u] / x)}`,
  );
  for (const t of turns) console.log(`    ${t}`);
}

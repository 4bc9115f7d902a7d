/**
 * H44c (issue 31, entry 391): a what-if on the model's credit wait of a link — inputBuffers.ts's β = π·w from the shifted
 * GE/GE/1/N on the far buffer's head time S (its mean and SCV taken i.i.d.) — recomputed on main's solved state of a fixture
 * point (model-fixture-point.ts) with the model's own S moments and with given ones (the simulator's, e.g. from
 * sim-wrap-head.ts: S = x + the mean wait, E[S²] from its second moment). Prints per channel the slots, the shifted arrivals'
 * Ca², and for both: S/x, SCV, π, β/x and the stall share λβ. The formulas are inputBuffers.ts's, repeated here (an aid, not
 * the model; a change there should be repeated here).
 *
 *     npx tsx benchmarks/model-full-whatif.ts "$PWD/src" alfaro16-bitcomp-1sl 90% s8:6/0=1.353=0.510,s6:5/0=1.461=0.269
 */
import { join } from 'node:path';
import { solveFixturePoint } from './model-fixture-point.js';

const [src, name, label, list] = process.argv.slice(2) as [string, string, string, string | undefined];
if (list === undefined) throw new Error('usage: model-full-whatif.ts SRC CASE LABEL PORT/v=S/x=SCV[,…]');
const { finiteQueue } = await import(join(src, 'model/queues/queue.ts'));
const { net, m, s } = await solveFixturePoint(src, name, label);
const nm = (u: number) => `${net.ports[(u / m.V) | 0].name}/${u % m.V}`;
for (const item of list.split(',')) {
  const [chan, sArg, scvArg] = item.split('=') as [string, string, string];
  let u = -1;
  for (let c = 0; c < m.C; c++) if (nm(c) === chan) u = c;
  if (u < 0) throw new Error(`model-full-whatif.ts: no channel ${chan}`);
  const p = (u / m.V) | 0;
  const l = s.lam[u];
  const x = s.xbar[u];
  // The model's S and E[S²] over the buffer's turns (inputBuffers.ts, one VL, FIFO: no port readout).
  let S = 0;
  let S2 = 0;
  for (let i = m.turnsStart[u]; i < m.turnsStart[u + 1]; i++) {
    const t = m.turnsOf[i];
    const pr = s.lamT[t] / l;
    if (!(pr > 0)) continue;
    const o = m.turnOut[t];
    S += pr * (s.headWait[t] + s.seff[o]);
    S2 += pr * (s.seff2[o] + 2 * s.headWait[t] * s.seff[o] + s.headWait2[t]);
  }
  const loop = m.creditLoop[p];
  const slots = Math.max(1, Math.floor(m.bufferBlocks[p] / Math.max(1, Math.ceil(s.b1[u] / l / 64))));
  const shift = 1 / l - x > 0 ? x : 0;
  const lt = 1 / (1 / l - shift);
  const ca2t = s.cd2[u] * (lt / l) * (lt / l);
  const credit = (mean: number, scv: number) => {
    const varS = scv * mean * mean;
    const ht = mean + loop - shift;
    const pi = finiteQueue(lt, 1 / ht, ca2t, varS / (ht * ht), slots, true).blockingProbability;
    const tau = Math.min(1, 2 / (1 + ca2t));
    const w = tau * ((varS + ht * ht) / (2 * ht)) + (1 - tau) * ht;
    return `S/x ${(mean / x).toFixed(3)} SCV ${scv.toFixed(3)} π ${pi.toFixed(4)} β/x ${((pi * w) / x).toFixed(4)} λβ ${(l * pi * w).toFixed(4)}`;
  };
  console.log(`${chan}: slots ${slots}, Ca² ${ca2t.toFixed(3)} | model ${credit(S, S2 / (S * S) - 1)} | given ${credit(Number(sArg) * x, Number(scvArg))}`);
}

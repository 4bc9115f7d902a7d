/**
 * H43blk (issue 31, entries 352–356): the model's side of benchmarks/sim-blocked-phase.ts. Per switch output o (channel u
 * into the far buffer q), solved at the fixture's point (test/fixtures/fabric-model, one-VL cases): the far buffer's head
 * time S and E[S²] (inputBuffers.ts's sums over q's turns), the chance its head waits beyond its port's x, b_Y = Σ p_t(1 −
 * (1 − b_t)(1 − π_c)), o's load with its credit waits ρ_o = λ_u(x + β_u), and the model's π_u, w_u, β_u beside the blocked
 * phase's parts by the switch's rules (docs/fabric-model.md entry 352): a fresh blocked packet waits the residual of q's
 * inter-departure time D = S at a random instant, S2/(2S) + loop; one whose predecessor on o was blocked waits, from its
 * port's end x after q's last departure, the rest of q's next head's time given it is longer than x, (S − x)/b_Y (and the
 * credit's way back); w352 mixes the two by the shifted queue's τ (the first of a GE batch), and π/(1 − τ) is the model's
 * chance of a block per packet that tries back to back (1 − τ: the batch's later packets, those whose A − x is 0).
 *
 *     npx tsx benchmarks/model-blocked-phase.ts "$PWD/src" alfaro16-bitcomp-1sl 90% s6:5,s8:6
 */
import { solveFixturePoint } from './model-fixture-point.js';
const src = process.argv[2]!; const cname = process.argv[3]!; const label = process.argv[4]!; const outs = process.argv[5]?.split(',');
const { net, m, s } = await solveFixturePoint(src, cname, label);
const x = (2048 * 8) / 2.5e9;
const f3 = (v: number) => (v / x).toFixed(3);
for (let u = 0; u < m.C; u++) {
  const name = net.ports[(u / m.V) | 0].name;
  if ((outs && !outs.includes(name)) || !(s.lam[u] > 0) || m.turnsStart[u] === m.turnsStart[u + 1]) continue;
  if (!outs && !(s.blocked[u] > 0.01)) continue;
  let S = 0; let S2 = 0; let bY = 0;
  for (let i = m.turnsStart[u]; i < m.turnsStart[u + 1]; i++) {
    const t = m.turnsOf[i]; const p = s.lamT[t] / s.lam[u]; if (!(p > 0)) continue; const cc = m.turnOut[t];
    const h = s.headWait[t];
    S += p * (h + s.seff[cc]); S2 += p * (s.seff2[cc] + 2 * h * s.seff[cc] + s.headWait2[t]);
    bY += p * (1 - (1 - Math.min(1, s.headWaitProb[t])) * (1 - Math.min(1, s.blocked[cc])));
  }
  const loop = m.creditLoop[(u / m.V) | 0];
  const rho = s.lam[u] * (s.xbar[u] + s.beta[u]);
  const ht = S + loop - x; const varS = Math.max(0, S2 - S * S); const residHx = (varS + ht * ht) / (2 * ht);
  const lt = 1 / (1 / s.lam[u] - x); const ca2t = s.cd2[u] * (lt / s.lam[u]) ** 2; const tau = Math.min(1, 2 / (1 + ca2t));
  const fresh = S2 / (2 * S) + loop; const run = (S - x + loop) / Math.max(bY, 1e-9);
  console.log(name, 'λx', (s.lam[u] * x).toFixed(3), 'S', f3(S), 'resid S', f3(S2 / (2 * S)), 'loop', f3(loop), 'b_Y', bY.toFixed(3), 'ρ_o', rho.toFixed(3),
    '| π', s.blocked[u].toFixed(3), 'w', f3(s.resid[u]), 'β', f3(s.beta[u]), '| resid(h−x)', f3(residHx), 'h−x', f3(ht), 'τ', tau.toFixed(3), 'π/(1 − τ)', (s.blocked[u] / Math.max(1e-9, 1 - tau)).toFixed(3), '| fresh', f3(fresh), 'run', f3(run), 'w352', f3(tau * fresh + (1 - tau) * run));
}

/**
 * H42ph (issue 31, entry 332): per turn into a watched output port (one-VL cases), the model's head wait split as the
 * two-phase account does — the output blocked after a transmission for B (E[B] = β, R_B = E[B²]/(2E[B]) from the effective
 * service's moments), the heads held per stall N_B = 1 + A + λ_others(x + R_B) (own B, each head ahead's, the residual of the
 * B in progress; A = the heads ahead, (h − busy·R)/s̄), the stalled head time E[B]·N_B and the rest (h + β − E[B]·N_B);
 * to set beside benchmarks/sim-stall-heads.ts. Solved at the fixture's point (test/fixtures/fabric-model, one VL only:
 * the MVA's gq = 1, no other-VL readout).
 *
 *     npx tsx benchmarks/model-stall-heads.ts "$PWD/src" alfaro16-bitcomp-1sl 90% s6:5,s8:6
 */
import { solveFixturePoint } from './model-fixture-point.js';
const src = process.argv[2]!; const cname = process.argv[3]!; const label = process.argv[4]!; const outs = process.argv[5]!.split(',');
const { net, m, s } = await solveFixturePoint(src, cname, label);
const x = (2048 * 8) / 2.5e9;
for (let o = 0; o < m.C; o++) {
  if (!outs.includes(net.ports[o].name) || !(s.lam[o] > 0)) continue;
  const lo = s.lam[o]; const S = s.seff[o]; const S2 = s.seff2[o]; const R = S2 / (2 * S); const beta = s.beta[o]; const EB2 = S2 - s.x2[o] - 2 * s.xbar[o] * beta; const RB = EB2 / (2 * beta);
  console.log(net.ports[o].name, 'λo x', (lo * x).toFixed(3), 'E[B]/x', (beta / x).toFixed(3), 'R_B/x', (RB / x).toFixed(3));
  for (let i = m.intoStart[o]; i < m.intoStart[o + 1]; i++) {
    const t = m.intoOf[i]; const others = lo - s.lamT[t]; const busy = s.headWaitProb[t];
    const A = (s.headWait[t] - busy * R) / S;
    const NB = 1 + A + others * (s.xbar[o] + RB);
    const Tst = beta * NB;
    console.log('  in', net.ports[(m.turnIn[t])].name, 'λx', (s.lamT[t] * x).toFixed(3), 'A', A.toFixed(3), 'N_B', NB.toFixed(2), 'stalled/x', (Tst / x).toFixed(3), 'h+β/x', ((s.headWait[t] + beta) / x).toFixed(3), 'unstalled/x', ((s.headWait[t] + beta - Tst) / x).toFixed(3));
  }
}

// H46f: one rotation buffer's turns in the model (p_t, output, other inputs' λx, λS, share of their turn, seff/x, portWait/x).
import { solveFixturePoint } from '../../benchmarks/model-fixture-point.js';
const [src, cname, label, loadS, bufS] = process.argv.slice(2) as string[];
const { net, m, s } = await solveFixturePoint(src!, cname!, label!, Number(loadS));
const nm = (u: number) => `${net.ports[(u / m.V) | 0].name}/${u % m.V}`;
for (const b of bufS!.split(',')) {
  let u = -1;
  for (let c = 0; c < m.C; c++) if (nm(c) === b) u = c;
  const x = s.xbar[u];
  console.log(`${b}: λx ${(s.lam[u] * x).toFixed(3)} S/x ${(s.headTime[u] / x).toFixed(3)} β/x ${(s.beta[u] / x).toFixed(3)}`);
  for (let i = m.turnsStart[u]; i < m.turnsStart[u + 1]; i++) {
    const t = m.turnsOf[i], o = m.turnOut[t];
    console.log(`  → ${nm(o)} p ${(s.lamT[t] / s.lam[u]).toFixed(3)} headWait/x ${(s.headWait[t] / x).toFixed(3)} portWait/x ${(s.portWait[t] / x).toFixed(3)} seff/x ${(s.seff[o] / x).toFixed(3)}`);
    for (let j = m.intoStart[o]; j < m.intoStart[o + 1]; j++) {
      const t2 = m.intoOf[j], u2 = m.turnIn[t2];
      if (u2 === u) continue;
      console.log(`      other ${nm(u2)} λ_t'x ${(s.lamT[t2] * x).toFixed(3)} its λx ${(s.lam[u2] * x).toFixed(3)} λS ${(s.lam[u2] * s.headTime[u2]).toFixed(3)}`);
    }
  }
}

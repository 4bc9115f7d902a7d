/**
 * H43blk (issue 31, entry 355): the model's capping buffer near saturation. Solves a fixture case with every flow's Poisson
 * rate scaled to `LOAD` (per host, a fraction of the link) and prints, for the buffers behind the given channels (PORT/VL),
 * λx, the head time S/x and λS (the buffer's cap at λS = 1, saturation/*.ts), and per turn its output, λ_t x, the head wait
 * H/x, the chance it waits b and the output's effective service (x + β)/x; then the channels whose λS is largest.
 *
 *     npx tsx benchmarks/model-cap-buffer.ts "$PWD/src" torus8x8-bitcomp-1sl 90% 0.421 s0_0:3/1,s7_0:2/1
 */
import { solveFixturePoint } from './model-fixture-point.js';
const [src, cname, label, loadS, list] = process.argv.slice(2) as [string, string, string, string, string | undefined];
const { net, m, s } = await solveFixturePoint(src, cname, label, Number(loadS));
const x = (2048 * 8) / 2.5e9;
const nm = (u: number) => `${net.ports[(u / m.V) | 0].name}/${u % m.V}`;
const f3 = (v: number) => v.toFixed(3);
const all: [string, number][] = [];
for (let u = 0; u < m.C; u++) {
  if (!(s.lam[u] > 0) || m.turnsStart[u] === m.turnsStart[u + 1]) continue;
  all.push([nm(u), s.lam[u] * s.headTime[u]]);
  if (!list?.split(',').includes(nm(u))) continue;
  console.log(nm(u), 'λx', f3(s.lam[u] * x), 'S/x', f3(s.headTime[u] / x), 'λS', f3(s.lam[u] * s.headTime[u]), 'FIFO/x', f3(s.fifoWait[u] / x));
  for (let i = m.turnsStart[u]; i < m.turnsStart[u + 1]; i++) {
    const t = m.turnsOf[i]; if (!(s.lamT[t] > 0)) continue; const o = m.turnOut[t];
    console.log('   →', nm(o), 'λ_t x', f3(s.lamT[t] * x), 'H/x', f3(s.headWait[t] / x), 'b', f3(s.headWaitProb[t]), '(x+β)/x', f3(s.seff[o] / x), 'output λx', f3(s.lam[o] * x));
  }
}
all.sort((a, b) => b[1] - a[1]);
console.log('largest λS:', all.slice(0, 8).map(([n, v]) => `${n} ${f3(v)}`).join(' | '));

/**
 * H46d (issue 31, entries 520–529): the model's rotation buffers (fixedPoint/rotationHeads.ts: FIFO buffers every upstream
 * buffer of which sends them packets for one output only, lockStep.ts's rule) at one load of a fixture case: per such
 * buffer with λ > 0 its λx, the head time S/x of inputBuffers.ts (the Poisson mixture), λS, and S_b/x (the rotation's head
 * time at the cap: the last buffer pass's, change 540's, where there is one; else entry 522's form without the head wait) and λS_b; the largest λS first. Then whether the plain solve caps a flow there and by what.
 *
 *     npx tsx benchmarks/model-rotation-cap.ts "$PWD/src" torus8x8-bitcomp-1sl 90% 0.45 [rows]
 */
import { solveFixturePoint } from './model-fixture-point.js';
import { join } from 'node:path';

const [src, cname, label, loadS, rowsS] = process.argv.slice(2) as [string, string, string, string, string | undefined];
const { net, m, s } = await solveFixturePoint(src, cname, label, Number(loadS));
const { rotationBuffers, lastRotationHeadTime } = await import(join(src, 'model/fixedPoint/rotationHeads.ts'));
const rot: Uint8Array = rotationBuffers(m);
const nm = (u: number) => `${net.ports[(u / m.V) | 0].name}/${u % m.V}`;
const f3 = (v: number) => v.toFixed(3);
const rows: [number, string][] = [];
for (let u = 0; u < m.C; u++) {
  if (!rot[u] || !(s.lam[u] > 0) || !(s.headTime[u] > 0)) continue;
  const x = s.xbar[u];
  let Sb = 0;
  for (let i = m.turnsStart[u]; i < m.turnsStart[u + 1]; i++) {
    const t = m.turnsOf[i];
    if (s.lamT[t] > 0) Sb += (s.lamT[t] / s.lam[u]) * (s.portWait[t] + s.seff[m.turnOut[t]]);
  }
  // The S_b of the last buffer pass (change 540's, with its head wait), where there is one (H46f).
  const stored: number = lastRotationHeadTime(s, u);
  if (stored === stored) Sb = stored;
  rows.push([s.lam[u] * s.headTime[u], `${nm(u)} λx ${f3(s.lam[u] * x)} S/x ${f3(s.headTime[u] / x)} λS ${f3(s.lam[u] * s.headTime[u])} S_b/x ${f3(Sb / x)} λS_b ${f3(s.lam[u] * Sb)}`]);
}
rows.sort((a, b) => b[0] - a[0]);
console.log(`${cname} ${label} load ${loadS}: ${rows.length} rotation buffers carrying traffic (of ${m.C} channels)`);
for (const [, r] of rows.slice(0, Number(rowsS ?? 8))) console.log('  ' + r);
let capped = 0;
for (let f = 0; f < m.F; f++) if (s.rate[f] < m.lambda[f] * (1 - 1e-9)) capped++;
console.log(`flows below their offered rate: ${capped} of ${m.F}`);

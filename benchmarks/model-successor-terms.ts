/**
 * The terms of change 275's successor wait (src/model/queues/successor.ts) from the model's solution, λ-weighted over the
 * switch-fed buffers per VL, to check each against benchmarks/sim-head-ready.ts's class 3 (docs/fabric-model.md entries 255, 275).
 * Its own arithmetic, not successor.ts's: the other VL's visit is taken as three packets (the uniform 2-SL cases' SL 1 entry),
 * and `W3` counts the sibling buffer's run (cSib), which the coded form leaves out (W3 − its effect: mesh 90 % 0.577 → 0.560).
 * MODE=old: the successor share as the model takes it, 1 − λ_u(S_u − x_u); little: λ_u(W_u + H_u); shift: (S − x)/(1/λ − x).
 * TOP=n: the n turns with the largest successor share. Columns in x.
 *
 *     MODE=old npx tsx benchmarks/model-successor-terms.ts mesh8x8-uniform-2sl 90%
 */
import { fabricModelNetwork } from '../src/model/spec/scenario.js';
import { solveModel } from '../src/model/solve.js';
import { simCaseParams } from './sim-case-params.js';
import { otherVlsReadout } from '../src/model/queues/portReadout.js';
import { waitingTerm } from '../src/model/fixedPoint/waiting.js';
const [name, label] = process.argv.slice(2);
const { params } = simCaseParams(name!, label!);
const net = fabricModelNetwork(params);
const { m, s } = solveModel(net, 1e-7, 500, 1);
const V = m.V;
const peer = new Map<string, string>();
for (const l of params.topology.links as { a: string; b: string }[]) (peer.set(l.a, l.b), peer.set(l.b, l.a));
const sums = new Map<number, number[]>();
net.ports.forEach((p: any, pi: number) => {
  const far = peer.get(p.name);
  if (far === undefined || !far.includes(':')) return;
  for (let v = 0; v < V; v++) {
    const u = pi * V + v;
    const lu = s.lam[u]!;
    if (!(lu > 0) || !(s.headTime[u]! > 0)) continue;
    const xu = s.xbar[u]!;
    const mode = process.env.MODE ?? 'shift';
    const gap = 1 / lu - xu;
    const fresh = mode === 'old' ? 1 - Math.min(1, lu * Math.max(0, s.headTime[u]! - xu)) : mode === 'little' ? 1 - Math.min(1, lu * (s.fifoWait[u]! + Math.max(0, s.headTime[u]! - xu))) : 1 - Math.min(1, Math.max(0, s.headTime[u]! - xu) / Math.max(1e-30, gap));
    const ra = new Float64Array(64); const bp = new Float64Array(3 * m.P);
    if (V > 1) otherVlsReadout(m, s, u, ra, bp, true);
    for (let i = m.turnsStart[u]!; i < m.turnsStart[u + 1]!; i++) {
      const t = m.turnsOf[i]!;
      const lt = s.lamT[t]!;
      if (!(lt > 0)) continue;
      const eAll = ra[2 * (i - m.turnsStart[u]!)]! / s.xbar[m.turnOut[t]!]!;
      const c = m.turnOut[t]!;
      const q = (c / V) | 0;
      const x = s.xbar[c]!;
      let cSib = 0, race = 0, aSame = 0, aOther = 0, lOther = 0, lSameO = 0;
      for (let cc = q * V; cc < (q + 1) * V; cc++) {
        for (let k = m.intoStart[cc]!; k < m.intoStart[cc + 1]!; k++) {
          const t2 = m.intoOf[k]!;
          const u2 = m.turnIn[t2]!;
          const samePort = ((u2 / V) | 0) === pi;
          if (samePort) { if (u2 !== u) { race += s.lamT[t2]! * x; const nx = Math.min(1, s.lam[u2]! * (s.fifoWait[u2]! + Math.max(0, s.headTime[u2]! - s.xbar[u2]!))); cSib += s.lamT[t2]! * x * nx * s.lamT[t2]! / s.lam[u2]!; } continue; }
          if (cc % V === v) { aSame += waitingTerm(s, t2); lSameO += s.lamT[t2]! * x; }
          else { aOther += waitingTerm(s, t2); lOther += s.lamT[t2]! * x; }
        }
      }
      const H = s.headWait[t]! / x;
      // The table's turn at the instant: any other-VL request there (the sibling, or another port's ready head, or one come during x).
      const pTurn = 1 - (1 - Math.min(1, race)) * Math.exp(-(aOther + lOther));
      const hb = s.headWait[t]! > 0 ? s.headWait2[t]! / s.headWait[t]! / x : 0; // length-biased head time, x
      const nOld = lSameO * hb;
      const pNext = 1 - Math.exp(-(aOther + lOther));
      const cs = race > 0 ? cSib / race : 0; const cont0 = 1 - Math.exp(-lOther); const cont = 1 - (1 - cs) * Math.exp(-lOther); const pSib = Math.min(1, race) / Math.max(1e-12, pTurn); const L1 = pSib * (1 + cont + cont * cont) + (1 - pSib) * (1 + cont0 + cont0 * cont0);
      const w3 = pTurn * L1 + nOld * (1 + pNext * L1) + eAll;
      const row = [lt, fresh * lt, (1 - fresh) * lt * (lt / lu), (1 - fresh) * lt * (1 - lt / lu), H * lt, race * lt, aSame * lt, aOther * lt, lOther * lt, lSameO * lt, pTurn * lt, lSameO * H * lt, s.headWaitProb[t]! * lt, hb * lt, nOld * lt, w3 * lt, pNext * lt, L1 * lt, eAll * lt, (s.portWait[t]! / x) * lt, cs * lt];
      const g = sums.get(v) ?? new Array(row.length).fill(0);
      row.forEach((z, j) => (g[j] += z));
      sums.set(v, g);
    }
  }
});
for (const [v, g] of sums) {
  const n = g[0];
  const r = g.map((z) => z / n);
  console.log(`${name} ${label} switch VL${v}: fresh ${r[1].toFixed(3)} succ same ${r[2].toFixed(3)} other ${r[3].toFixed(3)} | H ${r[4].toFixed(3)} b ${r[12].toFixed(3)} | race ${r[5].toFixed(3)} A same ${r[6].toFixed(3)} A other ${r[7].toFixed(3)} λx other-VL strangers ${r[8].toFixed(3)} same-VL strangers ${r[9].toFixed(3)} | P turn ${r[10].toFixed(3)} older same for succ λ°H ${r[11].toFixed(3)} | hb ${r[13].toFixed(3)} nOld ${r[14].toFixed(3)} W3 ${r[15].toFixed(3)} pNext ${r[16].toFixed(3)} L1 ${r[17].toFixed(3)} eAll ${r[18].toFixed(3)} e ${r[19].toFixed(3)} cSib ${r[20].toFixed(3)} otherSent ${(r[10]*r[17] + r[14]*r[16]*r[17]).toFixed(3)}`);
}
// Largest per-turn raises (1 − fresh)·p·(W3 − H) (MODE=old), as x.
if (process.env.TOP) {
  const rows: [number, string][] = [];
  net.ports.forEach((p: any, pi: number) => {
    for (let v = 0; v < V; v++) {
      const u = pi * V + v; const lu = s.lam[u]!;
      if (!(lu > 0) || !(s.headTime[u]! > 0)) continue;
      const fr = 1 - Math.min(1, lu * Math.max(0, s.headTime[u]! - s.xbar[u]!));
      for (let i = m.turnsStart[u]!; i < m.turnsStart[u + 1]!; i++) {
        const t = m.turnsOf[i]!; const lt = s.lamT[t]!; if (!(lt > 0)) continue;
        const x = s.xbar[m.turnOut[t]!]!;
        rows.push([(1 - fr) * (lt / lu), `${p.name} VL${v} -> ${net.ports[(m.turnOut[t]! / V) | 0].name} fresh ${fr.toFixed(3)} p ${(lt / lu).toFixed(3)} H ${(s.headWait[t]! / x).toFixed(3)} E[H2]/E[H] ${(s.headWait2[t]! / s.headWait[t]! / x).toFixed(3)} λx ${(lu * s.xbar[u]!).toFixed(3)}`]);
      }
    }
  });
  rows.sort((a, b) => b[0] - a[0]);
  for (const r of rows.slice(0, Number(process.env.TOP))) console.log(r[0].toFixed(3), r[1]);
}

/**
 * H44c (issue 31, entry 390): the fabric model's candidates for the share a of an output's starts that the same input buffer
 * follows (sim-merge-turns.ts measures it). By the crossbar's oldest-first rule, checked exactly in the simulator (entry 390):
 * after a start from input i the next start is another input's if another input's head was registered at that start (p);
 * else i's own if i holds a next packet then (q); else the first to arrive (λ_i/λ_o). So a = Σ_i (λ_i/λ_o)(1 − p_i)(q_i +
 * (1 − q_i)λ_i/λ_o). The model has no p or q of its own; the candidates read from its solved terms (in x, per input turn t
 * into output channel o from buffer u, the other inputs' turns t'):
 *   p_mva  = Σ_t' λ_t'·H_t'               the MVA's waiting heads of the others (Little), what a head of i finds ahead;
 *   p_fifo = min(1, Σ_t' λ_t'(W_u' + H_t'))  the others' waiting packets, FIFO included, read as a chance;
 *   p_cond = Σ_t' λ_t'(S_u' − x_o)/(1 − λ_t' x_o)  the others' buffers non-empty while not sending (λS less λx), given not sending;
 *   q_next = nextPacketChance(λ_u, x, S_u, W_u) (trainsAhead.ts), q_sig = min(1, λ_u(W_u + H_t)) (runs.ts's σ).
 * Also the output's ρ = λ_o(x + β_o) and the far end's full chance (`blocked`).
 *
 *     npx tsx benchmarks/model-merge-alternation.ts "$PWD/src" torus8x8-bitcomp-1sl 90% 0.40,0.42,0.45 s0_0:3/1
 */
import { join } from 'node:path';
import { solveFixturePoint } from './model-fixture-point.js';

const [src, cname, label, loads, chan] = process.argv.slice(2) as [string, string, string, string, string];
if (chan === undefined) throw new Error('usage: model-merge-alternation.ts SRC CASE LABEL LOAD[,LOAD…] PORT/v');
const { nextPacketChance } = await import(join(src, 'model/queues/trainsAhead.ts'));
const f3 = (v: number) => v.toFixed(3);
console.log('load | ρ_o | blocked | p_mva | p_fifo | p_cond | q_next | q_sig | a(p_mva,q_next) | a(p_fifo,q_sig) | a(p_cond,q_next) | a(p_cond,q_sig)');
for (const load of loads.split(',').map(Number)) {
  const { net, m, s } = await solveFixturePoint(src, cname, label, load);
  const nm = (u: number) => `${net.ports[(u / m.V) | 0].name}/${u % m.V}`;
  let o = -1;
  for (let c = 0; c < m.C; c++) if (nm(c) === chan) o = c;
  if (o < 0) throw new Error(`model-merge-alternation.ts: no channel ${chan}`);
  const x = s.xbar[o];
  const turns: number[] = [];
  for (let i = m.intoStart[o]; i < m.intoStart[o + 1]; i++) if (s.lamT[m.intoOf[i]] > 0) turns.push(m.intoOf[i]);
  const lo = s.lam[o];
  let pm = 0, pf = 0, pc = 0, qn = 0, qs = 0;
  const a = [0, 0, 0, 0];
  for (const t of turns) {
    const u = m.turnIn[t];
    const w = s.lamT[t] / lo;
    let pMva = 0, pFifo = 0, pCond = 0;
    for (const t2 of turns) {
      if (t2 === t) continue;
      const u2 = m.turnIn[t2];
      pMva += s.lamT[t2] * s.headWait[t2];
      pFifo += s.lamT[t2] * (s.fifoWait[u2] + s.headWait[t2]);
      pCond += (s.lamT[t2] * (s.headTime[u2] - x)) / (1 - s.lamT[t2] * x);
    }
    pFifo = Math.min(1, pFifo);
    pCond = Math.min(1, pCond);
    const qNext = nextPacketChance(s.lam[u], s.xbar[u], s.headTime[u], s.fifoWait[u]);
    const qSig = Math.min(1, s.lam[u] * (s.fifoWait[u] + s.headWait[t]));
    const first = s.lamT[t] / lo;
    const rule = (p: number, q: number) => w * (1 - p) * (q + (1 - q) * first);
    a[0] += rule(pMva, qNext);
    a[1] += rule(pFifo, qSig);
    a[2] += rule(pCond, qNext);
    a[3] += rule(pCond, qSig);
    pm += w * pMva; pf += w * pFifo; pc += w * pCond; qn += w * qNext; qs += w * qSig;
  }
  console.log([load, lo * s.seff[o], s.blocked[o], pm, pf, pc, qn, qs, ...a].map((v, i) => (i === 0 ? String(v) : f3(v))).join(' | '));
}

/** Switch input buffers with virtual output queues (docs/models.md §13.5); part of iterate.ts's buffer step. */
import type { CompiledModel } from '../compile.js';
import { EPS, type ModelState } from '../state.js';

/** Erlang's loss formula B(a, N) by its stable recursion B(a, n) = aB/(n + aB). */
function erlangB(a: number, n: number): number {
  let b = 1;
  for (let k = 1; k <= n; k++) b = (a * b) / (k + a * b);
  return b;
}

/**
 * A switch input buffer with virtual output queues (docs/models.md §13.5): its packets leave
 * independently, each after its own sojourn (its wait at its output and its service), so the buffer
 * is a loss system of `slots` servers: the channel feeding it finds it full with Erlang's B(λ·sojourn,
 * slots) and then waits for the first of the slots to free (sojourn / slots). The input port feeds one
 * output at a time: its head time is the mean effective service of the outputs it feeds. Returns the
 * relative change of β and of the head time.
 */
export function voqBuffer(m: CompiledModel, s: ModelState, u: number, l: number, loop: number, omega: number): number {
  let S = 0;
  let sojourn = loop;
  for (let i = m.turnsStart[u]!; i < m.turnsStart[u + 1]!; i++) {
    const t = m.turnsOf[i]!;
    const pr = s.lamT[t]! / l;
    if (!(pr > 0)) continue;
    const c = m.turnOut[t]!;
    S += pr * s.seff[c]!;
    sojourn += pr * (s.headWait[t]! + s.seff[c]!);
  }
  const p = (u / m.V) | 0;
  const slots = Math.max(1, Math.floor(m.bufferBlocks[p]! / Math.max(1, Math.ceil(s.b1[u]! / l / 64))));
  const blocked = erlangB(l * sojourn, slots);
  const resid = sojourn / slots;
  const beta = omega * blocked * resid + (1 - omega) * s.beta[u]!;
  const change = Math.max(Math.abs(beta - s.beta[u]!) / Math.max(s.xbar[u]!, EPS), Math.abs(S - s.headTime[u]!) / Math.max(S, EPS));
  s.blocked[u] = blocked;
  s.resid[u] = resid;
  s.beta[u] = beta;
  s.headTime[u] = S;
  s.fifoWait[u] = 0;
  s.fifoLoad[u] = l * S;
  s.fifoCd2[u] = s.cd2[u]!;
  return change;
}

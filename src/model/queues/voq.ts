/** Switch input buffers with virtual output queues (docs/models.md §13.5); part of inputBuffers.ts's buffer step. */
import type { CompiledModel } from '../spec/compile.js';
import { EPS, type ModelState } from '../fixedPoint/state.js';
import { servedLevel, type VlShares } from './arbitration.js';
import { outputQueuedWait, spacedInput } from './floor.js';

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
  // (+loop: the same number; a sum started from the parameter itself stays a boxed number in V8's optimised code, one
  // allocation per turn — 7.6 MB a solve on Gran's 648-host all-to-all, by the sampling heap profiler.)
  let sojourn = +loop;
  for (let i = m.turnsStart[u]!; i < m.turnsStart[u + 1]!; i++) {
    const t = m.turnsOf[i]!;
    const pr = s.lamT[t]! / l;
    if (!(pr > 0)) continue;
    const c = m.turnOut[t]!;
    S += pr * s.seff[c]!;
    sojourn += pr * (s.headWait[t]! + s.seff[c]!);
  }
  return voqBufferEnd(m, s, u, l, S, sojourn, omega);
}

/**
 * {@link voqBuffer} from its sums over the buffer's turns: the head time S (s) and the sojourn (s, the
 * credit loop included). Writes the buffer's state; returns the relative change of β and of the head time.
 */
export function voqBufferEnd(m: CompiledModel, s: ModelState, u: number, l: number, S: number, sojourn: number, omega: number): number {
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

/**
 * The wait at a switch output fed by virtual output queues (docs/models.md §13.4, H31g change 55):
 * the output serves every input's queue for it, so it is an output-queued switch's queue, and as in
 * the output-queued floor (floor.ts, change 29) a link whose transmissions are fixed and no shorter
 * than the output's brings a spaced stream whose work has queued upstream already:
 * λW = λW(λ) − Σ_i λ_i W(λ_i) over those input links i (`outputQueuedWait`). With d-mod-k routing on
 * a two-level fat-tree all of a host's remote traffic comes down one spine link: its own spacing, no
 * queue. `scratch` is zeroed per-port scratch (left zeroed). Seconds; Infinity when unstable.
 */
export function voqOutputWait(m: CompiledModel, s: ModelState, base: number, level: number, sh: VlShares, l: number, mu: number, ca2: number, cs2: number, scratch: Float64Array): number {
  const V = m.V;
  const p = (base / V) | 0;
  // One VL: each input port has one turn into the output, so its sum is its turn's λ_t (0 + λ_t): one pass, no scatter.
  if (V === 1) {
    let pairs = 0;
    const { intoOf, turnIn } = m;
    const { lamT } = s;
    for (let i = m.intoStart[base]!, end = servedLevel(sh, 0) === level ? m.intoStart[base + 1]! : 0; i < end; i++) {
      const t = intoOf[i]!;
      const li = lamT[t]!;
      if (li > 0 && spacedInput(m, turnIn[t]!, p)) pairs += (li * li) / Math.max(EPS, 1 - li / mu);
    }
    return outputQueuedWait(l, mu, ca2, cs2, pairs);
  }
  for (let v = 0; v < V; v++) {
    if (servedLevel(sh, v) !== level) continue;
    for (let i = m.intoStart[base + v]!; i < m.intoStart[base + v + 1]!; i++) {
      const t = m.intoOf[i]!;
      const pu = (m.turnIn[t]! / V) | 0;
      if (spacedInput(m, pu, p)) scratch[pu]! += s.lamT[t]!;
    }
  }
  let pairs = 0;
  for (let v = 0; v < V; v++) {
    if (servedLevel(sh, v) !== level) continue;
    for (let i = m.intoStart[base + v]!; i < m.intoStart[base + v + 1]!; i++) {
      const pu = (m.turnIn[m.intoOf[i]!]! / V) | 0;
      const li = scratch[pu]!;
      if (li > 0) pairs += (li * li) / Math.max(EPS, 1 - li / mu);
      scratch[pu] = 0;
    }
  }
  return outputQueuedWait(l, mu, ca2, cs2, pairs);
}

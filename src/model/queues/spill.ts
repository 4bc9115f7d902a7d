/**
 * A switch-fed buffer's chance of being full, from the occupancy law of the FIFO wait the model gives it (H42sat, method
 * change 330; docs/models.md §13.5). Part of inputBuffers.ts's buffer step; kernels: no validation, no throwing.
 */
import type { CompiledModel } from '../spec/compile.js';
import { finiteQueue, trainFifoWait } from './queue.js';
import type { ModelState } from '../fixedPoint/state.js';
import { bufferHeadTime } from './heads.js';
import { slowerOut } from './bufferWait.js';

/**
 * P(N ≥ B) of a buffer of B = `slots` packets whose unbounded queue waits `open` (s) at arrival rate λ and head time S:
 * the unbounded queue holds L = λ(open + S) packets on average, taken as the maximum-entropy geometric
 * P(N ≥ n) = ρ r^(n−1), ρ = λS, r = 1 − ρ/L (change 31's form; change 260 cuts it at B for the buffer's own wait), so the
 * buffer is full with chance ρ r^(B−1). 0 without arrivals, without queueing (L ≤ ρ) or without a bound; ρ for an unbounded
 * `open` (r → 1); 1 for ρ ≥ 1.
 */
export function openFullChance(l: number, S: number, open: number, slots: number): number {
  if (!(l > 0) || !(slots < Infinity)) return 0;
  const rho = l * S;
  if (!(rho < 1)) return 1;
  if (!(open < Infinity)) return rho;
  const L = l * (open + S);
  if (!(L > rho)) return 0;
  return rho * Math.pow(1 - rho / L, slots - 1);
}

/**
 * Method change 330 (H42sat): the chance that the switch-fed buffer behind channel u (`slots` packets) is full, read from
 * the occupancy law behind its FIFO wait (bufferWait.ts switchFedWait): the unbounded queue of the tandem identity or of
 * link u's trains, W_open = max(W(λ, S°) − S° − W_alone, W_train) (S° the head time without credits, change 96), in
 * {@link openFullChance}. The shifted GE/GE/1/N's π (inputBuffers.ts) takes the merged stream's smooth Ca² and misses the
 * trains that make the wait, so it finds the buffer full less often than the wait it reports implies (alfaro16-bitcomp-1sl
 * 90 % s0:8/0: π 0.20, this law 0.42, the simulator's time share with four packets 0.374 ± 0.006). 0 for a host-fed
 * buffer, an unbounded one, or where an output is faster than link u (no identity there).
 */
export function trainFullChance(m: CompiledModel, s: ModelState, u: number, slots: number): number {
  const l = s.lam[u]!;
  if (!(l > 0) || !(slots < Infinity) || m.hostChannel[u] === 1 || !slowerOut(m, s, u)) return 0;
  const x = s.xbar[u]!;
  const [S, S2] = bufferHeadTime(m, s, u, false);
  if (!(l * S < 1)) return 1;
  const cs2 = Math.max(0, S2 / (S * S) - 1);
  const cx2 = Math.max(0, s.x2[u]! / (x * x) - 1);
  const alone = finiteQueue(l, 1 / x, s.ca2in[u]!, cx2, Infinity, true).responseTime - x;
  const identity = finiteQueue(l, 1 / S, s.ca2in[u]!, cs2, Infinity, true).responseTime - S - alone;
  return openFullChance(l, S, Math.max(identity, trainFifoWait(l, x, cx2, S, S2)), slots);
}

/**
 * Max-min fair rates by progressive filling, hop by hop (the textbook form of maxmin.ts: the same
 * resources, coefficients and events). Kept for allocations that cap flows: a capped flow fills a
 * link to 1 ± 10⁻¹⁶, and the queues downstream turn on which side of 1 the rounding of the sums
 * falls, so those sums are taken flow by flow and hop by hop, in the order the model has always used
 * (maxmin.ts says first whether any flow is capped). Kernel: trusts its input.
 *
 * Each round freezes the unfrozen flows whose demand is met and those that cross a resource full at
 * that round's level; it finds them through the flows of each resource that fills (an index by
 * channel and by input buffer, {@link hopIndex}) and the flows in order of demand, not by a pass over
 * every flow: a pass per round was O(flows × rounds), and the 512-host all-to-all with two SLs
 * (523,264 flows) takes up to 1,088 rounds an allocation, 12.7 s of CPU each, 100 a bisection step above
 * saturation (issue 31, session 19; 0.26 s now). The flows frozen in a round are taken in index order, their hops in path order, so
 * each resource's sums take the same terms in the same order as the pass over every flow did: the
 * same numbers bit for bit.
 */
import type { CompiledModel, HopArrays } from '../spec/compile.js';
import { resources, SATURATED, type Allocation, type AllocationInput } from './maxmin.js';

/** Per channel, the flows with a hop on it; per input buffer (the channel it is behind), the flows whose hops turn out of it; the flows with positive demand by demand. */
interface HopIndex {
  readonly m: CompiledModel;
  readonly channelStart: Int32Array;
  readonly channelFlows: Int32Array;
  readonly bufferStart: Int32Array;
  readonly bufferFlows: Int32Array;
  /** Flows with λ > 0, ascending λ (ties by index). */
  readonly byDemand: Int32Array;
}

const indexes = new WeakMap<HopArrays, HopIndex>();

/** The index of `hops` (built once per hop arrays: O(hops) and a sort of the demands). */
export function hopIndex(m: CompiledModel, hops: HopArrays): HopIndex {
  const known = indexes.get(hops);
  if (known !== undefined && known.m === m) return known;
  const { F, C, turnIn, lambda } = m;
  const { hopStart, hopChannel, hopTurn } = hops;
  const H = hopStart[F]!;
  const channelStart = new Int32Array(C + 1);
  const bufferStart = new Int32Array(C + 1);
  for (let h = 0; h < H; h++) {
    channelStart[hopChannel[h]! + 1]!++;
    if (hopTurn[h]! >= 0) bufferStart[turnIn[hopTurn[h]!]! + 1]!++;
  }
  for (let c = 0; c < C; c++) ((channelStart[c + 1]! += channelStart[c]!), (bufferStart[c + 1]! += bufferStart[c]!));
  const channelFlows = new Int32Array(channelStart[C]!);
  const bufferFlows = new Int32Array(bufferStart[C]!);
  const atChannel = channelStart.slice(0, C);
  const atBuffer = bufferStart.slice(0, C);
  // Flows in index order: each list ascending.
  for (let f = 0; f < F; f++) {
    for (let h = hopStart[f]!; h < hopStart[f + 1]!; h++) {
      channelFlows[atChannel[hopChannel[h]!]!++] = f;
      if (hopTurn[h]! >= 0) bufferFlows[atBuffer[turnIn[hopTurn[h]!]!]!++] = f;
    }
  }
  const positive: number[] = [];
  for (let f = 0; f < F; f++) if (lambda[f]! > 0) positive.push(f);
  const byDemand = Int32Array.from(positive.sort((a, b) => lambda[a]! - lambda[b]! || a - b));
  const index = { m, channelStart, channelFlows, bufferStart, bufferFlows, byDemand };
  indexes.set(hops, index);
  return index;
}

/** Progressive filling over `hops`; `out` may be reused between calls. */
export function maxMinRatesByHop(m: CompiledModel, hops: HopArrays, a: AllocationInput, out?: Allocation): Allocation {
  const { P, C, F, V, turnIn, rate: portRate, m1, lambda } = m;
  const { hopStart, hopChannel, hopTurn } = hops;
  const { channelStart, channelFlows, bufferStart, bufferFlows, byDemand } = hopIndex(m, hops);
  const { R, cap, used, slope, full } = resources(m, a);
  const rate = out?.rate ?? new Float64Array(F);
  const bottleneck = out?.bottleneck ?? new Int32Array(F);
  const frozen = new Uint8Array(F);
  // Per flow, the last round that listed it; the flows listed this round; the resources that filled this round.
  const listed = new Int32Array(F);
  const candidates = new Int32Array(F);
  const filled = new Int32Array(R);
  let left = F;
  for (let f = 0; f < F; f++) {
    rate[f] = 0;
    bottleneck[f] = -1;
    if (!(lambda[f]! > 0)) {
      frozen[f] = 1;
      left--;
      continue;
    }
    for (let h = hopStart[f]!; h < hopStart[f + 1]!; h++) {
      const c = hopChannel[h]!;
      const p = (c / V) | 0;
      slope[p]! += m1[f]! / portRate[p]!;
      slope[P + c]! += m1[f]! / portRate[p]!;
      if (hopTurn[h]! >= 0) slope[P + C + turnIn[hopTurn[h]!]!]! += a.headTime[turnIn[hopTurn[h]!]!]!;
    }
  }
  // The resources a round looks at: not full, slope > 0 (a slope only falls, so one that fails this fails in every later round).
  const live = new Int32Array(R);
  let nLive = 0;
  for (let r = 0; r < R; r++) if (slope[r]! > 0) live[nLive++] = r;
  // Unfrozen flows all stand at `level`; a resource's load is used + level·slope.
  let level = 0;
  let round = 0;
  // byDemand[lowest]: the unfrozen flow of least demand (the ones before it are frozen).
  let lowest = 0;
  while (left > 0) {
    round++;
    let next = Infinity;
    let kept = 0;
    for (let i = 0; i < nLive; i++) {
      const r = live[i]!;
      if (full[r] || !(slope[r]! > 0)) continue;
      live[kept++] = r;
      const t = (cap[r]! - used[r]!) / slope[r]!;
      if (t < next) next = t;
    }
    nLive = kept;
    while (lowest < byDemand.length && frozen[byDemand[lowest]!]) lowest++;
    if (lowest < byDemand.length && lambda[byDemand[lowest]!]! < next) next = lambda[byDemand[lowest]!]!;
    if (next === Infinity) break;
    if (next < level) next = level;
    let nFilled = 0;
    for (let i = 0; i < nLive; i++) {
      const r = live[i]!;
      if (used[r]! + next * slope[r]! >= cap[r]! * SATURATED) ((full[r] = 1), (filled[nFilled++] = r));
    }
    // The unfrozen flows whose demand is met at `next`, and those through a resource that filled
    // (an unfrozen flow crosses no resource filled in an earlier round: that round froze its flows).
    let n = 0;
    const list = (f: number) => {
      if (frozen[f] || listed[f] === round) return;
      listed[f] = round;
      candidates[n++] = f;
    };
    for (let i = lowest; i < byDemand.length && lambda[byDemand[i]!]! <= next; i++) list(byDemand[i]!);
    for (let i = 0; i < nFilled; i++) {
      const r = filled[i]!;
      if (r < P) {
        for (let k = channelStart[r * V]!; k < channelStart[(r + 1) * V]!; k++) list(channelFlows[k]!);
      } else if (r < P + C) {
        for (let k = channelStart[r - P]!; k < channelStart[r - P + 1]!; k++) list(channelFlows[k]!);
      } else for (let k = bufferStart[r - P - C]!; k < bufferStart[r - P - C + 1]!; k++) list(bufferFlows[k]!);
    }
    // In index order, as the pass over every flow took them.
    const order = candidates.subarray(0, n).sort();
    for (let i = 0; i < n; i++) {
      const f = order[i]!;
      let by = -1;
      if (!(lambda[f]! <= next)) {
        for (let h = hopStart[f]!; h < hopStart[f + 1]! && by < 0; h++) {
          const c = hopChannel[h]!;
          const p = (c / V) | 0;
          if (full[p]) by = p;
          else if (full[P + c]) by = P + c;
          else if (hopTurn[h]! >= 0 && full[P + C + turnIn[hopTurn[h]!]!]) by = P + C + turnIn[hopTurn[h]!]!;
        }
        if (by < 0) continue;
      }
      const r = by < 0 ? lambda[f]! : next;
      rate[f] = r;
      bottleneck[f] = by;
      frozen[f] = 1;
      left--;
      for (let h = hopStart[f]!; h < hopStart[f + 1]!; h++) {
        const c = hopChannel[h]!;
        const p = (c / V) | 0;
        used[p]! += r * (m1[f]! / portRate[p]!);
        slope[p]! -= m1[f]! / portRate[p]!;
        used[P + c]! += r * (m1[f]! / portRate[p]!);
        slope[P + c]! -= m1[f]! / portRate[p]!;
        if (hopTurn[h]! >= 0) {
          const u = turnIn[hopTurn[h]!]!;
          used[P + C + u]! += r * a.headTime[u]!;
          slope[P + C + u]! -= a.headTime[u]!;
        }
      }
    }
    level = next;
  }
  return { rate, bottleneck };
}

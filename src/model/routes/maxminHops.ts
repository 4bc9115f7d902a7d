/**
 * Max-min fair rates by progressive filling, hop by hop (the textbook form of maxmin.ts: the same
 * resources, coefficients and events). Kept for allocations that cap flows: a capped flow fills a
 * link to 1 ± 10⁻¹⁶, and the queues downstream turn on which side of 1 the rounding of the sums
 * falls, so those sums are taken flow by flow and hop by hop, in the order the model has always used
 * (O(flows × hops) a round; maxmin.ts says first whether any flow is capped). Kernel: trusts its input.
 */
import type { CompiledModel, HopArrays } from '../spec/compile.js';
import { resources, SATURATED, type Allocation, type AllocationInput } from './maxmin.js';

/** Progressive filling over `hops`; `out` may be reused between calls. */
export function maxMinRatesByHop(m: CompiledModel, hops: HopArrays, a: AllocationInput, out?: Allocation): Allocation {
  const { P, C, F, V, turnIn, rate: portRate, m1, lambda } = m;
  const { hopStart, hopChannel, hopTurn } = hops;
  const { R, cap, used, slope, full } = resources(m, a);
  const rate = out?.rate ?? new Float64Array(F);
  const bottleneck = out?.bottleneck ?? new Int32Array(F);
  const frozen = new Uint8Array(F);
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
  // Unfrozen flows all stand at `level`; a resource's load is used + level·slope.
  let level = 0;
  while (left > 0) {
    let next = Infinity;
    for (let r = 0; r < R; r++) {
      if (full[r] || !(slope[r]! > 0)) continue;
      const t = (cap[r]! - used[r]!) / slope[r]!;
      if (t < next) next = t;
    }
    for (let f = 0; f < F; f++) if (!frozen[f] && lambda[f]! < next) next = lambda[f]!;
    if (next === Infinity) break;
    if (next < level) next = level;
    for (let r = 0; r < R; r++) {
      if (full[r] || !(slope[r]! > 0)) continue;
      if (used[r]! + next * slope[r]! >= cap[r]! * SATURATED) full[r] = 1;
    }
    for (let f = 0; f < F; f++) {
      if (frozen[f]) continue;
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

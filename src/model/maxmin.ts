/**
 * Max-min fair rates by progressive filling (Bertsekas & Gallager, Data Networks, §6.5.2), over the
 * fabric model's resources (docs/models.md §13.2): every unfrozen flow's rate (packets/s) rises
 * together; a resource saturates when Σ a·r reaches its capacity, freezing the flows that cross it;
 * a flow whose demand is met freezes at its demand. Resources: each port's link (a = packet time),
 * each channel (port, VL) with its arbitration share (a = packet time; credit waits are a symptom of
 * a bottleneck downstream, not a capacity of their own), and each switch input buffer (a = the head packet's mean time at the head, a FIFO being
 * one server). Kernel: trusts its input, allocates only its work arrays.
 */
import type { CompiledModel } from './compile.js';

/** Coefficients and capacities the allocation reads (all per packet or fractions of time). */
export interface AllocationInput {
  /** Per channel: its share of its port (GPS over VLs), a fraction ≤ 1. */
  readonly channelCapacity: Float64Array;
  /** Per channel: mean time a packet spends at the head of the input buffer at its far end (s; 0 if none). */
  readonly headTime: Float64Array;
}

/** Where each flow ended up: its rate and the resource that capped it (−1: its demand was met). */
export interface Allocation {
  readonly rate: Float64Array;
  /** Resource index: port p → p; channel c → P + c; input buffer behind channel u → P + C + u. */
  readonly bottleneck: Int32Array;
}

const SATURATED = 1 - 1e-12;

/** Progressive filling; `out` may be reused between calls. */
export function maxMinRates(m: CompiledModel, a: AllocationInput, out?: Allocation): Allocation {
  const { P, C, F, V, hopStart, hopChannel, hopTurn, turnIn, rate: portRate, m1, lambda } = m;
  const R = P + 2 * C;
  const rate = out?.rate ?? new Float64Array(F);
  const bottleneck = out?.bottleneck ?? new Int32Array(F);
  const cap = new Float64Array(R);
  const used = new Float64Array(R);
  const slope = new Float64Array(R);
  const full = new Uint8Array(R);
  for (let p = 0; p < P; p++) cap[p] = 1;
  for (let c = 0; c < C; c++) {
    cap[P + c] = a.channelCapacity[c]!;
    cap[P + C + c] = 1;
  }
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
    // The next event: a resource saturating or a demand being met.
    let next = Infinity;
    for (let r = 0; r < R; r++) {
      if (full[r] || !(slope[r]! > 0)) continue;
      const t = (cap[r]! - used[r]!) / slope[r]!;
      if (t < next) next = t;
    }
    for (let f = 0; f < F; f++) if (!frozen[f] && lambda[f]! < next) next = lambda[f]!;
    if (next === Infinity) break; // nothing limits the remaining flows (cannot happen with a port on every path)
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

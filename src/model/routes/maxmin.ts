/**
 * Max-min fair rates by progressive filling (Bertsekas & Gallager, Data Networks, §6.5.2), over the
 * fabric model's resources (docs/models.md §13.2): every unfrozen flow's rate (packets/s) rises
 * together; a resource saturates when Σ a·r reaches its capacity, freezing the flows that cross it;
 * a flow whose demand is met freezes at its demand. Resources: each port's link (a = packet time),
 * each channel (port, VL) with its arbitration share (a = packet time; credit waits are a symptom of
 * a bottleneck downstream, not a capacity of their own), and each switch input buffer (a = the head packet's mean time at the head, a FIFO being
 * one server). Kernel: trusts its input, allocates only its work arrays.
 */
import type { CompiledModel } from '../spec/compile.js';
import type { NodeScratch } from '../fixedPoint/state.js';

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

/** A resource counts as full within this fraction of its capacity. */
export const SATURATED = 1 - 1e-12;

/** The resources' capacities (ports and input buffers 1, channels their shares) and zeroed loads, slopes and full marks. */
export function resources(m: CompiledModel, a: AllocationInput): { R: number; cap: Float64Array; used: Float64Array; slope: Float64Array; full: Uint8Array } {
  const { P, C } = m;
  const R = P + 2 * C;
  const cap = new Float64Array(R);
  for (let p = 0; p < P; p++) cap[p] = 1;
  for (let c = 0; c < C; c++) {
    cap[P + c] = a.channelCapacity[c]!;
    cap[P + C + c] = 1;
  }
  return { R, cap, used: new Float64Array(R), slope: new Float64Array(R), full: new Uint8Array(R) };
}

/**
 * Progressive filling; `out` may be reused between calls. Summed over the route table (routes.ts):
 * each round adds the unfrozen flows at their first hops and the nodes of their second, and lets
 * the sums flow down the shared ends, O(flows + nodes + resources) a round, where a pass over every hop of every flow was most of
 * a solve of 10⁵ flows and more (the profile). Flows whose demands are met before any resource can
 * saturate freeze together in one round; a resource's saturation is one round, as in the textbook.
 */
export function maxMinRates(m: CompiledModel, a: AllocationInput, scratch: NodeScratch, out?: Allocation): Allocation {
  const { P, C, F, V, N, nodeChannel, nodeNext, flowChannel, flowRest, flowRank, rate: portRate, m1, lambda } = m;
  const { R, cap, used, slope, full } = resources(m, a);
  const rate = out?.rate ?? new Float64Array(F);
  const bottleneck = out?.bottleneck ?? new Int32Array(F);
  // Per node: Σ m1 and the count of the unfrozen flows through it; Σ r·m1 and Σ r of the flows frozen this round; the first full resource after it.
  const { a: nodeBytes, b: nodeCount, c: frozenBytes, d: frozenRate, after, active, frozen } = scratch;
  let nFrozen = 0;
  let left = 0;
  for (let f = 0; f < F; f++) {
    rate[f] = 0;
    bottleneck[f] = -1;
    if (lambda[f]! > 0) active[left++] = f;
  }
  // Unfrozen flows all stand at `level`; a resource's load is used + level·slope.
  let level = 0;
  while (left > 0) {
    nodeBytes.fill(0);
    nodeCount.fill(0);
    slope.fill(0);
    let lowest = Infinity;
    // Each node before its next hop's; a flow's first hop where it stood as a node (flowRank).
    for (let n = N - 1, i = left - 1; n >= -1; n--) {
      for (; i >= 0 && flowRank[active[i]!]! > n; i--) {
        const f = active[i]!;
        const c = flowChannel[f]!;
        const p = (c / V) | 0;
        const x = m1[f]! / portRate[p]!;
        slope[p]! += x;
        slope[P + c]! += x;
        if (lambda[f]! < lowest) lowest = lambda[f]!;
        const rest = flowRest[f]!;
        if (rest < 0) continue;
        slope[P + C + c]! += a.headTime[c]!;
        nodeBytes[rest]! += m1[f]!;
        nodeCount[rest]! += 1;
      }
      if (n < 0) break;
      const k = nodeCount[n]!;
      if (k === 0) continue;
      const c = nodeChannel[n]!;
      const p = (c / V) | 0;
      const x = nodeBytes[n]! / portRate[p]!;
      slope[p]! += x;
      slope[P + c]! += x;
      const nx = nodeNext[n]!;
      if (nx < 0) continue;
      slope[P + C + c]! += a.headTime[c]! * k;
      nodeBytes[nx]! += nodeBytes[n]!;
      nodeCount[nx]! += k;
    }
    // The next event: a resource saturating or a demand being met.
    let next = Infinity;
    let quiet = Infinity; // below this level no resource comes within SATURATED of its capacity
    for (let r = 0; r < R; r++) {
      if (full[r] || !(slope[r]! > 0)) continue;
      const t = (cap[r]! - used[r]!) / slope[r]!;
      if (t < next) next = t;
      const q = (cap[r]! * SATURATED - used[r]!) / slope[r]!;
      if (q < quiet) quiet = q;
    }
    frozenBytes.fill(0);
    frozenRate.fill(0);
    nFrozen = 0;
    let kept = 0;
    if (lowest < quiet) {
      // Every demand below `quiet` is met before any resource fills: those flows freeze at their demands.
      for (let i = 0; i < left; i++) {
        const f = active[i]!;
        const l = lambda[f]!;
        if (l < quiet) {
          freeze(f, l, -1);
          if (l > level) level = l;
        } else active[kept++] = f;
      }
    } else {
      if (lowest < next) next = lowest;
      if (next === Infinity) break; // nothing limits the remaining flows (cannot happen with a port on every path)
      if (next < level) next = level;
      for (let r = 0; r < R; r++) {
        if (full[r] || !(slope[r]! > 0)) continue;
        if (used[r]! + next * slope[r]! >= cap[r]! * SATURATED) full[r] = 1;
      }
      // Per node, the first full resource met after its own port and channel, in path order (a hop's
      // port, its channel, then the input buffer it left).
      for (let n = 0; n < N; n++) {
        const nx = nodeNext[n]!;
        let by = -1;
        if (nx >= 0) {
          const c = nodeChannel[nx]!;
          const p = (c / V) | 0;
          if (full[p]) by = p;
          else if (full[P + c]) by = P + c;
          else if (full[P + C + nodeChannel[n]!]) by = P + C + nodeChannel[n]!;
          else by = after[nx]!;
        }
        after[n] = by;
      }
      for (let i = 0; i < left; i++) {
        const f = active[i]!;
        if (lambda[f]! <= next) {
          freeze(f, lambda[f]!, -1);
          continue;
        }
        const c = flowChannel[f]!;
        const p = (c / V) | 0;
        const by = full[p] ? p : full[P + c] ? P + c : firstAfter(f);
        if (by < 0) active[kept++] = f;
        else freeze(f, next, by);
      }
      level = next;
    }
    left = kept;
    if (left === 0) break; // (the loads of the last round's flows are read by no later round)
    // The frozen flows' loads down the shared ends, their first hops where they stood as nodes.
    for (let n = N - 1, i = nFrozen - 1; n >= -1; n--) {
      for (; i >= 0 && flowRank[frozen[i]!]! > n; i--) {
        const f = frozen[i]!;
        const r = rate[f]!;
        if (r === 0) continue;
        const c = flowChannel[f]!;
        const p = (c / V) | 0;
        const x = (r * m1[f]!) / portRate[p]!;
        used[p]! += x;
        used[P + c]! += x;
        const rest = flowRest[f]!;
        if (rest < 0) continue;
        used[P + C + c]! += r * a.headTime[c]!;
        frozenRate[rest]! += r;
        frozenBytes[rest]! += r * m1[f]!;
      }
      if (n < 0) break;
      const r = frozenRate[n]!;
      if (r === 0) continue;
      const c = nodeChannel[n]!;
      const p = (c / V) | 0;
      const x = frozenBytes[n]! / portRate[p]!;
      used[p]! += x;
      used[P + c]! += x;
      const nx = nodeNext[n]!;
      if (nx < 0) continue;
      used[P + C + c]! += r * a.headTime[c]!;
      frozenRate[nx]! += r;
      frozenBytes[nx]! += frozenBytes[n]!;
    }
  }
  return { rate, bottleneck };

  function freeze(f: number, r: number, by: number): void {
    rate[f] = r;
    bottleneck[f] = by;
    frozen[nFrozen++] = f;
  }

  /** The first full resource on flow f's path after its first hop's port and channel (−1: none). */
  function firstAfter(f: number): number {
    const n = flowRest[f]!;
    if (n < 0) return -1;
    const c = nodeChannel[n]!;
    const p = (c / V) | 0;
    if (full[p]) return p;
    if (full[P + c]) return P + c;
    if (full[P + C + flowChannel[f]!]) return P + C + flowChannel[f]!;
    return after[n]!;
  }
}

/**
 * The weighted max-min allocation of a fabric in overload (docs/models.md §13.2, §13.7): max-min fair
 * rates over the links, where each port's VLs share the link by its arbitration table — a VL gets its
 * table share or its demand, whichever is less, and what one VL leaves goes to the others (the
 * generalised processor sharing of arbitration.ts). A VL's demand at a port is what its flows carry
 * there when none of them is stopped at that port; a VL with a flow stopped there is backlogged at the
 * arbiter. Rates and shares depend on each other: progressive filling with the shares fixed, the
 * shares again from the demands, until the shares stand. No credit waits; the input buffers' head times
 * only when given (options). Kernel: trusts its input.
 */
import type { CompiledModel, HopArrays } from '../spec/compile.js';
import { hopArrays } from '../spec/compile.js';
import { SATURATED, type Allocation } from './maxmin.js';
import { gpsCapacities, vlShares, type VlShares } from '../queues/arbitration.js';
import type { ModelNetwork } from '../spec/network.js';

/** The allocation with each channel's load (fraction of its port's time) and the rounds taken. */
export interface WeightedAllocation extends Allocation {
  /** Per channel (port·V + VL): Σ r_f x_f of the flows through it. */
  readonly channelLoad: Float64Array;
  /** Per channel: its share of the port when the allocation was made (the GPS capacity). */
  readonly channelCapacity: Float64Array;
  /** Rounds of (progressive filling, shares) until the shares stood (at most {@link ROUNDS}). */
  readonly rounds: number;
  /** True when the shares stood within {@link SHARE_TOLERANCE}. */
  readonly settled: boolean;
}

/** What {@link weightedMaxMin} may take besides the network. */
export interface WeightedMaxMinOptions {
  /** Per flow a rate (packets/s) the flow is held at, NaN where it is free: the held flows' loads count on their links and in their VLs' demands, the free ones share the rest. */
  readonly held?: Float64Array;
  /**
   * Per channel the head time of the input buffer at its far end (s; maxmin.ts's third resource, λS ≤ 1):
   * a flow stopped there is met at the channel, whose VL then leaves its turns to the others.
   */
  readonly headTime?: Float64Array;
  /** hopArrays(m), when the caller has them. */
  readonly hops?: HopArrays;
  /** One {@link VlShares} per port (default: by each channel's mean packet size). */
  readonly shares?: readonly VlShares[];
}

/** Most rounds of (filling, shares). */
export const ROUNDS = 64;
/** The shares stand when none moves by more than this (a fraction of the link). */
export const SHARE_TOLERANCE = 1e-9;

/**
 * Weighted max-min over `net`'s links and arbitration tables (module comment; options above).
 */
export function weightedMaxMin(m: CompiledModel, net: ModelNetwork, options: WeightedMaxMinOptions = {}): WeightedAllocation {
  const { P, C, V, F } = m;
  const { held, headTime } = options;
  const hops = options.hops ?? hopArrays(m);
  const shares = options.shares;
  const { hopStart, hopChannel } = hops;
  const sh = shares ?? portSharesByMeanBytes(m, net, hops);
  const capacity = new Float64Array(C);
  const demand = new Float64Array(V);
  const out = new Float64Array(V);
  const used = new Uint8Array(C);
  for (let h = 0; h < hopChannel.length; h++) used[hopChannel[h]!] = 1;
  // Every VL in use backlogged to start with: the table shares.
  for (let p = 0; p < P; p++) {
    for (let v = 0; v < V; v++) demand[v] = used[p * V + v] ? Infinity : 0;
    gpsCapacities(sh[p]!, demand, V, out);
    for (let v = 0; v < V; v++) capacity[p * V + v] = Math.min(1, out[v]!);
  }
  const channelLoad = new Float64Array(C);
  const stopped = new Uint8Array(C);
  let alloc: Allocation | undefined;
  let rounds = 0;
  let settled = false;
  while (rounds < ROUNDS && !settled) {
    rounds++;
    alloc = filling(m, hops, capacity, held, headTime, alloc);
    channelLoad.fill(0);
    stopped.fill(0);
    for (let f = 0; f < F; f++) {
      const r = alloc.rate[f]!;
      const b = alloc.bottleneck[f]!;
      for (let h = hopStart[f]!; h < hopStart[f + 1]!; h++) {
        const c = hopChannel[h]!;
        const p = (c / V) | 0;
        channelLoad[c]! += (r * m.m1[f]!) / m.rate[p]!;
        if (b === p || b === P + c) stopped[c] = 1;
      }
    }
    settled = true;
    for (let p = 0; p < P; p++) {
      for (let v = 0; v < V; v++) {
        const c = p * V + v;
        demand[v] = stopped[c] ? Infinity : channelLoad[c]!;
      }
      gpsCapacities(sh[p]!, demand, V, out);
      for (let v = 0; v < V; v++) {
        const c = p * V + v;
        const next = Math.min(1, out[v]!);
        if (Math.abs(next - capacity[c]!) > SHARE_TOLERANCE) settled = false;
        capacity[c] = next;
      }
    }
  }
  return { rate: alloc!.rate, bottleneck: alloc!.bottleneck, channelLoad, channelCapacity: capacity, rounds, settled };
}

/**
 * Progressive filling (Bertsekas & Gallager §6.5.2) over the ports (capacity 1), the channels (their
 * shares) and, with head times, the input buffers (λS ≤ 1), the held flows' loads taken first:
 * maxminHops.ts's events. Each event freezes the flows through the resources it fills, found by an
 * index from resource to flows, and the flows whose demands are met, in order of demand: O(hops) a
 * round besides O(resources) an event (a pass over every flow at every event was minutes a round on
 * the 8-ary 3-tree's 523,264 uniform flows).
 */
function filling(m: CompiledModel, hops: HopArrays, capacity: Float64Array, held: Float64Array | undefined, headTime: Float64Array | undefined, out?: Allocation): Allocation {
  const { P, C, F, V, m1, lambda, turnIn } = m;
  const { hopStart, hopChannel, hopTurn } = hops;
  const R = P + 2 * C;
  const H = hopStart[F]!;
  const used = new Float64Array(R);
  const slope = new Float64Array(R);
  const full = new Uint8Array(R);
  const rate = out?.rate ?? new Float64Array(F);
  const bottleneck = out?.bottleneck ?? new Int32Array(F);
  const frozen = new Uint8Array(F);
  const cap = (r: number) => (r < P || r >= P + C ? 1 : capacity[r - P]!);
  // The input buffer a hop's packets left (its head time per packet), −1 on a first hop or without head times.
  const buffer = (h: number) => (headTime !== undefined && hopTurn[h]! >= 0 ? turnIn[hopTurn[h]!]! : -1);
  // Resource → the flows through it (a flow once per hop), compressed rows.
  const start = new Int32Array(R + 1);
  for (let h = 0; h < H; h++) {
    const c = hopChannel[h]!;
    start[((c / V) | 0) + 1]!++;
    start[P + c + 1]!++;
    const u = buffer(h);
    if (u >= 0) start[P + C + u + 1]!++;
  }
  for (let r = 0; r < R; r++) start[r + 1]! += start[r]!;
  const fill = start.slice(0, R);
  const flowOf = new Int32Array(start[R]!);
  let left = 0;
  for (let f = 0; f < F; f++) {
    bottleneck[f] = -1;
    const h0 = held?.[f];
    const fixed = h0 !== undefined && !Number.isNaN(h0);
    rate[f] = fixed ? h0 : 0;
    if (fixed || !(lambda[f]! > 0)) frozen[f] = 1;
    else left++;
    for (let h = hopStart[f]!; h < hopStart[f + 1]!; h++) {
      const c = hopChannel[h]!;
      const p = (c / V) | 0;
      const u = buffer(h);
      flowOf[fill[p]!++] = f;
      flowOf[fill[P + c]!++] = f;
      if (u >= 0) flowOf[fill[P + C + u]!++] = f;
      const x = m1[f]! / m.rate[p]!;
      if (fixed) ((used[p]! += h0 * x), (used[P + c]! += h0 * x), u >= 0 && (used[P + C + u]! += h0 * headTime![u]!));
      else if (!frozen[f]) ((slope[p]! += x), (slope[P + c]! += x), u >= 0 && (slope[P + C + u]! += headTime![u]!));
    }
  }
  // The free flows by demand, lowest first.
  const byDemand = Int32Array.from({ length: F }, (_, f) => f).filter((f) => !frozen[f]).sort((a, b) => lambda[a]! - lambda[b]!);
  let nextDemand = 0;
  const filled: number[] = [];
  let level = 0;
  while (left > 0) {
    let next = Infinity;
    for (let r = 0; r < R; r++) if (!full[r] && slope[r]! > 0) next = Math.min(next, (cap(r) - used[r]!) / slope[r]!);
    while (nextDemand < byDemand.length && frozen[byDemand[nextDemand]!]) nextDemand++;
    if (nextDemand < byDemand.length && lambda[byDemand[nextDemand]!]! < next) next = lambda[byDemand[nextDemand]!]!;
    if (next === Infinity) break;
    if (next < level) next = level;
    filled.length = 0;
    for (let r = 0; r < R; r++) if (!full[r] && slope[r]! > 0 && used[r]! + next * slope[r]! >= cap(r) * SATURATED) ((full[r] = 1), filled.push(r));
    // Demands met at this level first (a flow met and stopped at once is met), then the flows the filled resources stop.
    for (; nextDemand < byDemand.length && lambda[byDemand[nextDemand]!]! <= next; nextDemand++) {
      const f = byDemand[nextDemand]!;
      if (!frozen[f]) freeze(f, lambda[f]!, -1);
    }
    for (const r of filled) for (let i = start[r]!; i < start[r + 1]!; i++) if (!frozen[flowOf[i]!]) freeze(flowOf[i]!, next, stoppedBy(flowOf[i]!));
    level = next;
  }
  return { rate, bottleneck };

  /** A full input buffer first: a flow it holds is not backlogged at a port that fills at the same level (named there, its VL would take the table share back, and the shares would alternate). */
  function stoppedBy(f: number): number {
    for (let h = hopStart[f]!; h < hopStart[f + 1]!; h++) {
      const u = buffer(h);
      if (u >= 0 && full[P + C + u]) return P + C + u;
    }
    for (let h = hopStart[f]!; h < hopStart[f + 1]!; h++) {
      const c = hopChannel[h]!;
      const p = (c / V) | 0;
      if (full[p]) return p;
      if (full[P + c]) return P + c;
    }
    return -1;
  }

  function freeze(f: number, r: number, by: number): void {
    rate[f] = r;
    bottleneck[f] = by;
    frozen[f] = 1;
    left--;
    for (let h = hopStart[f]!; h < hopStart[f + 1]!; h++) {
      const c = hopChannel[h]!;
      const p = (c / V) | 0;
      const x = m1[f]! / m.rate[p]!;
      used[p]! += r * x;
      slope[p]! -= x;
      used[P + c]! += r * x;
      slope[P + c]! -= x;
      const u = buffer(h);
      if (u >= 0) ((used[P + C + u]! += r * headTime![u]!), (slope[P + C + u]! -= headTime![u]!));
    }
  }
}

/** Each port's shares for its VLs' mean packet sizes, every flow weighted 1 (2048 bytes where none passes). */
export function portSharesByMeanBytes(m: CompiledModel, net: ModelNetwork, hops: HopArrays): VlShares[] {
  const bytes = new Float64Array(m.C);
  const count = new Float64Array(m.C);
  for (let f = 0; f < m.F; f++) {
    for (let h = hops.hopStart[f]!; h < hops.hopStart[f + 1]!; h++) {
      bytes[hops.hopChannel[h]!]! += m.m1[f]!;
      count[hops.hopChannel[h]!]! += 1;
    }
  }
  for (let c = 0; c < m.C; c++) bytes[c] = count[c]! > 0 ? bytes[c]! / count[c]! : 2048;
  return net.ports.map((p, i) => vlShares(p.arbitration, bytes.subarray(i * m.V, (i + 1) * m.V), m.V));
}

/**
 * The fluid allocation of a fabric in overload under the switch's own arbitration rules (docs/models.md
 * §13.7, docs/fabric-model.md change 160): at each output port the VLs share the link by the port's
 * arbitration table (generalised processor sharing, arbitration.ts: a VL below its table share keeps
 * its demand, the rest goes to the others), and **within one VL the output serves the input buffers
 * in turn** — src/sim/fabric/switch/crossbar.ts serves, per VL, the longest-waiting request among the
 * input buffers whose port is free, first come first served over head packets, i.e. round robin over
 * the backlogged input buffers, not over flows. So a VL's capacity is max-min fair over its **input
 * buffers** (each an equal claim, a buffer below the level keeping its demand), and the flows that
 * share one buffer (a FIFO: one per input port and VL) leave it in the proportions they arrive in,
 * which the upstream output set. A flow's rate is the least its hops give it. The classic consequence
 * is the parking lot: on a chain of saturated outputs each hop gives the flow injected there half and
 * the through traffic half, so the flows from 1, 2, 3 hops back get 1/2, 1/4, 1/8 of the VL; and a VL
 * whose flows are held upstream or downstream leaves its table turns to the other VLs (the ready mask
 * of crossbar.ts tryOutput). Weighted max-min over flows (weightedMaxmin.ts) gives each flow on the VL
 * the same rate and the table's split wherever the VL could use it.
 *
 * The allocation is the fixed point of a Jacobi iteration: a flow's demand at a hop is its offered
 * rate limited by what its other hops gave it last round (a flow held elsewhere does not claim the
 * hop: backpressure, credits); each port splits its link over its VLs by GPS on those demands; each
 * channel water-fills its share over its input buffers (the previous hop's channel, a first hop's
 * own flow); a buffer's allocation is shared in proportion to its flows' demands. A FIFO fed to
 * several outputs blocks at its head only as two rules say: one whose heads come in no fixed order is
 * one server of its solved head time ({@link holBuffers}); one fed in rotation moves in lock step
 * (lockStep.ts, change 218). Otherwise the buffers act as virtual output queues; no credit loops. A port fed by one
 * link no faster than itself is no constraint ({@link passThroughPorts}, change 270).
 * Kernel: trusts its input.
 */
import type { CompiledModel, HopArrays } from '../spec/compile.js';
import { hopArrays } from '../spec/compile.js';
import { gpsCapacities, type VlShares } from '../queues/arbitration.js';
import { SATURATED } from '../routes/maxmin.js';
import { sharesByVisitRuns } from './visitRuns.js';
import { lockStepClaims, lockStepPlan, lockStepRound } from './lockStep.js';
import { waterLevel } from './waterLevel.js';
import { fanOut, type FanOut } from '../spec/fanOut.js';

/** The allocation, per flow and per channel. */
export interface InputFairAllocation {
  /** Per flow: its rate (packets/s). */
  readonly rate: Float64Array;
  /** Per flow: what gave it the least (maxmin.ts's numbering: port p, channel P + c, input buffer P + C + u), −1 where its demand was met. */
  readonly bottleneck: Int32Array;
  /** Per channel: Σ r_f x_f of its flows (fraction of the port's time). */
  readonly channelLoad: Float64Array;
  /** Rounds of the iteration. */
  readonly rounds: number;
  /** True when no rate moved by more than {@link FAIR_TOLERANCE} of itself in the last round. */
  readonly settled: boolean;
}

/** What {@link inputFairRates} may take besides the model and the tables. */
export interface InputFairOptions {
  /** hopArrays(m), when the caller has them. */
  readonly hops?: HopArrays;
  /**
   * Per channel the head time S of the input buffer at its far end (s): a FIFO buffer whose heads go to
   * more than one output in an order no upstream round robin fixes is one server, λS ≤ 1 (head-of-line
   * blocking; {@link holBuffers}). Without it no buffer is a resource.
   */
  readonly headTime?: Float64Array;
  /** False: the tables' visits as written, without change 168's early ends (visitRuns.ts). */
  readonly visitRuns?: boolean;
  /** False: the buffers fed in rotation not held in lock step (change 218, lockStep.ts). */
  readonly lockStep?: boolean;
  /** False: every port a constraint, also one fed by one link no faster than itself (change 270, {@link passThroughPorts}). */
  readonly passThrough?: boolean;
  /** Most rounds before the allocation is given up as not settled ({@link FAIR_ROUNDS} unless set). */
  readonly maxRounds?: number;
}

/** Most rounds. */
export const FAIR_ROUNDS = 400;
/** Rounds of the plain Jacobi iteration before its demands are averaged with the last round's. */
const DAMP_AFTER = 20;
/** Relative change of every rate below which the allocation stands. */
export const FAIR_TOLERANCE = 1e-9;

/**
 * The input-fair allocation (module comment). `shares`: each port's {@link VlShares}. Flows with λ 0
 * carry nothing; greedy flows (λ = ∞) claim at most their link.
 */
export function inputFairRates(m: CompiledModel, shares: readonly VlShares[], options: InputFairOptions = {}): InputFairAllocation {
  const { P, C, V, F, lambda, m1 } = m;
  const hops = options.hops ?? hopArrays(m);
  const { hopStart, hopChannel } = hops;
  const H = hopStart[F]!;
  // Per hop: its flow, its packet's share of its port's time (x), its input buffer (group key): the
  // previous hop's channel, or on a first hop the host's own queue of that VL (C + channel).
  const flowOf = new Int32Array(H);
  const x = new Float64Array(H);
  const group = new Int32Array(H);
  for (let f = 0; f < F; f++) {
    for (let h = hopStart[f]!; h < hopStart[f + 1]!; h++) {
      flowOf[h] = f;
      x[h] = m1[f]! / m.rate[(hopChannel[h]! / V) | 0]!;
      group[h] = h === hopStart[f] ? C + hopChannel[h]! : hopChannel[h - 1]!;
    }
  }
  // Hops by channel, and within a channel by input buffer (compressed rows).
  const order = Int32Array.from({ length: H }, (_, h) => h).sort((a, b) => hopChannel[a]! - hopChannel[b]! || group[a]! - group[b]!);
  const chanStart = new Int32Array(C + 1);
  for (let h = 0; h < H; h++) chanStart[hopChannel[h]! + 1]!++;
  for (let c = 0; c < C; c++) chanStart[c + 1]! += chanStart[c]!;
  const weight = upstreamWeights(hops, group, order, chanStart, C);
  // A VL whose one source buffer's heads come in short runs for this output ends its visits early (change 168).
  const visits = options.visitRuns === false ? { shares: shares as VlShares[], runs: [] } : sharesByVisitRuns(m, hops, group, shares);
  const portShares = visits.shares;
  // Its demands damped past DAMP_AFTER rounds only where it shortened a visit (elsewhere the iteration as before).
  const damp = visits.runs.length > 0;
  // The head-of-line buffers and, per hop, the buffer it leaves when that is one (−1 otherwise).
  // Each buffer's fan-out, read by both head-of-line rules below (fanOut.ts).
  const fan = fanOut(m, hops, group);
  const hol = options.headTime ? holBuffers(m, hops, group, fan) : new Uint8Array(C);
  const holOf = new Int32Array(H).fill(-1);
  for (let h = 0; h < H; h++) if (h !== hopStart[flowOf[h]!] && hol[group[h]!]) holOf[h] = group[h]!;
  const headTime = options.headTime;
  // A port fed by one link no faster than itself sends what arrives: no constraint (change 270).
  const through = options.passThrough === false ? new Uint8Array(P) : passThroughPorts(m, hops, group);
  // The buffers fed in rotation move in lock step (change 218, lockStep.ts): per hop leaving one, its constraint 2h + 1.
  const lock = options.lockStep === false ? undefined : lockStepPlan(m, hops, group, flowOf, fan);
  const lockScratch: number[] = [];
  const lockClaims: number[] = [];
  const lockUp = new Float64Array(lock ? lock.hops.length : 0);
  const lockGroupClaim = new Float64Array(lock ? lock.groupStart.length : 0);
  // Per hop two constraints: entry 2h its channel, 2h + 1 its input buffer (Infinity where none).
  const given = new Float64Array(2 * H).fill(Infinity);
  const demand = new Float64Array(2 * H);
  const rate = new Float64Array(F);
  const least = new Float64Array(F);
  const second = new Float64Array(F);
  const leastAt = new Int32Array(F);
  const channelDemand = new Float64Array(C);
  const bufferDemand = new Float64Array(C);
  const capacity = new Float64Array(C);
  const vlDemand = new Float64Array(V);
  const vlOut = new Float64Array(V);
  const groupDemand: number[] = [];
  const groupEnd: number[] = [];
  const sorted: number[] = [];
  let rounds = 0;
  let settled = false;
  const maxRounds = options.maxRounds ?? FAIR_ROUNDS;
  while (rounds < maxRounds && !settled) {
    rounds++;
    // Each flow's least and second-least allocation over its constraints: its demand at one is the least over the others.
    for (let f = 0; f < F; f++) {
      let a = Infinity;
      let b = Infinity;
      let at = -1;
      for (let e = 2 * hopStart[f]!; e < 2 * hopStart[f + 1]!; e++) {
        const g = given[e]!;
        if (g < a) ((b = a), (a = g), (at = e));
        else if (g < b) b = g;
      }
      least[f] = a;
      second[f] = b;
      leastAt[f] = at;
    }
    if (lock) lockStepClaims(lock, given, flowOf, hopStart, lambda, x, lockUp);
    channelDemand.fill(0);
    bufferDemand.fill(0);
    for (let e = 0; e < 2 * H; e++) {
      const h = e >> 1;
      const f = flowOf[h]!;
      // (A greedy flow claims no more than its link.)
      const d = Math.min(lambda[f]!, leastAt[f] === e ? second[f]! : least[f]!, 1 / x[h]!);
      // Past DAMP_AFTER rounds each demand is averaged with the last round's (a Jacobi iteration that cycles
      // between two allocations settles between them: change 168's shorter visits made torus8x8-shuffle-2sl
      // and mesh8x8-bitcomp-2sl cycle; the fixed point is the same; demands, bounded by the offer, not the
      // availabilities, whose room terms are unbounded: averaged, those held every rate at its offer).
      demand[e] = damp && rounds > DAMP_AFTER ? ((d > 0 ? d : 0) + demand[e]!) / 2 : d > 0 ? d : 0;
      if (!(e & 1)) channelDemand[hopChannel[h]!]! += demand[e]! * x[h]!;
      else if (holOf[h]! >= 0) bufferDemand[holOf[h]!]! += demand[e]! * headTime![holOf[h]!]!;
    }
    // Each port's link over its VLs by the table, on those demands (a VL that could use more is offered its backlogged share).
    for (let p = 0; p < P; p++) {
      for (let v = 0; v < V; v++) vlDemand[v] = channelDemand[p * V + v]!;
      gpsCapacities(portShares[p]!, vlDemand, V, vlOut);
      for (let v = 0; v < V; v++) capacity[p * V + v] = Math.min(1, vlOut[v]!);
    }
    // A head-of-line buffer: one server, its time shared in its flows' mix (a FIFO), what is left open to each.
    for (let h = 0; h < H; h++) {
      const u = holOf[h]!;
      if (u < 0) continue;
      const load = bufferDemand[u]!;
      const d = demand[2 * h + 1]!;
      given[2 * h + 1] = load > 1 ? d / load : d + (1 - load) / headTime![u]!;
    }
    // Each channel's share water-filled over its input buffers (the level L); what each hop could carry, the
    // others as they are: in a buffer over the level its part of L by its flows' upstream weights, in one
    // under it (or on a channel with room) its demand and the room up to L (Charny's advertised rate).
    for (let c = 0; c < C; c++) {
      const lo = chanStart[c]!;
      const hi = chanStart[c + 1]!;
      if (lo === hi) continue;
      const cap = capacity[c]!;
      if (through[(c / V) | 0]) {
        for (let i = lo; i < hi; i++) given[2 * order[i]!] = Infinity;
        continue;
      }
      if (channelDemand[c]! <= cap) {
        const room = cap - channelDemand[c]!;
        for (let i = lo; i < hi; i++) {
          const h = order[i]!;
          given[2 * h] = demand[2 * h]! + room / x[h]!;
        }
        continue;
      }
      groupDemand.length = 0;
      groupEnd.length = 0;
      for (let i = lo; i < hi; ) {
        const g = group[order[i]!]!;
        let d = 0;
        for (; i < hi && group[order[i]!] === g; i++) d += demand[2 * order[i]!]! * x[order[i]!]!;
        groupDemand.push(d);
        groupEnd.push(i);
      }
      const level = waterLevel(groupDemand, cap, sorted);
      for (let k = 0, i = lo; k < groupDemand.length; k++) {
        const d = groupDemand[k]!;
        const start = i;
        const end = groupEnd[k]!;
        if (d <= level) {
          for (; i < end; i++) {
            const h = order[i]!;
            given[2 * h] = demand[2 * h]! + (level - d) / x[h]!;
          }
          continue;
        }
        // The buffer's part L over its flows by their upstream weights ω (weighted max-min, demands kept where below).
        const mu = weightedLevel(order, start, end, demand, x, weight, level, sorted);
        for (i = start; i < end; i++) {
          const h = order[i]!;
          given[2 * h] = (weight[h]! * mu) / x[h]!;
        }
      }
    }
    if (lock) lockStepRound(lock, given, demand, lockUp, lockGroupClaim, lockScratch, lockClaims);
    // The rates: the least over each flow's constraints and its offer.
    settled = true;
    for (let f = 0; f < F; f++) {
      let r = lambda[f]!;
      for (let e = 2 * hopStart[f]!; e < 2 * hopStart[f + 1]!; e++) r = Math.min(r, given[e]!);
      if (!(Math.abs(r - rate[f]!) <= FAIR_TOLERANCE * Math.max(r, rate[f]!)) && !(r === rate[f])) settled = false;
      rate[f] = r;
    }
  }
  const bottleneck = new Int32Array(F).fill(-1);
  const channelLoad = new Float64Array(C);
  for (let f = 0; f < F; f++) {
    for (let h = hopStart[f]!; h < hopStart[f + 1]!; h++) {
      channelLoad[hopChannel[h]!]! += rate[f]! * x[h]!;
      if (bottleneck[f] !== -1 || !(rate[f]! < lambda[f]!)) continue;
      if (holOf[h]! >= 0 && given[2 * h + 1]! <= rate[f]!) bottleneck[f] = P + C + holOf[h]!;
      // A channel holding the whole link is the port's (maxmin.ts names the link there).
      else if (given[2 * h]! <= rate[f]!) bottleneck[f] = capacity[hopChannel[h]!]! >= SATURATED ? (hopChannel[h]! / V) | 0 : P + hopChannel[h]!;
    }
  }
  // A flow held by a lock-step buffer and nothing else: named there (one whose own output holds the buffer is named at it).
  if (lock) {
    for (let f = 0; f < F; f++) {
      for (let h = hopStart[f]!; h < hopStart[f + 1]! && bottleneck[f] === -1 && rate[f]! < lambda[f]!; h++) {
        if (lock.bufferOf[h]! >= 0 && given[2 * h + 1]! <= rate[f]!) bottleneck[f] = P + C + lock.bufferOf[h]!;
      }
    }
  }
  // A flow met at a channel that is full still queues at a saturated output (its buffer under the level
  // there: the hotspot's own flow, sent in full): named there too, its latency a bound (flagged saturated).
  for (let f = 0; f < F; f++) {
    for (let h = hopStart[f]!; h < hopStart[f + 1]! && bottleneck[f] === -1; h++) {
      const c = hopChannel[h]!;
      if (channelLoad[c]! >= capacity[c]! * FULL) bottleneck[f] = capacity[c]! >= SATURATED ? (c / V) | 0 : P + c;
    }
  }
  return { rate, bottleneck, channelLoad, rounds, settled };
}

/**
 * The ports that are no constraint (change 270; docs/models.md §13.7): every hop at the port has its input buffer on one
 * input port of the switch (none is a first hop) whose link is no faster than the port. What arrives there is at most
 * one link's worth, read out one packet at a time at that link's rate (crossbar.ts), so the port sends what arrives and
 * its table never decides the mix: it passes the upstream output's. Per port 1 where so. `group` as in
 * {@link inputFairRates} (derived from the hops when left out).
 */
export function passThroughPorts(m: CompiledModel, hops: HopArrays, group?: Int32Array): Uint8Array {
  const { P, C, V, F } = m;
  const { hopStart, hopChannel } = hops;
  const up = new Int32Array(P).fill(-1);
  for (let f = 0; f < F; f++) {
    for (let h = hopStart[f]!; h < hopStart[f + 1]!; h++) {
      const p = (hopChannel[h]! / V) | 0;
      const g = group ? group[h]! : h === hopStart[f] ? C : hopChannel[h - 1]!;
      const q = g >= C ? -2 : (g / V) | 0;
      up[p] = up[p] === -1 || up[p] === q ? q : -2;
    }
  }
  const out = new Uint8Array(P);
  for (let p = 0; p < P; p++) out[p] = up[p]! >= 0 && m.rate[up[p]!]! <= m.rate[p]! ? 1 : 0;
  return out;
}

/** A channel carrying this fraction of its share is full. */
const FULL = 1 - 1e-9;

/**
 * The input buffers that are head-of-line servers: a switch input buffer (a FIFO, m.voq false) whose
 * flows leave it for more than one output, unless every input buffer upstream sends it packets for one
 * output only — then the upstream output, backlogged, serves those buffers in turn and the heads come
 * in a fixed rotation over the outputs, which the outputs' own round robins then serve without a
 * conflict after the first (docs/fabric-model.md, session 13's two-port chain: the loss
 * (1 − q)/(3 − 2q) is 0 at q = 1, strict alternation). Per channel u: 1 if the buffer at its far end is one.
 */
export function holBuffers(m: CompiledModel, hops: HopArrays, group: Int32Array, fan?: FanOut): Uint8Array {
  const out = new Uint8Array(m.C);
  if (m.voq) return out;
  const { several, mixed } = fan ?? fanOut(m, hops, group);
  for (let u = 0; u < m.C; u++) out[u] = several[u]! && mixed[u]! && m.bufferBlocks[(u / m.V) | 0]! < Infinity ? 1 : 0;
  return out;
}

/**
 * Per hop the weight ω of its flow in its input buffer's mix: 1 on a first hop; on a later hop the
 * flow's part of what the previous hop's channel sends from the flow's input buffer there, ω/Σω over
 * that buffer's flows at that channel (the output serves its input buffers in turn, so each buffer's
 * packets leave in equal turns and, within one, in their own mix). Passes until no weight moves (the
 * channel dependencies of a deadlock-free routing are acyclic: at most the longest path's hops).
 */
function upstreamWeights(hops: HopArrays, group: Int32Array, order: Int32Array, chanStart: Int32Array, C: number): Float64Array {
  const { hopStart } = hops;
  const F = hopStart.length - 1;
  const H = hopStart[F]!;
  const weight = new Float64Array(H).fill(1);
  // Per hop: Σω of the hops in its channel with its input buffer.
  const sum = new Float64Array(H);
  for (let pass = 0; pass < 64; pass++) {
    for (let c = 0; c < C; c++) {
      for (let i = chanStart[c]!; i < chanStart[c + 1]!; ) {
        const g = group[order[i]!]!;
        let w = 0;
        let j = i;
        for (; j < chanStart[c + 1]! && group[order[j]!] === g; j++) w += weight[order[j]!]!;
        for (; i < j; i++) sum[order[i]!] = w;
      }
    }
    let moved = false;
    for (let f = 0; f < F; f++) {
      for (let h = hopStart[f]! + 1; h < hopStart[f + 1]!; h++) {
        const w = weight[h - 1]! / sum[h - 1]!;
        if (w !== weight[h]) ((moved = true), (weight[h] = w));
      }
    }
    if (!moved) break;
  }
  return weight;
}

/**
 * The level μ of a weighted max-min of `cap` over the hops order[lo..hi): Σ min(d_h x_h, ω_h μ) = cap
 * (loads; a hop's demand at demand[2h]; Infinity when the demands fit). `scratch` is overwritten.
 */
function weightedLevel(order: Int32Array, lo: number, hi: number, demand: Float64Array, x: Float64Array, weight: Float64Array, cap: number, scratch: number[]): number {
  scratch.length = 0;
  let w = 0;
  for (let i = lo; i < hi; i++) {
    const h = order[i]!;
    scratch.push(h);
    w += weight[h]!;
  }
  scratch.sort((a, b) => (demand[2 * a]! * x[a]!) / weight[a]! - (demand[2 * b]! * x[b]!) / weight[b]!);
  let left = cap;
  for (const h of scratch) {
    const d = demand[2 * h]! * x[h]!;
    if (d > (weight[h]! * left) / w) return left / w;
    left -= d;
    w -= weight[h]!;
  }
  return Infinity;
}

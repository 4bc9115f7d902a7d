/**
 * A FIFO input buffer fed in rotation moves in lock step (docs/fabric-model.md change 218; docs/models.md
 * §13.7). Where every upstream buffer of buffer u sends it packets for one output only (holBuffers's
 * exemption: u's heads come in the upstream round robin's fixed rotation) and u's flows leave it for
 * several outputs, u's heads for an output that serves them slowly hold the heads behind them: u fills
 * (its slots are finite), its link is credit-blocked, and the upstream output, serving its backlogged
 * buffers in turn, puts one packet of each into u per round. So every backlogged upstream buffer of u
 * gets the same rate through u, ℓ, and the buffers bound for output o together get no more than o gives
 * u: the level ℓ = min over o of the water level of o's upstream buffers' demands in what o gives u
 * (a buffer under the level keeps its demand). torus8x8-shuffle-2sl's s4_0:3/2 alternates its heads
 * between s4_0:2, where VL 2 sends one packet a visit (1/6 of the link), and the host port s4_0:1:
 * the simulator holds both to 0.425 Gb/s (its s3_0:2 VL 2 0.850, not saturated) where the allocation
 * without this let the host's flows take 1.25 (with it 0.651 and 0.651: VL 2 at s4_0:2 keeps the turns
 * the other VLs leave, docs/fabric-model.md entries 219 and 235); test/model/visitRuns.test.ts's a0 → b, 1/4 of the link
 * in the simulator, is the bare case. Kernel: trusts its input.
 */
import type { CompiledModel, HopArrays } from '../spec/compile.js';
import { waterLevel } from './waterLevel.js';
import { fanOut, inRotation, type FanOut } from '../spec/fanOut.js';

/** The lock-step buffers and their hops, grouped by buffer, then output, then upstream buffer. */
export interface LockStepPlan {
  /** Per hop: the lock-step buffer it leaves, −1 where none. */
  readonly bufferOf: Int32Array;
  /** The hops leaving lock-step buffers, in that grouping. */
  readonly hops: Int32Array;
  /** Per upstream-buffer group k: its hops hops[groupStart[k] .. groupStart[k + 1]). */
  readonly groupStart: Int32Array;
  /** Per output group j (one buffer's hops to one output): its upstream groups k = outStart[j] .. outStart[j + 1] − 1. */
  readonly outStart: Int32Array;
  /** Per buffer b: its output groups j = bufStart[b] .. bufStart[b + 1] − 1. */
  readonly bufStart: Int32Array;
}

/**
 * The lock-step buffers of the allocation (module comment): a switch's FIFO input buffer (m.voq false, finite
 * slots) whose flows leave it for more than one output while each of its upstream buffers (`group` of the hop
 * before) sends it packets for one output only, by every flow's path (as holBuffers decides the rest); its hops of
 * flows with λ 0 are left out. `fan`: fanOut's answer when the caller has it.
 */
export function lockStepPlan(m: CompiledModel, hops: HopArrays, group: Int32Array, flowOf: Int32Array, fan: FanOut = fanOut(m, hops, group)): LockStepPlan {
  const { C, F } = m;
  const { hopStart, hopChannel } = hops;
  const H = hopStart[F]!;
  const bufferOf = new Int32Array(H).fill(-1);
  if (m.voq) return { bufferOf, hops: new Int32Array(0), groupStart: new Int32Array(1), outStart: new Int32Array(1), bufStart: new Int32Array(1) };
  // The same fan-out as holBuffers's (flows with λ 0 included), so that no buffer is both.
  const picked: number[] = [];
  for (let h = 0; h < H; h++) {
    const u = group[h]!;
    if (u >= C || !inRotation(m, fan, u) || !(m.lambda[flowOf[h]!]! > 0)) continue;
    bufferOf[h] = u;
    picked.push(h);
  }
  // Buffer, then output, then upstream buffer: consecutive runs of each.
  picked.sort((a, b) => group[a]! - group[b]! || hopChannel[a]! - hopChannel[b]! || group[a - 1]! - group[b - 1]!);
  const groupStart: number[] = [];
  const outStart: number[] = [];
  const bufStart: number[] = [];
  for (let i = 0; i < picked.length; i++) {
    const h = picked[i]!;
    const p = i > 0 ? picked[i - 1]! : -1;
    const newBuf = p < 0 || group[p] !== group[h];
    const newOut = newBuf || hopChannel[p]! !== hopChannel[h]!;
    if (newBuf) bufStart.push(outStart.length);
    if (newOut) outStart.push(groupStart.length);
    if (newOut || group[p - 1] !== group[h - 1]) groupStart.push(i);
  }
  groupStart.push(picked.length);
  outStart.push(groupStart.length - 1);
  bufStart.push(outStart.length - 1);
  return { bufferOf, hops: Int32Array.from(picked), groupStart: Int32Array.from(groupStart), outStart: Int32Array.from(outStart), bufStart: Int32Array.from(bufStart) };
}

/**
 * One round of the lock step (module comment), in packets per second — the upstream output puts one packet of each
 * backlogged upstream buffer into the buffer per round, whatever the packets' sizes and the outputs' rates: writes
 * given[2h + 1] for every hop of the plan. `given[2h]` is what the hop's channel gives it this round (its part of the
 * level, or its demand and the room), `demand[2h]` its demand there, `upstream[i]` the claim of plan.hops[i] (its flow's
 * demand from the constraints other than this buffer and its output: what its upstream buffer would send if the buffer
 * took it). What output o gives the buffer: Σ min(a_h, δ_h) over its hops there plus the room every one of them is told.
 * `scratch`, `claims` and `groupClaim` (one entry per upstream group of the plan) are overwritten.
 */
export function lockStepRound(plan: LockStepPlan, given: Float64Array, demand: Float64Array, upstream: Float64Array, groupClaim: Float64Array, scratch: number[] = [], claims: number[] = []): void {
  const { hops, groupStart, outStart, bufStart } = plan;
  for (let k = 0; k + 1 < groupStart.length; k++) {
    let d = 0;
    for (let i = groupStart[k]!; i < groupStart[k + 1]!; i++) d += upstream[i]!;
    groupClaim[k] = d;
  }
  for (let b = 0; b + 1 < bufStart.length; b++) {
    let level = Infinity;
    for (let j = bufStart[b]!; j < bufStart[b + 1]!; j++) {
      let gives = 0;
      let room = Infinity;
      claims.length = 0;
      for (let k = outStart[j]!; k < outStart[j + 1]!; k++) {
        for (let i = groupStart[k]!; i < groupStart[k + 1]!; i++) {
          const h = hops[i]!;
          const a = given[2 * h]!;
          const dc = demand[2 * h]!;
          gives += Math.min(a, dc);
          room = Math.min(room, a - dc);
        }
        claims.push(groupClaim[k]!);
      }
      if (room > 0) gives += room;
      level = Math.min(level, waterLevel(claims, gives, scratch));
    }
    for (let k = outStart[bufStart[b]!]!; k < outStart[bufStart[b + 1]!]!; k++) {
      const d = groupClaim[k]!;
      for (let i = groupStart[k]!; i < groupStart[k + 1]!; i++) {
        const dh = upstream[i]!;
        given[2 * hops[i]! + 1] = level === Infinity ? Infinity : d > level ? (dh * level) / d : dh + (level - d);
      }
    }
  }
}

/**
 * Per hop of the plan its claim (lockStepRound's `upstream`): min(λ_f, 1/x_h, the flow's constraints other than
 * 2h and 2h + 1), written into `out`.
 */
export function lockStepClaims(plan: LockStepPlan, given: Float64Array, flowOf: Int32Array, hopStart: Int32Array, lambda: Float64Array, x: Float64Array, out: Float64Array): void {
  const { hops } = plan;
  for (let i = 0; i < hops.length; i++) {
    const h = hops[i]!;
    const f = flowOf[h]!;
    let d = Math.min(lambda[f]!, 1 / x[h]!);
    for (let e = 2 * hopStart[f]!; e < 2 * hopStart[f + 1]!; e++) if (e >> 1 !== h) d = Math.min(d, given[e]!);
    out[i] = d > 0 ? d : 0;
  }
}

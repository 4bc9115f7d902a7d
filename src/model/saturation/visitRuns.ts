/**
 * A VL's visit at an output lasts only while the VL has a ready head for that output (docs/fabric-model.md
 * change 168, measurement 167; the simulator's VLArb, src/admission/arbiter.ts: the current entry keeps the
 * lane while its remaining weight is > 0 **and its VL has a packet ready**). Where one FIFO input buffer
 * is a VL's only source at an output and its heads also go to other outputs, its heads for this output
 * come in runs: after a run the next head is bound elsewhere, the VL is not ready, and the table moves
 * on with the visit's weight unspent. So the VL's packets per visit are min(the entry's packets, the
 * mean run) and its share of the link, when every VL is backlogged, falls in that proportion. The run of
 * heads for channel c out of buffer u: fed in rotation by the upstream output (every upstream buffer of u
 * sends it packets for one output only: the heads follow the upstream round robin over those buffers),
 * a of its b upstream buffers bound for c give runs of max(1, a / (b − a)); otherwise heads in independent
 * order, a fraction q for c, give geometric runs of mean 1 / (1 − q). torus8x8-shuffle-2sl's s4_0:2: VL 2's
 * only buffer, s4_0:3/2, alternates its heads between s4_0:2 and the host port s4_0:1 (fed in rotation
 * by s3_0:2 from two buffers): one packet a visit, VL 2 1/6 of the link where the table says 3/8 — the
 * simulator's 0.169 (`fabric-model-share-visits.ts`). Kernel: trusts its input.
 */
import type { CompiledModel, HopArrays } from '../spec/compile.js';
import type { VlShares } from '../queues/arbitration.js';

/**
 * The ports' shares with each VL's round bytes scaled by its visits' runs where they end early (module
 * comment). `group` per hop: its input buffer (inputFair.ts: the previous hop's channel, or C + channel on a
 * first hop). Ports with nothing to scale keep their object.
 */
export function sharesByVisitRuns(m: CompiledModel, hops: HopArrays, group: Int32Array, shares: readonly VlShares[]): VisitRuns {
  const { C, F, V } = m;
  const out = shares.slice();
  const runs: VisitRun[] = [];
  if (m.voq) return { shares: out, runs };
  const { hopStart, hopChannel } = hops;
  // Per channel: its one input buffer (−1 none yet, −2 several); per buffer: offered rate per output channel,
  // and per upstream buffer its one output channel (−2 several: the buffer's heads are not in rotation).
  const source = new Int32Array(C).fill(-1);
  const perOut = new Map<number, Map<number, number>>();
  const upstream = new Map<number, Map<number, number>>();
  for (let f = 0; f < F; f++) {
    for (let h = hopStart[f]!; h < hopStart[f + 1]!; h++) {
      const c = hopChannel[h]!;
      const u = group[h]!;
      source[c] = source[c] === -1 || source[c] === u ? u : -2;
      if (h === hopStart[f] || u >= C) continue;
      const o = perOut.get(u) ?? new Map<number, number>();
      o.set(c, (o.get(c) ?? 0) + m.lambda[f]!);
      perOut.set(u, o);
      const up = upstream.get(u) ?? new Map<number, number>();
      const g = group[h - 1]!;
      const seen = up.get(g);
      up.set(g, seen === undefined || seen === c ? c : -2);
      upstream.set(u, up);
    }
  }
  for (let c = 0; c < C; c++) {
    const u = source[c]!;
    if (u < 0 || u >= C || !(m.bufferBlocks[(u / V) | 0]! < Infinity)) continue;
    const o = perOut.get(u);
    if (o === undefined || o.size < 2) continue;
    const up = upstream.get(u)!;
    let run: number;
    let q: number;
    if (![...up.values()].includes(-2)) {
      let a = 0;
      for (const oc of up.values()) if (oc === c) a++;
      const b = up.size;
      q = a / b;
      run = a === b ? Infinity : Math.max(1, a / (b - a));
    } else {
      let total = 0;
      for (const r of o.values()) total += r;
      q = total > 0 ? o.get(c)! / total : 1;
      run = q < 1 ? 1 / (1 - q) : Infinity;
    }
    const p = (c / V) | 0;
    const v = c % V;
    // With no other VL at the port the VL keeps the link whatever its visits.
    let others = 0;
    for (let w = 0; w < V; w++) if (w !== v && source[p * V + w] !== -1) others++;
    if (others === 0) continue;
    const s = out[p]!;
    const k = s.visitPackets[v]!;
    if (!(run < k)) continue;
    const roundBytes = Float64Array.from(s.roundBytes);
    roundBytes[v] = (roundBytes[v]! * run) / k;
    const visitPackets = Float64Array.from(s.visitPackets);
    visitPackets[v] = run;
    out[p] = { ...s, roundBytes, visitPackets };
    runs.push({ buffer: u, channel: c, fraction: q, run });
  }
  return { shares: out, runs };
}

/** A VL whose visits end with its one source buffer's runs: the buffer, the channel, the fraction of its heads bound there, the mean run. */
export interface VisitRun {
  readonly buffer: number;
  readonly channel: number;
  readonly fraction: number;
  readonly run: number;
}

/** {@link sharesByVisitRuns}'s answer: the ports' shares, and where a VL's visits were shortened. */
export interface VisitRuns {
  readonly shares: VlShares[];
  readonly runs: readonly VisitRun[];
}

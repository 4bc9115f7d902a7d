/**
 * Congestion trees read off the max-min allocation (docs/models.md §13.6, issue 31: "where its
 * assumptions break … the result says so per flow"). The model throttles a capped flow at its source;
 * the simulator does not. There a source keeps sending while credits allow, so a flow offered more
 * than its max-min rate fills every switch input buffer on its path upstream of its bottleneck: the
 * buffer that feeds the bottleneck drains the flow's packets only at the capped rate, and once it is
 * full its link's credits stop, so the buffer before it drains at that rate too, and so on back to the
 * source. A buffer here is the simulator's: one per switch input port and VL (the VL the packets
 * arrive on), whose credit blocks the packets of every output share — FIFO inputs (inputFifo.ts) and
 * virtual output queues alike (inputVoq.ts: the per-output queues share one credit loop), so one rule
 * holds for both. Every flow that crosses such a link on that VL waits for those credits behind the
 * capped flow's backlog (under FIFO inputs behind its packets as well): the flow is in the tree.
 *
 * The tree stops at the host: the source's send queue is the flow's own (hostAdapter.ts), and a full
 * one refuses arrivals (a source drop) or, unbounded, grows without holding anything else. So a flow
 * capped at its own host channel makes no tree, and the buffers of a flow capped at hop k are those
 * at the far ends of its hops 0 … k − 1 (k its bottleneck's hop: a port's link or a channel's VL
 * share), and of hop k as well when the bottleneck is the input buffer at the far end of hop k (its
 * head time, a FIFO served at most once at a time: the buffer itself holds the backlog).
 *
 * Kernel: trusts its input; one walk over each capped flow's path.
 */
import type { CompiledModel } from '../spec/compile.js';
import type { Allocation } from '../routes/maxmin.js';

/** The channels whose far-end input buffers a capped flow's backlog fills. */
export interface CongestionTrees {
  /** Per channel: how many capped flows' trees hold its far-end buffer (0: none). */
  readonly count: Int32Array;
  /** Per channel: the first capped flow (by index) whose tree holds it (−1: none). */
  readonly first: Int32Array;
  /** Per channel: a second capped flow whose tree holds it (−1: none), so that a flow is never named its own tree. */
  readonly second: Int32Array;
}

/**
 * The congestion trees of an allocation (see the module comment); undefined when no flow is capped
 * beyond its own host channel. Resource numbering as {@link Allocation.bottleneck}.
 */
export function congestionTrees(m: CompiledModel, alloc: Allocation): CongestionTrees | undefined {
  const { P, C, V } = m;
  let trees: CongestionTrees | undefined;
  for (let f = 0; f < m.F; f++) {
    const b = alloc.bottleneck[f]!;
    if (b < 0) continue;
    // The hop of the bottleneck: k such that hop k's port (b < P), channel (b < P + C) or far-end buffer is b.
    let k = -1;
    let hop = 0;
    for (let n = -2; n !== -1; n = n === -2 ? m.flowRest[f]! : m.nodeNext[n]!, hop++) {
      const c = n === -2 ? m.flowChannel[f]! : m.nodeChannel[n]!;
      if (b < P ? ((c / V) | 0) === b : b < P + C ? c === b - P : c === b - P - C) {
        k = hop;
        break;
      }
    }
    // The last hop the backlog fills: the one before the bottleneck's, or its own when the bottleneck is its far-end buffer.
    const last = b >= P + C ? k : k - 1;
    if (last < 0) continue;
    hop = 0;
    for (let n = -2; n !== -1 && hop <= last; n = n === -2 ? m.flowRest[f]! : m.nodeNext[n]!, hop++) {
      const c = n === -2 ? m.flowChannel[f]! : m.nodeChannel[n]!;
      if (m.bufferBlocks[(c / V) | 0] === Infinity) break; // a host's end: no buffer (not reached before a bottleneck)
      trees ??= { count: new Int32Array(C), first: new Int32Array(C).fill(-1), second: new Int32Array(C).fill(-1) };
      if (trees.count[c]! === 0) trees.first[c] = f;
      else if (trees.count[c]! === 1) trees.second[c] = f;
      trees.count[c]!++;
    }
  }
  return trees;
}

/** The capped flow whose tree holds channel c's far-end buffer, other than flow f (−1: none). */
export function treeOtherThan(trees: CongestionTrees, c: number, f: number): number {
  const a = trees.first[c]!;
  return a >= 0 && a !== f ? a : trees.second[c]!;
}

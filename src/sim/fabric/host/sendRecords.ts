/**
 * The host adapter's per-flow and per-host records (issue 32, session 17: what a host's scan and start
 * read of a flow side by side, where six arrays were a cache line each at k = 32; hostAdapter.ts
 * imports the field numbers below).
 *
 * Per flow f a 64-byte send record: integers at 16f + … its send queue's first and last packet (NONE:
 * empty; linked through the pool's `next`), packets in it (the one in transmission included), its VL,
 * 1 if it has a rate control (only then can its window close: InjectionWindows counts only its
 * packets, and a window is at least 1), its flags (flowTable.ts; fixed at build — a compiled flow's rate control,
 * path selection and arrival process are readonly, so the copy cannot go stale); the double at 8f + 3: the earliest start of its next packet
 * (the rate limiter; sourceControl.ts writes it too); doubles 8f + 4 … 7: the send queue's recorders
 * (flowRecorders.ts; session 25: they were a 64-byte record of their own, a cache miss more per packet at k = 32). Per host h a 32-byte record: the integer at 8h + 2
 * the round robin's next position (8h and 8h + 1, its flows' place in the flow list until session 25, are unused: a host's
 * start reads hostFlowStart); doubles at 4h + … its next start under the injection cap, the wake-up its port asked for (Infinity: none).
 */
import { NONE, type CompiledFabric } from '../compiled.js';
import { lineAlignedBuffer } from '../lineAligned.js';
import { flowFlags } from './flowTable.js';

/** Send record (per flow), integers at 16f + …: first and last packet of the send queue, packets in it, VL, rate control (0/1). */
export const S_HEAD = 0;
export const S_TAIL = 1;
export const S_COUNT = 2;
export const S_VL = 3;
export const S_WINDOWED = 4;
/** Send record, integer at 16f + S_FLAGS: flowTable.ts's flags (rate control, path selection, saturated), read at every start (session 25: where the flow table's line was read for them alone). */
export const S_FLAGS = 5;
/** Send record, the double at 8f + …: the earliest start of the flow's next packet; from S_RECORDERS on the flow's send-queue recorders (flowRecorders.ts: last change, sum, compensation, packets offered). */
export const S_NEXT_AT = 3;
export const S_RECORDERS = 4;
/** Host record, the integer at 8h + H_RR: the round robin's next position. */
export const H_RR = 2;
/** Host record, doubles at 4h + …: next start under the injection cap, the wake-up its port asked for. */
export const H_FREE = 2;
export const H_WAKE = 3;

/** The records over their buffers (integers and doubles), and each host's flows, host by host. */
export interface HostSendRecords {
  readonly sF: Float64Array;
  readonly sI: Int32Array;
  readonly hF: Float64Array;
  readonly hI: Int32Array;
  readonly hostFlowList: Int32Array;
  /** Host h's flows in the flow list: from hostFlowStart[h] to hostFlowStart[h + 1] (session 25: a host's start reads this small table, not its record). */
  readonly hostFlowStart: Int32Array;
}

/** The records of fabric `c` before its run: queues empty, round robins at 0, no wake-up asked. */
export function hostSendRecords(c: CompiledFabric): HostSendRecords {
  const F = c.flows.length;
  const H = c.hostCount;
  // On whole lines from 256 KiB on (lineAligned.ts): a record's send fields and recorders in one line.
  const sF = new Float64Array(lineAlignedBuffer(64 * F, 1 << 18), 0, 8 * F);
  const sI = new Int32Array(sF.buffer, 0, 16 * F);
  c.flows.forEach((flow, f) => {
    sI[16 * f + S_HEAD] = NONE;
    sI[16 * f + S_TAIL] = NONE;
    sI[16 * f + S_VL] = flow.vl;
    sI[16 * f + S_WINDOWED] = flow.rateControl !== null ? 1 : 0;
    sI[16 * f + S_FLAGS] = flowFlags(flow);
  });
  const start = new Int32Array(H + 1);
  for (const f of c.flows) start[f.source + 1]!++;
  for (let h = 0; h < H; h++) start[h + 1]! += start[h]!;
  const hostFlowList = new Int32Array(F);
  const fill = start.slice(0, H);
  c.flows.forEach((f, i) => {
    hostFlowList[fill[f.source]!++] = i;
  });
  const hF = new Float64Array(lineAlignedBuffer(32 * H, 1 << 18), 0, 4 * H);
  const hI = new Int32Array(hF.buffer, 0, 8 * H);
  for (let h = 0; h < H; h++) hF[4 * h + H_WAKE] = Infinity;
  return { sF, sI, hF, hI, hostFlowList, hostFlowStart: start };
}

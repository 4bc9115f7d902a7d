/**
 * How a FIFO input buffer's heads are ordered over its outputs (docs/models.md §13.7): whether its flows leave it for
 * several outputs, and whether some buffer upstream of it sends it packets for more than one of them (then its heads
 * come in no fixed order: inputFair.ts holBuffers) or every one sends it packets for one output only (a rotation:
 * lockStep.ts). Kernel: trusts its input.
 */
import type { CompiledModel, HopArrays } from './compile.js';

/** Per buffer (the channel at whose far end it is): several outputs; an upstream buffer bound for two or more of them. */
export interface FanOut {
  readonly several: Uint8Array;
  readonly mixed: Uint8Array;
}

/** The fan-out of every buffer (module comment), by every flow's path; `group` per hop its input buffer. */
export function fanOut(m: CompiledModel, hops: HopArrays, group: Int32Array): FanOut {
  const { C, F } = m;
  const { hopStart, hopChannel } = hops;
  // Per buffer: the first output seen, whether a second one is; per (buffer, upstream buffer): its one output.
  const firstOut = new Int32Array(C).fill(-1);
  const several = new Uint8Array(C);
  const mixed = new Uint8Array(C);
  const perUpstream = new Map<number, number>();
  for (let f = 0; f < F; f++) {
    for (let h = hopStart[f]! + 1; h < hopStart[f + 1]!; h++) {
      const u = hopChannel[h - 1]!;
      const o = hopChannel[h]!;
      if (firstOut[u] === -1) firstOut[u] = o;
      else if (firstOut[u] !== o) several[u] = 1;
      const key = u * (2 * C + 1) + group[h - 1]!;
      const seen = perUpstream.get(key);
      if (seen === undefined) perUpstream.set(key, o);
      else if (seen !== o) mixed[u] = 1;
    }
  }
  return { several, mixed };
}

/**
 * Whether the buffer behind channel u is fed in rotation: several outputs, every upstream buffer bound for one of them,
 * finite slots (the lock-step buffers of saturation/lockStep.ts and the rotation buffers of fixedPoint/rotationHeads.ts).
 */
export function inRotation(m: CompiledModel, fan: FanOut, u: number): boolean {
  return fan.several[u]! === 1 && fan.mixed[u]! === 0 && m.bufferBlocks[(u / m.V) | 0]! < Infinity;
}

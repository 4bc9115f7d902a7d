/**
 * The hand-built network of the one-input-port output tests (changes 265/266 and their review): hosts a and b into one
 * switch; output q (port 2) fed by a's link alone (VL 0 at `q0`, VL 1 at `q1`), output r (port 3) by a's VL 0 (`r0`) and
 * b's (`b0`). a's VL 1 buffer sends to q only. Loads in packets per transmission; round-robin VLArb over VLs 0 and 1.
 */
import type { ModelNetwork, ModelPort } from '../../src/model/index.js';

export const RR = { high: [], low: [{ vl: 0, weight: 1 }, { vl: 1, weight: 1 }], limitOfHighPriority: 255 };
export const BYTES = 2048;
export const RATE = 2.5e9 / 8;
/** One packet's transmission (s). */
export const X = BYTES / RATE;

export function port(name: string, host: boolean): ModelPort {
  return { name, rate: RATE, delay: 0, exponential: false, host, downstreamBufferBytes: host ? 4 * BYTES : Infinity, downstreamLatency: 100e-9, arbitration: RR };
}

/** A Poisson flow of full packets over `path` (port indices) on `vls`, at `load` packets per transmission. */
export function flow(name: string, path: number[], vls: number[], load: number): ModelNetwork['flows'][number] {
  return { name, path, vls, lambda: load / X, ca2: 1, meanBytes: BYTES, secondMomentBytes: BYTES * BYTES, sendQueuePackets: Infinity };
}

export function network(q0: number, q1: number, r0: number, b0: number): ModelNetwork {
  return {
    ports: [port('a', true), port('b', true), port('s:q', false), port('s:r', false)],
    flows: [flow('a-q0', [0, 2], [0, 0], q0), flow('a-q1', [0, 2], [1, 1], q1), flow('a-r0', [0, 3], [0, 0], r0), flow('b-r0', [1, 3], [0, 0], b0)],
    vls: 2,
    cutThrough: true,
  };
}

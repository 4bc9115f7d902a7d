/**
 * What a packet's generation reads of its flow, one 64-byte record per flow (issue 32, session 14):
 * the stop time, send-queue limit, destination, source, VL, size (when constant; until session 25 also
 * which of rate control, path selection and an arrival process the flow has: {@link flowFlags}, now
 * in the host adapter's send record) — and, for Poisson arrivals, the rate
 * and the state of the flow's xoroshiro128+ generator, drawn here with the same arithmetic as
 * SimRandom.next (streams.ts), pure-rand's generator step and PoissonArrivals.next (−ln(1 − U) / λ).
 * At k = 32 each generated packet read the flow object, its arrival process, the lazy stream, the
 * random stream, the generator and its size process: objects spread over V8's heap, a chain of
 * dependent cache and TLB misses (~950 pages for 8,192 flows). The generator's state is taken over
 * after the flow's first draw (which creates the stream); the arrival process object is not drawn
 * from again.
 */
import type { CompiledFabric } from '../compiled.js';
import { PoissonArrivals } from '../../traffic/arrivals.js';
import { SimRandom } from '../../random/streams.js';
import { lineAlignedBuffer } from '../lineAligned.js';

/** Doubles of flow f's record at 8f + field: Poisson rate (jobs/s), stop time (s), send-queue limit (packets; may be Infinity). */
const D_RATE = 0;
const D_STOP = 1;
const D_QUEUE = 2;
/** Integers at 16f + field: 1 once the generator's state is here; destination (−1: drawn); source host; VL; size with header (bytes; −1: drawn); 11 unused (the flags, in the send record since session 25: sendRecords.ts). */
const I_OWN = 6;
const I_DST = 7;
const I_SRC = 8;
const I_VL = 9;
const I_SIZE = 10;
/** The generator's four words, in pure-rand's getState order (s01, s00, s11, s10). */
const I_S01 = 12;
const I_S00 = 13;
const I_S11 = 14;
const I_S10 = 15;
/** Flags: the flow has a rate control; a path selection; no arrival process (saturated). */
export const HAS_RATE_CONTROL = 1;
export const HAS_PATH_SELECTION = 2;
export const SATURATED = 4;

/** A flow's flags (HAS_RATE_CONTROL, HAS_PATH_SELECTION, SATURATED). */
export function flowFlags(flow: CompiledFabric['flows'][number]): number {
  return (flow.rateControl !== null ? HAS_RATE_CONTROL : 0) | (flow.pathSelection !== null ? HAS_PATH_SELECTION : 0) | (flow.arrivals === null ? SATURATED : 0);
}

/** The flows' generation records. */
export class FlowTable {
  private readonly f64: Float64Array;
  private readonly i32: Int32Array;

  /** (Of the compiled fabric only the flows and the header bytes: the lean engine builds one from its own compiled form.) */
  constructor(c: Pick<CompiledFabric, 'flows' | 'headerBytes'>) {
    const F = c.flows.length;
    // 64-byte records on whole lines from 256 KiB on (lineAligned.ts; session 25: unaligned, a generation read two lines of its flow's record at k = 32)
    this.f64 = new Float64Array(lineAlignedBuffer(64 * F, 1 << 18), 0, 8 * F);
    this.i32 = new Int32Array(this.f64.buffer, 0, 16 * F);
    c.flows.forEach((flow, f) => {
      const r = 16 * f;
      this.f64[8 * f + D_STOP] = flow.stop;
      this.f64[8 * f + D_RATE] = flow.arrivals instanceof PoissonArrivals ? flow.arrivals.rate : 0;
      this.f64[8 * f + D_QUEUE] = flow.sendQueuePackets;
      this.i32[r + I_DST] = flow.destination;
      this.i32[r + I_SRC] = flow.source;
      this.i32[r + I_VL] = flow.vl;
      const constant = flow.sizes.constantBytes;
      this.i32[r + I_SIZE] = constant === undefined ? -1 : constant + c.headerBytes;
    });
  }

  stop(f: number): number {
    return this.f64[8 * f + D_STOP]!;
  }

  queueLimit(f: number): number {
    return this.f64[8 * f + D_QUEUE]!;
  }

  destination(f: number): number {
    return this.i32[16 * f + I_DST]!;
  }

  source(f: number): number {
    return this.i32[16 * f + I_SRC]!;
  }

  vl(f: number): number {
    return this.i32[16 * f + I_VL]!;
  }

  /** Size with header (bytes), or −1 when the flow's size process draws it. */
  size(f: number): number {
    return this.i32[16 * f + I_SIZE]!;
  }

  /** Whether flow f's Poisson draws are made here ({@link adopt}). */
  owns(f: number): boolean {
    return this.i32[16 * f + I_OWN] === 1;
  }

  /**
   * After flow f's draw from its arrival process: when that is Poisson arrivals on a SimRandom (the
   * fabric's streams), its generator's state moves here and the next draws are {@link gap}'s.
   */
  adopt(f: number, arrivals: unknown): void {
    const s = adoptableState(arrivals);
    if (s === null) return;
    const r = 16 * f;
    this.i32[r + I_S01] = s[0]!;
    this.i32[r + I_S00] = s[1]!;
    this.i32[r + I_S11] = s[2]!;
    this.i32[r + I_S10] = s[3]!;
    this.i32[r + I_OWN] = 1;
  }

  /** Flow f's next Poisson gap (s): SimRandom.next's two generator steps, then −ln(1 − U) / λ ({@link poissonGapAt}). */
  gap(f: number): number {
    return poissonGapAt(this.i32, 16 * f + I_S01, this.f64[8 * f + D_RATE]!);
  }
}

/**
 * The state (pure-rand's getState order: s01, s00, s11, s10) of the generator `arrivals` draws from, when they are
 * Poisson arrivals on a SimRandom (the fabric's streams) whose stream exists (after the first draw); else null.
 * Its next draws may then be made by {@link poissonGapAt} on a copy of that state.
 */
export function adoptableState(arrivals: unknown): readonly number[] | null {
  if (!(arrivals instanceof PoissonArrivals)) return null;
  const stream = arrivals.streamInUse();
  if (!(stream instanceof SimRandom)) return null;
  return stream.state();
}

/**
 * The next Poisson gap (s) at rate `rate` (1/s) of the xoroshiro128+ state at i[s] … i[s + 3] (s01, s00, s11, s10),
 * stepping that state: SimRandom.next's two generator steps (pure-rand's XoroShiro128Plus.next), then
 * PoissonArrivals.next's −ln(1 − U) / λ — the same arithmetic, so the same draws. (FlowTable's records and the
 * lean engine's source records, src/sim/fabric/lean/leanSources.ts.)
 */
export function poissonGapAt(i: Int32Array, s: number, rate: number): number {
  let s01 = i[s]!;
  let s00 = i[s + 1]!;
  let s11 = i[s + 2]!;
  let s10 = i[s + 3]!;
  // pure-rand's XoroShiro128Plus.next, twice (out, then the state step)
  const out1 = (s00 + s10) | 0;
  let a0 = s10 ^ s00;
  let a1 = s11 ^ s01;
  let t00 = s00;
  let t01 = s01;
  s00 = (t00 << 24) ^ (t01 >>> 8) ^ a0 ^ (a0 << 16);
  s01 = (t01 << 24) ^ (t00 >>> 8) ^ a1 ^ ((a1 << 16) | (a0 >>> 16));
  s10 = (a1 << 5) ^ (a0 >>> 27);
  s11 = (a0 << 5) ^ (a1 >>> 27);
  const out2 = (s00 + s10) | 0;
  a0 = s10 ^ s00;
  a1 = s11 ^ s01;
  t00 = s00;
  t01 = s01;
  s00 = (t00 << 24) ^ (t01 >>> 8) ^ a0 ^ (a0 << 16);
  s01 = (t01 << 24) ^ (t00 >>> 8) ^ a1 ^ ((a1 << 16) | (a0 >>> 16));
  s10 = (a1 << 5) ^ (a0 >>> 27);
  s11 = (a0 << 5) ^ (a1 >>> 27);
  i[s] = s01;
  i[s + 1] = s00;
  i[s + 2] = s11;
  i[s + 3] = s10;
  const u = ((out1 >>> 6) * 134217728 + (out2 >>> 5)) * 1.1102230246251565e-16;
  return -Math.log(1 - u) / rate;
}

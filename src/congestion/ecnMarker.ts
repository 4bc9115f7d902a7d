/**
 * The thesis's ECN marking state machine for an input-buffered switch (docs/models.md §10; thesis
 * §3.3.1, after Santos et al. 2003).
 */
import { InvalidParameterError } from '../core/errors.js';
import { integerAtLeast } from '../core/guards.js';

/**
 * ECN marking with two counters per output link:
 *
 * - cnt1[o] = packets in the switch waiting for output link o;
 * - cnt2[o] = packets still to be marked on o, initially 0.
 *
 * Whenever an input buffer **becomes** full, cnt1 is copied into cnt2 for every output link that at
 * least one packet in that buffer is waiting for (Santos et al.: such a link is congested, and all
 * packets that cannot leave it at once are marked). Each packet then transmitted on o is marked
 * while cnt2[o] > 0, decrementing cnt2[o].
 *
 * The switch model tells the marker three things and nothing else — it knows no events, queues or
 * time:
 *
 * - {@link onEnqueue}(o): a packet for output o entered the switch (cnt1[o] += 1);
 * - {@link onBufferFull}(o): a buffer has just become full and holds a packet for o — call it once
 *   for each such o, right after the {@link onEnqueue} that filled the buffer (cnt2[o] = cnt1[o],
 *   overwriting any marks still pending);
 * - {@link onDequeue}(o): a packet leaves on o; returns whether to set its ECN bit.
 *
 * With one output (`new EcnMarker(1)`) this is the per-link reading of the thesis: "whenever the
 * buffer becomes full, cnt1 is copied into cnt2". The per-packet methods allocate nothing; they throw
 * only for an output index outside 0..outputs−1 or a dequeue with no waiting packet (a bug in the
 * caller), leaving the state unchanged.
 *
 * @example
 * const ecn = new EcnMarker(1);
 * ecn.onEnqueue(0); ecn.onEnqueue(0); ecn.onBufferFull(0);
 * ecn.onDequeue(0); // → true (cnt2 was 2)
 */
export class EcnMarker {
  /** Number of output links. */
  readonly outputs: number;
  private readonly cnt1: Int32Array;
  private readonly cnt2: Int32Array;

  /** @throws InvalidParameterError if outputs is not an integer ≥ 1. */
  constructor(outputs: number) {
    this.outputs = integerAtLeast('outputs', outputs, 1);
    this.cnt1 = new Int32Array(outputs);
    this.cnt2 = new Int32Array(outputs);
  }

  private check(output: number): void {
    if (!(output >= 0 && output < this.outputs && Number.isInteger(output))) {
      throw new InvalidParameterError('output', `an integer in 0..${this.outputs - 1}`, output);
    }
  }

  /** A packet for `output` entered the switch: cnt1 += 1. */
  onEnqueue(output: number): void {
    this.check(output);
    this.cnt1[output]!++;
  }

  /** A buffer just became full and holds a packet for `output`: cnt2 = cnt1 (those packets will be marked). */
  onBufferFull(output: number): void {
    this.check(output);
    this.cnt2[output] = this.cnt1[output]!;
  }

  /**
   * A packet leaves on `output`: cnt1 −= 1; returns true (set ECN) while cnt2 > 0, decrementing cnt2.
   * @throws InvalidParameterError if no packet is waiting for `output` (state unchanged).
   */
  onDequeue(output: number): boolean {
    this.check(output);
    if (this.cnt1[output]! <= 0) throw new InvalidParameterError('output', 'an output link with a waiting packet (cnt1 > 0)', output);
    this.cnt1[output]!--;
    if (this.cnt2[output]! > 0) {
      this.cnt2[output]!--;
      return true;
    }
    return false;
  }

  /** cnt1: packets in the switch waiting for `output`. */
  waiting(output: number): number {
    this.check(output);
    return this.cnt1[output]!;
  }

  /** cnt2: packets still to be marked on `output`. */
  pendingMarks(output: number): number {
    this.check(output);
    return this.cnt2[output]!;
  }
}

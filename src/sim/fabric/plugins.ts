/**
 * The small interfaces through which the fabric's hot path calls the per-port and per-flow control
 * logic: output VL arbitration, injection-rate control and traffic. Each is implemented by an adapter
 * over the module that owns the logic (admission's arbitration tables, congestion's response
 * functions and IB CC state; traffic comes from the core's `ArrivalProcess` and `PacketSizes`), so the fabric itself holds only hardware
 * state in typed arrays. Implementations must not allocate per call.
 */

/** Chooses which virtual lane an output port sends next. */
export interface OutputArbiter {
  /**
   * Picks one VL among those whose bit is set in `readyMask` (bit v = VL v has a packet that may go
   * now); `headBytes[v]` is that packet's size in bytes. The arbiter charges the chosen packet to
   * its own state (weights, LimitOfHighPriority counters). Returns the VL, or −1 if it refuses all.
   */
  pick(readyMask: number, headBytes: Float64Array): number;
}

/** A flow's injection-rate controller, driven by acknowledgements. */
export interface InjectionControl {
  /** Current injection-rate limit in MTU-sized packets per second (Infinity = unlimited). */
  readonly rate: number;
  /** An acknowledgement arrived at time `now` (seconds); `marked` = it echoes an ECN/BECN mark. */
  onAck(marked: boolean, now: number): void;
  /**
   * The next time (seconds) at which the controller wants {@link onTimer} called, or Infinity.
   * (IB CC's CCTI_Timer; the response functions of docs/models.md §10 have none.)
   */
  readonly nextTimer: number;
  /** Called at `nextTimer`. */
  onTimer(now: number): void;
  /**
   * What a rate change does to the gap before the flow's next packet, already set when its last
   * packet went (default 'shorten'): 'shorten' — a faster rate shortens it in proportion, a slower
   * one leaves it; 'fixed' — the gap is fixed when a packet is sent, at the rate of that moment;
   * 'rescale' — any change rescales it in proportion (a slower rate lengthens it); 'restart' — every
   * ACK restarts it: the next packet goes one packet time at the new rate after the ACK (thesis
   * §3.3.2: "After an adjustment to rate r, the next ACK is nominally received in a time interval 1/r").
   */
  readonly gapRule?: GapRule;
}

/** The choices of {@link InjectionControl.gapRule}. */
export const GAP_RULES = ['shorten', 'fixed', 'rescale', 'restart'] as const;
/** One of {@link GAP_RULES}. */
export type GapRule = (typeof GAP_RULES)[number];


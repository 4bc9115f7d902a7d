/**
 * The window limit of rate-controlled flows (thesis ch. 1: PIPD "adopts the rate-based flow control
 * with a window limit"): a flow may have at most `windowPackets` packets sent and not yet
 * acknowledged. The host adapter asks {@link InjectionWindows.open} before it picks a flow, counts
 * each packet sent and each ACK; an ACK that reopens a full window tells it to try the port again.
 */
import type { CompiledFlow } from '../compiled.js';

/** Per flow: packets sent and not yet acknowledged, against its window. */
export class InjectionWindows {
  private readonly window: Float64Array;
  /** Packets of flow f sent and not yet acknowledged (counted only for rate-controlled flows: only they get ACKs). */
  readonly unacked: Int32Array;

  constructor(flows: readonly CompiledFlow[]) {
    this.window = Float64Array.from(flows, (f) => f.windowPackets);
    this.unacked = new Int32Array(flows.length);
  }

  /** Whether flow f may send another packet now. */
  open(f: number): boolean {
    return this.unacked[f]! < this.window[f]!;
  }

  /** Flow f sent a packet that will be acknowledged. */
  sent(f: number): void {
    this.unacked[f]!++;
  }

  /** An ACK of flow f arrived; returns true if it reopened a full window. */
  acked(f: number): boolean {
    return this.unacked[f]-- === this.window[f]!;
  }
}

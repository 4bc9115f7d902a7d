/**
 * The damping of the fabric model's credit waits, adapted as the fixed point goes (docs/models.md
 * §13.7). Near the fixed point the damped step β ← ωg(β) + (1 − ω)β shrinks a mode of the undamped
 * map g (slope g′) by 1 − ω + ωg′, the undamped step by |g′|. When the largest change of β and S
 * shrinks by 1 − ω ± 0.05 twice running (the two ratios within 0.05 of each other) with the rates
 * standing, the leading modes have |g′| ≤ 0.1 and the undamped step (ω = 1) converges five times
 * faster or more; worth it when the change is still over 64 times the tolerance (six damped steps
 * or more to go, against the switch's three or four): the solve goes on undamped while each change is at most that ratio times the last
 * (the first two undamped steps, the jump and its echo in the head times, excepted), and back to ω
 * for the rest of the solve when not, or when the rates move. The two maps have the same fixed
 * points, and the residual is the last step's change of β, S and the rates either way; but after the
 * jump the waits the residual does not measure (head waits, the buffers' and send queues' waits,
 * which follow the streams' SCVs hop by hop) still move for a few steps, so from the switch on the
 * solve also waits for their largest change, relative to the channel's transmission time like β's,
 * to fall below the tolerance.
 */
import type { CompiledModel } from '../spec/compile.js';
import { EPS, type ModelState } from './state.js';

/** The ω of each step of one solve, and whether the solve may stop. */
export class DampingStep {
  /** The ω of the next step. */
  omega: number;
  private last = Infinity;
  private ratio = NaN;
  private undampedSteps = 0;
  private done: boolean;
  /** Steps since the switch to ω = 1 (−1 before it). */
  private sinceSwitch = -1;
  /** The waits at the last step, per turn then per channel (from the switch on). */
  private waits: Float64Array | undefined;
  private waitChange = Infinity;

  /** `adaptive` false: ω throughout (the solve as before the adaptation). */
  constructor(private readonly damping: number, private readonly tolerance: number, adaptive = true) {
    this.omega = damping;
    this.done = damping === 1 || !adaptive;
  }

  /**
   * Whether the solve may stop at this step (its residual permitting): always before the switch; after it,
   * once the waits have settled too. Asked only at a step whose residual (the larger of `next`'s change and
   * rate change) is below the tolerance: at the others the waits' change is not measured.
   */
  get settled(): boolean {
    return this.sinceSwitch < 0 || this.waitChange < this.tolerance;
  }

  /** Takes the step's largest relative change of β or S and of the rates, and the state after it. */
  next(m: CompiledModel, s: ModelState, change: number, rateChange: number): void {
    if (this.sinceSwitch >= 0) {
      this.sinceSwitch++;
      // (Session 18: measured in full only where the step may stop, its residual below the tolerance; elsewhere the waits are kept for the next step.)
      this.waitChange = this.measureWaits(m, s, Math.max(change, rateChange) < this.tolerance ? this.tolerance : 0);
    }
    if (this.done) return;
    if (this.omega === 1) {
      this.undampedSteps++;
      if (rateChange > 0 || (this.undampedSteps > 2 && !(change <= this.ratio * this.last))) ((this.omega = this.damping), (this.done = true));
    } else if (rateChange > 0) this.ratio = NaN;
    else {
      const ratio = change / this.last;
      const steady = Math.abs(ratio - this.ratio) <= 0.05 && Math.abs(ratio - (1 - this.damping)) <= 0.05;
      this.ratio = ratio;
      if (steady && change > 64 * this.tolerance) ((this.omega = 1), (this.sinceSwitch = 0));
    }
    this.last = change;
  }

  /**
   * Largest change of a wait since the last call (Infinity at the first), relative to its channel's
   * transmission time, as far as the stopping test needs it (session 18): once a change of at least
   * `enough` is seen, that change (the rest are only kept for the next call); `enough` 0: Infinity, the
   * waits only kept. Every wait is kept either way.
   */
  private measureWaits(m: CompiledModel, s: ModelState, enough: number): number {
    const T = m.turnOut.length;
    const C = m.C;
    const first = this.waits === undefined;
    // (The compiled model's array, reused by its solves: the first call of a solve writes every element before any is read. Session 18: a solve's garbage.)
    const w = (this.waits ??= waitsOf(m, T + 2 * C));
    // Each loop in a function of its own: in one function the first loop's on-stack compilation reached
    // the second and third without type feedback, and the compiled code was thrown away there (V8's
    // "insufficient type feedback"; session 17).
    let d = settleTurns(w, s.headWait, s.floorExtra, s.splitWait, s.xbar, m.turnOut, enough);
    d = settleChannels(w, T, s.fifoWait, s.xbar, C, d, enough);
    d = settleChannels(w, T + C, s.hostWait, s.xbar, C, d, enough);
    return first || enough === 0 ? Infinity : d;
  }
}

/** Per compiled model: the waits' array of {@link DampingStep} (its solves one at a time, each writing it whole at its first measurement). */
const waitsArrays = new WeakMap<CompiledModel, Float64Array>();

function waitsOf(m: CompiledModel, n: number): Float64Array {
  let w = waitsArrays.get(m);
  if (w === undefined || w.length !== n) waitsArrays.set(m, (w = new Float64Array(n)));
  return w;
}

/**
 * {@link settle} of every turn's wait (head wait, floor's extra and split wait) at w[0 … T), relative to
 * its output's transmission time, until the largest move is `enough` or more; the rest only kept.
 */
function settleTurns(w: Float64Array, headWait: Float64Array, floorExtra: Float64Array, splitWait: Float64Array, xbar: Float64Array, turnOut: Int32Array, enough: number): number {
  const T = turnOut.length;
  let d = 0;
  let t = 0;
  for (; t < T && d < enough; t++) d = settle(w, t, headWait[t]! + floorExtra[t]! + splitWait[t]!, xbar[turnOut[t]!]!, d);
  for (; t < T; t++) w[t] = headWait[t]! + floorExtra[t]! + splitWait[t]!;
  return d;
}

/** {@link settle} of a per-channel wait at w[offset … offset + C) from `d` on, until the largest move is `enough` or more; the rest only kept. */
function settleChannels(w: Float64Array, offset: number, wait: Float64Array, xbar: Float64Array, C: number, d: number, enough: number): number {
  let c = 0;
  for (; c < C && d < enough; c++) d = settle(w, offset + c, wait[c]!, xbar[c]!, d);
  if (c < C) w.set(c === 0 ? wait : wait.subarray(c), offset + c);
  return d;
}

/**
 * Stores wait `x` at w[k] and returns the larger of `d` and its move since the last value, relative to
 * `scale` (its channel's transmission time, s). Equal waits have not moved (two infinite or two NaN
 * included: an unstable queue stays so); a wait that becomes or stops being finite moved by Infinity.
 */
function settle(w: Float64Array, k: number, x: number, scale: number, d: number): number {
  const was = w[k]!;
  w[k] = x;
  if (x === was || (x !== x && was !== was)) return d;
  const moved = Math.abs(x - was) / Math.max(scale, EPS);
  return moved !== moved ? Infinity : moved > d ? moved : d;
}

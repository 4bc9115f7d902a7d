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

  /** Whether the solve may stop at this step (its residual permitting): always before the switch; after it, once the waits have settled too. */
  get settled(): boolean {
    return this.sinceSwitch < 0 || this.waitChange < this.tolerance;
  }

  /** Takes the step's largest relative change of β or S and of the rates, and the state after it. */
  next(m: CompiledModel, s: ModelState, change: number, rateChange: number): void {
    if (this.sinceSwitch >= 0) {
      this.sinceSwitch++;
      this.waitChange = this.measureWaits(m, s);
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

  /** Largest change of a wait since the last call (Infinity at the first), relative to its channel's transmission time. */
  private measureWaits(m: CompiledModel, s: ModelState): number {
    // Every array read up front (the loops are long enough to be compiled while they run, and a property
    // first read after that would send the compiled code back to the interpreter).
    const { turnOut, C } = m;
    const { headWait, floorExtra, splitWait, fifoWait, hostWait, xbar } = s;
    const T = turnOut.length;
    const first = this.waits === undefined;
    const w = (this.waits ??= new Float64Array(T + 2 * C));
    let d = 0;
    for (let t = 0; t < T; t++) d = settle(w, t, headWait[t]! + floorExtra[t]! + splitWait[t]!, xbar[turnOut[t]!]!, d);
    for (let c = 0; c < C; c++) d = settle(w, T + c, fifoWait[c]!, xbar[c]!, d);
    for (let c = 0; c < C; c++) d = settle(w, T + C + c, hostWait[c]!, xbar[c]!, d);
    return first ? Infinity : d;
  }
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

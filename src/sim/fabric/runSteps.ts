/**
 * A fabric run in slices of simulated time, for progress on a long replication. The core Engine
 * runs every event before the bound and then sets its clock to the bound (events at the bound wait
 * for the next call), so slices run the same events in the same order as one call: the results are
 * the same, bit for bit (test/sim/fabric/runSteps.test.ts).
 */

/** What a slice needs of a fabric: {@link Fabric.run} and its clock. */
export interface SteppedRun {
  run(until: number, warmUp?: number): void;
  readonly now: number;
}

/** Slices of a reported run: 200 calls of a fraction of 0.5 % each, cheap against any run long enough to want a bar. */
const SLICES = 200;

/**
 * `fabric.run(until, warmUp)`, in {@link SLICES} equal slices of the time left when `onProgress` is
 * given, calling it after each with the fraction of the run done (simulated time since 0 over
 * `until`, so 1 at the end); one call when it is not.
 *
 * @param until end of the run, seconds of simulated time
 * @param warmUp start of the measurement window, seconds (as {@link Fabric.run})
 * @example runInSteps(fabric, 0.002, 0.0005, (f) => bar.update(f))
 */
export function runInSteps(fabric: SteppedRun, until: number, warmUp: number, onProgress?: (fraction: number) => void): void {
  if (onProgress === undefined || !(until > fabric.now) || !Number.isFinite(until)) {
    fabric.run(until, warmUp);
    return;
  }
  const from = fabric.now;
  for (let i = 1; i < SLICES; i++) {
    const t = from + ((until - from) * i) / SLICES;
    fabric.run(t, warmUp);
    onProgress(t / until);
  }
  fabric.run(until, warmUp);
  onProgress(1);
}

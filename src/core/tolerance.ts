/**
 * The tolerance tiers of the library (STYLE.md habit 11), used by solvers' defaults and by tests.
 *
 * - `closedForm`: closed forms and exact methods against each other, relative: 1e-12.
 * - `iterative(t)`: an iterative solver run to tolerance t is judged at 100·t.
 * - simulation is judged by confidence intervals, not by a fixed number.
 */
export const TOLERANCE = {
  closedForm: 1e-12,
  iterative: (solverTolerance: number): number => 100 * solverTolerance,
} as const;

/**
 * Relative difference |a − b| / max(|a|, |b|, floor): 0 when both are equal (including both
 * infinite with the same sign), Infinity when exactly one is not finite.
 */
export function relativeDifference(a: number, b: number, floor = 1e-300): number {
  if (a === b) return 0;
  if (!Number.isFinite(a) || !Number.isFinite(b)) return Infinity;
  return Math.abs(a - b) / Math.max(Math.abs(a), Math.abs(b), floor);
}

/** True when a and b agree to `rel` relative, or to `abs` absolute (for values near zero). */
export function close(a: number, b: number, rel: number, abs = 0): boolean {
  return relativeDifference(a, b) <= rel || Math.abs(a - b) <= abs;
}

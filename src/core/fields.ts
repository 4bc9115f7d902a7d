/**
 * Initial values for number fields on a simulator's per-event path.
 *
 * V8 tracks each object field's representation. A field that starts as the small integer 0 has the
 * "small integer" one; the first fraction stored into it (a time, a sum passing 2^30) changes the
 * object's hidden class, and V8 throws away every optimised function that read the object. Stored
 * at a run's warm-up end, that made the 648-node fabric's first measured millisecond run at half
 * speed (benchmarks/README.md, gran, session 8). A field that will hold fractions starts at
 * {@link DOUBLE_ZERO} instead: already a double, and it adds and compares as 0.
 */

/** −0: a double that is 0 in every sum and comparison; the start of a time or sum field. */
export const DOUBLE_ZERO = -0;

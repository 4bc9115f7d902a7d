/**
 * θ = 1 − e^(−a) for a ≥ 0: the probability that another head waits (waiting.ts waitingElsewhere, the
 * one-VL VoQ buffer step), taken without a call to `Math.exp`. Session 18 (H35pp): V8 compiles
 * `Math.exp` to a call out of the optimised loop (every live double spilled around it); on the
 * 10,000-pair solve the profile put the buffer step's θ line at a tenth of the solve, and with this kernel
 * the solve is 1.04–1.07 times faster (benchmarks/fabric-model-ab.ts against the same tree with `Math.exp`), so it is written by hand
 * where the measurement put the time (docs/fabric-model.md, Speed, session 18).
 *
 * The method is the textbook one (argument reduction by multiples of ln 2 / 64, a table of 2^(j/64), a
 * short Taylor polynomial): with x = −a, n the integer nearest 64x/ln 2, r = x − n·ln 2/64 (|r| ≤ ln 2/128,
 * the product taken in two parts so that n·hi is exact), e^x = 2^⌊n/64⌋ · 2^((n mod 64)/64) · e^r, and
 * e^r = 1 + q, q = r + r²/2 + r³/6 + r⁴/24 + r⁵/120 (the next term r⁶/720 < 4·10⁻¹⁷). Its error is a few
 * units in the last place of e^(−a), like `Math.exp`'s, but not the same bits: test/model/theta.test.ts
 * holds it to `Math.exp` within 4·10⁻¹⁶ absolute over a ∈ [0, 40]. Where e^(−a) < 2⁻⁵⁴ (a ≥ 38) θ is 1
 * exactly, as 1 − Math.exp(−a) is there. Not a number in, not a number out; a = 0: 0.
 */

/** 64 / ln 2. */
const N_OVER_LN2 = 64 / Math.LN2;
/** ln 2 / 64 in two parts: HI to 2⁻³² (26 significant bits, so n·HI is exact for the |n| < 3,600 used here), LO the rest to double precision. */
const HI = Math.round((Math.LN2 / 64) * 2 ** 32) / 2 ** 32;
/** ln 2 − Math.LN2 (ln 2 = 0.693147180559945309417232121458176568…, Math.LN2 its nearest double). */
const LN2_TAIL = 2.319046813846299558e-17;
const LO = (Math.LN2 / 64 - HI) + LN2_TAIL / 64;
/** 2^(j/64), j = 0 … 63 (Math.pow, within an ulp). */
const TABLE = Float64Array.from({ length: 64 }, (_, j) => Math.pow(2, j / 64));
/** 2^(−k), k = 0 … 63 (exact: halvings). */
const HALVINGS = Float64Array.from({ length: 64 }, (_, k) => 2 ** -k);
/** 1.5·2⁵²: x + ROUNDER − ROUNDER is x rounded to an integer for |x| < 2⁵¹. */
const ROUNDER = 6755399441055744;
/** Above this, e^(−a) < 2⁻⁵⁴ and 1 − e^(−a) rounds to 1. */
const ONE_ABOVE = 38;

/** 1 − e^(−a) (see the module comment): by the kernel for 0 < a < 38, elsewhere by `Math.exp` (its exact 0 and 1 at 0 and from 38 on). */
export function oneLessExpNeg(a: number): number {
  // (0, 38 and above, not a number, below 0: as `Math.exp` gives it — 0, 1, NaN, 1 − e^(−a).)
  if (!(a > 0 && a < ONE_ABOVE)) return 1 - Math.exp(-a);
  // The nearest integer by the addition of 1.5·2⁵² (round to nearest, ties to even).
  const n = -a * N_OVER_LN2 + ROUNDER - ROUNDER;
  const r = -a - n * HI - n * LO;
  // (n ≤ 0, an int32: n >> 6 is ⌊n/64⌋ and n & 63 is n − 64⌊n/64⌋.)
  const ni = n | 0;
  const k = ni >> 6;
  const s = HALVINGS[-k]! * TABLE[ni & 63]!;
  const q = r + r * r * (0.5 + r * (1 / 6 + r * (1 / 24 + r * (1 / 120))));
  return 1 - (s + s * q);
}

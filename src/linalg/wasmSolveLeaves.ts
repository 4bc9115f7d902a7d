/**
 * The leaves of the triangular solves of float64Dense.ts (`solveEliminated`: at most 8 rows,
 * substituted directly) in WebAssembly SIMD, exported by the module of wasmGemmModule.ts:
 *
 * - `leafForward(a, lda, b, ldb, rows, cols, first)`: for i = max(first, 1)..rows−1 and
 *   p = 0..i−1 with f = A[i][p] ≠ 0, row i of B += f · row p of B — the forward substitution with
 *   I − F (first = 1; a larger `first` brings rows first..rows−1 alone up to date, as the
 *   elimination's panels need);
 * - `leafBack(a, lda, b, ldb, rows, cols, piv)`: for i = rows−1 down to 0, for p = i+1..rows−1
 *   with w = A[i][p] ≠ 0, row i of B += w · row p of B; then row i ×= 1/piv[i] — the back
 *   substitution with diag(piv) − W.
 *
 * Pointers are byte addresses in the module's memory, strides in elements. Every entry receives
 * the same multiplies and adds, in the same order, as the JavaScript loops it replaces (f64x2
 * lanes are scalar IEEE arithmetic; no fused multiply-add), so the results are equal bit for bit.
 */
import {
  add, and, bump, F64, f64Add, f64Div, f64Load, f64Mul, f64Ne, f64One, f64Store, f64Zero, geS, geU, get, gtS, I32, i32,
  ifThen, loopUntil, ltS, mul, set, shl, splat, sub, V128, vAdd, vLoad, vMul, vStore, uleb, type Code,
} from './wasmEncoder.js';

/** Parameters of both leaf functions: a lda b ldb rows cols piv (leafBack) / first (leafForward). */
export const LEAF_PARAMS = 7;
const [A, LDA, B, LDB, ROWS, COLS, PIV] = [0, 1, 2, 3, 4, 5, 6];
// locals: i32 i p ri rp j je, f64 f, v128 fv
const [I, P, RI, RP, J, JE, F, FV] = [7, 8, 9, 10, 11, 12, 13, 14];
const LOCALS: Code = [3, ...uleb(6), I32, ...uleb(1), F64, ...uleb(1), V128];

/** Strides to bytes; je = byte length of the column pairs. */
const prologue: Code = [
  ...get(LDA), ...i32(3), ...shl, ...set(LDA),
  ...get(LDB), ...i32(3), ...shl, ...set(LDB),
  ...get(COLS), ...i32(-2), ...and, ...i32(3), ...shl, ...set(JE),
]; // prettier-ignore

/** ri = b + i·ldb */
const rowI: Code = [...get(B), ...get(I), ...get(LDB), ...mul, ...add, ...set(RI)];

/** f = A[i][p]; if f ≠ 0: row i += f · row p (pairs, then the odd last column) */
const updateFromRowP: Code = [
  ...get(A), ...get(I), ...get(LDA), ...mul, ...add, ...get(P), ...i32(3), ...shl, ...add, ...f64Load(), ...set(F),
  ...get(F), ...f64Zero, ...f64Ne,
  ...ifThen([
    ...get(B), ...get(P), ...get(LDB), ...mul, ...add, ...set(RP),
    ...get(F), ...splat, ...set(FV),
    ...i32(0), ...set(J),
    ...loopUntil([...get(J), ...get(JE), ...geU], [
      ...get(RI), ...get(J), ...add,
      ...get(RI), ...get(J), ...add, ...vLoad(),
      ...get(FV), ...get(RP), ...get(J), ...add, ...vLoad(), ...vMul,
      ...vAdd, ...vStore(),
      ...bump(J, 16),
    ]),
    ...get(COLS), ...i32(1), ...and,
    ...ifThen([
      ...get(RI), ...get(JE), ...add,
      ...get(RI), ...get(JE), ...add, ...f64Load(),
      ...get(F), ...get(RP), ...get(JE), ...add, ...f64Load(), ...f64Mul,
      ...f64Add, ...f64Store(),
    ]),
  ]),
]; // prettier-ignore

export function leafForwardBody(): Code {
  return [
    ...LOCALS,
    ...prologue,
    // i = max(first, 1)
    ...i32(1), ...set(I),
    ...get(PIV), ...i32(1), ...gtS,
    ...ifThen([...get(PIV), ...set(I)]),
    ...loopUntil([...get(I), ...get(ROWS), ...geS], [
      ...rowI,
      ...i32(0), ...set(P),
      ...loopUntil([...get(P), ...get(I), ...geS], [...updateFromRowP, ...bump(P, 1)]),
      ...bump(I, 1),
    ]),
  ]; // prettier-ignore
}

export function leafBackBody(): Code {
  return [
    ...LOCALS,
    ...prologue,
    ...get(ROWS), ...i32(1), ...sub, ...set(I),
    ...loopUntil([...get(I), ...i32(0), ...ltS], [
      ...rowI,
      ...get(I), ...i32(1), ...add, ...set(P),
      ...loopUntil([...get(P), ...get(ROWS), ...geS], [...updateFromRowP, ...bump(P, 1)]),
      // row i ×= 1/piv[i]
      ...f64One, ...get(PIV), ...get(I), ...i32(3), ...shl, ...add, ...f64Load(), ...f64Div, ...set(F),
      ...get(F), ...splat, ...set(FV),
      ...i32(0), ...set(J),
      ...loopUntil([...get(J), ...get(JE), ...geU], [
        ...get(RI), ...get(J), ...add,
        ...get(RI), ...get(J), ...add, ...vLoad(), ...get(FV), ...vMul,
        ...vStore(),
        ...bump(J, 16),
      ]),
      ...get(COLS), ...i32(1), ...and,
      ...ifThen([
        ...get(RI), ...get(JE), ...add,
        ...get(RI), ...get(JE), ...add, ...f64Load(), ...get(F), ...f64Mul,
        ...f64Store(),
      ]),
      ...bump(I, -1),
    ]),
  ]; // prettier-ignore
}

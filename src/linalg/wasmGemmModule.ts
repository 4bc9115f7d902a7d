/**
 * The WebAssembly module of the dense product C += A·B (wasmGemm.ts runs it), assembled from the
 * instruction list below at first use: no binary is shipped or downloaded.
 *
 * The kernel does exactly what the JavaScript `gemmAdd` (float64Dense.ts) does, in the same order:
 * 2 × 8 blocks of C over a packed 8-column panel of B (4 × 4 blocks over a 4-column panel for the
 * next columns, single columns last), each entry's k-sum accumulated in increasing k from 0 and
 * then added to C, with separate multiplies and adds (no fused multiply-add). IEEE arithmetic on
 * f64x2 lanes is the scalar arithmetic lane by lane, so every entry of C comes out bit for bit as
 * the JavaScript kernel's, whichever block shape or column range computed it: a product split by
 * columns over several threads gives the one-thread result exactly.
 */

import {
  add, and, bump, F64, f64Add, f64Load, f64Mul, f64Store, f64Zero, geS, geU, get, gtS, I32, i32, loadSplat, loopUntil,
  mul, name, section, set, shl, sub, uleb, V128, vAdd, vLoad, vMul, vStore, vZero, type Code,
} from './wasmEncoder.js';
import { leafBackBody, leafForwardBody, LEAF_PARAMS } from './wasmSolveLeaves.js';
import { reflectBody, REFLECT_PARAMS } from './wasmReflect.js';

// Parameters: m n k a lda b ldb c ldc panel (pointers are byte addresses, strides in elements).
const [M, N, K, A, LDA, B, LDB, C, LDC, PANEL] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
// i32 locals
const [J, I, P, N4, BP, Q, QE, R0, R1, R2, R3, O, N8] = [10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22];
// v128 locals: accumulators (for 4 × 4 blocks c{row}{columns 0–1, 2–3}; for 2 × 8 blocks
// c{row}{columns 0–1, 2–3, 4–5, 6–7}), the panel's pairs, the splat
const ACC = [23, 24, 25, 26, 27, 28, 29, 30];
const [BA, BB, BC, BD, X] = [31, 32, 33, 34, 35];
const T = 36; // f64

/** C[o + row·ldc .. +3] += accumulators of that row */
function storeRow(row: number): Code {
  return [
    ...get(O), ...get(O), ...vLoad(), ...get(ACC[2 * row]!), ...vAdd, ...vStore(),
    ...get(O), ...get(O), ...vLoad(16), ...get(ACC[2 * row + 1]!), ...vAdd, ...vStore(16),
  ]; // prettier-ignore
}

/** o = c + i·ldc + j·8 */
const rowStart: Code = [...get(C), ...get(I), ...get(LDC), ...mul, ...get(J), ...i32(3), ...shl, ...add, ...add, ...set(O)];

/** C[o .. o+7] += accumulators acc[0..3] (one row of a 2 × 8 block) */
function storeRow8(acc: number[]): Code {
  return acc.flatMap((l, c) => [...get(O), ...get(O), ...vLoad(16 * c), ...get(l), ...vAdd, ...vStore(16 * c)]);
}

/** Rows i, i+1 (or row i alone) × columns j..j+7 from the 8-column panel. */
function block8(twoRows: boolean): Code {
  const pairs = [BA, BB, BC, BD];
  const accRows = twoRows ? [ACC.slice(0, 4), ACC.slice(4, 8)] : [ACC.slice(0, 4)];
  const rowPtr = [R0, R1];
  return [
    ...get(A), ...get(I), ...get(LDA), ...mul, ...add, ...set(R0),
    ...(twoRows ? [...get(R0), ...get(LDA), ...add, ...set(R1)] : []),
    ...accRows.flat().flatMap((l) => [...vZero, ...set(l)]),
    ...get(PANEL), ...set(Q),
    ...loopUntil([...get(Q), ...get(QE), ...geU], [
      ...pairs.flatMap((l, c) => [...get(Q), ...vLoad(16 * c), ...set(l)]),
      ...accRows.flatMap((acc, row) => [
        ...get(rowPtr[row]!), ...loadSplat(), ...set(X),
        ...acc.flatMap((l, c) => [...get(l), ...get(X), ...get(pairs[c]!), ...vMul, ...vAdd, ...set(l)]),
      ]),
      ...accRows.flatMap((_, row) => bump(rowPtr[row]!, 8)),
      ...bump(Q, 64),
    ]),
    ...rowStart,
    ...storeRow8(accRows[0]!),
    ...(twoRows ? [...bump(O, get(LDC)), ...storeRow8(accRows[1]!)] : []),
    ...bump(I, twoRows ? 2 : 1),
  ]; // prettier-ignore
}

function gemmBody(): Code {
  const rows = [R0, R1, R2, R3];
  const block4: Code = [
    ...get(A), ...get(I), ...get(LDA), ...mul, ...add, ...set(R0),
    ...get(R0), ...get(LDA), ...add, ...set(R1),
    ...get(R1), ...get(LDA), ...add, ...set(R2),
    ...get(R2), ...get(LDA), ...add, ...set(R3),
    ...ACC.flatMap((l) => [...vZero, ...set(l)]),
    ...get(PANEL), ...set(Q),
    ...loopUntil([...get(Q), ...get(QE), ...geU], [
      ...get(Q), ...vLoad(), ...set(BA),
      ...get(Q), ...vLoad(16), ...set(BB),
      ...rows.flatMap((r, row) => [
        ...get(r), ...loadSplat(), ...set(X),
        ...get(ACC[2 * row]!), ...get(X), ...get(BA), ...vMul, ...vAdd, ...set(ACC[2 * row]!),
        ...get(ACC[2 * row + 1]!), ...get(X), ...get(BB), ...vMul, ...vAdd, ...set(ACC[2 * row + 1]!),
      ]),
      ...rows.flatMap((r) => bump(r, 8)),
      ...bump(Q, 32),
    ]),
    ...rowStart,
    ...storeRow(0),
    ...[1, 2, 3].flatMap((row) => [...bump(O, get(LDC)), ...storeRow(row)]),
    ...bump(I, 4),
  ]; // prettier-ignore
  const block1: Code = [
    ...get(A), ...get(I), ...get(LDA), ...mul, ...add, ...set(R0),
    ...vZero, ...set(ACC[0]!), ...vZero, ...set(ACC[1]!),
    ...get(PANEL), ...set(Q),
    ...loopUntil([...get(Q), ...get(QE), ...geU], [
      ...get(R0), ...loadSplat(), ...set(X),
      ...get(ACC[0]!), ...get(X), ...get(Q), ...vLoad(), ...vMul, ...vAdd, ...set(ACC[0]!),
      ...get(ACC[1]!), ...get(X), ...get(Q), ...vLoad(16), ...vMul, ...vAdd, ...set(ACC[1]!),
      ...bump(R0, 8),
      ...bump(Q, 32),
    ]),
    ...rowStart,
    ...storeRow(0),
    ...bump(I, 1),
  ]; // prettier-ignore
  const scalarColumn: Code = [
    ...i32(0), ...set(I),
    ...loopUntil([...get(I), ...get(M), ...geS], [
      ...get(A), ...get(I), ...get(LDA), ...mul, ...add, ...set(R0),
      ...get(B), ...get(J), ...i32(3), ...shl, ...add, ...set(BP),
      ...f64Zero, ...[0x21, ...uleb(T)],
      ...i32(0), ...set(P),
      ...loopUntil([...get(P), ...get(K), ...geS], [
        ...get(T), ...get(R0), ...f64Load(), ...get(BP), ...f64Load(), ...f64Mul, ...f64Add, ...set(T),
        ...bump(R0, 8),
        ...bump(BP, get(LDB)),
        ...bump(P, 1),
      ]),
      ...rowStart,
      ...get(O), ...get(O), ...f64Load(), ...get(T), ...f64Add, ...f64Store(),
      ...bump(I, 1),
    ]),
    ...bump(J, 1),
  ]; // prettier-ignore
  return [
    ...get(LDA), ...i32(3), ...shl, ...set(LDA),
    ...get(LDB), ...i32(3), ...shl, ...set(LDB),
    ...get(LDC), ...i32(3), ...shl, ...set(LDC),
    ...get(N), ...i32(-4), ...and, ...set(N4),
    ...get(N), ...i32(-8), ...and, ...set(N8),
    ...i32(0), ...set(J),
    // columns in panels of 8: blocks of 2 rows × 8 columns, then a last single row
    ...loopUntil([...get(J), ...get(N8), ...geS], [
      ...get(B), ...get(J), ...i32(3), ...shl, ...add, ...set(BP),
      ...get(PANEL), ...set(Q),
      ...get(PANEL), ...get(K), ...i32(6), ...shl, ...add, ...set(QE),
      ...loopUntil([...get(Q), ...get(QE), ...geU], [
        ...[0, 16, 32, 48].flatMap((off) => [...get(Q), ...get(BP), ...vLoad(off), ...vStore(off)]),
        ...bump(BP, get(LDB)),
        ...bump(Q, 64),
      ]),
      ...i32(0), ...set(I),
      ...loopUntil([...get(I), ...i32(1), ...add, ...get(M), ...geS], block8(true)),
      ...loopUntil([...get(I), ...get(M), ...geS], block8(false)),
      ...bump(J, 8),
    ]),
    // at most one panel of 4 columns: blocks of 4 × 4, then single rows
    ...loopUntil([...get(J), ...get(N4), ...geS], [
      // pack B[0..k, j..j+4) into the panel
      ...get(B), ...get(J), ...i32(3), ...shl, ...add, ...set(BP),
      ...get(PANEL), ...set(Q),
      ...get(PANEL), ...get(K), ...i32(5), ...shl, ...add, ...set(QE),
      ...loopUntil([...get(Q), ...get(QE), ...geU], [
        ...get(Q), ...get(BP), ...vLoad(), ...vStore(),
        ...get(Q), ...get(BP), ...vLoad(16), ...vStore(16),
        ...bump(BP, get(LDB)),
        ...bump(Q, 32),
      ]),
      ...i32(0), ...set(I),
      ...loopUntil([...get(I), ...i32(3), ...add, ...get(M), ...i32(1), ...sub, ...gtS], block4),
      ...loopUntil([...get(I), ...get(M), ...geS], block1),
      ...bump(J, 4),
    ]),
    ...loopUntil([...get(J), ...get(N), ...geS], scalarColumn),
  ]; // prettier-ignore
}

/** Largest memory of the module, in 64 KiB pages: 4 GiB, all a 32-bit WebAssembly memory can address. */
export const MAX_MEMORY_PAGES = 65536;

/**
 * The module's bytes: the exported functions `gemm`, `leafForward` and `leafBack`
 * (wasmSolveLeaves.ts) and `reflect` (wasmReflect.ts) working in an imported memory `env.memory` — shared (`shared` true:
 * declared with a maximum of {@link MAX_MEMORY_PAGES} pages, so that worker threads can run the
 * same functions on the same memory, gemmThreads.ts) or not.
 */
export function gemmModuleBytes(shared = true): Uint8Array {
  const bodies = [
    [...[3, ...uleb(13), I32, ...uleb(13), V128, ...uleb(1), F64], ...gemmBody(), 0x0b],
    [...leafForwardBody(), 0x0b],
    [...leafBackBody(), 0x0b],
    [...reflectBody(), 0x0b],
  ];
  const limits = shared ? [0x03, ...uleb(1), ...uleb(MAX_MEMORY_PAGES)] : [0x00, ...uleb(1)];
  const bytes = [
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(1, [
      3,
      0x60, 10, ...new Array<number>(10).fill(I32), 0,
      0x60, LEAF_PARAMS, ...new Array<number>(LEAF_PARAMS).fill(I32), 0,
      0x60, REFLECT_PARAMS.length, ...REFLECT_PARAMS, 0,
    ]),
    ...section(2, [1, ...name('env'), ...name('memory'), 0x02, ...limits]),
    ...section(3, [4, 0, 1, 1, 2]),
    ...section(7, [4, ...name('gemm'), 0x00, 0, ...name('leafForward'), 0x00, 1, ...name('leafBack'), 0x00, 2, ...name('reflect'), 0x00, 3]),
    ...section(10, [4, ...bodies.flatMap((body) => [...uleb(body.length), ...body])]),
  ]; // prettier-ignore
  return Uint8Array.from(bytes);
}

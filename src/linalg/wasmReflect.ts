/**
 * Householder reflections in WebAssembly SIMD, exported by the module of wasmGemmModule.ts as
 * `reflect(v, y, ldy, count, len, tau)`: for each of `count` columns y_c (byte address y + c·ldy·8,
 * its first entry y_c[0] the reflector's pivot row), w = τ·(y_c[0] + Σ_{i<len} v[i]·y_c[1 + i]),
 * then y_c[0] −= w and y_c[1 + i] −= w·v[i] — H = I − τ·[1; v]·[1; v]ᵀ applied to the column (the
 * recompressions of src/credit/split/householder.ts, issue 35). The sum runs in four partial sums
 * (i mod 4; lanes of two f64x2 accumulators), combined as ((s0 + s2) + (s1 + s3)), then the last
 * len mod 4 terms in order: the JavaScript `dot` of householder.ts does the same, so both give
 * the same bits. Pointers are byte addresses in the module's memory, strides in elements.
 */
import {
  add, and, bump, F64, f64Add, f64Load, f64Mul, f64Store, f64Sub, geU, get, I32, i32, ifThen, lane, loopUntil, ltU, mul,
  set, shl, splat, uleb, V128, vAdd, vLoad, vMul, vStore, vSub, vZero, type Code,
} from './wasmEncoder.js';

/** Parameter types of `reflect`: v y ldy count len (i32), tau (f64). */
export const REFLECT_PARAMS = [I32, I32, I32, I32, I32, F64];
const [V, Y, LDY, CNT, LEN, TAU] = [0, 1, 2, 3, 4, 5];
// locals: i32 c yp ie4 ie2 ie ii, f64 w, v128 a0 a1 wv
const [C, YP, IE4, IE2, IE, II, W, A0, A1, WV] = [6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
const LOCALS: Code = [3, ...uleb(6), I32, ...uleb(1), F64, ...uleb(3), V128];

export function reflectBody(): Code {
  return [
    ...LOCALS,
    ...get(LDY), ...i32(3), ...shl, ...set(LDY),
    ...get(LEN), ...i32(3), ...shl, ...set(IE),
    ...get(LEN), ...i32(-4), ...and, ...i32(3), ...shl, ...set(IE4),
    ...get(LEN), ...i32(-2), ...and, ...i32(3), ...shl, ...set(IE2),
    ...i32(0), ...set(C),
    ...loopUntil([...get(C), ...get(CNT), ...geU], [
      ...get(Y), ...get(C), ...get(LDY), ...mul, ...add, ...set(YP),
      // the dot product v · y_c[1..]
      ...vZero, ...set(A0), ...vZero, ...set(A1),
      ...i32(0), ...set(II),
      ...loopUntil([...get(II), ...get(IE4), ...geU], [
        ...get(A0), ...get(V), ...get(II), ...add, ...vLoad(), ...get(YP), ...get(II), ...add, ...vLoad(8), ...vMul, ...vAdd, ...set(A0),
        ...get(A1), ...get(V), ...get(II), ...add, ...vLoad(16), ...get(YP), ...get(II), ...add, ...vLoad(24), ...vMul, ...vAdd, ...set(A1),
        ...bump(II, 32),
      ]),
      ...get(A0), ...get(A1), ...vAdd, ...set(A0),
      ...get(A0), ...lane(0), ...get(A0), ...lane(1), ...f64Add, ...set(W),
      ...loopUntil([...get(II), ...get(IE), ...geU], [
        ...get(W), ...get(V), ...get(II), ...add, ...f64Load(), ...get(YP), ...get(II), ...add, ...f64Load(8), ...f64Mul, ...f64Add, ...set(W),
        ...bump(II, 8),
      ]),
      // w = τ·(y_c[0] + dot); y_c[0] −= w; y_c[1 + i] −= w·v[i]
      ...get(YP), ...f64Load(), ...get(W), ...f64Add, ...get(TAU), ...f64Mul, ...set(W),
      ...get(YP), ...get(YP), ...f64Load(), ...get(W), ...f64Sub, ...f64Store(),
      ...get(W), ...splat, ...set(WV),
      ...i32(0), ...set(II),
      ...loopUntil([...get(II), ...get(IE2), ...geU], [
        ...get(YP), ...get(II), ...add,
        ...get(YP), ...get(II), ...add, ...vLoad(8), ...get(WV), ...get(V), ...get(II), ...add, ...vLoad(), ...vMul, ...vSub,
        ...vStore(8),
        ...bump(II, 16),
      ]),
      ...get(IE2), ...get(IE), ...ltU, // an odd last entry
      ...ifThen([
        ...get(YP), ...get(II), ...add,
        ...get(YP), ...get(II), ...add, ...f64Load(8), ...get(W), ...get(V), ...get(II), ...add, ...f64Load(), ...f64Mul, ...f64Sub,
        ...f64Store(8),
      ]),
      ...bump(C, 1),
    ]),
  ]; // prettier-ignore
}

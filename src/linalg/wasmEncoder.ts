/**
 * A minimal encoder for the WebAssembly binary format (core spec 1.0 + fixed-width SIMD), as far as
 * the kernels of wasmGemmModule.ts and wasmSolveLeaves.ts need it: LEB128 numbers, the opcodes
 * they use, a loop and a counter idiom, sections and names.
 */

export function uleb(v: number): number[] {
  const out: number[] = [];
  do {
    let byte = v & 0x7f;
    v >>>= 7;
    if (v !== 0) byte |= 0x80;
    out.push(byte);
  } while (v !== 0);
  return out;
}

export function sleb(v: number): number[] {
  const out: number[] = [];
  for (;;) {
    const byte = v & 0x7f;
    v >>= 7;
    const done = (v === 0 && (byte & 0x40) === 0) || (v === -1 && (byte & 0x40) !== 0);
    out.push(done ? byte : byte | 0x80);
    if (done) return out;
  }
}

export type Code = number[];
export const I32 = 0x7f;
export const F64 = 0x7c;
export const V128 = 0x7b;
export const get = (l: number): Code => [0x20, ...uleb(l)];
export const set = (l: number): Code => [0x21, ...uleb(l)];
export const i32 = (v: number): Code => [0x41, ...sleb(v)];
export const add = [0x6a];
export const sub = [0x6b];
export const mul = [0x6c];
export const and = [0x71];
export const shl = [0x74];
export const geS = [0x4e];
export const geU = [0x4f];
export const gtS = [0x4a];
export const ltS = [0x48];
export const ltU = [0x49];
export const eqz = [0x45];
export const f64Load = (offset = 0): Code => [0x2b, 3, ...uleb(offset)];
export const f64Store = (offset = 0): Code => [0x39, 3, ...uleb(offset)];
export const f64Add = [0xa0];
export const f64Sub = [0xa1];
export const f64Mul = [0xa2];
export const f64Div = [0xa3];
export const f64Ne = [0x62];
export const f64One = [0x44, 0, 0, 0, 0, 0, 0, 0xf0, 0x3f];
/** f64x2.splat of the f64 on the stack */
export const splat = [0xfd, 0x14];
/** `if (cond) { body }`: the condition is already on the stack */
export const ifThen = (body: Code): Code => [0x04, 0x40, ...body, 0x0b];
export const f64Zero = [0x44, 0, 0, 0, 0, 0, 0, 0, 0];
export const vLoad = (offset = 0): Code => [0xfd, 0x00, 4, ...uleb(offset)];
export const vStore = (offset = 0): Code => [0xfd, 0x0b, 4, ...uleb(offset)];
export const vZero = [0xfd, 0x0c, ...new Array<number>(16).fill(0)];
/** v128.load64_splat: one load that fills both lanes (no shuffle, unlike f64x2.splat of a load) */
export const loadSplat = (offset = 0): Code => [0xfd, 0x0a, 3, ...uleb(offset)];
export const vAdd = [0xfd, 0xf0, 0x01];
export const vSub = [0xfd, 0xf1, 0x01];
export const vMul = [0xfd, 0xf2, 0x01];
/** f64x2.extract_lane */
export const lane = (l: number): Code => [0xfd, 0x21, l];
/** `while (!cond) { body }` as block { loop { br_if exit (cond); body; br loop } } */
export const loopUntil = (cond: Code, body: Code): Code => [0x02, 0x40, 0x03, 0x40, ...cond, 0x0d, 1, ...body, 0x0c, 0, 0x0b, 0x0b];
/** local += constant */
export const bump = (l: number, by: number | Code): Code => [...get(l), ...(typeof by === 'number' ? i32(by) : by), ...add, ...set(l)];

export function section(id: number, content: Code): Code {
  return [id, ...uleb(content.length), ...content];
}

export function name(s: string): Code {
  return [...uleb(s.length), ...Array.from(s, (ch) => ch.charCodeAt(0))];
}

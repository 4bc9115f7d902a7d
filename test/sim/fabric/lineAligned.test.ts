/**
 * lineAligned.ts: large record buffers come from a WebAssembly memory (page-aligned, so that a
 * 64-byte record is one cache line), small ones are plain ArrayBuffers; either is zeroed and at
 * least as long as asked. (Where a buffer starts cannot be read from JavaScript; the page-sized
 * length is the sign of the WebAssembly path.)
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lineAlignedBuffer } from '../../../src/sim/fabric/lineAligned.js';

describe('lineAlignedBuffer', () => {
  for (const bytes of [64, 4096, (1 << 20) - 8, 1 << 20, 3 * (1 << 20) + 8]) {
    it(`${bytes} bytes: long enough, zeroed, writable through typed views${bytes >= 1 << 20 ? ', whole 64 KiB pages' : ', exactly as long'}`, () => {
      const buffer = lineAlignedBuffer(bytes);
      expect(buffer.byteLength).toBeGreaterThanOrEqual(bytes);
      if (bytes >= 1 << 20) expect(buffer.byteLength % 65536).toBe(0);
      else expect(buffer.byteLength).toBe(bytes);
      const f64 = new Float64Array(buffer, 0, bytes >> 3);
      const i32 = new Int32Array(buffer, 0, bytes >> 2);
      expect(f64.every((x) => x === 0)).toBe(true);
      f64[f64.length - 1] = 1.5;
      expect(i32[i32.length - 1]).toBe(new Int32Array(Float64Array.of(1.5).buffer)[1]);
    });
  }

  it('from `alignFrom` bytes on when asked (the per-flow and packet records: 256 KiB), exactly as long below it', () => {
    expect(lineAlignedBuffer((1 << 18) - 64, 1 << 18).byteLength).toBe((1 << 18) - 64);
    expect(lineAlignedBuffer((1 << 18) + 64, 1 << 18).byteLength).toBe(5 * 65536);
  });

  describe('where no WebAssembly memory can be had (address space used up, ulimit -v)', () => {
    afterEach(() => vi.unstubAllGlobals());

    it('a RangeError of the reservation gives a plain buffer as long as asked; any other error is passed on', () => {
      const refuse = (error: Error) => ({
        Memory: class {
          constructor() {
            throw error;
          }
        },
      });
      vi.stubGlobal('WebAssembly', refuse(new RangeError('WebAssembly.Memory(): could not allocate memory')));
      const buffer = lineAlignedBuffer(3 * (1 << 20) + 8);
      expect(buffer.byteLength).toBe(3 * (1 << 20) + 8);
      expect(new Float64Array(buffer).every((x) => x === 0)).toBe(true);
      vi.stubGlobal('WebAssembly', refuse(new TypeError('other')));
      expect(() => lineAlignedBuffer(1 << 20)).toThrow(TypeError);
    });
  });
});

/**
 * lineAligned.ts: large record buffers come from a WebAssembly memory (page-aligned, so that a
 * 64-byte record is one cache line), small ones are plain ArrayBuffers; either is zeroed and at
 * least as long as asked. (Where a buffer starts cannot be read from JavaScript; the page-sized
 * length is the sign of the WebAssembly path.)
 */
import { describe, expect, it } from 'vitest';
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
});

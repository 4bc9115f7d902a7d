/** core/arrays.ts: the grown copies of typed arrays the engine's slots and the fabric's packet pool double with. */
import { describe, expect, it } from 'vitest';
import { grownFloat64, grownInt32 } from '../../src/core/arrays.js';

describe('grownInt32 and grownFloat64', () => {
  it('copy the values into a new, longer array and fill the rest with zeros', () => {
    const a = Int32Array.from([3, -1, 7]);
    const b = grownInt32(a, 6);
    expect(b).not.toBe(a);
    expect([...b]).toEqual([3, -1, 7, 0, 0, 0]);
    const x = Float64Array.from([0.5, NaN, -2]);
    const y = grownFloat64(x, 4);
    expect(y).not.toBe(x);
    expect([...y]).toEqual([0.5, NaN, -2, 0]);
  });

  it('leave the original untouched', () => {
    const a = Int32Array.from([1, 2]);
    grownInt32(a, 8)[0] = 99;
    expect([...a]).toEqual([1, 2]);
  });
});

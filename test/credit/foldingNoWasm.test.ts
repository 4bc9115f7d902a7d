/**
 * The folding kernel without WebAssembly (a runtime without SIMD): every work array is then a plain
 * Float64Array and the products run in JavaScript. Same answers, to rounding, as with it.
 */
import { describe, expect, it, vi } from 'vitest';

const noScratch = vi.hoisted(() => vi.fn(() => null));
vi.mock('../../src/linalg/wasmGemm.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/linalg/wasmGemm.js')>();
  return { ...actual, wasmScratch: noScratch, wasmGemmAdd: () => false };
});

const { foldingKernel } = await import('../../src/credit/folding.js');
const { structuredKernel } = await import('../../src/credit/structured.js');

describe('foldingKernel without WebAssembly', () => {
  it.each([
    [5, 6, 8, 40, 13],
    [6, 6, 6, 9, 70], // levels by downstream count, odd last levels
    [9, 2, 7, 3000, 3], // folded from the top
  ])('λ=%d μ1=%d μ2=%d n=%d m=%d → the level-by-level kernel to 1e-11 relative, entrywise', (l, a, b, n, m) => {
    const f = foldingKernel(l, a, b, n, m)!.p;
    const s = structuredKernel(l, a, b, n, m, 1e-12).p;
    let worst = 0;
    for (let k = 0; k < s.length; k++) if (s[k]! > 1e-280) worst = Math.max(worst, Math.abs(f[k]! - s[k]!) / s[k]!);
    expect(worst).toBeLessThan(1e-11);
    expect(noScratch).toHaveBeenCalled();
  });
});

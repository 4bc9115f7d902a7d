/** fitText: texts wrapped at spaces and shrunk until they fit a width by the character-count estimate. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimateTextWidth, fitText } from '../../src/index.js';

describe('fitText', () => {
  it('a text that fits is left alone, one line at its size', () => {
    expect(fitText('L against m', { fontSize: 15, maxWidth: 600, maxLines: 2, bold: true })).toEqual({ lines: ['L against m'], fontSize: 15 });
  });

  it('estimateTextWidth: characters × size × 0.6, bold × 1.1 (hand values)', () => {
    expect(estimateTextWidth('abcde', 12)).toBeCloseTo(36, 12);
    expect(estimateTextWidth('abcde', 10, true)).toBeCloseTo(33, 12);
    expect(estimateTextWidth('λ²', 10)).toBeCloseTo(12, 12); // characters, not UTF-16 units
  });

  it('wraps at spaces: 14 characters per line at 12 px in 100.8 px', () => {
    // 100.8 / (12 × 0.6) = 14 characters.
    expect(fitText('alpha beta gamma delta', { fontSize: 12, maxWidth: 100.8, maxLines: 3 })).toEqual({ lines: ['alpha beta', 'gamma delta'], fontSize: 12 });
  });

  it('the last line allowed takes the rest, and the size shrinks until it fits: 6 characters a line at 10 px, 9 on the last → 10 × 6/9 → 6.6 px', () => {
    // 36 / (10 × 0.6) = 6 characters per line; 'bbbb cccc' has 9, so 10 × 36 / (9 × 6) = 6.67, rounded down to 6.6.
    expect(fitText('aaaa bbbb cccc', { fontSize: 10, maxWidth: 36, maxLines: 2 })).toEqual({ lines: ['aaaa', 'bbbb cccc'], fontSize: 6.6 });
  });

  it('for any text, width and line budget: at most maxLines lines, every line fits, the words kept in order, never larger than asked', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ minLength: 1, maxLength: 12 }).map((w) => w.replace(/\s/g, 'x')), { minLength: 1, maxLength: 30 }),
        fc.double({ min: 30, max: 1000, noNaN: true }),
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom(11, 12, 15),
        (words, maxWidth, maxLines, fontSize) => {
          const text = words.join(' ');
          const r = fitText(text, { fontSize, maxWidth, maxLines });
          expect(r.lines.length).toBeLessThanOrEqual(maxLines);
          expect(r.fontSize).toBeLessThanOrEqual(fontSize);
          expect(r.lines.join(' ')).toBe(text);
          for (const l of r.lines) if (r.fontSize > 1) expect(estimateTextWidth(l, r.fontSize)).toBeLessThanOrEqual(maxWidth + 1e-9);
        },
      ),
    );
  });

  it('a width too small for any text gives 1 px, never 0 or a negative size', () => {
    expect(fitText('abc', { fontSize: 12, maxWidth: -5 }).fontSize).toBe(1);
  });
});

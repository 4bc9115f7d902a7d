/**
 * Fitting SVG text into a width without a font engine: a text's width is estimated from its
 * character count, and a text too wide is wrapped at spaces onto a few lines, then shrunk until
 * its longest line fits. The estimate is deliberately generous (see {@link CHAR_WIDTH_EM}), so a
 * text that fits by estimate fits when a browser draws it in Helvetica or Arial.
 */
import { checkKind, recordParameter } from '../core/shapes.js';

/**
 * Estimated advance width of one character, in ems (times the font size). Helvetica's and Arial's
 * widths average about 0.5 em over English text (lower case 0.22–0.83, digits 0.556, capitals
 * 0.61–0.94; Adobe's Helvetica AFM metrics); 0.6 leaves room for capitals, digits and symbols
 * such as 'GE/GE/1/N/ET'. Bold text is counted 10 % wider (Helvetica-Bold averages about 0.55 em).
 */
export const CHAR_WIDTH_EM = 0.6;

/** The estimated width of a text in pixels: characters × font size × {@link CHAR_WIDTH_EM} (× 1.1 when bold). */
export function estimateTextWidth(text: string, fontSize: number, bold = false): number {
  checkKind('text', text, 'string');
  checkKind('fontSize', fontSize, 'number');
  return [...text].length * fontSize * CHAR_WIDTH_EM * (bold ? 1.1 : 1);
}

/** Options of {@link fitText}. */
export interface FitTextOptions {
  /** The font size wanted, px. */
  readonly fontSize: number;
  /** The width the text must fit, px. */
  readonly maxWidth: number;
  /** Lines the text may be wrapped onto (default 1: shrink only). */
  readonly maxLines?: number;
  /** Bold text (estimated wider). */
  readonly bold?: boolean;
}

/** A text laid out to fit: its lines and the font size (≤ the one asked for) at which the longest fits. */
export interface FittedText {
  readonly lines: readonly string[];
  readonly fontSize: number;
}

/**
 * Lays a text out to fit `maxWidth`: unchanged when it fits; else wrapped greedily at spaces onto
 * at most `maxLines` lines (a word longer than a line stays whole); then, if a line is still too
 * wide, the font size is scaled down until the longest line fits by estimate.
 *
 * @example fitText('a long subtitle', { fontSize: 12, maxWidth: 60, maxLines: 2 }) // { lines: ['a long', 'subtitle'], fontSize: 12 }
 */
export function fitText(text: string, options: FitTextOptions): FittedText {
  checkKind('text', text, 'string');
  recordParameter('options', options, { fontSize: 'number', maxWidth: 'number' });
  const { fontSize, maxWidth, bold = false } = options;
  const maxLines = Math.max(1, Math.floor(options.maxLines ?? 1));
  const fits = (line: string, size: number) => estimateTextWidth(line, size, bold) <= maxWidth;
  if (fits(text, fontSize) || maxLines === 1) return shrink([text], fontSize, maxWidth, bold);
  const words = text.split(' ').filter((w) => w !== '');
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (line === '' || fits(candidate, fontSize) || lines.length === maxLines - 1) {
      // The last line allowed takes every remaining word; shrinking makes it fit.
      line = candidate;
    } else {
      lines.push(line);
      line = word;
    }
  }
  if (line !== '') lines.push(line);
  return shrink(lines, fontSize, maxWidth, bold);
}

/** The lines at the largest font size ≤ fontSize at which the longest fits (by estimate). */
function shrink(lines: string[], fontSize: number, maxWidth: number, bold: boolean): FittedText {
  let widest = 0;
  for (const l of lines) widest = Math.max(widest, estimateTextWidth(l, fontSize, bold));
  if (widest <= maxWidth || widest === 0) return { lines, fontSize };
  // Rounded down to a tenth of a pixel so the rounded size still fits; never below 1 px (a width
  // too small for any text leaves it overflowing rather than drawn at a size of 0 or less).
  return { lines, fontSize: Math.max(1, Math.floor((10 * fontSize * maxWidth) / widest) / 10) };
}

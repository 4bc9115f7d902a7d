/**
 * docs/gran.md is executable: its ```ts block is run and each `expression; // → value` checked to the
 * digits shown; its ```console block is run through the CLI and compared character for character.
 */
import { describe, expect, it } from 'vitest';
import { readDoc, runConsoleExamples, runTsExamples } from '../../helpers/docExamples.js';

const doc = readDoc('docs/gran.md');

describe('docs/gran.md', () => {
  it('sets the paper beside ours: set-up, readings, Table II, what still differs', () => {
    for (const h of ['Running it', 'The set-up, the paper\'s beside ours', 'Readings of the traffic (Frame I)', 'Table II, side by side', 'Figs. 5, 8 and 9']) {
      expect(doc).toMatch(new RegExp(`^##+ ${h.replace(/[.()]/g, '\\$&')}$`, 'm'));
    }
    expect(doc).toContain('What still differs');
  });

  it('every ts example runs and gives what the doc says', () => {
    expect(runTsExamples(doc)).toBeGreaterThanOrEqual(2);
  });

  it('the command-line example prints exactly the table shown', async () => {
    expect(await runConsoleExamples(doc)).toBe(1);
  });
});

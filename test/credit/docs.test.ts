/**
 * docs/credit.md is executable: every ```ts block is run (imports from 'ibqos' bound to the
 * library, all blocks in one scope) and each `expression; // → value` line is checked to the digits
 * shown; the ```console block is run through the CLI and compared character for character.
 */
import { describe, expect, it } from 'vitest';
import { readDoc, runConsoleExamples, runTsExamples } from '../helpers/docExamples.js';

const doc = readDoc('docs/credit.md');

describe('docs/credit.md', () => {
  it('describes every method', () => {
    for (const m of ['structured', 'multilevel', 'geometric']) expect(doc).toMatch(new RegExp(`^## The ${m} method$`, 'm'));
  });

  it('every ts example runs and gives what the doc says', () => {
    expect(runTsExamples(doc)).toBeGreaterThanOrEqual(25);
  });

  it('the command-line example prints exactly the table shown', async () => {
    expect(await runConsoleExamples(doc)).toBe(1);
  });
});

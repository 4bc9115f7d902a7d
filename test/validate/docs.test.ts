/**
 * docs/validate.md is executable: its ```ts blocks run (imports from 'ibqos' bound to the library)
 * with every `// →` value checked, and its ```console blocks run through the CLI and compared
 * character for character.
 */
import { describe, expect, it } from 'vitest';
import { readDoc, runConsoleExamples, runTsExamples } from '../helpers/docExamples.js';

const doc = readDoc('docs/validate.md');

describe('docs/validate.md', () => {
  it('every ts example runs and gives what the doc says', () => {
    expect(runTsExamples(doc)).toBeGreaterThanOrEqual(25);
  });

  it('the command-line examples print exactly what is shown', async () => {
    expect(await runConsoleExamples(doc)).toBe(2);
  });
});

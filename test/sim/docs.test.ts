/**
 * docs/sim.md is executable: every ```ts block runs (imports from 'ibqos' bound to the library) and
 * each `expression; // → value` line is checked; ```console blocks run through the CLI.
 */
import { describe, expect, it } from 'vitest';
import { readDoc, runConsoleExamples, runTsExamples } from '../helpers/docExamples.js';

const doc = readDoc('docs/sim.md');

describe('docs/sim.md', () => {
  it('every ts example runs and gives what the doc says', () => {
    expect(runTsExamples(doc)).toBeGreaterThanOrEqual(10);
  });

  it('the console example prints exactly what the doc shows', async () => {
    expect(await runConsoleExamples(doc)).toBe(1);
  });
});

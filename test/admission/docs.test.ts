/**
 * docs/admission.md is executable: every ```ts block runs (imports from 'ibqos' bound to the
 * library, all blocks in one scope) and each `expression; // → value` line is checked; the
 * ```console block is run through the CLI and compared character for character.
 */
import { describe, expect, it } from 'vitest';
import { readDoc, runConsoleExamples, runTsExamples } from '../helpers/docExamples.js';

const doc = readDoc('docs/admission.md');

describe('docs/admission.md', () => {
  it('covers the rules, the fill-in with a table picture, the delay-bound derivation and examples', () => {
    for (const heading of ['## The rules', '### The fill-in (Alfaro, Sánchez, Duato)', "## What each VL gets: share and delay bound", "## The seed's workload, replayed"]) {
      expect(doc).toContain(heading);
    }
    expect(doc).not.toContain('REPLAY_TABLE');
  });

  it('every ts example runs and gives what the doc says', () => {
    expect(runTsExamples(doc)).toBeGreaterThanOrEqual(25);
  });

  it('the command-line examples print exactly what is shown', async () => {
    expect(await runConsoleExamples(doc)).toBe(2);
  });
});

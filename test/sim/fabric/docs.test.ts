/**
 * docs/fabric.md is executable: every ```ts block is run (imports from 'ibqos' bound to the library)
 * and each `expression; // → value` line is checked to the digits shown; the ```console block is
 * run through the CLI and compared character for character.
 */
import { describe, expect, it } from 'vitest';
import { readDoc, runConsoleExamples, runTsExamples } from '../../helpers/docExamples.js';

const doc = readDoc('docs/fabric.md');

describe('docs/fabric.md', () => {
  it('has the sections the issue asks for', () => {
    for (const h of ['The hardware model', 'Parameters and defaults', 'Building a topology', 'Simulate your own cluster', 'Rate control and the congestion-spreading scenario']) {
      expect(doc).toMatch(new RegExp(`^## ${h}$`, 'm'));
    }
    expect(doc).toContain('Not modelled');
  });

  it('every ts example runs and gives what the doc says', () => {
    expect(runTsExamples(doc)).toBeGreaterThanOrEqual(13);
  });

  it('the command-line examples print exactly the tables shown', async () => {
    expect(await runConsoleExamples(doc)).toBe(3);
  });
});

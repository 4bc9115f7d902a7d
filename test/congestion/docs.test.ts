/**
 * docs/congestion.md is executable: every ```ts block is run (imports from 'ibqos' bound to the
 * library, all blocks in one scope) and each `expression; // → value` line is checked to the digits
 * shown; each ```console block is run through the CLI and compared character for character.
 */
import { describe, expect, it } from 'vitest';
import { readDoc, runConsoleExamples, runTsExamples } from '../helpers/docExamples.js';

const doc = readDoc('docs/congestion.md');

describe('docs/congestion.md', () => {
  it('covers the mechanisms, the conditions, the comparison and trajectories', () => {
    for (const h of ['## Marking', '## Source response functions', '## The design conditions', '### The four functions compared', '## Rate trajectories', '## InfiniBand CC at the source (`IbCcSource`)']) {
      expect(doc).toContain(`\n${h}\n`);
    }
  });

  it('every ts example runs and gives what the doc says', () => {
    expect(runTsExamples(doc)).toBeGreaterThanOrEqual(40);
  });

  it('every command-line example prints exactly what is shown', async () => {
    expect(await runConsoleExamples(doc)).toBe(5);
  });
});

/** docs/alfaro.md is executable: every ```ts block runs and each `expression; // → value` line is checked. */
import { describe, expect, it } from 'vitest';
import { readDoc, runTsExamples } from '../../helpers/docExamples.js';

const doc = readDoc('docs/alfaro.md');

describe('docs/alfaro.md', () => {
  it('covers the overhead, the network, the workload, the carrying and Table 2 with its differences', () => {
    for (const heading of ['## Packet overhead', '## The network', '## The workload', '## Carrying the connections', "## Table 2 side by side"]) expect(doc).toContain(heading);
    expect(doc).not.toMatch(/ALFARO_[A-Z0-9]+_SECTION/);
  });

  it('every ts example runs and gives what the doc says', () => {
    expect(runTsExamples(doc)).toBeGreaterThanOrEqual(6);
  });
});

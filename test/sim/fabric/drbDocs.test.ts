/** docs/drb.md is executable: its ts examples run and give what it shows; its tables' claims are quoted with their source. */
import { describe, expect, it } from 'vitest';
import { readDoc, runTsExamples } from '../../helpers/docExamples.js';

const doc = readDoc('docs/drb.md');

describe('docs/drb.md', () => {
  it('every ts example runs and gives what the doc says', () => {
    expect(runTsExamples(doc)).toBe(4);
  });

  it("sets the seed's claims beside ours, and lists the differences", () => {
    for (const claim of ['+35 %', '−66 %', '−42 %', '1750 vs 1000']) expect(doc).toContain(claim);
    expect(doc).toMatch(/^## Differences between the seed's set-up and ours$/m);
    expect(doc).toContain('In-order delivery is not kept');
  });
});

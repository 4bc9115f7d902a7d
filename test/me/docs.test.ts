/**
 * docs/me.md is executable: every ```ts block is run (imports from 'ibqos' bound to the library) and
 * each `expression; // → value` line is checked to the digits shown; the ```console block is run
 * through the CLI and compared character for character; the thesis-drift table is recomputed.
 */
import { describe, expect, it } from 'vitest';
import * as lib from '../../src/index.js';
import { checkShown as check, docBlocks, readDoc, runConsoleExamples, runTsExamples } from '../helpers/docExamples.js';

const doc = readDoc('docs/me.md');
const blocks = docBlocks(doc);

describe('docs/me.md', () => {
  it('has examples', () => {
    expect(blocks.filter((b) => b.lang === 'ts').length).toBeGreaterThanOrEqual(5);
  });

  it('every ts example runs and prints what the doc says', () => {
    // All blocks share one scope (later examples use earlier results), as a reader's notebook would.
    expect(runTsExamples(doc)).toBeGreaterThanOrEqual(20);
  });

  it('the command-line example prints exactly the table shown', async () => {
    expect(await runConsoleExamples(doc)).toBe(1);
  });

  it('the thesis-drift table is what the library computes', () => {
    const rows = [...doc.matchAll(/^\| (\d+) \| ([+-][\d.]+) % \| ([+-][\d.]+) % \| ([+-][\d.]+) % \| ([+-][\d.]+) % \| ([+-][\d.]+) % \|$/gm)];
    expect(rows).toHaveLength(3);
    const et = { ca2: 5, cs2: 7, capacity: 16, thresholds: [8], mu: [8, 16] };
    const ajt = { ca2: 5, cs2: 7, capacity: 24, thresholds: [8, 16], mu: [8, 16, 12] };
    const drift = (a: number, b: number) => ((a - b) / b) * 100;
    for (const r of rows) {
      const lambda = Number(r[1]);
      const e1 = lib.gege1nThreshold({ ...et, lambda });
      const t1 = lib.gege1nThreshold({ ...et, lambda, variant: 'thesis' });
      const e2 = lib.gege1nThreshold({ ...ajt, lambda });
      const t2 = lib.gege1nThreshold({ ...ajt, lambda, variant: 'thesis' });
      const computed = [
        drift(t1.meanQueueLength, e1.meanQueueLength),
        drift(t1.blockingProbability, e1.blockingProbability),
        drift(t1.fullProbability, e1.fullProbability),
        drift(t2.meanQueueLength, e2.meanQueueLength),
        drift(t2.blockingProbability, e2.blockingProbability),
      ];
      computed.forEach((v, i) => check(v, r[i + 2]!.replace('+', ''), `drift row λ=${lambda} column ${i + 1}`));
    }
  });
});

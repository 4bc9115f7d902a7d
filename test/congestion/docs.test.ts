/**
 * docs/congestion.md is executable: every ```ts block is run (imports from 'ibqos' bound to the
 * library, all blocks in one scope) and each `expression; // → value` line is checked to the digits
 * shown; each ```console block is run through the CLI and compared character for character.
 */
import { describe, expect, it } from 'vitest';
import { aimd, checkConditions, fimd, lipd, pipd, recoveryDetail, type ResponseFunction } from '../../src/index.js';
import { checkShown, readDoc, runConsoleExamples, runTsExamples } from '../helpers/docExamples.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { congestionTrajectoriesSvg } from '../../docs/images/make_congestion_trajectories.js';

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

  it('the comparison table says what checkConditions and recoveryTime give, cell by cell', () => {
    const section = doc.split('### The four functions compared')[1]!.split('\n\n').find((b) => b.startsWith('| function'))!;
    const rows = section.split('\n').slice(2).map((l) => l.split('|').slice(1, -1).map((c) => c.trim()));
    const cases: [string, ResponseFunction, number][] = [
      ['PIPD m = 4 (R_min 1000)', pipd({ rMin: 1000, rMax: 256000, m: 4 }), 256000],
      ['PIPD m = 4 (R_min 2, R_max 512)', pipd({ rMin: 2, rMax: 512, m: 4 }), 512],
      ['FIMD n = 4', fimd({ rMin: 1000, rMax: 256000, n: 4 }), 256000],
      ['LIPD', lipd({ rMin: 1000, rMax: 256000 }), 256000],
      ['AIMD α = 1000, β = 0.5', aimd({ rMin: 1000, rMax: 256000, alpha: 1000, beta: 0.5 }), 256000],
    ];
    expect(rows.map((r) => r[0])).toEqual(cases.map((c) => c[0]));
    const yesNo = (b: boolean) => (b ? 'yes' : 'no');
    for (const [k, [label, fn, rMax]] of cases.entries()) {
      const row = rows[k]!;
      const design = checkConditions(fn);
      const full = checkConditions(fn, { range: 'full' });
      expect(row[2], label).toBe(design.range === 'design' ? yesNo(design.conditions.avoidsCongestion) : '—');
      expect(row[3]!.split(' ')[0], label).toBe(yesNo(full.conditions.avoidsCongestion));
      expect(row[4], label).toBe(yesNo(design.conditions.fair));
      expect(row[5], label).toBe(yesNo(design.conditions.efficient));
      for (const [j, r] of [rMax / 64, rMax / 8, rMax].entries()) {
        const m = /^([\d.]+) \((\d+)\)$/.exec(row[6 + j]!)!;
        const d = recoveryDetail(fn, r);
        checkShown(d.time, m[1]!, `${label} T_rec(${r})`);
        expect(d.acks, `${label} acks at ${r}`).toBe(Number(m[2]));
      }
    }
  });

  it('the trajectory figure is shown and is what docs/images/make_congestion_trajectories.ts draws from the library', () => {
    expect(doc).toContain('](images/congestion-trajectories.svg)');
    const committed = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'images', 'congestion-trajectories.svg'), 'utf8');
    expect(committed).toBe(congestionTrajectoriesSvg());
  });

  it('every command-line example prints exactly what is shown', async () => {
    expect(await runConsoleExamples(doc)).toBe(5);
  });
});

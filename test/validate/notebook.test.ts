/**
 * docs/validate.ipynb: a valid nbformat 4.5 notebook for the Deno kernel whose code cells run
 * against the library (its `../dist/index.js` import bound to src/index.ts) and whose displayed values
 * carry the Jupyter display method.
 */
import { describe, expect, it } from 'vitest';
import * as lib from '../../src/index.js';
import { readDoc } from '../helpers/docExamples.js';

interface Cell {
  cell_type: string;
  id: string;
  metadata: object;
  source: string[];
  outputs?: unknown[];
  execution_count?: number | null;
}

const nb = JSON.parse(readDoc('docs/validate.ipynb')) as {
  nbformat: number;
  nbformat_minor: number;
  metadata: { kernelspec: { name: string; display_name: string; language: string }; language_info: { name: string } };
  cells: Cell[];
};

describe('docs/validate.ipynb', () => {
  it('is nbformat 4.5 with the Deno kernel; every cell has a unique id, metadata and a source list; code cells are unexecuted', () => {
    expect(nb.nbformat).toBe(4);
    expect(nb.nbformat_minor).toBe(5);
    expect(nb.metadata.kernelspec).toEqual({ display_name: 'Deno', language: 'typescript', name: 'deno' });
    expect(nb.metadata.language_info.name).toBe('typescript');
    expect(new Set(nb.cells.map((c) => c.id)).size).toBe(nb.cells.length);
    for (const c of nb.cells) {
      expect(['markdown', 'code']).toContain(c.cell_type);
      expect(c.id).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
      expect(typeof c.metadata).toBe('object');
      expect(Array.isArray(c.source) && c.source.every((s) => typeof s === 'string')).toBe(true);
      if (c.cell_type === 'code') {
        expect(c.outputs).toEqual([]);
        expect(c.execution_count).toBeNull();
      } else expect(c).not.toHaveProperty('outputs');
    }
  });

  it('its code cells run against the library, and the values they display show themselves', async () => {
    const code = nb.cells.filter((c) => c.cell_type === 'code').map((c) => c.source.join(''));
    const importCell = code[0]!;
    const imported = importCell.match(/import \{([\s\S]*)\} from "..\/dist\/index.js";/)![1]!.split(',').map((s) => s.trim()).filter((s) => s !== '');
    for (const name of imported) expect(name in lib, name).toBe(true);
    const body = code.slice(1).map((cell) => {
      const lines = cell.trimEnd().split('\n');
      const last = lines.pop()!;
      // Jupyter displays a cell's final expression; here it is collected instead.
      return [...lines, `__display.push(${last.replace(/;$/, '')});`].join('\n');
    });
    const displays: unknown[] = [];
    const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (...args: string[]) => (...a: unknown[]) => Promise<void>;
    const logs: string[] = [];
    const run = new AsyncFunction('__lib', '__display', 'console', `const { ${imported.join(', ')} } = __lib;\n${body.join('\n')}`);
    await run(lib, displays, { log: (s: string) => logs.push(s) });
    const show = (v: unknown) => (v as Record<symbol, (() => Record<string, string>) | undefined>)[Symbol.for('Jupyter.display')]?.();
    const [columns, comparison, passed, scaComparison, listing, figure] = displays;
    expect(columns).toEqual({ meanQueueLength: 'L', utilization: 'U', blockingProbability: 'blocking' });
    expect(show(comparison)!['text/html']).toContain('<table>');
    expect(show(comparison)!['image/svg+xml']).toContain('<svg');
    expect(passed).toBe(true);
    expect(logs[0]).toMatch(/^PASS: /m);
    expect((scaComparison as { metrics: { points: { halfWidth?: number }[] }[] }).metrics[0]!.points[0]!.halfWidth).toBeGreaterThan(0);
    expect(listing).toEqual(['credit-chain: 3 figures', 'entry-threshold: 3 figures', 'arrival-job-threshold: 3 figures', 'congestion-spreading: 3 figures']);
    expect(show(figure)!['image/svg+xml']).toContain('blocking probability with and without the threshold');
  });
});

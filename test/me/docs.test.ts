/**
 * docs/me.md is executable: every ```ts block is run (imports from 'ibqos' bound to the library) and
 * each `expression; // → value` line is checked to the digits shown; the ```console block is run
 * through the CLI and compared character for character; the thesis-drift table is recomputed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/program.js';
import * as lib from '../../src/index.js';

const doc = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'me.md'), 'utf8');
const blocks = [...doc.matchAll(/```(ts|console)\n([\s\S]*?)```/g)].map((m) => ({ lang: m[1]!, body: m[2]! }));

/** Checks `actual` against the text shown in the doc: numbers to the digits shown, the rest exactly. */
function check(actual: unknown, shown: string, line: string): void {
  const asNumber = Number(shown);
  if (shown.trim() !== '' && Number.isFinite(asNumber) && typeof actual === 'number') {
    const decimals = shown.includes('.') ? shown.split('.')[1]!.length : 0;
    const tol = decimals > 0 ? 0.5 * 10 ** -decimals * (1 + 1e-9) : 1e-12 * Math.max(1, Math.abs(asNumber));
    expect(Math.abs(actual - asNumber), `${line} gave ${actual}`).toBeLessThanOrEqual(tol);
  } else {
    expect(actual, line).toEqual(JSON.parse(shown));
  }
}

describe('docs/me.md', () => {
  it('has examples', () => {
    expect(blocks.filter((b) => b.lang === 'ts').length).toBeGreaterThanOrEqual(5);
  });

  it('every ts example runs and prints what the doc says', () => {
    // All blocks share one scope (later examples use earlier results), as a reader's notebook would.
    let checks = 0;
    const code: string[] = [];
    for (const { lang, body } of blocks) {
      if (lang !== 'ts') continue;
      for (const line of body.split('\n')) {
        if (/^import .* from 'ibqos';$/.test(line.trim())) {
          for (const name of line.match(/\{(.*)\}/)![1]!.split(',').map((s) => s.trim())) {
            expect(name in lib, `docs import ${name}, which ibqos does not export`).toBe(true);
          }
          continue;
        }
        const m = line.match(/^(.*);\s*\/\/ → (.*)$/);
        if (m) {
          code.push(`__check((${m[1]}), ${JSON.stringify(m[2]!.trim())}, ${JSON.stringify(line)});`);
          checks++;
        } else code.push(line);
      }
    }
    const names = Object.keys(lib).filter((k) => /^[A-Za-z_$][\w$]*$/.test(k));
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const body = new Function('__lib', '__check', `const { ${names.join(', ')} } = __lib;\n${code.join('\n')}`);
    body(lib, check);
    expect(checks).toBeGreaterThanOrEqual(20);
  });

  it('the command-line example prints exactly the table shown', async () => {
    const consoleBlock = blocks.find((b) => b.lang === 'console')!;
    const [command, ...output] = consoleBlock.body.trimEnd().split('\n');
    expect(command!.startsWith('$ ibqos ')).toBe(true);
    let out = '';
    const sink = { write: (s: string) => ((out += s), true) } as never;
    const code = await run(command!.slice('$ ibqos '.length).split(/\s+/), sink, sink);
    expect(code).toBe(0);
    expect(out.trimEnd()).toBe(output.join('\n'));
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

/**
 * docs/credit.md is executable: every ```ts block is run (imports from 'ibqos' bound to the
 * library, all blocks in one scope) and each `expression; // → value` line is checked to the digits
 * shown; the ```console block is run through the CLI and compared character for character.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/program.js';
import * as lib from '../../src/index.js';

const doc = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'credit.md'), 'utf8');
const blocks = [...doc.matchAll(/```(ts|console)\n([\s\S]*?)```/g)].map((m) => ({ lang: m[1]!, body: m[2]! }));

/** Numbers to the digits shown (relative to significant digits), Infinity exactly, the rest as JSON. */
function check(actual: unknown, shown: string, line: string): void {
  if (shown === 'Infinity') {
    expect(actual, line).toBe(Infinity);
    return;
  }
  const asNumber = Number(shown);
  if (shown.trim() !== '' && Number.isFinite(asNumber) && typeof actual === 'number') {
    const decimals = shown.includes('.') ? shown.split('.')[1]!.length : 0;
    const tol = decimals > 0 ? 0.5 * 10 ** -decimals * (1 + 1e-9) : 1e-12 * Math.max(1, Math.abs(asNumber));
    expect(Math.abs(actual - asNumber), `${line} gave ${actual}`).toBeLessThanOrEqual(tol);
  } else {
    expect(actual, line).toEqual(JSON.parse(shown));
  }
}

describe('docs/credit.md', () => {
  it('keeps the two kernel sections for their author', () => {
    expect(doc).toMatch(/^## The structured method$/m);
    expect(doc).toMatch(/^## The geometric method$/m);
  });

  it('every ts example runs and gives what the doc says', () => {
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
    const body = new Function('__lib', '__check', `const { ${names.join(', ')} } = __lib;\n${code.join('\n')}`);
    body(lib, check);
    expect(checks).toBeGreaterThanOrEqual(25);
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
});

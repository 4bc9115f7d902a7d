/**
 * Executable documentation. A Markdown file's ```ts blocks run in one scope (imports from 'ibqos'
 * bound to the library, as a reader's notebook would have them), and each
 * `expression; // → value` line is checked against the value shown: numbers to the digits shown,
 * `Infinity` exactly, anything else as JSON. A ```console block `$ ibqos …` is run through the CLI
 * and its output compared character for character.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { run } from '../../src/cli/program.js';
import * as lib from '../../src/index.js';
import { tempDirForTest } from './tempDir.js';

export interface DocBlock {
  readonly lang: string;
  readonly body: string;
}

/** The text of a file at the repository root (e.g. 'docs/me.md', 'README.md'). */
export function readDoc(path: string): string {
  return readFileSync(join(import.meta.dirname, '..', '..', path), 'utf8');
}

export function docBlocks(doc: string): DocBlock[] {
  return [...doc.matchAll(/```(ts|console)\n([\s\S]*?)```/g)].map((m) => ({ lang: m[1]!, body: m[2]! }));
}

/** Checks a value against the text shown in a doc. */
export function checkShown(actual: unknown, shown: string, line: string): void {
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

/** Runs every ts block of a doc; returns how many `// →` checks were made. */
export function runTsExamples(doc: string): number {
  let checks = 0;
  const code: string[] = [];
  for (const { lang, body } of docBlocks(doc)) {
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
  body(lib, checkShown);
  return checks;
}

/** Runs each ```console block's `$ ibqos …` command and compares its output with the block. */
export async function runConsoleExamples(doc: string): Promise<number> {
  let count = 0;
  for (const block of docBlocks(doc).filter((b) => b.lang === 'console')) {
    const [command, ...output] = block.body.trimEnd().split('\n');
    expect(command!.startsWith('$ ibqos ')).toBe(true);
    // A path under /tmp/ in the doc is redirected into a temporary directory of the test's own
    // (removed when the test ends, so nothing is left behind and nothing of the user's is
    // overwritten), and written back as /tmp/ in the output compared.
    const args = command!.slice('$ ibqos '.length).split(/\s+/);
    const tmp = args.some((a) => a.startsWith('/tmp/')) ? tempDirForTest('docs') : undefined;
    let out = '';
    const sink = { write: (s: string) => ((out += s), true) };
    const code = await run(tmp === undefined ? args : args.map((a) => (a.startsWith('/tmp/') ? join(tmp, a.slice('/tmp/'.length)) : a)), sink, sink);
    if (tmp !== undefined) out = out.split(`${tmp}/`).join('/tmp/');
    expect(code, command).toBe(0);
    expect(out.trimEnd(), command).toBe(output.join('\n'));
    count++;
  }
  return count;
}

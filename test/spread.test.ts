/**
 * No argument spread in src/ (issue 23): `Math.max(...xs)` and `a.push(...xs)` pass every element
 * as an argument, and past ~10^5 elements V8 throws "Maximum call stack size exceeded" (a
 * 200,000-row results file and `credit --lambda 1:130000` did). core/arrays.ts has maxOf, minOf and
 * appendAll for any length.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('no argument spread in src/ (issue 23)', () => {
  // `Math.max(...xs)` and `a.push(...xs)` pass every element as an argument: past ~10^5 elements
  // V8 throws "Maximum call stack size exceeded" (a 200,000-row results file did). core/arrays.ts
  // has maxOf, minOf and appendAll for any length. Comments are skipped.
  it.each(sourceFiles(SRC).map((f) => [relative(SRC, f), f]))('%s spreads no array into a call', (_name, file) => {
    const code = readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '')
      .replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"/g, "''");
    // A spread that is itself an argument (not one inside an array or object literal argument).
    const spreads = code.split('\n').filter((line) => /[\w$)\]]\s*\(\s*(?:[^()[\]{}]*,\s*)?\.\.\./.test(line));
    expect(spreads).toEqual([]);
  });
});

/**
 * The dependency arrows of STYLE.md: each folder of src/ may import only the folders listed for it,
 * so the simulator stays an independent check on the analytic solvers and nothing imports the CLI.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', 'src');

const ALLOWED: Record<string, readonly string[]> = {
  core: [],
  linalg: ['core'],
  distributions: ['core', 'linalg'],
  markov: ['core', 'linalg'],
  credit: ['core', 'linalg', 'markov'],
  me: ['core', 'linalg', 'markov', 'distributions'],
  admission: ['core', 'linalg'],
  congestion: ['core', 'linalg'],
  sim: ['core', 'linalg', 'distributions', 'congestion', 'admission'],
  validate: ['core', 'linalg', 'distributions', 'markov', 'credit', 'me', 'admission', 'congestion', 'sim', 'report'],
  report: ['core', 'linalg', 'distributions', 'markov', 'credit', 'me', 'admission', 'congestion', 'sim', 'validate'],
  cli: ['core', 'linalg', 'distributions', 'markov', 'credit', 'me', 'admission', 'congestion', 'sim', 'validate', 'report'],
  '.': ['core', 'linalg', 'distributions', 'markov', 'credit', 'me', 'admission', 'congestion', 'sim', 'validate', 'report'],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

function topFolder(file: string): string {
  const rel = relative(SRC, file).split('/');
  return rel.length === 1 ? '.' : rel[0]!;
}

describe('dependency arrows', () => {
  const files = sourceFiles(SRC);

  it('finds the source files', () => {
    expect(files.length).toBeGreaterThan(5);
  });

  it.each(files.map((f) => [relative(SRC, f), f]))('%s imports only what its folder may', (_name, file) => {
    const from = topFolder(file);
    const allowed = ALLOWED[from];
    expect(allowed, `folder ${from} has no rule in the architecture test`).toBeDefined();
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:import|export)[^'"]*from\s+['"](\.[^'"]+)['"]/g)) {
      const target = join(file, '..', match[1]!);
      const to = topFolder(target);
      if (to === from) continue;
      expect(allowed!.includes(to), `${relative(SRC, file)} imports ${match[1]} (${to})`).toBe(true);
    }
  });
});

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

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
  sweep: ['core', 'linalg', 'distributions', 'congestion', 'admission', 'sim'],
  validate: ['core', 'linalg', 'distributions', 'markov', 'credit', 'me', 'admission', 'congestion', 'sim', 'report'],
  report: ['core', 'linalg', 'distributions', 'markov', 'credit', 'me', 'admission', 'congestion', 'sim', 'validate', 'sweep'],
  cli: ['core', 'linalg', 'distributions', 'markov', 'credit', 'me', 'admission', 'congestion', 'sim', 'validate', 'report', 'sweep'],
  '.': ['core', 'linalg', 'distributions', 'markov', 'credit', 'me', 'admission', 'congestion', 'sim', 'validate', 'report', 'sweep'],
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

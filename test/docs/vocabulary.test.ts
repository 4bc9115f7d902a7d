/**
 * One vocabulary and one model reference: every citation of docs/models.md names a section it has;
 * nothing cites the old model reference that lived outside the repository; the column headers of `ibqos credit` and `ibqos me` are glossary
 * symbols with their units (docs/glossary.md).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

const ROOT = join(import.meta.dirname, '..', '..');

/** Every text file under the project's own folders (src, test, docs, benchmarks) and the README. */
function projectFiles(): string[] {
  const out = [join(ROOT, 'README.md')];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(ts|mts|md|py|json|ipynb|txt|csv|sca)$/.test(name)) out.push(path);
    }
  };
  for (const dir of ['src', 'test', 'docs', 'benchmarks']) walk(join(ROOT, dir));
  return out;
}

/** The section numbers docs/models.md has: '6' for "## 6. …", '6.4' for "### 6.4 …". */
function modelSections(): Set<string> {
  const doc = readFileSync(join(ROOT, 'docs', 'models.md'), 'utf8');
  return new Set([...doc.matchAll(/^#{2,3} (\d+(?:\.\d+)?)[. ]/gm)].map((m) => m[1]!));
}

describe('docs/models.md citations', () => {
  it('every "docs/models.md §…" in src, test, docs, benchmarks and README names a section the page has', () => {
    const sections = modelSections();
    expect(sections.has('6.4')).toBe(true);
    const cited: string[] = [];
    for (const file of projectFiles()) {
      const text = readFileSync(file, 'utf8');
      // "docs/models.md §6.4", "docs/models.md` §§8–9", "docs/models.md §1.3, §1.4, §5", "docs/models.md §§4.2, 4.4"
      for (const m of text.matchAll(/models\.md`? (§[§\d.,–\- and§]*\d)/g)) {
        for (const n of m[1]!.matchAll(/\d+(?:\.\d+)?/g)) {
          cited.push(n[0]);
          expect(sections.has(n[0]), `${relative(ROOT, file)}: ${m[0]}`).toBe(true);
        }
      }
    }
    expect(cited.length).toBeGreaterThan(150);
  });

  it('no file cites the old model reference, which a reader of the repository cannot open', () => {
    const old = projectFiles().filter((f) => readFileSync(f, 'utf8').includes('MODELS' + '.md'));
    expect(old.map((f) => relative(ROOT, f))).toEqual([]);
  });
});

describe('the glossary in the command line', () => {
  const glossary = readFileSync(join(ROOT, 'docs', 'glossary.md'), 'utf8');
  /** The symbols column of the glossary's quantities table, split into single symbols. */
  const symbols = new Set(
    [...glossary.matchAll(/^\| [^|]+ \| ([^|]+) \| [^|]* \| [^|]* \| [^|]* \|$/gm)].flatMap((m) => m[1]!.split(/[,()]|\bfor\b|\bthe\b|at|\s+/).map((s) => s.trim())),
  );

  it.each([
    [['credit', '--m', '2']],
    [['me', '--lambda', '5', '--mu', '8', '--capacity', '8', '--ca2', '5', '--cs2', '7']],
  ])('%j: every numeric column is headed symbol[unit], the symbol a glossary symbol or an option name', async (args) => {
    const { code, out } = await runCli(args);
    expect(code).toBe(0);
    const headers = out.split('\n')[0]!.trim().split(/\s+/).filter((h) => h !== 'method');
    expect(headers.length).toBeGreaterThan(8);
    for (const h of headers) {
      const m = /^(.+)\[(1|prob|jobs|1\/t|t|jobs\/t)\]$/.exec(h);
      expect(m, h).not.toBeNull();
      const symbol = m![1]!;
      const option = ['lambda', 'mu1', 'mu2', 'ca2', 'cs2', 'n', 'm'].includes(symbol);
      const known = symbols.has(symbol) || symbols.has(symbol.replace(/\d$/, '')) || /^P\((0|K)\)$/.test(symbol);
      expect(option || known, h).toBe(true);
    }
  });
});

/**
 * The house limit on a source file's size: no file under src/ longer than 400 lines. A file that
 * reaches it holds more than one concern (STYLE.md: "when a file starts holding two concerns, split
 * it before adding the third"); split it by concern, as src/credit/multilevel.ts,
 * src/validate/importSca.ts and src/sim/fabric/link/links.ts were in session 11.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const LIMIT = 400;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** Lines as `wc -l` counts them: line breaks, plus a last line without one. */
function lineCount(text: string): number {
  const breaks = text.split('\n').length - 1;
  return text.length > 0 && !text.endsWith('\n') ? breaks + 1 : breaks;
}

describe('source file size', () => {
  it('counts lines as wc -l does', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('a\n')).toBe(1);
    expect(lineCount('a\nb')).toBe(2);
  });

  it(`every src/**/*.ts file has at most ${LIMIT} lines`, () => {
    const files = sourceFiles(join(ROOT, 'src'));
    expect(files.length).toBeGreaterThan(100);
    const over = files
      .map((f) => ({ file: relative(ROOT, f), lines: lineCount(readFileSync(f, 'utf8')) }))
      .filter((f) => f.lines > LIMIT)
      .map((f) => `${f.file}: ${f.lines} lines`);
    expect(over).toEqual([]);
  });
});

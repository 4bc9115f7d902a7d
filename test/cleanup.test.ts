/**
 * Tests clean up what they create: every temporary directory comes from test/helpers/tempDir.ts,
 * which removes it when its test (or file) is done — and the run's own temporary directory
 * (test/helpers/tempRoot.ts) fails the run if one is left behind anyway.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './helpers/importGraph.js';
import { tempDirForFile, tempDirForTest } from './helpers/tempDir.js';

const TEST = import.meta.dirname;
/** The files allowed to create temporary directories themselves, and why. */
const OWN_TEMPORARY: Readonly<Record<string, string>> = {
  'helpers/tempDir.ts': 'the helpers every test uses',
  'helpers/tempRoot.ts': "the run's own temporary directory",
  'helpers/slurm.ts': "the test cluster's directory, removed by its stop() once the daemons are down",
};
const HELPERS = Object.keys(OWN_TEMPORARY);

describe('every test file', () => {
  // Tests and the helpers they run; not the fixture generators (make_*.ts), which are run by hand
  // to write the fixtures beside them.
  const files = sourceFiles(TEST)
    .map((f) => relative(TEST, f))
    .filter((f) => (f.endsWith('.test.ts') || f.startsWith('helpers/')) && !HELPERS.includes(f) && f !== 'cleanup.test.ts');

  it.each(files)('%s makes no temporary directory of its own (mkdtemp, tmpdir())', (file) => {
    expect(readFileSync(join(TEST, file), 'utf8')).not.toMatch(/\bmkdtemp(Sync)?\(|\btmpdir\(\)/);
  });

  it.each(files)('%s writes files only into directories from helpers/tempDir.ts', (file) => {
    const text = readFileSync(join(TEST, file), 'utf8');
    if (/\b(writeFileSync|mkdirSync|createWriteStream|writeReport)\(|'--out'|'--plot'/.test(text)) {
      expect(text).toMatch(/from '(\.{1,2}\/)+(helpers\/)?tempDir\.js'/);
    }
  });
});

describe('tempDirForTest', () => {
  let dir = '';
  it('gives a fresh empty directory under the temporary directory, named ibqos-<label>-…', () => {
    dir = tempDirForTest('probe');
    expect(relative(process.env.TMPDIR ?? '/tmp', dir)).toMatch(/^ibqos-probe-\w+$/);
    writeFileSync(join(dir, 'file.txt'), 'x');
  });

  it('… which is gone, with what was written in it, once that test finished', () => {
    expect(dir).not.toBe('');
    expect(existsSync(dir)).toBe(false);
  });
});

describe('tempDirForFile', () => {
  let dir = '';
  describe('a block that shares one directory', () => {
    dir = tempDirForFile('probe');
    it('exists for the first test', () => writeFileSync(join(dir, 'a.txt'), 'a'));
    it('and still for the next, with what the first wrote', () => expect(existsSync(join(dir, 'a.txt'))).toBe(true));
  });

  it('is gone after the block', () => {
    expect(existsSync(dir)).toBe(false);
  });
});

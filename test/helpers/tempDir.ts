/**
 * Temporary directories for tests that write files, removed when they are done with, so a test run
 * leaves nothing behind in the system's temporary directory. Every test that needs one goes
 * through these two functions (test/cleanup.test.ts checks that no test calls mkdtemp itself).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, onTestFinished } from 'vitest';

function create(label: string): string {
  return mkdtempSync(join(tmpdir(), `ibqos-${label}-`));
}

function remove(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** A fresh empty directory for the running test, removed when the test finishes (passed or failed). Call it inside a test. */
export function tempDirForTest(label: string): string {
  const dir = create(label);
  onTestFinished(() => remove(dir));
  return dir;
}

/**
 * A fresh empty directory shared by the tests of a file or a describe block, removed after the
 * last of them. Call it at the top level of the file or of the describe block, not inside a test.
 */
export function tempDirForFile(label: string): string {
  const dir = create(label);
  afterAll(() => remove(dir));
  return dir;
}

/**
 * Vitest global set-up: the whole test run gets a temporary directory of its own, made the
 * system's temporary directory for the run (TMPDIR, which `os.tmpdir()` reads and the test workers
 * and the programs they start inherit). At the end the directory is removed with whatever is in it,
 * so a run leaves nothing behind; and if any test left a directory of its own there (`ibqos-…`,
 * the prefix of test/helpers/tempDir.ts), the run fails naming it: a test that does not clean up
 * after itself is found, not hidden.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let root: string | undefined;

export function setup(): void {
  root = mkdtempSync(join(tmpdir(), 'ibqos-test-run-'));
  process.env.TMPDIR = root;
}

export function teardown(): void {
  if (root === undefined) return;
  const left = readdirSync(root).filter((name) => name.startsWith('ibqos-'));
  rmSync(root, { recursive: true, force: true });
  if (left.length > 0) {
    // Vitest reports an error thrown here but still exits 0: set the exit code as well.
    process.exitCode = 1;
    throw new Error(`tests left temporary directories behind (removed now): ${left.join(', ')}; create them with test/helpers/tempDir.ts`);
  }
}

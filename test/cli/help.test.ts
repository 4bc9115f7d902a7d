/**
 * `ibqos <command> --help`: every page a help text points to is in the repository (help texts once
 * cited docs/models.md sections, a file users do not have), and every help exits 0.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

const ROOT = join(import.meta.dirname, '..', '..');
const COMMANDS = ['credit', 'me', 'rate', 'validate', 'report', 'admit', 'sim', 'model'];

describe('ibqos --help', () => {
  it.each([[], ...COMMANDS.map((c) => [c])])('%j --help → exit 0; the pages it names exist', async (...command) => {
    const { code, out } = await runCli([...command, '--help']);
    expect(code).toBe(0);
    expect(out).not.toMatch(/MODELS\.md/);
    for (const [page] of out.matchAll(/docs\/[\w-]+\.md/g)) expect(existsSync(join(ROOT, page)), page).toBe(true);
  });
});

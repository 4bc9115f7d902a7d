/**
 * The package as a user installs it: `npm ci` runs `prepare`, which builds dist/ and must leave the
 * `bin` entry executable, or `npx ibqos` fails with "Permission denied" on a fresh clone.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  name: string;
  type: string;
  bin: Record<string, string>;
  engines: { node: string };
};

describe('package.json', () => {
  it('is the ESM package ibqos with a bin named ibqos and Node >= 20', () => {
    expect(pkg.name).toBe('ibqos');
    expect(pkg.type).toBe('module');
    expect(Object.keys(pkg.bin)).toEqual(['ibqos']);
    expect(pkg.engines.node).toBe('>=20');
  });

  it('the built bin exists, is executable and runs (as npx ibqos does)', () => {
    const bin = join(root, pkg.bin.ibqos!);
    expect(statSync(bin).mode & 0o111, `${bin} is not executable`).not.toBe(0);
    const out = execFileSync(bin, ['credit', '--m', '4'], { encoding: 'utf8' });
    expect(out).toMatch(/^lambda\[1\/t\]\s+mu1\[1\/t\]\s+mu2\[1\/t\]\s+n\[jobs\]\s+m\[jobs\]\s+L1\[jobs\]/);
  });
});

/** README.md's library example runs and gives the values it shows. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDoc, runTsExamples } from './helpers/docExamples.js';

describe('README.md', () => {
  it('the library example runs and gives what it shows', () => {
    expect(runTsExamples(readDoc('README.md'))).toBe(6);
  });

  it('opens with the two set-up commands', () => {
    const head = readDoc('README.md').split('\n').slice(0, 8).join('\n');
    expect(head).toContain('npm ci && npm start');
    expect(head).toContain('npm ci && npm test');
  });

  it('the input files its command lines name exist, so each command runs as shown', () => {
    const commands = readDoc('README.md').split('\n').filter((l) => l.startsWith('npx ibqos '));
    expect(commands.length).toBeGreaterThan(10);
    const inputs = commands.flatMap((l) => [...l.matchAll(/--(?:params|results|topology|requests|scenario) (\S+)/g)].map((m) => m[1]!));
    const files = inputs.filter((f) => f.includes('.'));
    expect(files.length).toBeGreaterThanOrEqual(4);
    for (const f of files) expect(existsSync(join(import.meta.dirname, '..', f)), f).toBe(true);
  });
});

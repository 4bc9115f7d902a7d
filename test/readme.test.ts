/** README.md's library example runs and gives the values it shows. */
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
});

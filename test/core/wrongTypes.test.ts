/**
 * Library front doors given the wrong types (issue 33): an InvalidParameterError naming the
 * parameter, never a TypeError from deep inside ("Cannot read properties of undefined", "Cannot
 * convert a Symbol value to a string").
 */
import { describe, expect, it } from 'vitest';
import {
  batchMeans,
  checkSeed,
  confidenceInterval,
  defaultMapping,
  InvalidParameterError,
  integerAtLeast,
  mser5,
  parseResultsCsv,
  parseResultsJson,
  parseResultsSca,
  parseSca,
  parseScenarioFile,
  positiveRate,
  slurmScript,
  submitSlurm,
} from '../../src/index.js';

const mapping = defaultMapping('credit');
const CASES: [string, () => unknown, RegExp][] = [
  ['checkSeed(Symbol)', () => checkSeed('seed', Symbol('s')), /^seed must be .*, got Symbol\(s\)/],
  ['positiveRate(Symbol)', () => positiveRate('lambda', Symbol('s')), /^lambda must be/],
  ['integerAtLeast(Symbol)', () => integerAtLeast('n', Symbol('s'), 1), /^n must be/],
  ['parseResultsCsv(undefined)', () => parseResultsCsv(undefined as unknown as string, mapping), /^text must be a string/],
  ['parseResultsJson({})', () => parseResultsJson({} as unknown as string, mapping), /^input must be a string/],
  ['parseResultsSca(1)', () => parseResultsSca(1 as unknown as string, mapping), /^text must be a string/],
  ['parseSca(null)', () => parseSca(null as unknown as string), /^text must be a string/],
  ['parseScenarioFile(undefined)', () => parseScenarioFile(undefined as unknown as string), /^file must be a string/],
  ['confidenceInterval(undefined)', () => confidenceInterval(undefined as unknown as number[]), /^values must be an array of numbers/],
  ['batchMeans("abc")', () => batchMeans('abc' as unknown as number[]), /^series must be an array of numbers/],
  ['mser5(undefined)', () => mser5(undefined as unknown as number[]), /^series must be an array of numbers/],
  ['slurmScript(undefined, …)', () => slurmScript(undefined as unknown as string, 'p', 1, {}, '/n', '/c'), /^out must be a results directory path/],
  ['slurmScript(dir, …, options null)', () => slurmScript('/d', 'p', 1, null as unknown as object, '/n', '/c'), /^slurm must be an options object/],
  ['submitSlurm(undefined)', () => submitSlurm(undefined as unknown as string, []), /^out must be a results directory path/],
];

describe('front doors given the wrong types', () => {
  it.each(CASES)('%s → InvalidParameterError naming the parameter', (_name, call, message) => {
    let error: unknown;
    try {
      call();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InvalidParameterError);
    expect((error as Error).message).toMatch(message);
  });
});

describe('openSweepDir without a plan', () => {
  it('openSweepDir(dir, undefined) → InvalidParameterError naming plan, nothing made', async () => {
    const { openSweepDir } = await import('../../src/sweep/store.js');
    const { existsSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tempDirForTest } = await import('../helpers/tempDir.js');
    const dir = join(tempDirForTest('wrong-types'), 'x');
    expect(() => openSweepDir(dir, undefined as never)).toThrow(/^plan must be a sweep plan/);
    expect(existsSync(dir)).toBe(false);
  });
});

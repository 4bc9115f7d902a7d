import { describe, expect, it } from 'vitest';
import { InvalidParameterError } from '../../src/core/errors.js';
import { cartesian, parseSingle, parseSweep } from '../../src/cli/sweep/sweep.js';

describe('parseSweep', () => {
  it('a value, a list, a mixed list → the values in order', () => {
    expect(parseSweep('--x', '5')).toEqual([5]);
    expect(parseSweep('--x', '1,2.5,3e1')).toEqual([1, 2.5, 30]);
    expect(parseSweep('--x', '1,4:6,9')).toEqual([1, 4, 5, 6, 9]);
  });

  it('a:b of integers → every integer, exactly, however large', () => {
    expect(parseSweep('--m', '2:11', { integer: true })).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(parseSweep('--x', '1234567890123:1234567890124')).toEqual([1234567890123, 1234567890124]);
  });

  it('a:b:step → the decimals typed, without binary rounding residue', () => {
    expect(parseSweep('--x', '0.1:0.3:0.1')).toEqual([0.1, 0.2, 0.3]);
    expect(parseSweep('--x', '2:16:2')).toEqual([2, 4, 6, 8, 10, 12, 14, 16]);
    expect(parseSweep('--x', '1e-3:5e-3:1e-3')).toEqual([0.001, 0.002, 0.003, 0.004, 0.005]);
    expect(parseSweep('--x', '0.05:0.2:0.05')).toEqual([0.05, 0.1, 0.15, 0.2]);
  });

  it('inf → Infinity only where allowed', () => {
    expect(parseSweep('--n', '12,inf', { integer: true, allowInfinity: true })).toEqual([12, Infinity]);
    expect(() => parseSweep('--m', 'inf', { integer: true })).toThrow(/--m must be a finite number/);
  });

  it.each(['0x10', '1_000', '1e', '.', 'abc', '', '1,,2', '3:1', '1:2:0', '1:2:-1', '1.5:3'])(
    '%j → InvalidParameterError naming the option',
    (text) => {
      expect(() => parseSweep('--n', text, { integer: true })).toThrow(InvalidParameterError);
      expect(() => parseSweep('--n', text, { integer: true })).toThrow(/^--n must be/);
    },
  );

  it('a non-integer where integers are required → InvalidParameterError', () => {
    expect(() => parseSweep('--m', '2.5', { integer: true })).toThrow(/--m must be an integer, got "2.5"/);
    expect(() => parseSweep('--m', '1:2:0.5', { integer: true })).toThrow(/--m must be a range of integers/);
  });
});

describe('parseSingle', () => {
  it('one number, in the syntax of parseSweep', () => {
    expect(parseSingle('--seed', '7', { integer: true })).toBe(7);
    expect(parseSingle('--tolerance', '5e-2')).toBe(0.05);
  });

  it.each(['1,2', '1:3', '0x10', ''])('%j → InvalidParameterError naming the option', (text) => {
    expect(() => parseSingle('--seed', text)).toThrow(/^--seed must be/);
  });
});

describe('cartesian', () => {
  it('two axes → every combination, the last axis varying fastest', () => {
    expect(
      cartesian([
        ['a', [1, 2]],
        ['b', [3, 4]],
      ] as const),
    ).toEqual([
      { a: 1, b: 3 },
      { a: 1, b: 4 },
      { a: 2, b: 3 },
      { a: 2, b: 4 },
    ]);
  });
});

/** Invalid input to the GE-type queues: a typed error naming the parameter, the rule and the value. */
import { describe, expect, it } from 'vitest';
import { InvalidParameterError } from '../../src/core/errors.js';
import { geCoefficients, gege1, gege1n, gege1nThreshold, gege1nThresholdMetrics, solveGeQueueExact } from '../../src/index.js';

const ok = { lambda: 5, ca2: 5, cs2: 7, capacity: 16, thresholds: [8], mu: [8, 16] };

function rejects(call: () => unknown, parameter: string | RegExp, value?: unknown): InvalidParameterError {
  let caught: unknown;
  try {
    call();
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(InvalidParameterError);
  const e = caught as InvalidParameterError;
  if (typeof parameter === 'string') expect(e.parameter).toBe(parameter);
  else expect(e.parameter).toMatch(parameter);
  if (value !== undefined) expect(e.value).toEqual(value);
  expect(e.message).toContain(e.parameter);
  expect(e.message).toContain(e.rule);
  return e;
}

describe('gege1nThreshold rejects bad input', () => {
  it.each([
    ['ca2 < 1', { ca2: 0.5 }, 'ca2', 0.5],
    ['cs2 < 1', { cs2: 0.99 }, 'cs2', 0.99],
    ['ca2 NaN', { ca2: Number.NaN }, 'ca2', Number.NaN],
    ['lambda 0', { lambda: 0 }, 'lambda', 0],
    ['lambda negative', { lambda: -1 }, 'lambda', -1],
    ['lambda Infinity', { lambda: Infinity }, 'lambda', Infinity],
    ['non-integer capacity', { capacity: 16.5 }, 'capacity', 16.5],
    ['capacity 0', { capacity: 0 }, 'capacity', 0],
    ['capacity as text', { capacity: '16' }, 'capacity', '16'],
    ['thresholds not increasing', { thresholds: [8, 4], mu: [1, 2, 3] }, 'thresholds', [8, 4]],
    ['repeated threshold', { thresholds: [4, 4], mu: [1, 2, 3] }, 'thresholds', [4, 4]],
    ['threshold 0', { thresholds: [0] }, 'thresholds[0]', 0],
    ['threshold above K + 1', { thresholds: [18] }, 'thresholds[0]', 18],
    ['non-integer threshold', { thresholds: [2.5] }, 'thresholds[0]', 2.5],
    ['thresholds not an array', { thresholds: 8 }, 'thresholds', 8],
    ['mu too short', { mu: [8] }, 'mu', [8]],
    ['mu too long', { mu: [8, 16, 4] }, 'mu', [8, 16, 4]],
    ['mu entry not > 0', { mu: [8, -16] }, 'mu[1]', -16],
    ['per-state mu of the wrong length', { thresholds: undefined, mu: [1, 2, 3] }, 'mu', [1, 2, 3]],
    ['per-state function with a bad value', { thresholds: undefined, mu: (n: number) => (n === 5 ? 0 : 1) }, 'mu(5)', 0],
    ['unknown variant', { variant: 'Thesis' }, 'variant', 'Thesis'],
    ['misspelt key', { capacty: 3 }, 'params.capacty', 3],
  ])('%s → InvalidParameterError', (_name, patch, parameter, value) => {
    const params = { ...ok, ...patch } as Record<string, unknown>;
    for (const k of Object.keys(params)) if (params[k] === undefined) delete params[k];
    rejects(() => gege1nThreshold(params as never), parameter, value);
    rejects(() => gege1nThresholdMetrics(params as never), parameter, value);
  });

  it('names the rule in words', () => {
    const e = rejects(() => gege1nThreshold({ ...ok, cs2: 0.5 }), 'cs2');
    expect(e.message).toBe('cs2 must be a finite squared coefficient of variation >= 1, got 0.5');
  });

  it('changes no state: a frozen params object is read, never written, and the next call is unaffected', () => {
    const frozen = Object.freeze({ ...ok, thresholds: Object.freeze([8]), mu: Object.freeze([8, 16]) });
    const before = gege1nThreshold(frozen);
    expect(() => gege1nThreshold({ ...ok, thresholds: [20] })).toThrow(InvalidParameterError);
    expect(gege1nThreshold(frozen)).toEqual(before);
  });
});

describe('the other front doors reject bad input', () => {
  it('gege1n', () => {
    rejects(() => gege1n({ lambda: 1, mu: 2, ca2: 0.2, cs2: 1, capacity: 4 }), 'ca2');
    rejects(() => gege1n({ lambda: 1, mu: [2] as never, ca2: 1, cs2: 1, capacity: 4 }), 'mu');
    rejects(() => gege1n({ lambda: 1, mu: 2, ca2: 1, cs2: 1, capacity: 4.5 }), 'capacity');
    rejects(() => gege1n({ lambda: 1, mu: 2, ca2: 1, cs2: 1, capacity: 4, thresholds: [2] } as never), 'params.thresholds');
  });

  it('gege1', () => {
    rejects(() => gege1({ lambda: 1, mu: 2, ca2: 1, cs2: 0 }), 'cs2');
    rejects(() => gege1({ lambda: 1, mu: 0, ca2: 1, cs2: 1 }), 'mu');
    rejects(() => gege1({ lambda: 1, mu: 2, ca2: 1, cs2: 1, listUpTo: -1 }), 'listUpTo');
  });

  it('solveGeQueueExact', () => {
    rejects(() => solveGeQueueExact({ ...ok, variant: 'thesis' as never }), 'variant');
    rejects(() => solveGeQueueExact({ ...ok, regimeCs2: [3, 3] }), 'cs2');
    const { cs2: _cs2, ...noCs2 } = ok;
    rejects(() => solveGeQueueExact({ ...noCs2, regimeCs2: [3] }), 'regimeCs2');
    rejects(() => solveGeQueueExact({ ...noCs2, regimeCs2: [3, 0.5] }), 'regimeCs2[1]', 0.5);
    rejects(() => solveGeQueueExact({ ...ok, batchAcceptance: 'none' as never }), 'batchAcceptance');
    rejects(() => solveGeQueueExact({ ...ok, capacity: 5000 }), 'capacity', 5000);
    rejects(() => solveGeQueueExact({ ...ok, thresholds: [3, 2], mu: [1, 2, 3] }), 'thresholds');
  });

  it('geCoefficients', () => {
    rejects(() => geCoefficients({ lambda: 1, mu: 1, ca2: 0.5, cs2: 1 }), 'ca2');
  });
});

import { describe, expect, it } from 'vitest';
import { InvalidParameterError } from '../../src/core/errors.js';
import { creditChainGenerator, solveCreditChain } from '../../src/credit/index.js';
import { params } from './helpers.js';

/** Runs f and returns the InvalidParameterError it throws (failing the test otherwise). */
function rejection(f: () => unknown): InvalidParameterError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(InvalidParameterError);
    return e as InvalidParameterError;
  }
  throw new Error('expected an InvalidParameterError');
}

const good = params(5, 6, 8, 12, 4);

describe('solveCreditChain rejects bad inputs with the parameter, the rule and the value', () => {
  it.each([
    ['lambda', -1, 'lambda must be a finite number > 0, got -1'],
    ['lambda', 0, 'lambda must be a finite number > 0, got 0'],
    ['lambda', NaN, 'lambda must be a finite number > 0, got NaN'],
    ['lambda', Infinity, 'lambda must be a finite number > 0, got Infinity'],
    ['mu1', 0, 'mu1 must be a finite number > 0, got 0'],
    ['mu1', -Infinity, 'mu1 must be a finite number > 0, got -Infinity'],
    ['mu2', '8', 'mu2 must be a finite number > 0, got "8"'],
    ['mu2', -0.5, 'mu2 must be a finite number > 0, got -0.5'],
    ['upstreamCapacity', 2.5, 'upstreamCapacity must be an integer >= 1 or Infinity, got 2.5'],
    ['upstreamCapacity', 0, 'upstreamCapacity must be an integer >= 1 or Infinity, got 0'],
    ['upstreamCapacity', -3, 'upstreamCapacity must be an integer >= 1 or Infinity, got -3'],
    ['upstreamCapacity', -Infinity, 'upstreamCapacity must be an integer >= 1 or Infinity, got -Infinity'],
    ['upstreamCapacity', NaN, 'upstreamCapacity must be an integer >= 1 or Infinity, got NaN'],
    ['downstreamCapacity', 0, 'downstreamCapacity must be an integer >= 1, got 0'],
    ['downstreamCapacity', 1.5, 'downstreamCapacity must be an integer >= 1, got 1.5'],
    ['downstreamCapacity', -1, 'downstreamCapacity must be an integer >= 1, got -1'],
    ['downstreamCapacity', Infinity, 'downstreamCapacity must be an integer >= 1, got Infinity'],
  ])('%s = %s → "%s"', (key, value, message) => {
    const e = rejection(() => solveCreditChain({ ...good, [key]: value }));
    expect(e.message).toBe(message);
    expect(e.parameter).toBe(key);
    expect(Object.is(e.value, value)).toBe(true);
  });

  it('missing parameter → names it, got undefined', () => {
    const { mu2: _omit, ...rest } = good;
    expect(rejection(() => solveCreditChain(rest as never)).message).toBe('mu2 must be a finite number > 0, got undefined');
  });

  it('unknown parameter key → rejected, so a typo never passes silently', () => {
    const e = rejection(() => solveCreditChain({ ...good, mu3: 1 } as never));
    expect(e.parameter).toBe('params.mu3');
  });

  it('params not an object → rejected', () => {
    expect(rejection(() => solveCreditChain(null as never)).parameter).toBe('params');
  });

  it('a chain of more than 5e7 states → rejected on upstreamCapacity with the rule', () => {
    const e = rejection(() => solveCreditChain(params(1, 2, 3, 50_000_000, 1)));
    expect(e.parameter).toBe('upstreamCapacity');
    expect(e.message).toMatch(/at most 50000000 states/);
  });

  it.each([
    [{ method: 'fast' }, 'options.method', /one of 'auto', 'dense', 'exact', 'structured', 'multilevel', 'geometric'/],
    [{ tolerance: 0 }, 'options.tolerance', /a finite number in \(0, 1e-3\], got 0/],
    [{ tolerance: -1e-9 }, 'options.tolerance', /got -1e-9/],
    [{ tolerance: NaN }, 'options.tolerance', /got NaN/],
    [{ tolerance: 0.5 }, 'options.tolerance', /got 0.5/],
    [{ tol: 1e-9 }, 'options.tol', /absent/],
    [{ threads: 0 }, 'options.threads', /^options.threads must be an integer in 1..1024, got 0$/],
    [{ threads: 1.5 }, 'options.threads', /an integer in 1..1024, got 1.5$/],
    [{ threads: '2' }, 'options.threads', /an integer in 1..1024, got "2"$/],
    [{ threads: 1025 }, 'options.threads', /an integer in 1..1024, got 1025$/],
    [{ threads: Infinity }, 'options.threads', /got Infinity$/],
    [{ threads: NaN }, 'options.threads', /got NaN$/],
  ])('options %o → %s', (options, parameter, message) => {
    const e = rejection(() => solveCreditChain(good, options as never));
    expect(e.parameter).toBe(parameter);
    expect(e.message).toMatch(message);
  });
});

describe('a method that does not apply → InvalidParameterError on options.method naming the rule', () => {
  it.each([
    ['exact', params(1, 2, 3, Infinity, 3), /finite upstreamCapacity/],
    ['dense', params(1, 2, 3, Infinity, 3), /finite upstreamCapacity/],
    ['structured', params(1, 2, 3, Infinity, 3), /finite upstreamCapacity/],
    ['multilevel', params(1, 2, 3, Infinity, 3), /finite upstreamCapacity/],
    ['geometric', params(1, 2, 3, 10, 3), /only with upstreamCapacity = Infinity/],
    ['exact', params(1, 2, 3, 100, 4), /at most 500 states .* \(here n = 100, m = 4: 505 states\)/],
    ['dense', params(1, 2, 3, 400, 4), /at most 2000 states .* \(here n = 400, m = 4: 2005 states\)/],
    ['geometric', params(1, 2, 3, Infinity, 2049), /downstreamCapacity at most 2048/],
  ])('%s on %o', (method, p, rule) => {
    const e = rejection(() => solveCreditChain(p, { method: method as never }));
    expect(e.parameter).toBe('options.method');
    expect(e.message).toMatch(rule);
    expect(e.message).toMatch(new RegExp(`got "${method}"$`));
  });
});

describe("auto with upstreamCapacity = Infinity and more phases than 'geometric' takes", () => {
  it('m = 2049 → InvalidParameterError on downstreamCapacity (not on a method the user did not choose)', () => {
    const e = rejection(() => solveCreditChain(params(1, 2, 3, Infinity, 2049)));
    expect(e.parameter).toBe('downstreamCapacity');
    expect(e.value).toBe(2049);
    expect(e.message).toMatch(/^downstreamCapacity must be an integer at most 2048 when upstreamCapacity is Infinity .*, got 2049$/);
  });
});

describe('creditChainGenerator', () => {
  it('upstreamCapacity = Infinity → rejected (the chain is infinite)', () => {
    expect(rejection(() => creditChainGenerator(params(1, 2, 3, Infinity, 2))).parameter).toBe('upstreamCapacity');
  });

  it('bad rate → the same front-door error', () => {
    expect(rejection(() => creditChainGenerator(params(1, 0, 3, 2, 2))).message).toBe('mu1 must be a finite number > 0, got 0');
  });
});

/**
 * GE/GE/1 close to ρ = 1: L and W against the exact rational value of the docs/models.md §2 formula at the
 * given doubles λ, μ (BigInt arithmetic here, nothing shared with src/me). The formula's 1/(1 − ρ)
 * amplifies any rounding in 1 − ρ, so this is where a careless evaluation loses digits.
 */
import { describe, expect, it } from 'vitest';
import { gege1 } from '../../src/index.js';

/** An exact rational n/d (d > 0) as BigInts. */
interface Rat {
  readonly n: bigint;
  readonly d: bigint;
}

/** The exact value of a finite double: doubling is exact, so scale until it is an integer. */
function exact(x: number): Rat {
  let d = 1n;
  while (!Number.isInteger(x)) {
    x *= 2;
    d *= 2n;
  }
  return { n: BigInt(x), d };
}
const add = (a: Rat, b: Rat): Rat => ({ n: a.n * b.d + b.n * a.d, d: a.d * b.d });
const sub = (a: Rat, b: Rat): Rat => ({ n: a.n * b.d - b.n * a.d, d: a.d * b.d });
const mul = (a: Rat, b: Rat): Rat => ({ n: a.n * b.n, d: a.d * b.d });
const div = (a: Rat, b: Rat): Rat => (b.n < 0n ? { n: -a.n * b.d, d: a.d * -b.n } : { n: a.n * b.d, d: a.d * b.n });

/** |computed − exact| / |exact|, evaluated exactly and then rounded (enough for a tolerance check). */
function relativeError(computed: number, e: Rat): number {
  const diff = sub(exact(computed), e);
  const num = (diff.n < 0n ? -diff.n : diff.n) * e.d;
  const den = diff.d * (e.n < 0n ? -e.n : e.n);
  return Number((num * 10n ** 30n) / den) / 1e30;
}

describe('gege1 near ρ = 1 keeps full relative accuracy in L and W', () => {
  it.each([
    [0.3, 0.3000000003, 5, 7],
    [0.7, 0.70000000001, 5, 7],
    [1 / 3, 1 / 3 + 1e-12, 2, 3],
    [0.1, 0.1 + 1e-15, 1, 1],
    [6.02, 6.020000001, 9.5, 1.25],
  ])('gege1(λ=%s, μ=%s, Ca²=%s, Cs²=%s) → L and W within 1e-14 of the exact rational value', (lambda, mu, ca2, cs2) => {
    const r = gege1({ lambda, mu, ca2, cs2, listUpTo: 0 });
    const l = exact(lambda);
    const rho = div(l, exact(mu));
    const one: Rat = { n: 1n, d: 1n };
    // L = (ρ/2)·[1 + (Ca² + ρCs²)/(1 − ρ)], W = L/λ (docs/models.md §2), in exact arithmetic.
    const L = mul(div(rho, { n: 2n, d: 1n }), add(one, div(add(exact(ca2), mul(rho, exact(cs2))), sub(one, rho))));
    expect(r.stable).toBe(true);
    expect(relativeError(r.meanQueueLength, L)).toBeLessThan(1e-14);
    expect(relativeError(r.responseTime, div(L, l))).toBeLessThan(1e-14);
    expect(relativeError(r.emptyProbability, sub(one, rho))).toBeLessThan(1e-14);
  });
});

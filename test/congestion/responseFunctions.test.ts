/**
 * The four response functions against reference values computed independently (mpmath, 50 digits,
 * from docs/models.md §10's table: test/fixtures/congestion/make_reference.py), plus hand checks that
 * cite their source, parameter validation and recovery-time edges.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  aimd,
  checkConditions,
  fimd,
  InvalidParameterError,
  lipd,
  pipd,
  recoveryDetail,
  responseFunction,
  type ResponseFunction,
} from '../../src/index.js';

interface RefPoint {
  rate: number;
  increase: number;
  decrease: number;
  recoveryTime: number | 'Infinity';
  recoveryAcks: number;
}
interface RefFunction {
  name: 'pipd' | 'fimd' | 'lipd' | 'aimd';
  params: Record<string, number>;
  points: RefPoint[];
}
const REF = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'congestion', 'reference.json'), 'utf8')) as {
  functions: RefFunction[];
};

const FACTORIES = { pipd, fimd, lipd, aimd } as unknown as Record<string, (p: Record<string, number>) => ResponseFunction>;

/** Relative 1e-12 (closed forms, TOLERANCE.closedForm) — pow/exp of doubles against 50-digit mpmath. */
function expectClose(actual: number, expected: number, rel: number, label: string): void {
  expect(Math.abs(actual - expected), `${label}: ${actual} vs ${expected}`).toBeLessThanOrEqual(rel * Math.abs(expected));
}

describe('response functions at the reference points (mpmath)', () => {
  for (const ref of REF.functions) {
    const fn = FACTORIES[ref.name]!(ref.params);
    it(`${ref.name}(${JSON.stringify(ref.params)}) → f_inc, f_dec and T_rec as the independent script computes them`, () => {
      expect(ref.points.length).toBe(7);
      for (const p of ref.points) {
        expectClose(fn.increase(p.rate), p.increase, 1e-12, `increase(${p.rate})`);
        expectClose(fn.decrease(p.rate), p.decrease, 1e-12, `decrease(${p.rate})`);
        const d = recoveryDetail(fn, p.rate);
        expect(d.acks, `acks at ${p.rate}`).toBe(p.recoveryAcks);
        // a climb of up to ~200 steps accumulates pow/exp rounding: 1e-11 relative
        expectClose(d.time, p.recoveryTime as number, 1e-11, `recoveryTime(${p.rate})`);
        expect(fn.recoveryTime(p.rate)).toBe(d.time);
      }
    });
  }
});

describe('hand checks (docs/models.md §10 formulas, worked by hand)', () => {
  it('PIPD(10, 10^5, 4): f_dec(10^4) = 10^4^(1/4) = 10; f_inc(10) = 10^(4^1) = 10^4 (eqs. 3.6, 3.10)', () => {
    const f = pipd({ rMin: 10, rMax: 1e5, m: 4 });
    expect(f.decrease(1e4)).toBeCloseTo(10, 12);
    expect(f.increase(10)).toBeCloseTo(1e4, 8);
    expect(f.increase(1e5)).toBe(1e5); // capped at R_max
    expect(f.decrease(50)).toBe(10); // 50^(1/4) ≈ 2.66 < R_min
    expect(f.designRangeStart).toBe(1e4); // R_min^m
  });

  it('FIMD(1000, 256000, 4): f_dec(8000) = 2000; f_inc(2000) = 2000·4^(1/2) = 4000 (eqs. 3.11–3.12)', () => {
    const f = fimd({ rMin: 1000, rMax: 256000, n: 4 });
    expect(f.decrease(8000)).toBe(2000);
    expect(f.increase(2000)).toBeCloseTo(4000, 9);
    expect(f.increase(1000)).toBeCloseTo(4000, 9);
    expect(f.decrease(3000)).toBe(1000);
    expect(f.designRangeStart).toBe(4000);
  });

  it('LIPD(1000, 256000) as the seed states it: f_dec(256000) = 128000, f_inc(r) = r·256/255, no floor', () => {
    const f = lipd({ rMin: 1000, rMax: 256000 });
    expect(f.decrease(256000)).toBe(128000);
    expect(f.increase(2550)).toBeCloseTo(2560, 9);
    expect(f.decrease(1000)).toBeLessThan(1000); // 256000/257 ≈ 996.1: the seed's decrease has no R_min floor
    expect(f.designRangeStart).toBeCloseTo(256000 / 255, 9); // R_max·R_min/(R_max − R_min)
  });

  it('AIMD(1000, 256000, α = 1000, β = 0.5): f_dec(5000) = 2500, f_inc(5000) = 6000', () => {
    const f = aimd({ rMin: 1000, rMax: 256000, alpha: 1000, beta: 0.5 });
    expect(f.decrease(5000)).toBe(2500);
    expect(f.increase(5000)).toBe(6000);
    expect(f.increase(255500)).toBe(256000);
    expect(f.decrease(1500)).toBe(1000);
  });

  it('FIMD recovery from f_dec⁻¹(R_min) = n·R_min takes one ACK of 1/R_min (condition 3 at the range start)', () => {
    const d = recoveryDetail(fimd({ rMin: 1000, rMax: 256000, n: 4 }), 4000);
    expect(d.acks).toBe(1);
    expect(d.time).toBe(1 / 1000);
    expect(d.lastStep).toBe(1 / 1000);
  });
});

describe('recovery time: a climb that lands on r in exact arithmetic', () => {
  it('FIMD(1000, 256000, 3) from r = n·R_min = 3000: one ACK of 1/R_min, though f_inc(1000) rounds to 2999.9999999999995', () => {
    // exact: f_dec(3000) = 1000, f_inc(1000) = 1000·3^1 = 3000 = r (docs/models.md §10); the double falls one ulp short,
    // and the relative 1e-12 of RECOVERY_REACHED_TOLERANCE keeps it from being charged a second ACK
    const f = fimd({ rMin: 1000, rMax: 256000, n: 3 });
    expect(f.increase(1000)).toBeLessThan(3000);
    const d = recoveryDetail(f, 3000);
    expect(d.acks).toBe(1);
    expect(d.time).toBe(1 / 1000);
  });
});

describe('recovery time edges', () => {
  const f = fimd({ rMin: 1000, rMax: 256000, n: 4 });
  it('is 0 when f_dec(r) ≥ r (r = R_min: nothing to recover)', () => {
    expect(f.recoveryTime(1000)).toBe(0);
    expect(f.recoveryTime(500)).toBe(0);
  });
  it('is Infinity above R_max (the climb stalls at R_max)', () => {
    expect(f.recoveryTime(300000)).toBe(Infinity);
  });
  it.each([0, -1, NaN, Infinity, '5'])('recoveryTime(%s) → InvalidParameterError naming r', (r) => {
    expect(() => f.recoveryTime(r as number)).toThrow(InvalidParameterError);
    expect(() => f.recoveryTime(r as number)).toThrow(/^r must be/);
  });
  it('a climb of more than 10^7 ACKs → NoConvergenceError', () => {
    const slow = aimd({ rMin: 1, rMax: 1e9, alpha: 1e-3, beta: 0.5 });
    expect(() => slow.recoveryTime(1e5)).toThrow(/did not converge/);
  });
});

describe('parameter validation: typed errors naming parameter, rule and value', () => {
  it.each([
    [() => pipd({ rMin: 1, rMax: 100, m: 4 }), /^rMin must be a finite number > 1 \(PIPD/],
    [() => pipd({ rMin: 0.5, rMax: 100, m: 4 }), /^rMin must be a finite number > 1/],
    [() => pipd({ rMin: 10, rMax: 100, m: 1 }), /^m must be a finite number > 1, got 1$/],
    [() => pipd({ rMin: 10, rMax: 10, m: 4 }), /^rMax must be a finite number > rMin \(10\), got 10$/],
    [() => fimd({ rMin: 0, rMax: 100, n: 4 }), /^rMin must be a finite number > 0, got 0$/],
    [() => fimd({ rMin: 1, rMax: 100, n: NaN }), /^n must be a finite number, got NaN$/],
    [() => fimd({ rMin: 1, rMax: 100, n: 0.5 }), /^n must be a finite number > 1, got 0.5$/],
    [() => lipd({ rMin: 5, rMax: Infinity }), /^rMax must be a finite number > 0, got Infinity$/],
    [() => aimd({ rMin: 1, rMax: 100, alpha: -1, beta: 0.5 }), /^alpha must be a finite number > 0, got -1$/],
    [() => aimd({ rMin: 1, rMax: 100, alpha: 1, beta: 1 }), /^beta must be a finite number in \(0, 1\), got 1$/],
    [() => fimd({ rMin: 1, rMax: 100, n: 4, m: 3 } as never), /^params\.m must be absent/],
    [() => lipd(null as never), /^params must be an object, got null$/],
    [() => responseFunction({ rMin: 1, rMax: 2, increase: 3, decrease: (r: number) => r } as never), /^increase must be a function/],
  ])('case %#', (call, message) => {
    expect(call).toThrow(InvalidParameterError);
    expect(call).toThrow(message);
  });

  it('the functions are frozen plain values with their parameters', () => {
    const f = pipd({ rMin: 10, rMax: 1e5, m: 4 });
    expect(Object.isFrozen(f)).toBe(true);
    expect(f.params).toEqual({ rMin: 10, rMax: 1e5, m: 4 });
    expect(f.name).toBe('pipd');
  });
});

describe('responseFunction (custom)', () => {
  it('finds f_dec⁻¹(R_min) by bisection when not given', () => {
    const f = responseFunction({ rMin: 1, rMax: 100, increase: (r) => Math.min(r + 1, 100), decrease: (r) => Math.max(r / 2, 1) });
    expect(f.designRangeStart).toBeCloseTo(2, 9);
    expect(f.name).toBe('custom');
    expect(f.recoveryTime(10)).toBeCloseTo(1 / 5 + 1 / 6 + 1 / 7 + 1 / 8 + 1 / 9, 12); // 5 → 10 by +1 steps
  });

  it('finds f_dec⁻¹(R_min) beyond R_max when the floor reaches past it, as for the named function', () => {
    // PIPD(1000, 256000, 4): f_dec⁻¹(R_min) = R_min^m = 10^12 > R_max (docs/models.md §10), the design range is empty
    const named = pipd({ rMin: 1000, rMax: 256000, m: 4 });
    const clone = responseFunction({ rMin: 1000, rMax: 256000, increase: named.increase, decrease: named.decrease });
    expect(clone.designRangeStart / 1e12 - 1).toBeCloseTo(0, 9);
    const a = checkConditions(clone);
    const b = checkConditions(named);
    expect(a.range).toBe('full');
    expect(a.conditions).toEqual(b.conditions);
    expect(a.details.avoidsCongestion.pointsChecked).toBe(256);
  });

  it('f_dec⁻¹(R_min) = R_max exactly stays R_max (FIMD with n·R_min = R_max); no rate at all above the floor → Infinity', () => {
    const named = fimd({ rMin: 1000, rMax: 4000, n: 4 });
    const clone = responseFunction({ rMin: 1000, rMax: 4000, increase: named.increase, decrease: named.decrease });
    expect(clone.designRangeStart).toBe(4000);
    const flat = responseFunction({ rMin: 1, rMax: 100, increase: (r) => Math.min(2 * r, 100), decrease: () => 1 });
    expect(flat.designRangeStart).toBe(Infinity);
    expect(checkConditions(flat).range).toBe('full');
  });
});

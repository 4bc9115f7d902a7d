/**
 * The lean engine's calendar (src/sim/fabric/lean/leanCalendar.ts) against a plain reference: every
 * pending event in one array, taken by the least (time, posting order) by a linear search. Times on a
 * coarse grid make many ties, in one bucket and across the wheel's turns; a short span sends events
 * through the far heap and back, and a post earlier than the wheel's bucket (a peek may turn the wheel
 * past it) is taken first. A small linear congruential generator, seeded, draws the script.
 */
import { describe, expect, it } from 'vitest';
import { LeanCalendar } from '../../../../src/sim/fabric/lean/leanCalendar.js';

/** Numerical Recipes' 32-bit LCG, as a uniform in [0, 1). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296);
}

interface Pending {
  readonly t: number;
  readonly order: number;
  readonly a: number;
  readonly b: number;
}

/** Runs `steps` random posts and takes on a calendar and on the reference; returns both take sequences. */
function script(seed: number, steps: number, buckets: number, span: number, grid: number): { got: number[][]; want: number[][] } {
  const u = lcg(seed);
  const cal = new LeanCalendar(4, buckets, span);
  const ref: Pending[] = [];
  const got: number[][] = [];
  const want: number[][] = [];
  let now = 0;
  let order = 0;
  for (let step = 0; step < steps; step++) {
    if (ref.length > 0 && u() < 0.45) {
      if (u() < 0.3) expect(cal.peekTime()).toBe(Math.min(...ref.map((e) => e.t)));
      let best = 0;
      for (let j = 1; j < ref.length; j++) if (ref[j]!.t < ref[best]!.t || (ref[j]!.t === ref[best]!.t && ref[j]!.order < ref[best]!.order)) best = j;
      const e = ref.splice(best, 1)[0]!;
      now = e.t;
      want.push([e.t, e.a, e.b]);
      const a = cal.takeA();
      got.push([now, a, cal.lastB]);
    } else {
      // Mostly near the present on a grid (ties), sometimes far beyond the span, sometimes at the present.
      const r = u();
      const t = r < 0.1 ? now : r < 0.2 ? now + span * (1 + 3 * u()) : now + grid * Math.floor(u() * 40);
      const a = Math.floor(u() * 2 ** 31);
      const b = -Math.floor(u() * 2 ** 31);
      ref.push({ t, order: order++, a, b });
      cal.post(t, a, b);
    }
    expect(cal.size()).toBe(ref.length);
  }
  return { got, want };
}

describe('LeanCalendar', () => {
  it('takes events in (time, posting order), through the wheel and the far heap, as the reference', () => {
    for (const [seed, buckets, span, grid] of [
      [1, 16, 1e-6, 1e-8],
      [2, 1024, 1e-6, 1e-9],
      [3, 4, 4e-8, 1e-9],
      [4, 64, 1e-7, 3e-9],
    ] as const) {
      const { got, want } = script(seed, 20000, buckets, span, grid);
      expect(got.length).toBeGreaterThan(5000);
      expect(got).toEqual(want);
    }
  });

  it('is empty at the start: peekTime → Infinity, size → 0', () => {
    const cal = new LeanCalendar(4, 8, 1);
    expect(cal.peekTime()).toBe(Infinity);
    expect(cal.size()).toBe(0);
  });
});

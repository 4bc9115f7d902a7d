/**
 * The lean engine's per-flow rings of queued creation times (src/sim/fabric/lean/leanRings.ts), used as leanSources.ts
 * uses them (a ring, its first position and its count per queue; grown when full), against plain arrays as FIFO queues:
 * many queues pushing and popping in a seeded random order, so that rings wrap, grow while wrapped, are freed by their
 * growth and reused by other queues, and the arena itself grows.
 */
import { describe, expect, it } from 'vitest';
import { LeanRings } from '../../../../src/sim/fabric/lean/leanRings.js';

describe('LeanRings: per-flow rings of doubles', () => {
  it('keeps each queue in FIFO order through wraps, growth, reuse of freed rings and the arena’s growth', () => {
    const rings = new LeanRings(64);
    const Q = 40;
    const ring = new Array<number>(Q).fill(-1);
    const first = new Array<number>(Q).fill(0);
    const count = new Array<number>(Q).fill(0);
    const reference: number[][] = Array.from({ length: Q }, () => []);
    let seed = 12345;
    const random = (): number => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0), seed / 2 ** 32);
    let value = 0;
    let grown = 0;
    const handles = new Set<number>();
    for (let step = 0; step < 60_000; step++) {
      const q = Math.floor(random() * Q);
      // Each queue drifts between long and short phases: pushes win in the first half of a 20,000-step period.
      const pushBias = (Math.floor(step / 10_000) + q) % 2 === 0 ? 0.7 : 0.35;
      if (count[q] === 0 || random() < pushBias) {
        if (ring[q]! < 0 || count[q] === rings.capacity(ring[q]!)) {
          ring[q] = rings.grow(ring[q]!, first[q]!, count[q]!);
          first[q] = 0;
          grown++;
          handles.add(ring[q]!);
        }
        rings.t[rings.at(ring[q]!, first[q]! + count[q]!)] = ++value;
        count[q]!++;
        reference[q]!.push(value);
      } else {
        const got = rings.t[rings.at(ring[q]!, first[q]!)];
        first[q] = (first[q]! + 1) & (rings.capacity(ring[q]!) - 1);
        count[q]!--;
        expect(got).toBe(reference[q]!.shift());
      }
    }
    for (let q = 0; q < Q; q++) {
      const rest = Array.from({ length: count[q]! }, (_, i) => rings.t[rings.at(ring[q]!, first[q]! + i)]);
      expect(rest).toEqual(reference[q]);
    }
    // The walk did what it is meant to exercise: growth beyond the smallest ring, reuse of a freed ring, a grown arena.
    expect(Math.max(...ring.map((h) => rings.capacity(h)))).toBeGreaterThanOrEqual(64);
    expect(handles.size).toBeLessThan(grown);
    expect(rings.t.length).toBeGreaterThan(64);
  });

  it('gives a new ring 8 doubles (a 64-byte line) and doubles a full one, its values first in order', () => {
    const rings = new LeanRings(64);
    const a = rings.grow(-1, 0, 0);
    expect(rings.capacity(a)).toBe(8);
    for (let i = 0; i < 8; i++) rings.t[rings.at(a, 5 + i)] = i;
    const b = rings.grow(a, 5, 8);
    expect(rings.capacity(b)).toBe(16);
    expect(Array.from({ length: 8 }, (_, i) => rings.t[rings.at(b, i)])).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // a's ring, freed, is the next 8-double ring handed out.
    expect(rings.grow(-1, 0, 0)).toBe(a);
  });
});

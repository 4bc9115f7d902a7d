/**
 * Changes 230/250/251's sums at an output fed by one link (fixedPoint/waiting.ts linkDisplaced, displacedAhead) on a
 * hand-made compiled model, against docs/models.md §13.4 worked by hand: λ_o = Σ_{t' out of u' ≠ u_t} λ_t' d_{u_t u'},
 * K = Σ_{u' ≠ u_t} d_{u_t u'}, d_{uu'} = 1 − (1 − D_u)(1 − D_u'), D_u = min(1, Σ λ(H − e) over u's turns to other outputs).
 *
 * V = 2. Input port 0's buffers u0 (channel 0, VL 0) and u1 (channel 1, VL 1); output p = port 1 (channels 2, 3); another
 * output, port 2 (channel 4). Turns: t0 u0→2 λ 1; t1 u0→3 λ 2; t2 u1→2 λ 3; t3 u0→4 λ 0.5, H − e 0.4 (D_u0 = 0.2);
 * t4 u1→4 λ 1, H − e 0.5 (D_u1 = 0.5); t5 u1→3 λ 0. So d_{u0 u1} = 1 − 0.8 · 0.5 = 0.6.
 */
import { describe, expect, it } from 'vitest';
import type { CompiledModel } from '../../src/model/spec/compile.js';
import type { ModelState } from '../../src/model/fixedPoint/state.js';
import type { VlShares } from '../../src/model/queues/arbitration.js';
import { displacedAhead, linkDisplaced } from '../../src/model/fixedPoint/waiting.js';

const turnIn = Int32Array.from([0, 0, 1, 0, 1, 1]);
const turnOut = Int32Array.from([2, 3, 2, 4, 4, 3]);
const C = 6;

/** CSR grouping of the turns by a channel key: start[c]..start[c + 1] in `of`, turns in ascending order. */
function group(key: Int32Array): [Int32Array, Int32Array] {
  const start = new Int32Array(C + 1);
  for (const k of key) start[k + 1]!++;
  for (let c = 0; c < C; c++) start[c + 1]! += start[c]!;
  const at = start.slice();
  const of = new Int32Array(key.length);
  key.forEach((k, t) => (of[at[k]!++] = t));
  return [start, of];
}
const [turnsStart, turnsOf] = group(turnIn);
const [intoStart, intoOf] = group(turnOut);
// Only the fields linkDisplaced, displacedShare and waitingTerm read.
const m = { V: 2, C, turnIn, turnOut, turnsStart, turnsOf, intoStart, intoOf } as unknown as CompiledModel;
const s = {
  lamT: Float64Array.from([1, 2, 3, 0.5, 1, 0]),
  headWait: Float64Array.from([0, 0, 0, 0.4, 0.5, 0]),
  portWait: new Float64Array(6),
} as unknown as ModelState;
const shares = (levels: number[]) => ({ level: Int8Array.from(levels) }) as unknown as VlShares;

function ahead(levels: number[], level: number, t: number): number[] {
  linkDisplaced(m, s, 1, shares(levels), level);
  const out = new Float64Array(2);
  displacedAhead(m, t, out);
  return Array.from(out);
}

describe('displacedAhead against §13.4 by hand', () => {
  it.each([
    // Both VLs low. t0, t1 (u0): u1's t2, λ 3 · 0.6 = 1.8, one head 0.6; t2 (u1): u0's t0 + t1, (1 + 2) · 0.6, one buffer.
    [[1, 1], 1, 0, 1.8, 0.6],
    [[1, 1], 1, 1, 1.8, 0.6],
    [[1, 1], 1, 2, 1.8, 0.6],
    // t5 has no traffic: its buffer u1's part, as t2's.
    [[1, 1], 1, 5, 1.8, 0.6],
    // VL 0 high (level 0), VL 1 low (level 1). Level 0: t0 sees t2 (1.8, 0.6); t2 sees t0 alone (1 · 0.6).
    [[0, 1], 0, 0, 1.8, 0.6],
    [[0, 1], 0, 2, 0.6, 0.6],
    // Level 1: t1 alone with traffic (no other buffer); t5 (u1, no traffic) sees t1: 2 · 0.6.
    [[0, 1], 1, 1, 0, 0],
    [[0, 1], 1, 5, 1.2, 0.6],
  ])('levels %j, level %d, turn t%d: rate %d, heads %d', (levels, level, t, rate, heads) => {
    const [r, k] = ahead(levels as number[], level as number, t as number);
    expect(r).toBeCloseTo(rate as number, 12);
    expect(k).toBeCloseTo(heads as number, 12);
  });
});

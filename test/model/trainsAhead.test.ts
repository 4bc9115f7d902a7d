/**
 * The chance that a buffer holds its next packet while the one it sends is being sent (docs/fabric-model.md change 311,
 * entry 121's law in change 303's train term): exact arithmetic on the formula's cases, and its limits — an unbounded
 * FIFO wait gives the limit ρ′, never NaN (303's W/(W + S) was ∞/∞ there: overload.test.ts's NaN latency).
 */
import { describe, expect, it } from 'vitest';
import { nextPacketChance } from '../../src/model/queues/trainsAhead.js';

describe('nextPacketChance: (σ + ρ′)/2, ρ′ = min(1, (S − x)/(1/λ − x)), σ = ρ′·e^(−xρ′/W)', () => {
  it('λ 0.5, x 1, S 1.5: ρ′ = 0.5/1; W 1 gives (0.5·e^(−0.5) + 0.5)/2, W 0 gives ρ′/2 (no packet there when it started)', () => {
    expect(nextPacketChance(0.5, 1, 1.5, 1)).toBeCloseTo((0.5 * Math.exp(-0.5) + 0.5) / 2, 15);
    expect(nextPacketChance(0.5, 1, 1.5, 0)).toBe(0.25);
  });

  it('an unbounded FIFO wait gives the limit ρ′ (σ → ρ′), not NaN', () => {
    expect(nextPacketChance(0.5, 1, 1.5, Infinity)).toBe(0.5);
    expect(nextPacketChance(0.5, 1, Infinity, Infinity)).toBe(1);
  });

  it('a link sent back to back (λx ≥ 1) or a head time beyond the gap: ρ′ = 1; a head time of the transmission alone: 0', () => {
    expect(nextPacketChance(1, 1, 1.2, Infinity)).toBe(1);
    expect(nextPacketChance(0.5, 1, 4, Infinity)).toBe(1);
    expect(nextPacketChance(0.5, 1, 1, 2)).toBe(0);
  });
});

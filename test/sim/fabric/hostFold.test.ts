/**
 * The held credit returns of idle host ports (Links.enableHostFold): a run with them and the same run
 * with them switched off (the method replaced by a no-op for that build) give the same figures to the
 * last digit — every measurement, the event count (held returns count as the events they replace),
 * the receive rates and the bytes per host — and the hold does replace engine events. Cases beyond
 * the gran golden fixture: other seeds, radix 4 and 6, CC off, moving hotspots, B nodes.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ibccFatTreeFabric, parseIbccFatTree } from '../../../src/sim/fabric/index.js';
import { Links } from '../../../src/sim/fabric/links.js';
import { RandomStreams } from '../../../src/sim/random/streams.js';

interface Snapshot {
  readonly figures: unknown;
  readonly engineEvents: number;
}

function run(params: object, seed: number): Snapshot {
  const { fabric, traffic } = ibccFatTreeFabric(parseIbccFatTree(params), new RandomStreams(seed), 0);
  fabric.run(4e-4, 2e-4);
  fabric.run(1.2e-3);
  const m = fabric.measurements();
  const engine = (fabric as unknown as { engine: { eventsProcessed: number } }).engine;
  return {
    figures: { m, r: traffic.receiveRates(1.2e-3), received: Array.from(traffic.received), audit: fabric.auditCredits().map((a) => a.credits + a.inFlight + a.buffered + a.creditsReturning - a.capacity) },
    engineEvents: engine.eventsProcessed,
  };
}

const CASES: [string, object, number][] = [
  ['k=6 CC on, no hotspots', { radix: 6, hotspots: 0 }, 3],
  ['k=6 CC on, 4 hotspots', { radix: 6, hotspots: 4 }, 11],
  ['k=4 CC off, 2 hotspots', { radix: 4, cc: 'off', hotspots: 2 }, 5],
  ['k=6 B nodes p = 30 %, hotspots moving every 0.3 ms', { radix: 6, victims: 0.4, contributors: 0, bNodes: 0.6, p: 30, hotspotLifetimeMs: 0.3 }, 9],
  ['k=6 injection cap 12 Gb/s, receive cap 10 Gb/s', { radix: 6, injectionGbps: 12, receiveGbps: 10 }, 2],
];

describe('held credit returns at idle host ports', () => {
  afterEach(() => vi.restoreAllMocks());

  for (const [name, params, seed] of CASES) {
    it(`${name}: the same figures as without the hold`, () => {
      const held = run(params, seed);
      vi.spyOn(Links.prototype, 'enableHostFold').mockImplementation(() => {});
      const plain = run(params, seed);
      expect(held.figures).toEqual(plain.figures);
      expect(held.engineEvents).toBeLessThanOrEqual(plain.engineEvents);
    });
  }

  it('replaces engine events where hosts wait for their injection cap (no hotspots)', () => {
    const held = run({ radix: 6, hotspots: 0 }, 3);
    vi.spyOn(Links.prototype, 'enableHostFold').mockImplementation(() => {});
    const plain = run({ radix: 6, hotspots: 0 }, 3);
    expect(held.engineEvents).toBeLessThan(plain.engineEvents);
  });
});
